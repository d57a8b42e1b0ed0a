"""The question in a share link (issue 10; docs/contract.md, "A question in a link").

A link may carry, beside its setup, the ruling to show on opening. It is an
addition to link version 1: a link made now must open in the previous
release's code with the setup intact, the question kept there as an unknown
field with a warning.
"""
from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pycore import api, share
from pycore.share import question
from pycore.errors import SetupError
from pycore.setup import load_setup

ROOT = Path(__file__).resolve().parent.parent
# The last release before links carried a question (main at issue 10's start).
BEFORE_QUESTIONS = "451ed0e67acddb3ad54a934210594da53adbdeb1"

B92 = {"format": "asl-setup", "version": 1, "map": {"columns": 33, "rows": 10, "board": "6"},
       "hexsides": {"Z8-Y9": "hedge", "Y8-Z8": "wall", "Y7-X7": "wall"},
       "units": [{"id": "g1", "side": "German", "type": "squad", "hex": "Z9"},
                 {"id": "r1", "side": "Russian", "type": "squad", "hex": "X6"}]}
ASK = {"tool": "fire", "viewer": "g1", "target": "r1", "view": {"zoom": 1.6, "centre": "Y8"}}


@pytest.fixture(scope="module")
def old_core(tmp_path_factory):
    """pycore as it was before links carried a question, from git history,
    importable as ``oldcore``."""
    where = tmp_path_factory.mktemp("old") / "oldcore"
    where.mkdir()
    try:
        names = subprocess.run(["git", "ls-tree", "--name-only", BEFORE_QUESTIONS, "pycore/"],
                               cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
        for name in names:
            text = subprocess.run(["git", "show", f"{BEFORE_QUESTIONS}:{name}"], cwd=ROOT,
                                  capture_output=True, check=True).stdout
            (where / Path(name).name).write_bytes(text)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("the previous release is not in this clone's git history")
    sys.path.insert(0, str(where.parent))
    try:
        yield (importlib.import_module("oldcore.share"), importlib.import_module("oldcore.setup"))
    finally:
        sys.path.remove(str(where.parent))
        for mod in [m for m in sys.modules if m == "oldcore" or m.startswith("oldcore.")]:
            del sys.modules[mod]


def test_the_old_decoder_knows_nothing_of_questions(old_core):
    old_share, _ = old_core
    assert not hasattr(old_share, "read")
    assert "question" not in Path(old_share.__file__).read_text()


@pytest.mark.parametrize("ask", [
    ASK,
    {"tool": "los", "viewer": "r1", "target": {"hex": "Y8", "level": 0, "vertex": "Y8-Y9-Z8"}},
])
def test_a_link_with_a_question_opens_in_the_previous_release(old_core, ask):
    old_share, old_setup = old_core
    link = share.encode(B92, ask)
    opened = old_share.decode(link)
    # The setup is intact; the question rides along as an unknown field...
    assert {k: v for k, v in opened.items() if k != "question"} == load_setup(B92).to_dict()
    # ...with the existing unknown-field warning, and the old rules still answer.
    assert "setup: unknown field 'question' kept" in old_setup.load_setup(opened).warnings
    assert opened["question"] == question.check(B92, ask)


def test_corpus_links_with_questions_open_in_the_previous_release(old_core):
    old_share, _ = old_core
    corpus = json.loads((ROOT / "tests" / "data" / "links.json").read_text("utf-8"))["links"]
    # A board layout (issue 11) is newer than that release: it reads the
    # board-prefixed names as plain ones, so only links on plain maps compare.
    # A link today's setups repair (``opens_as``: twin ids, issue 24) was made
    # by that release itself, its setup not one today's code writes.
    asked = [e for e in corpus if "question" in e and "boards" not in e["source"]["map"]
             and "opens_as" not in e]
    assert asked
    for entry in asked:
        opened = old_share.decode(entry["link"])
        assert opened.pop("question") == entry["question"]
        assert opened == load_setup(entry["source"]).to_dict(), entry["name"]


def test_question_round_trips_and_the_setup_is_unchanged():
    link = share.encode(B92, ASK)
    opened = share.read(link)
    assert opened == {"setup": share.decode(share.encode(B92)), "question": ASK, "warnings": []}
    assert share.decode(link) == load_setup(B92).to_dict()      # decode: the setup alone


def test_a_link_without_a_question_is_unchanged():
    assert share.encode(B92) == share.encode(B92, None)
    assert share.read(share.encode(B92))["question"] is None


def test_a_stale_question_field_in_a_setup_is_not_shared():
    # A setup opened by an older release keeps "question" as an extra field;
    # sharing it again must not carry that old question.
    stale = {**B92, "question": {"tool": "los", "viewer": "g1", "target": "r1"}}
    assert share.read(share.encode(stale))["question"] is None


def test_the_question_asks_what_the_api_answers():
    ask = share.read(share.encode(B92, ASK))["question"]
    result = getattr(api, ask["tool"])(B92, ask["viewer"], ask["target"])
    assert result["los"] is True and result["tem"] == 2


@pytest.mark.parametrize("bad, field", [
    ({"viewer": "g1", "target": "nobody"}, "question.target"),
    ({"viewer": "g1"}, "question.target"),
    ({"tool": "rout", "viewer": "g1", "target": "r1"}, "question.tool"),
    ({"tool": "fire", "viewer": "g1", "target": "X6"}, "question.tool"),
    ({"viewer": "g1", "target": {"hex": "X6", "level": 3}}, "question.target.level"),
    ({"viewer": "g1", "target": {"hex": "X6", "vertex": "A1-A2-B1"}}, "question.target.vertex"),
    ({"viewer": "g1", "target": "r1", "view": {"zoom": "near"}}, "question.view.zoom"),
    ({"viewer": "g1", "target": "r1", "view": {"centre": "ZZ99"}}, "question.view.centre"),
    ({"viewer": "g1", "target": "g1"}, "question.target"),
    ("g1 to r1", "question"),
])
def test_a_bad_question_is_refused_when_the_link_is_made(bad, field):
    with pytest.raises(SetupError) as err:
        share.encode(B92, bad)
    assert str(err.value).startswith(field)


def test_a_question_that_no_longer_fits_drops_with_a_warning_and_the_setup_opens():
    # A crafted (or hand-edited) link: its question names a unit not on the map.
    obj = {**load_setup(B92).to_dict(), "question": {"viewer": "g1", "target": "ghost"}}
    link = share._pack(obj)
    opened = share.read(link)
    assert opened["setup"] == load_setup(B92).to_dict()
    assert opened["question"] is None
    assert opened["warnings"] and opened["warnings"][0].startswith("question.target")


@pytest.mark.parametrize("zoom, kept", [(1e9, question.MAX_ZOOM), (0, question.MIN_ZOOM),
                                        (1.23456, 1.235)])
def test_a_view_beyond_the_page_is_brought_in_range(zoom, kept):
    ask = {"viewer": "g1", "target": "r1", "view": {"zoom": zoom}}
    assert share.read(share.encode(B92, ask))["question"]["view"] == {"zoom": kept}
