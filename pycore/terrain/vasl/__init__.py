"""VASL board archives read on the player's device: the rules never
see the file format.

- ``archive``: the zip, ``BoardMetadata.xml`` and the gzip'd Java stream of
  ``LOSData`` (per-pixel elevation and terrain code), with every cap a hostile
  file needs;
- ``codes``: VASL's terrain codes and what this app reads each as;
- ``grid``: the pixel grid on the hex lattice, exactly (quarter pixels);
- ``reading``: the board hex by hex, in the setup format;
- ``library``: this process's imported boards, by ``source``.
"""
