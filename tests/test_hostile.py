"""Hostile input (issue 5): links and setups from strangers.

A share link can be truncated by a chat app, corrupted, crafted as a
decompression bomb or stuffed with absurd sizes. ``pycore.share.decode``,
``pycore.setup.load_setup`` and every ``pycore.api`` function answer all of
it with SetupError (a message a player can act on), never another
exception, never a hang.

Run ``python -m tests.test_hostile`` for the timing figures (benchmark).
"""
from __future__ import annotations

import base64
import copy
import json
import time
import tracemalloc
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore import limits, share
from pycore.errors import SetupError
from pycore.setup import load_setup
from tests.strategies import setups

HOSTILE = settings(max_examples=300, deadline=None)
B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
# A small valid setup used where a fixed one reads better than a generated one.
BASE = {
    "format": "asl-setup", "version": 1,
    "map": {"columns": 33, "rows": 10, "board": "6"},
    "hexes": {"Y8": {"terrain": "woods"}, "T1": {"terrain": "building", "levels": 2}},
    "hexsides": {"Z8-Y9": "hedge", "Y7-X7": {"type": "wall", "gap": False}},
    "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "Z9"},
              {"id": "r1", "side": "Russian", "type": "squad", "hex": "X6"}],
}


def deflated_link(payload: bytes, prefix: str = "s1.") -> str:
    """A link built by hand around any payload (raw deflate, base64url)."""
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = squeezer.compress(payload) + squeezer.flush()
    return prefix + base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def json_link(text: str) -> str:
    return deflated_link(text.encode("utf-8"))


def refused(text, about="link: ") -> SetupError:
    """decode() must refuse ``text`` with a short SetupError about the link
    (or, given ``about=""``, about whatever field of the setup is wrong)."""
    with pytest.raises(SetupError) as info:
        share.decode(text)
    message = str(info.value)
    assert message.startswith(about) and 0 < len(message) < 300, message
    return info.value


def decoded_or_refused(text):
    """A mutated link may still be a valid setup; if so it must be whole."""
    try:
        result = share.decode(text)
    except SetupError as err:
        assert str(err)
        return None
    assert load_setup(result).to_dict() == result
    return result


# --- random and crafted links ------------------------------------------------

@HOSTILE
@given(st.text(max_size=400))
def test_random_text_is_refused(text):
    refused(text)


@HOSTILE
@given(st.binary(max_size=400))
def test_random_bytes_are_refused(data):
    refused(data)


@HOSTILE
@given(st.text(alphabet=B64URL, max_size=400))
def test_random_base64_after_the_version_is_refused(payload):
    refused("s1." + payload)


@HOSTILE
@given(st.binary(max_size=400))
def test_random_deflated_bytes_are_refused(data):
    refused(deflated_link(data), about="")    # b"{}" is JSON: no version


# Numbers a setup might hold; crafted huge ones are tested on their own below.
JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 39, 10 ** 39),
                         st.floats(-1e15, 1e15).filter(lambda f: f == 0 or abs(f) > 1e-90),
                         st.text(max_size=10))
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)


@HOSTILE
@given(JSON_VALUES.filter(lambda v: not isinstance(v, dict)))
def test_json_that_is_not_an_object_is_refused(value):
    err = refused(json_link(json.dumps(value)))
    assert "does not hold a setup" in str(err)


@HOSTILE
@given(st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=5),
       st.text(max_size=12).filter(lambda f: f != "asl-setup"))
def test_json_of_another_format_is_refused(obj, fmt):
    obj["format"] = fmt
    with pytest.raises(SetupError, match="format"):
        share.decode(json_link(json.dumps(obj)))


@st.composite
def mutated_links(draw):
    """A valid link truncated, bit-flipped, or with a byte inserted/removed."""
    link = share.encode(draw(setups(max_units=3)))
    at = draw(st.integers(0, len(link) - 1))
    how = draw(st.sampled_from(("flip", "insert", "delete", "replace", "swap")))
    if how == "flip":
        raw = bytearray(link.encode("ascii"))
        raw[at] ^= 1 << draw(st.integers(0, 7))
        return raw.decode("latin-1")
    if how == "insert":
        return link[:at] + draw(st.characters()) + link[at:]
    if how == "delete":
        return link[:at] + link[at + 1:]
    if how == "replace":
        return link[:at] + draw(st.sampled_from(B64URL)) + link[at + 1:]
    other = draw(st.integers(0, len(link) - 1))
    chars = list(link)
    chars[at], chars[other] = chars[other], chars[at]
    return "".join(chars)


@HOSTILE
@given(mutated_links())
def test_mutated_links_raise_only_setup_error(text):
    decoded_or_refused(text)


@HOSTILE
@given(setups(max_units=3), st.data())
def test_truncated_links_are_always_refused(setup, data):
    # A link cut anywhere loses at least the last byte of the deflate stream.
    link = share.encode(setup)
    cut = data.draw(st.integers(0, len(link) - 1))
    refused(link[:cut])


def test_truncated_link_says_it_was_cut_off():
    link = share.encode(BASE)
    assert "cut off" in str(refused(link[:-2]))


@pytest.mark.parametrize("link", [
    "s2." + share.encode(BASE)[3:], "s0.AAAA", "S1.AAAA", "s1", "s1x", "s.AAAA",
    "#", "", "   ", "setup", "https://example.org/", "https://example.org/#",
    "s1.A", "s1.AAAA=", "s1.AA AA", "s1.AA+/", "s1.\u00e9\u00e9\u00e9\u00e9",
    "s1.////", "s999999999.AAAA", "s" + "9" * 5000 + ".AAAA",
], ids=lambda s: repr(s[:24]))
def test_malformed_links_are_refused(link):
    refused(link)


def test_invalid_utf8_is_refused():
    err = refused(deflated_link(b'{"format":"asl-setup","notes":"\xff\xfe"}'))
    assert "UTF-8" in str(err)


