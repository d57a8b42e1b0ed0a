"""Share links: a setup carried in a URL fragment (docs/contract.md, "Share links").

A link is ``s1.`` followed by base64url (no padding) of the raw-deflated
(zlib wbits -15), compact UTF-8 JSON of the setup. The ``1`` is the link
version: every version-1 link ever made must keep opening.

A link is input from a stranger. :func:`decode` answers every input quickly
and raises only :class:`SetupError`, with a message a player can act on:
the length is checked before anything is decoded, the inflated size is
capped without inflating a bomb in full, and the JSON is read by
``pycore.jsonread`` (nesting depth and numbers measured before ``json.loads``
sees the text). Stdlib only: this runs in Pyodide too.
"""
from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from .. import jsonread, limits
from . import question as questions
from ..errors import SetupError
from ..setup.lookalike import link_ids, side_warnings
from .oldlinks import repair_text
from ..setup import load_setup, map_size_warning
from ..terrain.vasl.library import Library

VERSION = 1
PREFIX = f"s{VERSION}."
_FIELD = "link"
_JSON_TYPES = {dict: "object", list: "list", str: "string", int: "number",
               float: "number", bool: "true/false", type(None): "null"}
_VERSIONED = re.compile(r"s(\d{1,6})\.")
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
_WHITESPACE = re.compile(r"\s+")
# Room for the page address in front of the fragment when a whole URL is given.
_URL_ALLOWANCE = 4096


def _fail(why: str) -> SetupError:
    return SetupError(f"{_FIELD}: {why}")


# --- encoding ---------------------------------------------------------------

def _pack(obj: dict) -> str:
    """The link for an already-valid setup dict (no size checks)."""
    try:
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"),
                          sort_keys=True, allow_nan=False).encode("utf-8")
    except (ValueError, TypeError, RecursionError) as exc:
        # NaN, a number too long to write, a value JSON has no form for, a
        # lone surrogate (load_setup refuses all of these first).
        raise SetupError(f"setup: holds a value a link cannot carry "
                         f"({_short(exc)})") from None
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = squeezer.compress(text) + squeezer.flush()
    return PREFIX + base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def encode(setup: Any, question: Any = None) -> str:
    """The share-link fragment (without ``#``) for a setup.

    ``setup`` is a setup dict (validated first, so a link that will not
    open is never made) or a ``pycore.setup.Setup``. ``question`` (optional,
    ``pycore.share.question``) is the ruling to show on opening; it travels as one
    more top-level field, which older version-1 readers keep and ignore.
    """
    loaded = load_setup(setup)          # load_setup passes a Setup through
    obj = loaded.to_dict()
    obj.pop(questions.FIELD, None)      # never a setup field of its own
    if question is not None:
        obj[questions.FIELD] = questions.check(loaded, question)
    link = _pack(obj)
    if len(link) > limits.MAX_LINK_CHARS:
        raise _fail(f"this setup is too large to share as a link "
                    f"({len(link)} characters; the limit is "
                    f"{limits.MAX_LINK_CHARS})")
    # Never hand out a link that decode() would refuse.
    _parse_json(_inflate(_unbase64(_payload(link))))
    return link


# --- decoding, one guarded step at a time -----------------------------------

def _fragment(text: Any) -> str:
    """The fragment of a link given as a fragment, ``#fragment`` or URL.

    Whitespace is dropped (a mail client may wrap a long link; base64url
    never holds any).
    """
    if isinstance(text, (str, bytes, bytearray)) and \
            len(text) > limits.MAX_LINK_CHARS + _URL_ALLOWANCE:
        raise _fail(f"too long to be a setup link ({len(text)} characters; "
                    f"the limit is {limits.MAX_LINK_CHARS})")
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = bytes(text).decode("ascii")
        except UnicodeDecodeError:
            raise _fail("not a setup link (it contains characters a link "
                        "never has)") from None
    if not isinstance(text, str):
        raise _fail(f"expected the text of a link, got {type(text).__name__}")
    if "#" in text:
        text = text.partition("#")[2]
    text = _WHITESPACE.sub("", text)
    if len(text) > limits.MAX_LINK_CHARS:
        raise _fail(f"too long to be a setup link ({len(text)} characters; "
                    f"the limit is {limits.MAX_LINK_CHARS})")
    return text


