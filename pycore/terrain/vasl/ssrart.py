"""A board archive's own SSR art (docs/overlays.md "A board's own SSR art"):
the images some boards carry for their scenario rules (board 41's dense
jungle, its orchards as crags, the terrain one scenario changes), each laid
at a fixed place on the board, read as an overlay's art is read
(pycore.terrain.overlays) when a setup names it among its ``ssr``.

Where VASL finds them (its ``BoardArchive.getOverlaySSRules``): the
metadata's ``<overlaySSRules>`` (``<overlaySSRule name image x y>``, or an
``<overlaySSRuleSet name>`` of ``<overlaySSRuleImage image x y>``), or,
where the metadata has none, the archive's ``overlaySSR`` text file:
a rule's name on one line, then ``image.gif x,y`` lines up to a blank
line. (x, y) is the image's top left corner on the board's picture, the
same pixels as its terrain grid. Underlays (``underlay`` lines: a pattern
drawn beneath some colours, for hexside changes) are not art and are left
out; the hexside SSRs do that (pycore.terrain.ssr).

A setup names a rule ``art-`` and its VASL name in lower case, its words
split by hyphens (``DenseJungle``: ``art-dense-jungle``; ``SSO_41_118``:
``art-sso-41-118``; ``name``). A rule whose image is missing or is no sound
GIF is not offered, with a warning: the board itself is not refused for it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...errors import SetupError
from ..ssr import ART_NAME
from . import archive, gif

ART = "#ssr-art"                   # a board's source and this: its SSR art's images (Library.images)
MAX_RULES = 64                     # SSR art rules of one board (bd41: 14)
MAX_IMAGES = 16                    # images of one rule
MAX_FILE_BYTES = 64_000            # the overlaySSR file (bd41's: 0.8 KB)
MAX_GIF_BYTES = 4_000_000          # one image (bd41's: at most 30 KB)
MAX_CORNER = 10_000                # |x|, |y| of a corner, in pixels (a board is 2363 wide at most)
_WORD_RE = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
_VASL_NAME_RE = re.compile(r"^[A-Za-z0-9_]{1,40}$")


@dataclass(frozen=True)
class Art:
    vasl: str                                  # VASL's name: "DenseJungle"
    images: tuple[tuple[str, int, int], ...]   # (member file, x, y of its corner)

    @property
    def name(self) -> str:
        return name(self.vasl)

    @property
    def words(self) -> str:
        """In a player's words: "dense jungle"."""
        return " ".join(w.lower() if not w.isupper() or len(w) == 1 else w
                        for w in _WORD_RE.findall(self.vasl))


@dataclass(frozen=True)
class ArtSet(gif.Images):
    """A board's SSR art: its rules by our name, in the archive's order, and their images."""
    board: str                                  # the board's source
    rules: dict[str, Art]
    files: dict[str, bytes] = field(repr=False)
    warnings: tuple[str, ...] = ()
    decoded: dict[str, gif.Indexed] = field(default_factory=dict, compare=False, repr=False)
    colors: dict = field(default_factory=dict, repr=False)     # none of its own: the board's

    @property
    def source(self) -> str:
        """What the laid boards' cache and the page's decoding know it by
        (pycore.terrain.overlays, ``Library.images``)."""
        return self.board + ART

    @property
    def file(self) -> str:
        return f"the board file of {self.board}"


def name(vasl: str) -> str:
    """The name a setup gives VASL's rule ``vasl``: "art-dense-jungle"."""
    return "art-" + "-".join(w.lower() for w in _WORD_RE.findall(vasl))


def of_zip(zipped: Any, source: str) -> ArtSet:
    """The SSR art of a board archive, from its zip (``archive.opened``; read as a board already)."""
    warnings: list[str] = []
    z, members = zipped
    root = archive.metadata(zipped)
    found = _from_metadata(root)
    if not found and "overlaySSR" in members:
        found = _from_file(archive.member(z, members["overlaySSR"], MAX_FILE_BYTES))
    rules: dict[str, Art] = {}
    files: dict[str, bytes] = {}
    for vasl, images in found[:MAX_RULES]:
        try:
            for member, _, _ in images:
                if member not in members:
                    raise SetupError(f"its image {member} is not in the file")
                if member not in files:
                    files[member] = archive.member(z, members[member], MAX_GIF_BYTES)
                    gif.check(files[member], member)
        except SetupError as e:
            if len(warnings) < 10:
                warnings.append(f"board file: its SSR art {vasl} cannot be read "
                                f"({str(e).split(': ', 1)[-1]}): it is not offered")
            continue
        art = Art(vasl, tuple(images))
        rules.setdefault(art.name, art)
    return ArtSet(source, rules, files, tuple(warnings))


def _from_metadata(root: Any) -> list[tuple[str, list[tuple[str, int, int]]]]:
    out = []
    for rules in root.iter("overlaySSRules"):
        for e in rules:
            if e.tag == "overlaySSRule":
                images = [e]
            elif e.tag == "overlaySSRuleSet":
                images = [i for i in e if i.tag == "overlaySSRuleImage"]
            else:
                continue                    # underlays, comments
            got = _rule(e.get("name"), [(i.get("image"), i.get("x"), i.get("y")) for i in images])
            if got is not None:
                out.append(got)
    return out


def _from_file(text: bytes) -> list[tuple[str, list[tuple[str, int, int]]]]:
    """The ``overlaySSR`` file, as VASL's ``OverlaySSRFile`` reads it."""
    out = []
    lines = [line.split("//", 1)[0].strip() for line in text.decode("latin-1").splitlines()]
    k = 0
    while k < len(lines):
        rule = lines[k]
        k += 1
        if not rule:
            continue
        images = []
        while k < len(lines) and lines[k]:
            images.append(lines[k])
            k += 1
        if not images or images[0].startswith("underlay"):
            continue
        parts = []
        for line in images:
            m = re.match(r"^(\S+)\s+(-?\d+)\s*,\s*(-?\d+)$", line)
            parts.append((m.group(1), m.group(2), m.group(3)) if m else (None, None, None))
        got = _rule(rule, parts)
        if got is not None:
            out.append(got)
    return out


def _rule(vasl: Any, images: list) -> tuple[str, list[tuple[str, int, int]]] | None:
    """A rule whose name and images are sound, else None (left out, as VASL skips it)."""
    if not isinstance(vasl, str) or not _VASL_NAME_RE.match(vasl.strip()) \
            or not ART_NAME.match(name(vasl.strip())) or not 0 < len(images) <= MAX_IMAGES:
        return None
    out = []
    for member, x, y in images:
        try:
            xy = int(x), int(y)
        except (TypeError, ValueError):
            return None
        if not isinstance(member, str) or "/" in member or not member.lower().endswith(".gif") \
                or not all(abs(v) <= MAX_CORNER for v in xy):
            return None
        out.append((member.strip(), *xy))
    return vasl.strip(), out