def test_trailing_data_after_the_deflate_stream_is_refused():
    raw_link = share.encode(BASE)
    payload = base64.urlsafe_b64decode(raw_link[3:] + "=" * (-len(raw_link[3:]) % 4))
    tampered = "s1." + base64.urlsafe_b64encode(payload + b"extra").rstrip(b"=").decode()
    refused(tampered)


# --- deeply nested JSON ----------------------------------------------------------

def _nested(depth: int) -> str:
    """BASE with a `notes` field nested so the whole JSON is `depth` deep."""
    inner = "[" * (depth - 1) + "]" * (depth - 1)
    return json.dumps(BASE)[:-1] + ',"notes":' + inner + "}"


@pytest.mark.parametrize("text", [
    "[" * 100_000, "[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000,
    '{"format":"asl-setup","version":1,"notes":' + "[" * 10_000 + "]" * 10_000 + "}",
], ids=["open-brackets", "balanced-lists", "nested-objects", "inside-a-setup"])
def test_deeply_nested_json_is_refused_without_recursion(text):
    assert "nested" in str(refused(json_link(text)))


def test_nesting_limit_is_exact():
    # MAX_JSON_DEPTH levels open; one more is refused (docs/limits.md).
    depth = limits.MAX_JSON_DEPTH
    assert share.decode(json_link(_nested(depth)))["units"][0]["id"] == "g1"
    refused(json_link(_nested(depth + 1)))


def test_brackets_inside_strings_are_not_nesting():
    text = json.dumps(dict(BASE, notes="[{" * 90 + '\\"' + "}]" * 90))
    assert share.decode(json_link(text))["notes"].startswith("[{[{")


# --- enormous numbers ------------------------------------------------------------

@pytest.mark.parametrize("number", [
    "9" * 5000, "-" + "9" * 5000, "1" * 41, "1e999", "-1e999", "1E400",
    "NaN", "Infinity", "-Infinity", "9" * 100_000 + ".5",
], ids=lambda n: n[:12])
def test_enormous_numbers_are_refused(number):
    text = '{"format":"asl-setup","version":1,"map":{"columns":%s,"rows":10}}' % number
    with pytest.raises(SetupError):
        share.decode(json_link(text))


OUT_OF_RANGE = ["1e999999", "-1e999999", "1e-999999", "NaN", "-Infinity"]


def _doors(text: str, tmp_path) -> dict:
    """What each door into Python says of the setup file ``text`` (issue 24)."""
    import subprocess
    import sys
    from pycore import api
    from web import bridge
    said = {}
    for door, run in {"link": lambda: share.decode(json_link(text)),
                      "api": lambda: api.wall_advantage(text),
                      "bridge": lambda: bridge.call("validate", f"[{text}]"),
                      "file": lambda: bridge.call("validate", json.dumps([text]))}.items():
        try:
            said[door] = run()
        except SetupError as exc:
            said[door] = str(exc)
    path = tmp_path / "setup.json"
    path.write_text(text)
    said["command line"] = subprocess.run([sys.executable, "-m", "pycore", "wa", str(path)],
                                          capture_output=True, text=True).stderr
    return said


@pytest.mark.parametrize("number", OUT_OF_RANGE)
def test_numbers_outside_json_range_are_refused_at_every_door(number, tmp_path):
    """Issue 24: a file holding 1e999999 (Python reads infinity, JavaScript too)
    was opened. Every door reads it through pycore.jsonread and refuses it,
    naming the field it came in by; nothing is loaded."""
    text = ('{"format":"asl-setup","version":1,"map":{"columns":33,"rows":10},'
            '"hexes":{"C3":{"terrain":"woods","level":%s}}}' % number)
    fields = {"link": "link:", "api": "setup:", "bridge": "setup:", "file": "setup:",
              "command line": "setup.json:"}
    for door, said in _doors(text, tmp_path).items():
        message = said if isinstance(said, str) else ""
        if door in ("bridge", "file"):
            answer = json.loads(said)
            assert answer["kind"] == "SetupError", (door, answer)
            message = answer["error"]
        assert fields[door] in message, (door, said)
        assert "number" in message, (door, said)
    in_range = _doors(text.replace(number, "1"), tmp_path)    # the same setup opens
    assert not any("number" in str(said) for said in in_range.values()), in_range


@pytest.mark.parametrize("field, value", [
    ("columns", 10 ** 18), ("columns", 0), ("rows", -1), ("rows", 10 ** 6),
    ("columns", 2.5), ("columns", "33"), ("rows", True),
])
def test_absurd_map_sizes_name_the_field(field, value):
    bad = copy.deepcopy(BASE)
    bad["map"][field] = value
    with pytest.raises(SetupError, match=f"map.{field}"):
        share.decode(share._pack(bad))


# --- decompression bombs ---------------------------------------------------------

def _bomb(megabytes: int) -> str:
    """A valid-looking setup whose notes inflate to `megabytes` MB of spaces."""
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    parts = [squeezer.compress(b'{"format":"asl-setup","version":1,"notes":"')]
    block = b" " * (1 << 20)
    parts += [squeezer.compress(block) for _ in range(megabytes)]
    parts.append(squeezer.compress(b'"}') + squeezer.flush())
    return "s1." + base64.urlsafe_b64encode(b"".join(parts)).rstrip(b"=").decode()


