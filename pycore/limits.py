"""Hard limits on input size.  Exceeding one raises SetupError at once.

They are generous for real play (a 2 x 2 board layout is 66 x 20) and keep
every answer fast and every link small.
"""

MAX_COLUMNS = 132          # four boards across
MAX_ROWS = 80              # eight boards down
MAX_MAP_HEXES = 2706       # hexes on the map, half hexes included: 132 x 20, the
                           # eight boards of a 4 x 2 layout (or 66 x 40, 33 x 80).
                           # Larger maps overran the 1 s answer budget.
MAX_HEXES = 4000           # hex entries in a setup
MAX_HEXSIDES = 4000        # hexside entries in a setup
MAX_UNITS = 400            # units in a setup
MAX_LEVEL = 20             # |base level| of a hex; building levels up to this too
MAX_STRING = 200           # characters in an id, side or other string field
MAX_EXTRA_FIELDS = 64      # unknown extra fields kept per object
MAX_LINK_CHARS = 400_000   # characters in a share link
MAX_INFLATED_BYTES = 1_000_000  # bytes of JSON a link may inflate to (the largest valid setup is ~265 KB)
MAX_JSON_DEPTH = 32        # nesting depth of a setup's JSON
MAX_ARCHIVE_BYTES = 64_000_000  # a VASL board file (real ones, with their images, are 1-20 MB)

# Caches.  Each bound holds the memory of the process that answers
# the page; tests/test_visibility.py measures it.
# pycore.geometry also bounds its trace caches: 500 threads (40,000 items) by
# end points, 3,000 compact threads by offset and 1,000 placed shapes (~10 MB,
# ~30 MB and ~4 MB at worst; docs/terrain-interface.md, "The trace caches").
SETUP_CACHE_SIZE = 4       # loaded setups kept, newest used last (pycore.setup.cache)
VISIBILITY_MAPS = 64       # visibility maps kept per setup, one per viewer (~3 KB each on 66 x 20)
VISIBILITY_OFFSETS = 6000  # thread offsets whose crossed hexes are kept (pycore.rules.visibility,
                           # ~1 KB each); 66 x 20 has about 2,700 after mirroring
CACHE_BYTES = 40_000_000   # all the caches together after 40 viewers on 66 x 20
                           # (tests/test_visibility.py, measured with tracemalloc)