def _payload(fragment: str) -> str:
    """The base64url part, after checking the link version."""
    match = _VERSIONED.match(fragment)
    if not match:
        raise _fail(f"not a setup link (a setup link starts with "
                    f"#{PREFIX})")
    if len(match.group(1)) > 1 and match.group(1).startswith("0"):   # s01. is not s1.
        raise _fail(f"not a setup link (its version reads {match.group(1)}; a setup "
                    f"link starts with #{PREFIX})")
    version = int(match.group(1))
    if version != VERSION:
        newer = "a newer version of this app" if version > VERSION else "no version of this app"
        raise _fail(f"this is a version {version} link, made by {newer}; "
                    f"this app opens version {VERSION} links")
    return fragment[match.end():]


def _unbase64(payload: str) -> bytes:
    if not _BASE64URL.fullmatch(payload):
        raise _fail("damaged: it contains characters a setup link never "
                    "has; copy the whole link again")
    if len(payload) % 4 == 1 or not payload:
        raise _fail("damaged or cut off; copy the whole link again")
    padded = payload + "=" * (-len(payload) % 4)
    try:
        return base64.b64decode(padded, altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise _fail("damaged; copy the whole link again") from None


def _inflate(raw: bytes) -> bytes:
    """Raw-inflate at most MAX_INFLATED_BYTES: a bomb stops at the cap."""
    cap = limits.MAX_INFLATED_BYTES
    inflater = zlib.decompressobj(-15)
    try:
        data = inflater.decompress(raw, cap + 1)
    except zlib.error:
        raise _fail("damaged (its data is corrupt); copy the whole link "
                    "again") from None
    if len(data) > cap or inflater.unconsumed_tail:
        raise _fail(f"the setup in it is too large (more than {cap} bytes)")
    if not inflater.eof:
        raise _fail("incomplete: it was probably cut off when it was "
                    "copied; copy the whole link again")
    if inflater.unused_data:
        raise _fail("damaged (extra data after the setup); copy the whole "
                    "link again")
    return data


def _parse_json(data: bytes) -> Any:
    return jsonread.loads(data, _FIELD, "the setup in it",
                          hint="; copy the whole link again")


def _short(exc: Exception) -> str:
    message = str(exc)
    return message if len(message) <= 120 else message[:117] + "..."


def decode(text: Any, boards: Library | None = None) -> dict:
    """The validated setup (a plain dict) in a share link, without its question.

    ``text`` is the fragment, ``#`` + fragment, or a whole URL. Anything
    that is not a valid version-1 setup link raises SetupError. ``boards``
    as for ``read``.
    """
    return read(text, boards)["setup"]


def unpack(text: Any) -> Any:
    """The JSON value a share link holds, not yet checked as a setup
    (SetupError if it is not a link's text)."""
    return _parse_json(_inflate(_unbase64(_payload(_fragment(text)))))


def read(text: Any, boards: Library | None = None) -> dict:
    """``{"setup", "question", "warnings"}`` of a share link: the setup as
    :func:`decode` gives it, and the question it carries (``pycore.share.question``)
    or None. A question that does not fit the setup is dropped, with a
    warning: the setup still opens. So are control characters in a link
    made by an earlier release (``pycore.share.oldlinks``) replaced, invisible
    characters removed from sides and ids and ids that then read the same told
    apart (``pycore.setup.lookalike``), and a map larger than today's budget opened,
    each with a warning. Sides that look alike but differ are named too.
    ``boards``: the imported boards its map may name (``load_setup``)."""
    obj = unpack(text)
    if not isinstance(obj, dict):
        raise _fail(f"does not hold a setup (it holds a JSON "
                    f"{_JSON_TYPES[type(obj)]}, not an object)")
    # Links made before the limits (pycore.limits) may hold control characters (pycore.share.oldlinks).
    obj, warnings = repair_text(obj)
    # ... and ids that read the same once read as they look (pycore.setup.lookalike).
    obj, twins = link_ids(obj)
    warnings += twins
    asked = obj.pop(questions.FIELD, None)
    try:
        loaded = load_setup(obj, boards)
        setup = loaded.to_dict()
    except SetupError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError,
            RecursionError) as exc:
        # load_setup promises SetupError; should it break that promise the
        # page still gets an answer it can show (the tests of load_setup
        # itself catch the bug).
        raise _fail(f"holds a setup this app cannot read ({_short(exc)})") from exc
    warnings += loaded.notices
    slow = map_size_warning(loaded.grid)
    if slow:
        warnings.append(slow)
    warnings += side_warnings(loaded.units)
    question = None
    if asked is not None:
        try:
            question = questions.check(loaded, asked)
        except SetupError as exc:
            warnings.append(f"{exc}; the question was left out")
    return {"setup": setup, "question": question, "warnings": warnings}
