"""Sides and unit ids that look alike but differ.

A player reads a side or an id on screen; the rules compare its text. Three
kinds of text make the two disagree, and each is dealt with here, once, for
every door (links, files, autosaves, the unit editor):

- **Characters that show nothing or turn text around** (``INVISIBLE``): the
  zero-width space, joiners and marks, the soft hyphen, variation selectors,
  Hangul fillers, tags, and the bidi controls (a right-to-left override shows
  ``1g`` as ``g1``). They are removed from sides and ids when a setup is read
  (``pycore.setup``, each field named in a warning, ``removed_warning``), and
  from what a player types in the unit editor (``pycore.setup.typed``).
- **Another form of the same letters** (a fullwidth ``Ｇ``, the ligature
  ``ﬁ``, a superscript ``²``): sides and ids are compared after Unicode
  normalisation NFKC (``side_key``, ``id_key``). Two ids that read the same
  are one id twice: ``pycore.setup`` refuses them as a duplicate. A link made
  before this release may hold such a pair, and every version-1 link keeps
  opening (docs/contract.md): ``link_ids`` tells them apart with a visible `` (2)``.
- **Letters of another script that look Latin** (Cyrillic ``е``, Greek
  ``ο``): such a side is another side (a player may well name a side in
  Cyrillic), but it is flagged in a warning, ``Gеrman looks like German but is
  a different side``, from a small skeleton table (``LATIN_LOOKALIKES``).

Standard library only (``unicodedata``): this runs in Pyodide too.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any, Iterable


# What shows nothing, or turns the text around it (stripped from sides and ids):
INVISIBLE = re.compile(
    "["
    "\u00ad"                # soft hyphen
    "\u034f"                # combining grapheme joiner
    "\u061c"                # Arabic letter mark (bidi)
    "\u115f\u1160"          # Hangul choseong / jungseong fillers
    "\u17b4\u17b5"          # Khmer inherent vowels
    "\u180b-\u180f"         # Mongolian variation selectors and vowel separator
    "\u200b-\u200f"         # zero-width space, non-joiner, joiner; LRM, RLM (bidi)
    "\u202a-\u202e"         # bidi embeddings and overrides (LRE, RLE, PDF, LRO, RLO)
    "\u2060-\u206f"         # word joiner, invisible operators; bidi isolates; deprecated formats
    "\u3164"                # Hangul filler
    "\ufe00-\ufe0f"         # variation selectors
    "\ufeff"                # zero-width no-break space (byte order mark)
    "\uffa0"                # halfwidth Hangul filler
    "\U0001d173-\U0001d17a"  # musical formatting controls
    "\U000e0000-\U000e007f"  # tags
    "\U000e0100-\U000e01ef"  # variation selectors supplement
    "]")

# The skeleton table: letters of the Cyrillic and Greek alphabets that look like a
# Latin letter in common fonts, mapped to it (upper case to upper, lower to lower;
# case is folded after). Not the whole of Unicode's confusables list: the letters a
# side's name is likely to be typed with by mistake, or pasted with on purpose.
LATIN_LOOKALIKES = {
    # Cyrillic capitals
    "А": "A", "В": "B", "С": "C", "Е": "E", "Ѕ": "S", "І": "I", "Ї": "I", "Ј": "J",
    "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "Т": "T", "У": "Y", "Х": "X",
    "Ү": "Y", "Һ": "H", "Ԁ": "D", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "I",
    # Cyrillic small letters
    "а": "a", "с": "c", "е": "e", "ѕ": "s", "і": "i", "ј": "j", "о": "o", "р": "p",
    "у": "y", "х": "x", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ү": "y", "ӏ": "l",
    "ѵ": "v", "ɡ": "g",
    # Greek capitals
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    # Greek small letters
    "α": "a", "ο": "o", "ν": "v", "ρ": "p", "υ": "u", "ι": "i", "κ": "k", "χ": "x",
    "γ": "y", "ϲ": "c", "ϳ": "j",
}
_TO_LATIN = str.maketrans(LATIN_LOOKALIKES)
_LOOKALIKE_LETTERS = re.compile("[" + "".join(LATIN_LOOKALIKES) + "]")
_MOST_NAMED = 8           # fields named in a warning; the rest are counted
_LONGEST_SHOWN = 40       # a name longer than this is cut in a warning


def visible(text: str) -> str:
    """``text`` without the characters that show nothing or turn text around."""
    return text if text.isascii() else INVISIBLE.sub("", text)


def _nfkc(text: str) -> str:
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


def id_key(uid: str) -> str:
    """What a unit id reads as: two ids with the same key are the same id
    (``g1``, ``g1`` with a zero-width space, ``ｇ1``). Case counts, as before."""
    return _nfkc(visible(uid))


def side_key(side: str) -> str:
    """What a side reads as: units whose sides have the same key are friends
    (docs/contract.md: case and surrounding spaces are ignored; so are invisible
    characters and another form of the same letters)."""
    if side.isascii():
        return side.strip().casefold()
    return _nfkc(_nfkc(visible(side)).strip().casefold())


def distinct_sides(sides: Iterable[str]) -> list[str]:
    """Each side once, in order of first appearance, as first written (without
    surrounding spaces): sides with the same ``side_key`` are one side, as
    the rules count them (the Dead ground's side buttons, web/marks.py)."""
    out: dict[str, str] = {}
    for side in sides:
        key = side_key(side)
        if key and key not in out:
            out[key] = side.strip()
    return list(out.values())


def skeleton(side: str) -> str:
    """What a side looks like: its key with Cyrillic and Greek look-alikes
    read as the Latin letters they resemble (``LATIN_LOOKALIKES``)."""
    if side.isascii():
        return side_key(side)
    return side_key(_nfkc(visible(side)).translate(_TO_LATIN))


def _shown(text: str) -> str:
    return text if len(text) <= _LONGEST_SHOWN else text[:_LONGEST_SHOWN - 3] + "..."


def _letters_said(side: str) -> str:
    """Which letters of ``side`` are another script's look-alikes, in words."""
    found: dict[str, list[str]] = {}
    for c in dict.fromkeys(_LOOKALIKE_LETTERS.findall(unicodedata.normalize("NFKC", side))):
        script = unicodedata.name(c, "OTHER").split()[0].title()
        found.setdefault(script, []).append(c)
    said = []
    for script, letters in found.items():
        listed = " and ".join([", ".join(letters[:-1]), letters[-1]] if len(letters) > 1
                              else letters)
        said.append(f"{listed} {'is a' if len(letters) == 1 else 'are'} {script} "
                    f"letter{'s' * (len(letters) > 1)}")
    return "its " + "; its ".join(said) if said else ""


def lookalike_warning(side: str, like: str) -> str:
    """``Gеrman looks like German but is a different side (its е is a Cyrillic letter)``."""
    letters = _letters_said(side) or _letters_said(like)
    return (f"{_shown(side)} looks like {_shown(like)} but is a different side"
            + (f" ({letters})" if letters else ""))


def foreign_letters(side: str) -> int:
    return len(_LOOKALIKE_LETTERS.findall(unicodedata.normalize("NFKC", side)))


def lookalike_sides(sides: Iterable[str]) -> list[tuple[str, str]]:
    """Pairs of sides (as first written) that look the same but are different
    sides, the one with more look-alike letters first: ``[("Gеrman", "German")]``."""
    by_look: dict[str, dict[str, str]] = {}
    for side in sides:
        by_look.setdefault(skeleton(side), {}).setdefault(side_key(side), side)
    pairs = []
    for group in by_look.values():
        if len(group) < 2:
            continue
        names = sorted(group.values(), key=foreign_letters)      # the most Latin first
        pairs += [(other, names[0]) for other in names[1:]]
    return pairs


def side_warnings(units: Iterable[Any]) -> list[str]:
    """A warning for each pair of the units' sides that look alike but differ."""
    sides = [u.side for u in units]
    if all(s.isascii() for s in sides):       # ASCII sides look alike only if they are alike
        return []
    return [lookalike_warning(a, b) for a, b in lookalike_sides(sides)]


def named_kinds(texts: Iterable[str]) -> str:
    """The characters removed from ``texts``, named: ``zero width space, right-to-left override``."""
    names = dict.fromkeys(unicodedata.name(c, f"U+{ord(c):04X}").lower()
                          for t in texts for c in INVISIBLE.findall(t))
    listed = list(names)
    return ", ".join(listed[:3]) + (" ..." if len(listed) > 3 else "")


def removed_warning(fields: list[tuple[str, str]]) -> str:
    """The warning for sides and ids read without invisible characters:
    ``fields`` is ``[(path, text as given), ...]``."""
    named = ", ".join(path for path, _ in fields[:_MOST_NAMED])
    more = f" and {len(fields) - _MOST_NAMED} more" if len(fields) > _MOST_NAMED else ""
    return (f"{named}{more}: a side or id held characters that show nothing or turn "
            f"text around ({named_kinds(t for _, t in fields)}); they were removed, so it reads "
            f"as it looks")


# --- links made before this release (share.read) ----------------------------------

def link_ids(obj: Any) -> tuple[Any, list[str]]:
    """A link's setup (parsed JSON, not yet checked) with ids that read the same
    told apart, and a warning naming each id so changed.

    Before look-alikes were read as one, two units could be ``g1`` and ``g1`` with a zero-width space
    (or ``ｇ1``): a valid setup then, one id twice now. A link must keep opening
    (docs/contract.md), so the id that is not already as it reads (invisible
    characters, or another form of its letters), or else the later one, gets a
    visible `` (2)``; an id of invisible characters alone becomes ``unit (2)``.
    The link's question follows its unit. Ids equal as written were refused
    then and are refused still (``pycore.setup``)."""
    units = obj.get("units") if isinstance(obj, dict) else None
    if not isinstance(units, list):
        return obj, []
    given = [(i, u["id"]) for i, u in enumerate(units)
             if isinstance(u, dict) and isinstance(u.get("id"), str)]
    if all(uid.isascii() for _, uid in given):
        return obj, []
    taken: dict[str, str] = {}
    losers = []
    for i, uid in sorted(given, key=lambda e: (visible(e[1]) != e[1],
                                               _nfkc(visible(e[1])) != visible(e[1]), e[0])):
        key = id_key(uid)
        if key and key not in taken:
            taken[key] = uid
        elif not key or taken[key] != uid:
            losers.append((i, uid))
    if not losers:
        return obj, []
    units = list(units)
    renamed: dict[str, str] = {}
    warnings = []
    for i, uid in sorted(losers):
        base, n = visible(uid) or "unit", 2
        while id_key(f"{base} ({n})") in taken:
            n += 1
        new = taken[id_key(f"{base} ({n})")] = f"{base} ({n})"
        units[i] = {**units[i], "id": new}
        renamed[uid] = new
        same = taken.get(id_key(uid))
        warnings.append(f"units[{i}].id: its id read the same as "
                        + (f"{_shown(same)}'s" if same else "nothing (it showed nothing)")
                        + f", so it was renamed {_shown(new)}")
    obj = {**obj, "units": units}
    question = obj.get("question")
    if isinstance(question, dict):
        obj["question"] = {k: renamed.get(v, v) if k in ("viewer", "target") and isinstance(v, str)
                           else v for k, v in question.items()}
    return obj, warnings