@pytest.fixture(scope="module")
def bomb_link():
    """A few hundred KB that inflate to 250 MB (about 1,360 link characters
    per MB); as large as still fits MAX_LINK_CHARS, so the inflate cap, not
    the length check, has to stop it."""
    link = _bomb(min(250, limits.MAX_LINK_CHARS // 1400))
    assert len(link) <= limits.MAX_LINK_CHARS
    return link


def test_decompression_bomb_is_refused_fast_without_inflating_it(bomb_link):
    tracemalloc.start()
    started = time.perf_counter()
    err = refused(bomb_link)
    elapsed = time.perf_counter() - started
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert "too large" in str(err)
    # Hundreds of MB would have been inflated; the cap keeps it to a few MB.
    assert peak < 4 * limits.MAX_INFLATED_BYTES + 4 * len(bomb_link), peak
    assert elapsed < 1.0, f"bomb took {elapsed:.2f} s"


def test_inflated_size_limit_is_exact():
    cap = limits.MAX_INFLATED_BYTES
    head = json.dumps(BASE)[:-1] + ',"notes":"'
    fits = head + " " * (cap - len(head) - 2) + '"}'
    assert len(fits.encode()) == cap
    assert share.decode(json_link(fits))["notes"].strip() == ""
    assert "too large" in str(refused(json_link(fits[:-2] + ' "}')))


# --- setups that are not valid: load_setup raises only SetupError ---------------

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(), st.sampled_from([10 ** 30, -1, 0, 2 ** 63]),
    st.floats(), st.text(max_size=12),
    st.sampled_from(["", "Z9", "A1-C5", "Q4-Q5-R4", "lava", "wall", "ZZZZ99", "0A0",
                     "<script>alert(1)</script>", "x" * 300, "A1-A2-A3", "-", "6Z9"]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3))


def _slots(obj) -> list:
    """Every (container, key) pair in a nested setup."""
    found = []

    def walk(node):
        items = node.items() if isinstance(node, dict) else \
            enumerate(node) if isinstance(node, list) else ()
        for key, value in list(items):
            found.append((node, key))
            walk(value)
    walk(obj)
    return found


@st.composite
def mutated_setups(draw):
    """A valid setup with 1-3 values replaced by junk, deleted or renamed."""
    setup = copy.deepcopy(draw(setups(min_units=1, max_units=3)))
    for _ in range(draw(st.integers(1, 3))):
        holder, key = draw(st.sampled_from(_slots(setup)))
        how = draw(st.sampled_from(("replace", "replace", "delete", "rename")))
        if how == "delete":
            holder.pop(key)
        elif how == "rename" and isinstance(holder, dict):
            holder[draw(st.one_of(st.text(max_size=6), st.sampled_from(["A1", "ZZ99", "A1-A2"])))] \
                = holder.pop(key)
        else:
            holder[key] = draw(JUNK)
    return setup


@HOSTILE
@given(st.one_of(mutated_setups(), JUNK))
def test_mutated_setups_raise_only_setup_error(setup):
    try:
        loaded = load_setup(setup)
    except SetupError as err:
        assert str(err)
        return
    # Accepted: it must still travel by link (or be refused by encode).
    try:
        link = share.encode(loaded)
    except SetupError:
        return
    assert share.decode(link) == loaded.to_dict()


def _with(path: str, value):
    """BASE with the value at a dotted path (list indices as numbers) set."""
    bad = copy.deepcopy(BASE)
    *parents, last = path.split(".")
    node = bad
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node.setdefault(part, {})
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return bad


def _without(path: str):
    bad = copy.deepcopy(BASE)
    *parents, last = path.split(".")
    node = bad
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    del node[last]
    return bad


BAD_SETUPS = [
    (_with("map.columns", 10 ** 5000), "map.columns"),     # int-str limit
    (_with("map.rows", float("inf")), "map.rows"),
    (_with("map.rows", float("nan")), "map.rows"),
    (_with("hexes", []), "hexes"),
    (_with("hexes.Y8", {"terrain": "lava"}), "Y8"),
    (_with("hexes.Y8", {"terrain": 10 ** 5000}), "Y8"),
    (_with("hexes.Y8", {"level": "high"}), "level"),
    (_with("hexes.Y8", {"level": 10 ** 5000}), "level"),
    (_with("hexes.QQ99", {"terrain": "woods"}), "QQ99"),    # off the map
    (_with("hexes.not a hex", {}), "not a hex"),
    (_with("hexsides.A1-C5", "wall"), "A1-C5"),               # not adjacent
    (_with("hexsides.Z8-Y9", "fence"), "Z8-Y9"),
    (_with("hexsides.Z8-Y9", {"type": "hedge", "hillside": "yes"}), "hillside"),
    (_with("hexsides.Z8-Y9", {"type": "hedge", "gap": 1}), "gap"),
    (_with("units", {}), "units"),
    (_without("units.0.id"), "id"),
    (_without("units.0.hex"), "hex"),
    (_with("units.1.id", "g1"), "id"),                        # duplicate
    (_with("units.0.hex", "QQ99"), "hex"),
    (_with("units.0.type", "tank"), "type"),
    (_with("units.0.broken", "no"), "broken"),
    (_with("units.0.wa", "yes"), "wa"),
    (_with("units.0.level", -3), "level"),
    (_with("units.0.level", 1), "level"),                     # Z9 has one level
    (_with("units.0.bypass", "Z9-A1"), "bypass"),
    (_with("units.0.bypass", "Y7-X7"), "bypass"),             # not Z9's hexside
    (_with("units.0.vertex", "Q4-Q5"), "vertex"),
    (_with("units.0.vertex", "Q4-Q5-R4"), "vertex"),          # not Z9's vertex
    (_with("units.0.id", "x" * 100_000), "id"),
    (_with("format", "chess"), "format"),
]


@pytest.mark.parametrize("bad, field", BAD_SETUPS,
                         ids=[f"{i}-{f}" for i, (_, f) in enumerate(BAD_SETUPS)])
def test_bad_setup_is_refused_naming_the_field(bad, field):
    with pytest.raises(SetupError) as info:
        load_setup(bad)
    assert field in str(info.value)
    assert len(str(info.value)) < 400


@pytest.mark.parametrize("field, count", [
    ("units", limits.MAX_UNITS + 1),
    ("hexes", limits.MAX_HEXES + 1),
    ("hexsides", limits.MAX_HEXSIDES + 1),
])
def test_too_many_entries_are_refused_naming_the_field(field, count):
    from pycore import geometry
    grid = geometry.Grid(limits.MAX_COLUMNS, limits.MAX_ROWS)   # names enough to overflow
    hexes = grid.hexes()
    big = {"format": "asl-setup", "version": 1, "map": {"columns": 132, "rows": 20}}
    if field == "units":
        big["units"] = [{"id": f"u{i}", "side": "German", "type": "squad",
                         "hex": geometry.PLAIN.hex(hexes[i])} for i in range(count)]
    elif field == "hexes":
        big["hexes"] = {geometry.PLAIN.hex(h): {"terrain": "woods"} for h in hexes[:count]}
    else:
        below = [(h, (h[0], h[1] + 2)) for h in hexes if grid.contains((h[0], h[1] + 2))]
        big["hexsides"] = {geometry.PLAIN.hexside(geometry.hexside(a, b)): "wall"
                           for a, b in below[:count]}
    assert len(big[field]) == count
    started = time.perf_counter()
    with pytest.raises(SetupError, match=f"{field}: more than"):
        load_setup(big)
    assert time.perf_counter() - started < 1.0


def test_deep_nesting_handed_to_load_setup_directly_raises_only_setup_error():
    deep = []
    for _ in range(100_000):
        deep = [deep]
    try:
        loaded = load_setup(dict(BASE, notes=deep))
    except SetupError:
        return
    with pytest.raises(SetupError):       # it cannot travel as a link
        share.encode(loaded)


# --- the API: a bad setup, viewer or target raises only SetupError -------------

BAD_REFS = [None, 5, 2.5, True, [], {}, "", "nobody", "x" * 10_000,
            {"hex": 5}, {"hex": "QQ99"}, {"hex": "Q4", "level": "two"},
            {"hex": "Q4", "level": 10 ** 5000}, {"hex": "Q4", "vertex": "Q4-Q5"},
            {"hex": "Q4", "vertex": "A1-B1-C1"}, {"level": 1}, {"hex": None},
            {"hex": "Q4", "entrenched": "yes"}, {"hex": "Q4", "crest": 1}]


def _api_calls(setup, ref, unit="g1", enemy="r1", here="Z9", there="Z8"):
    """Every pycore.api function, with `ref` where a viewer/target goes."""
    from pycore import api
    return [
        lambda: api.los(setup, ref, enemy),
        lambda: api.los(setup, unit, ref),
        lambda: api.fire(setup, ref, enemy),
        lambda: api.fire(setup, unit, ref),
        lambda: api.visibility(setup, ref),
        lambda: api.move_cost(setup, ref, here, there),
        lambda: api.move_cost(setup, unit, ref, there),
        lambda: api.move_cost(setup, unit, here, ref),
    ]


@pytest.mark.parametrize("ref", BAD_REFS, ids=[f"ref{i}" for i in range(len(BAD_REFS))])
def test_api_refuses_a_bad_viewer_or_target(ref):
    for call in _api_calls(BASE, ref):
        with pytest.raises(SetupError):
            call()


@pytest.mark.parametrize("bad, field", BAD_SETUPS[:12],
                         ids=[f for _, f in BAD_SETUPS[:12]])
def test_api_refuses_a_bad_setup(bad, field):
    from pycore import api
    for call in _api_calls(bad, "g1") + [lambda: api.wall_advantage(bad)]:
        with pytest.raises(SetupError, match=field.split(".")[-1]):
            call()


def _api_outcome(call):
    try:
        result = call()
    except SetupError as err:
        assert str(err)
        return None
    json.dumps(result)          # plain JSON-able values (docs/contract.md)
    return result


@settings(max_examples=150, deadline=None)
@given(st.one_of(mutated_setups(), setups(min_units=1, max_units=3)),
       st.one_of(st.sampled_from(["u0", "u1", "u2"]), JUNK))
def test_api_raises_only_setup_error_on_anything(setup, ref):
    from pycore import api
    calls = _api_calls(setup, ref, unit="u0", enemy="u1", here="A1", there="B1")
    for call in calls + [lambda: api.wall_advantage(setup)]:
        _api_outcome(call)


# --- benchmark: `python -m tests.test_hostile` prints the figures ---------------

def _largest_setup() -> dict:
    """A setup at every limit it can reach on the largest map (132 x 20, the
    eight boards of a 4 x 2 layout): every hex painted, 4,000 walls, 400 units."""
    from pycore import geometry
    grid = geometry.Grid(132, 20)
    assert grid.size() == limits.MAX_MAP_HEXES
    hexes = grid.hexes()
    sides = [geometry.hexside(h, n) for h in hexes for n in geometry.neighbours(h)[:3]
             if grid.contains(n)]
    terrains = ("woods", "brush", "grain", "building", "gully")
    return {
        "format": "asl-setup", "version": 1,
        "map": {"columns": 132, "rows": 20},
        "hexes": {geometry.PLAIN.hex(h): {"terrain": terrains[i % 5], "level": i % 4}
                  for i, h in enumerate(hexes[:limits.MAX_HEXES])},
        "hexsides": {geometry.PLAIN.hexside(s): ("wall", "hedge", "bocage")[i % 3]
                     for i, s in enumerate(sides[::2][:limits.MAX_HEXSIDES])},
        "units": [{"id": f"unit-{i}", "side": ("German", "Russian")[i % 2],
                   "type": "squad", "hex": geometry.PLAIN.hex(hexes[i * 6]),
                   "name": f"Kampfgruppe {i}"} for i in range(limits.MAX_UNITS)],
    }


def _benchmark() -> None:
    largest = _largest_setup()
    started = time.perf_counter()
    largest_link = share.encode(largest)
    print(f"encode largest valid setup       {len(largest_link):>9,} chars  "
          f"{(time.perf_counter() - started) * 1000:8.1f} ms")
    cases = {
        "largest valid setup": largest_link,
        "valid link (contract example)": share.encode(BASE),
        "bomb link, 250 MB inflated": _bomb(250),
        "link at MAX_LINK_CHARS + 1": "s1." + "A" * limits.MAX_LINK_CHARS,
        "100,000 open brackets": json_link("[" * 100_000),
        "5,000-digit number": json_link('{"version":1,"map":{"columns":%s}}' % ("9" * 5000)),
    }
    # Worst cases within the limits: MAX_INFLATED_BYTES of tiny JSON values.
    room = limits.MAX_INFLATED_BYTES - 40
    for what, item in (("empty lists", "[],"), ("1-char strings", '"a",'),
                       ("small numbers", "0,"), ("empty objects", "{},")):
        text = '{"version":1,"notes":[' + item * (room // len(item)) + "0]}"
        cases[f"{len(text) / 1e6:.0f} MB of {what} in a field"] = json_link(text)
    cases |= {
    }
    for name, link in cases.items():
        best = float("inf")
        for _ in range(5):
            started = time.perf_counter()
            try:
                share.decode(link)
                outcome = "decoded"
            except SetupError as err:
                outcome = str(err)[:60]
            best = min(best, time.perf_counter() - started)
        print(f"{name:32} {len(link):>9,} chars  {best * 1000:8.1f} ms  {outcome}")


def _rss_mb() -> float:
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _largest_setup_queries() -> None:
    """Every query on the largest setup the limits allow, on CPython (the page,
    under Pyodide, takes two to three times as long; `python build.py bench`
    measures it there)."""
    from pycore import api, geometry
    from web.render import map_svg
    setup = _largest_setup()
    text = json.dumps(setup)
    def at(col: int, row: int) -> dict:
        return {"hex": geometry.PLAIN.hex(geometry.hex_at(col, row)), "level": 0}
    corner, far, middle = at(1, 1), at(132, 20), at(66, 10)
    rows = [("validate (first query after an edit)", lambda: api.wall_advantage(text)),
            ("wall_advantage", lambda: api.wall_advantage(text)),
            ("los, corner to corner", lambda: api.los(text, corner, far)),
            ("fire, unit to unit", lambda: api.fire(text, "unit-0", "unit-1")),
            ("visibility, a corner (new viewer)", lambda: api.visibility(text, corner)),
            ("visibility, the middle (new viewer)", lambda: api.visibility(text, middle)),
            ("visibility, the corner again", lambda: api.visibility(text, corner)),
            ("render_map", lambda: map_svg(setup))]
    api.DEFAULT.setups.clear()
    print(f"\nlargest legal setup: 132 x 20, {len(setup['hexes'])} hexes, "
          f"{len(setup['hexsides'])} hexsides, {len(setup['units'])} units")
    for name, run in rows:
        started = time.perf_counter()
        run()
        print(f"{name:40} {(time.perf_counter() - started) * 1000:8.1f} ms")
    print(f"{'peak memory of the process (RSS)':40} {_rss_mb():8.0f} MB")


@pytest.mark.parametrize("columns, rows", [(132, 20), (66, 40), (33, 80)])
def test_maps_of_eight_boards_stay_allowed(columns, rows):
    assert load_setup({"format": "asl-setup", "version": 1,
                       "map": {"columns": columns, "rows": rows}}).grid.size() <= limits.MAX_MAP_HEXES


@pytest.mark.parametrize("columns, rows", [(132, 21), (67, 40), (132, 80)])
def test_larger_maps_open_with_a_warning_as_links_made_before_issue_14_did(columns, rows):
    """Issue 24: any map up to 132 x 80 was legal before issue 14's hex cap, and
    every version-1 link keeps opening; over the cap, the player is told."""
    loaded = load_setup({"format": "asl-setup", "version": 1,
                         "map": {"columns": columns, "rows": rows}})
    assert loaded.grid.size() > limits.MAX_MAP_HEXES
    assert any(w.startswith(f"map: {columns} x {rows} is ") and "2,706" in w
               for w in loaded.warnings)


@pytest.mark.parametrize("columns, rows", [(133, 1), (1, 81)])
def test_maps_beyond_what_any_release_allowed_are_refused(columns, rows):
    with pytest.raises(SetupError, match=r"^map\.(columns|rows): .* out of range"):
        load_setup({"format": "asl-setup", "version": 1, "map": {"columns": columns, "rows": rows}})


# --- hostile board files (issue 19): pycore.api.import_board ------------------------------

def _board_refused(data, *words: str) -> str:
    """``import_board(data)`` raises SetupError within a second, its message
    a player's words naming what is wrong (each of ``words``)."""
    from pycore import api
    started = time.perf_counter()
    with pytest.raises(SetupError) as e:
        api.import_board(data)
    elapsed = time.perf_counter() - started
    assert elapsed < 1.0, f"refusing took {elapsed:.2f} s"
    text = str(e.value)
    assert text.startswith("board file: "), text
    for w in words:
        assert w in text, text
    return text


@pytest.fixture(scope="module")
def board_parts():
    """The members of a painted board's archive: its metadata and LOSData."""
    import io as _io
    import zipfile as _zipfile
    from tests.vasl_writer import board_archive
    with _zipfile.ZipFile(_io.BytesIO(board_archive({"Q5": {"terrain": "woods"}}))) as z:
        return {n: z.read(n) for n in z.namelist()}


def _rezip(parts: dict, **changes) -> bytes:
    from tests.vasl_writer import zip_archive
    members = {k: v for k, v in {**parts, **changes}.items() if v is not None}
    return zip_archive(members)


def _los(payload: bytes) -> bytes:
    import gzip as _gzip
    from tests.vasl_writer import java_blocks
    return _gzip.compress(java_blocks(payload), 1)


@pytest.mark.parametrize("data", [b"", b"hello", json.dumps(BASE).encode(), b"\x1f\x8b" + b"\0" * 50])
def test_a_file_that_is_not_a_zip_is_refused(data):
    _board_refused(data, "not a VASL board archive", "not a zip", "import the board's own file")


def test_the_beginning_of_a_zip_is_called_incomplete_saying_to_copy_it_again():
    """Issue 33: a truncated bd41 is "incomplete: copy it again", not "not a zip"."""
    _board_refused(b"PK\x03\x04" + b"\0" * 100, "looks incomplete", "copy it again")


def test_an_archive_without_losdata_is_refused(board_parts):
    _board_refused(_rezip(board_parts, LOSData=None), "no LOSData")


def test_an_archive_without_metadata_is_refused(board_parts):
    _board_refused(_rezip(board_parts, **{"BoardMetadata.xml": None}), "BoardMetadata.xml")


@pytest.mark.parametrize("keep", [0.1, 0.5, 0.99])
def test_a_truncated_losdata_is_refused(board_parts, keep):
    gz = board_parts["LOSData"]
    _board_refused(_rezip(board_parts, LOSData=gz[:int(len(gz) * keep)]), "LOSData", "cut short",
                   "looks incomplete", "copy it again")


def test_a_truncated_archive_is_refused():
    from tests.vasl_writer import board_archive
    data = board_archive({})
    _board_refused(data[:len(data) // 2], "looks incomplete", "copy it again")


def test_a_damaged_gzip_is_refused(board_parts):
    gz = bytearray(board_parts["LOSData"])
    gz[len(gz) // 2] ^= 0xFF
    _board_refused(_rezip(board_parts, LOSData=bytes(gz)), "LOSData")


def test_losdata_that_is_not_gzip_is_refused(board_parts):
    _board_refused(_rezip(board_parts, LOSData=b"\xac\xed\x00\x05" + b"\0" * 64), "not gzip")


def test_losdata_with_other_java_records_is_refused(board_parts):
    import gzip as _gzip
    stream = b"\xac\xed\x00\x05\x73\x72" + b"\0" * 64        # an object, not block data
    _board_refused(_rezip(board_parts, LOSData=_gzip.compress(stream)), "record type 0x73")


def test_a_gzip_bomb_is_refused_without_inflating_it(board_parts):
    import gzip as _gzip
    bomb = _gzip.compress(b"\xac\xed\x00\x05" + b"\0" * 200_000_000, 9)
    tracemalloc.start()
    _board_refused(_rezip(board_parts, LOSData=bomb), "gzip bomb")
    assert tracemalloc.get_traced_memory()[1] < 40_000_000
    tracemalloc.stop()


def test_a_zip_bomb_is_refused_without_unzipping_it(board_parts):
    bomb = _rezip(board_parts, LOSData=b"\0" * 100_000_000)
    tracemalloc.start()
    _board_refused(bomb, "zip bomb")
    assert tracemalloc.get_traced_memory()[1] < 30_000_000
    tracemalloc.stop()


def test_a_zip_whose_directory_lies_about_a_size_is_refused_without_unzipping_it(board_parts):
    import struct as _struct
    from pycore.terrain.vasl import archive
    data = bytearray(_rezip(board_parts, LOSData=b"\0" * (archive.MAX_LOSDATA_BYTES * 4)))
    for signature, size_at in ((b"PK\x01\x02", 24), (b"PK\x03\x04", 22)):
        at = -1
        while (at := data.find(signature, at + 1)) >= 0:      # every header says 100 bytes
            _struct.pack_into("<I", data, at + size_at, 100)
    tracemalloc.start()
    _board_refused(bytes(data), "damaged")
    assert tracemalloc.get_traced_memory()[1] < 30_000_000
    tracemalloc.stop()


def test_a_zip_of_very_many_entries_is_refused_before_reading_them():
    import io as _io
    import zipfile as _zipfile
    buf = _io.BytesIO()
    with _zipfile.ZipFile(buf, "w", _zipfile.ZIP_STORED) as z:
        for i in range(5000):
            z.writestr(f"{i}", b"")
    _board_refused(buf.getvalue(), "too many")


@pytest.mark.parametrize("size, words", [
    ((33, 10, 10 ** 9, 645), ("absurd",)), ((-1, 10, 1800, 645), ("absurd",)),
    ((2 ** 31 - 1, 2 ** 31 - 1, 1800, 645), ("absurd",)),
    ((17, 12, 1800, 645), ("17 x 12", "33 x 10")),
    # a board of another size is read from its header (issue 38): cut short, it says so
    ((33, 10, 1800, 640), ("incomplete",)), ((34, 10, 1800, 645), ("34 x 10", "odd number")),
    ((15, 5, 10 ** 5, 10 ** 5), ("larger than any board",)),
])
def test_absurd_or_other_board_sizes_are_refused(board_parts, size, words):
    import struct as _struct
    payload = _struct.pack(">4i", *size) + b"\0" * 4096
    _board_refused(_rezip(board_parts, LOSData=_los(payload)), *words)


def test_a_board_that_is_not_33_by_10_in_its_metadata_is_refused(board_parts):
    xml = board_parts["BoardMetadata.xml"].replace(b'width="33"', b'width="56"')
    _board_refused(_rezip(board_parts, **{"BoardMetadata.xml": xml}), "56 x 10", "33 x 10")


@pytest.mark.parametrize("xml, words", [
    (b"<boardMetadata", ("damaged",)),
    (b'<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY a "aaaa">]><boardMetadata name="&a;" '
     b'version="1"/>', ("entities",)),
    (b'<other name="41" version="6.3"/>', ("not a VASL board",)),
    (b'<boardMetadata name="41:x" version="6.3"/>', ("board name",)),
    (b'<boardMetadata name="41" version=""/>', ("board version",)),
])
def test_bad_metadata_is_refused(board_parts, xml, words):
    _board_refused(_rezip(board_parts, **{"BoardMetadata.xml": xml}), *words)


def test_random_bytes_in_losdata_raise_only_setup_error(board_parts):
    import random
    rng = random.Random(19)
    gz = board_parts["LOSData"]
    for _ in range(30):
        data = bytearray(gz)
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        try:
            from pycore import api
            api.import_board(_rezip(board_parts, LOSData=bytes(data)))
        except SetupError:
            pass


@pytest.fixture(scope="module")
def board_file():
    from tests.vasl_writer import board_archive
    return board_archive({"Q5": {"terrain": "woods"}}, {"Q5-R4": "hedge"})


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_board_file_cut_anywhere_is_refused(board_file, data):
    # (a hypothesis test with a module fixture: the file is the same for every example)
    cut = data.draw(st.integers(0, len(board_file) - 1))
    _board_refused(board_file[:cut])


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=2000))
def test_random_bytes_as_a_board_file_are_refused(data):
    _board_refused(data)


# --- hostile board files that took seconds (issue 30) ---------------------------------------
# Each is refused within 0.3 s on CPython (docs/hostile-files.md; ``python -m
# tests.test_hostile`` prints the figures). The tests assert a generous budget
# (_board_refused: 1 s) that fails on a gross regression: these took 1-23 s.

def lying_directory_zip(entries: int = 1_200_000) -> bytes:
    """A zip of ``entries`` directory entries (56 MB for 1.2 million, under the
    64 MB cap) whose end record says it holds 2."""
    import struct as _struct
    local = _struct.pack("<4s5H3I2H", b"PK\x03\x04", 20, 0, 0, 0, 0, 0, 0, 0, 1, 0) + b"a"
    central = _struct.pack("<4s6H3I5H2I", b"PK\x01\x02", 20, 20, 0, 0, 0, 0, 0, 0, 0,
                           1, 0, 0, 0, 0, 0, 0) + b"a"
    directory = central * entries
    end = _struct.pack("<4s4H2IH", b"PK\x05\x06", 0, 0, 2, 2, len(directory), len(local), 0)
    return local + directory + end


def empty_records_losdata() -> bytes:
    """LOSData of empty block-data records, as many as the un-gzipped cap holds (1.18 million)."""
    import gzip as _gzip
    from pycore.terrain.vasl import archive
    records = (archive.MAX_PAYLOAD_BYTES - 4) // 2
    return _gzip.compress(b"\xac\xed\x00\x05" + b"\x77\x00" * records, 6)


def utf16_entity_bomb() -> bytes:
    """A BoardMetadata.xml in UTF-16 whose document type defines an entity bomb:
    a search for the bytes "<!DOCTYPE" does not find it."""
    entities = ['<!ENTITY a0 "' + "x" * 20 + '">'] + [
        f'<!ENTITY a{i} "' + f"&a{i - 1};" * 10 + '">' for i in range(1, 10)]
    text = ('<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE boardMetadata [' + "".join(entities)
            + ']><boardMetadata name="41" version="6.3">&a9;</boardMetadata>')
    return text.encode("utf-16")


def test_a_zip_whose_end_record_understates_its_entries_is_refused_fast():
    """Issue 30: 1.2 million entries behind an end record that says 2 took 18 s
    on CPython (zipfile reads the whole directory); they are counted first."""
    data = lying_directory_zip()
    assert len(data) < 64_000_000
    _board_refused(data, "too many", "import the board's own bdNN file")


def test_a_zip_whose_directory_is_broken_is_refused(board_parts):
    data = bytearray(_rezip(board_parts))
    at = data.find(b"PK\x01\x02")
    data[at:at + 4] = b"XXXX"
    _board_refused(bytes(data), "damaged", "copy the file again")


def test_a_zip64_archive_is_refused_as_another_kind_of_file(board_parts):
    import struct as _struct
    data = bytearray(_rezip(board_parts))
    end = data.rfind(b"PK\x05\x06")
    _struct.pack_into("<I", data, end + 12, 0xFFFFFFFF)
    _board_refused(bytes(data), "Zip64")


def test_a_million_empty_block_records_are_refused_fast(board_parts):
    """Issue 30: 1.18 million empty records took 1.2-3.1 s to walk; the walk
    stops at MAX_BLOCK_RECORDS, more than a real board's 2,271."""
    from pycore.terrain.vasl import archive
    from tests.vasl_writer import java_blocks
    assert archive.PAYLOAD // 1024 + 1 < archive.MAX_BLOCK_RECORDS
    assert java_blocks(b"\0" * archive.PAYLOAD, 255).count(b"\x77\xff") <= archive.MAX_BLOCK_RECORDS
    _board_refused(_rezip(board_parts, LOSData=empty_records_losdata()), "records",
                   "not a VASL board's file")


def test_a_board_written_in_short_records_still_reads():
    """Records of 255 bytes, the most a short record holds, stay under the cap."""
    from pycore import api
    from tests.vasl_writer import board_archive
    assert api.import_board(board_archive({"Q5": {"terrain": "woods"}}, block=255))["board"] == "41"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-8"])
def test_a_doctype_in_any_encoding_is_refused_before_its_entities_expand(board_parts, encoding):
    """Issue 30: a UTF-16 entity bomb got past a byte search for "<!DOCTYPE" and
    took expat 1.0-1.7 s to stop; expat now stops at the declaration."""
    xml = utf16_entity_bomb().decode("utf-16")
    if encoding != "utf-16":
        xml = xml.replace('encoding="UTF-16"', f'encoding="{encoding.upper()}"')
    _board_refused(_rezip(board_parts, **{"BoardMetadata.xml": xml.encode(encoding)}),
                   "document type", "not a VASL board's file")


def test_metadata_in_utf16_without_a_doctype_still_reads(board_parts):
    from pycore import api
    xml = board_parts["BoardMetadata.xml"].decode("utf-8")
    xml = xml.replace("encoding='utf-8'", "").replace('encoding="UTF-8"', "")
    if not xml.startswith("<?xml"):
        xml = '<?xml version="1.0" encoding="UTF-16"?>' + xml
    got = api.import_board(_rezip(board_parts, **{"BoardMetadata.xml": xml.encode("utf-16")}))
    assert got["board"] == "41"


@pytest.mark.parametrize("kind", ["bytes", "bytearray", "memoryview"])
def test_a_file_over_the_cap_is_refused_from_its_length_before_it_is_copied(kind):
    """Issue 30: the size is checked first, the same cap the page checks from
    file.size (given by the "version" query)."""
    from pycore.terrain.vasl import archive
    from web import queries
    assert queries.version()["max_board_bytes"] == archive.MAX_ARCHIVE_BYTES
    big = bytearray(archive.MAX_ARCHIVE_BYTES + 1)
    data = {"bytes": bytes, "bytearray": bytearray, "memoryview": memoryview}[kind](big)
    tracemalloc.start()
    _board_refused(data, "too big", "at most 64 MB", "bdNN")
    assert tracemalloc.get_traced_memory()[1] < 1_000_000       # not copied
    tracemalloc.stop()


def _board_files_benchmark() -> None:
    """How long each hostile board file of issues 19 and 30 takes to be refused."""
    import io as _io
    import zipfile as _zipfile
    from pycore import api
    from pycore.terrain.vasl import archive
    from tests.vasl_writer import board_archive
    with _zipfile.ZipFile(_io.BytesIO(board_archive({"Q5": {"terrain": "woods"}}))) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    cases = {
        "56 MB zip, 1.2M entries, end says 2": lying_directory_zip(),
        "1.18M empty block records": _rezip(parts, LOSData=empty_records_losdata()),
        "UTF-16 entity bomb in metadata": _rezip(parts, **{"BoardMetadata.xml": utf16_entity_bomb()}),
        "64 MB + 1 byte": bytes(archive.MAX_ARCHIVE_BYTES + 1),
        "zip bomb, 100 MB of LOSData": _rezip(parts, LOSData=b"\0" * 100_000_000),
        "a board file cut in half": (whole := board_archive({}))[:len(whole) // 2],
    }
    print("\nhostile board files (budget 0.3 s on CPython):")
    for name, data in cases.items():
        started = time.perf_counter()
        try:
            api.import_board(data)
            outcome = "IMPORTED"
        except SetupError as err:
            outcome = str(err)[12:70]
        print(f"{name:40} {(time.perf_counter() - started) * 1000:8.1f} ms  {outcome}")


# --- a board's label and its source (issue 30) -----------------------------------------------

def _board_setup(label: str, source: str) -> dict:
    return {"format": "asl-setup", "version": 1,
            "map": {"boards": [[{"board": label, "source": source}]]}}


@pytest.fixture(scope="module")
def source41():
    from pycore import api
    from tests.vasl_writer import board_archive
    return api.import_board(board_archive({"Q5": {"terrain": "woods"}}))["source"]


def test_a_board_labelled_other_than_its_source_is_refused_naming_both(source41):
    with pytest.raises(SetupError) as e:
        load_setup(_board_setup("42", source41))
    text = str(e.value)
    assert text.startswith("map.boards[0][0].source: ") and "board 42" in text \
        and "board 41" in text, text
    from pycore import api
    assert load_setup(_board_setup("41", source41), api.DEFAULT.library).layout is not None


def test_a_link_labelling_a_board_other_than_its_source_is_refused(source41):
    from pycore import api
    link = share.encode(api.load(_board_setup("41", source41)))
    bad = json_link(json.dumps(_board_setup("42", source41)))
    assert share.decode(link, api.DEFAULT.library)["map"]["boards"][0][0]["board"] == "41"
    with pytest.raises(SetupError, match=r"board 42 .* board 41"):
        share.decode(bad, api.DEFAULT.library)


def test_a_file_labelling_a_board_other_than_its_source_is_refused_in_a_players_words(source41):
    from web import bridge
    answer = json.loads(bridge.call("file_read", json.dumps(
        [json.dumps(_board_setup("42", source41))])))
    assert answer["kind"] == "SetupError", answer
    assert answer["player"].startswith("board 42 is given the terrain of board 41"), answer
    assert "import bd42" in answer["player"]


@pytest.mark.parametrize("source", ["vasl:<script>:6.3:0123456789abcdef", "x" * 20_000,
                                    "vasl:41:6.3:0123456789abcdef"])
def test_a_link_with_a_broken_or_mislabelled_source_is_not_held_for_a_board(source):
    """Issue 30: such a link was kept as waiting for a board, forever; it is a
    broken link, which share_read refuses at once (missing_boards is empty)."""
    from web import boardfile, bridge
    setup = _board_setup("42", source)
    link = json_link(json.dumps(setup))
    assert boardfile.missing_boards(link) == []
    answer = json.loads(bridge.call("share_read", json.dumps([link])))
    assert answer["kind"] == "SetupError", answer
    said = answer["player"]
    assert ("row 1, column 1" in said or "board 42" in said) and "<script>" not in said, said
    assert "ask for it again" in said or "import bd42" in said, said


def test_a_link_for_a_board_not_here_is_still_held():
    from web import boardfile
    link = json_link(json.dumps(_board_setup("77", "vasl:77:6.3:0123456789abcdef")))
    assert [m["file"] for m in boardfile.missing_boards(link)] == ["bd77"]


if __name__ == "__main__":
    _benchmark()
    _largest_setup_queries()
    _board_files_benchmark()
