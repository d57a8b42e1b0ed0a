"""Share links (docs/contract.md, "Share links"): the format and the round trip."""
import base64
import json
import re
import zlib

import pytest
from hypothesis import given, settings

from pycore import limits, share
from pycore.errors import SetupError
from pycore.setup import load_setup
from tests.strategies import setups

# The example setup of docs/contract.md (B9.2 EX, board 6).
CONTRACT_EXAMPLE = {
    "format": "asl-setup",
    "version": 1,
    "map": {"columns": 33, "rows": 10, "board": "6"},
    "hexes": {
        "Y8": {"terrain": "woods"},
        "J4": {"level": 3},
        "T1": {"terrain": "building", "levels": 2},
        "EE8": {"terrain": "gully"},
    },
    "hexsides": {
        "Z8-Y9": "hedge",
        "Y7-X7": "wall",
        "B4-B5": {"type": "hedge", "hillside": True},
    },
    "units": [
        {"id": "g1", "side": "German", "type": "squad", "hex": "Z9"},
        {"id": "r1", "side": "Russian", "type": "squad", "hex": "X6", "wa": True},
    ],
}
LINK_SHAPE = re.compile(r"s1\.[A-Za-z0-9_-]+")


def _inflate_payload(link: str) -> str:
    payload = link[len("s1."):]
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    return zlib.decompress(raw, -15).decode("utf-8")


@settings(max_examples=300, deadline=None)
@given(setups())
def test_link_round_trip_gives_back_the_setup(setup):
    assert share.decode(share.encode(setup)) == load_setup(setup).to_dict()


@settings(max_examples=200, deadline=None)
@given(setups())
def test_encode_is_stable_for_a_decoded_setup(setup):
    link = share.encode(setup)
    assert share.encode(share.decode(link)) == link


@settings(max_examples=100, deadline=None)
@given(setups())
def test_link_is_url_safe_raw_deflate_of_compact_json(setup):
    link = share.encode(setup)
    assert LINK_SHAPE.fullmatch(link), link[:80]
    text = _inflate_payload(link)
    assert json.loads(text) == load_setup(setup).to_dict()
    # compact: no padding spaces after separators
    assert text == json.dumps(json.loads(text), ensure_ascii=False,
                              separators=(",", ":"), sort_keys=True)


def test_contract_example_travels_whole():
    decoded = share.decode(share.encode(CONTRACT_EXAMPLE))
    assert decoded == load_setup(CONTRACT_EXAMPLE).to_dict()
    assert [u["id"] for u in decoded["units"]] == ["g1", "r1"]
    assert decoded["units"][1]["wa"] is True          # B9.32 claim kept


@pytest.mark.parametrize("wrap", [
    lambda link: link,
    lambda link: "#" + link,
    lambda link: "http://127.0.0.1:8000/#" + link,
    lambda link: "https://example.org/asl/index.html?lang=en#" + link,
    lambda link: "  #" + link + "\n",                 # as pasted from a chat
    lambda link: "#" + link[:40] + "\n  " + link[40:],  # wrapped by a mail client
    lambda link: ("#" + link).encode("ascii"),
], ids=["fragment", "hash", "local-url", "url-with-query", "whitespace", "wrapped",
     "bytes"])
def test_decode_accepts_fragment_hash_or_whole_url(wrap):
    link = share.encode(CONTRACT_EXAMPLE)
    assert share.decode(wrap(link)) == load_setup(CONTRACT_EXAMPLE).to_dict()


def test_unknown_fields_survive_the_link():
    # docs/contract.md: fields beyond version 1's are welcome and kept.
    setup = dict(CONTRACT_EXAMPLE, notes="Tournament round 2 «Z9»",
                 future={"weather": "mist", "levels": [1, 2]})
    setup["units"] = [dict(u, name="Kampfgruppe <b>") for u in setup["units"]]
    decoded = share.decode(share.encode(setup))
    assert decoded["notes"] == "Tournament round 2 «Z9»"
    assert decoded["future"] == {"weather": "mist", "levels": [1, 2]}
    assert {u["name"] for u in decoded["units"]} == {"Kampfgruppe <b>"}


def test_non_ascii_text_is_utf8_not_escaped():
    setup = dict(CONTRACT_EXAMPLE, notes="Bäckerei")
    assert "Bäckerei" in _inflate_payload(share.encode(setup))


@pytest.mark.parametrize("version", ["2", "0", "10"])
def test_other_link_version_is_refused_by_name(version):
    payload = share.encode(CONTRACT_EXAMPLE)[len("s1."):]
    with pytest.raises(SetupError, match=rf"link: .*version {version}\b"):
        share.decode(f"s{version}.{payload}")


def test_encode_refuses_an_invalid_setup():
    bad = dict(CONTRACT_EXAMPLE, hexes={"Y8": {"terrain": "lava"}})
    with pytest.raises(SetupError, match="Y8"):
        share.encode(bad)


def test_encode_accepts_a_loaded_setup_object():
    assert share.encode(load_setup(CONTRACT_EXAMPLE)) == share.encode(CONTRACT_EXAMPLE)


def test_encode_refuses_a_setup_too_large_for_a_link(monkeypatch):
    # Limits: a setup whose link would exceed MAX_LINK_CHARS is refused at
    # once with the sizes, never handed out as a link that will not open.
    monkeypatch.setattr(limits, "MAX_LINK_CHARS", 100)
    with pytest.raises(SetupError, match=r"too large to share.*100"):
        share.encode(CONTRACT_EXAMPLE)


def test_decode_refuses_a_link_longer_than_the_limit():
    link = "s1." + "A" * limits.MAX_LINK_CHARS
    with pytest.raises(SetupError, match=str(limits.MAX_LINK_CHARS)):
        share.decode(link)
