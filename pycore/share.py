"""Share links: a setup carried in a URL fragment (CONTRACT.md, "Share links").

A link is ``s1.`` followed by base64url (no padding) of the raw-deflated
(zlib wbits -15), compact UTF-8 JSON of the setup. The ``1`` is the link
version: every version-1 link ever made must keep opening.

A link is input from a stranger. :func:`decode` answers every input quickly
and raises only :class:`SetupError`, with a message a player can act on:
the length is checked before anything is decoded, the inflated size is
capped without inflating a bomb in full, the JSON nesting depth is measured
before ``json.loads`` sees the text, and so are numbers too big to be a
setup value. Stdlib only: this runs in Pyodide too.
"""
from __future__ import annotations

import base64
import binascii
import gc
import json
import re
import zlib

from . import limits
from . import question as questions
from .errors import SetupError
from .setup import load_setup

VERSION = 1
PREFIX = f"s{VERSION}."
_FIELD = "link"
# Outside strings: more than 40 digits in a row (a 128-bit number has 39), or
# an exponent of three digits (1e999 is infinity). No setup value is near.
# Found by plain substring search once every digit reads 9, E reads e and -
# reads +: C speed on megabytes.
_NUMBER_SHAPES = bytes.maketrans(b"0123456789E-", b"9999999999e+")
_HUGE_NUMBERS = (b"9" * 41, b"e999", b"e+999")
_JSON_TYPES = {dict: "object", list: "list", str: "string", int: "number",
               float: "number", bool: "true/false", type(None): "null"}
_VERSIONED = re.compile(r"s(\d{1,6})\.")
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
# A JSON string: linear-time, and an unterminated one runs to the end.
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"?', re.S)
_CURLY_AS_SQUARE = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
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
                          sort_keys=True, allow_nan=False)
    except (ValueError, TypeError, RecursionError) as exc:
        # NaN, a number too long to write, a value JSON has no form for.
        raise SetupError(f"setup: holds a value a link cannot carry "
                         f"({_short(exc)})") from None
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = squeezer.compress(text.encode("utf-8")) + squeezer.flush()
    return PREFIX + base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def encode(setup, question=None) -> str:
    """The share-link fragment (without ``#``) for a setup.

    ``setup`` is a setup dict (validated first, so a link that will not
    open is never made) or a ``pycore.setup.Setup``. ``question`` (optional,
    ``pycore.question``) is the ruling to show on opening; it travels as one
    more top-level field, which older version-1 readers keep and ignore.
    """
    obj = load_setup(setup).to_dict()   # load_setup passes a Setup through
    obj.pop(questions.FIELD, None)      # never a setup field of its own
    if question is not None:
        obj[questions.FIELD] = questions.check(obj, question)
    link = _pack(obj)
    if len(link) > limits.MAX_LINK_CHARS:
        raise _fail(f"this setup is too large to share as a link "
                    f"({len(link)} characters; the limit is "
                    f"{limits.MAX_LINK_CHARS})")
    # Never hand out a link that decode() would refuse.
    _parse_json(_inflate(_unbase64(_payload(link))))
    return link


# --- decoding, one guarded step at a time -----------------------------------

def _fragment(text) -> str:
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


def _depth_ok(bare: bytes) -> bool:
    """True unless JSON (its strings cut out) nests deeper than MAX_JSON_DEPTH.

    Only the brackets are kept (``{}`` read as ``[]``) and one innermost
    level of ``[]`` pairs is removed per round: C-speed byte operations, so
    megabytes are measured in milliseconds, and json.loads never recurses
    deep enough to exhaust the (small, in WebAssembly) stack. What is left
    once no pairs remain (``]]][[[``) is unbalanced; its openers nest too.
    """
    brackets = bare.translate(_CURLY_AS_SQUARE, _NOT_BRACKETS)
    rounds = 0
    while True:
        shorter = brackets.replace(b"[]", b"")
        if len(shorter) == len(brackets):
            return brackets.count(b"[") <= limits.MAX_JSON_DEPTH
        rounds += 1
        if rounds > limits.MAX_JSON_DEPTH:
            return False
        brackets = shorter


def _check_structure(data: bytes) -> None:
    """Refuse crafted JSON before json.loads sees it: too deep, or numbers
    too long (past 4300 digits Python refuses them, and reading one costs
    time quadratic in its length) or too large for a float."""
    bare = _JSON_STRING.sub(b"", data)
    shapes = bare.translate(_NUMBER_SHAPES)
    if any(huge in shapes for huge in _HUGE_NUMBERS):
        raise _fail("the setup in it holds a number far too large to be a "
                    "setup value")
    if not _depth_ok(bare):
        raise _fail(f"the setup in it is nested more than "
                    f"{limits.MAX_JSON_DEPTH} levels deep")


def _parse_constant(name: str):
    raise _fail(f"the setup in it holds {name}, which is not a number")


def _parse_json(data: bytes):
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _fail("damaged (the setup text is not valid UTF-8); copy the "
                    "whole link again") from None
    _check_structure(data)
    # A megabyte of tiny lists would set the cycle collector running again
    # and again while they are built; JSON makes no cycles, so pause it.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return json.loads(text, parse_constant=_parse_constant)
    except SetupError:
        raise
    except (ValueError, RecursionError) as exc:
        raise _fail(f"damaged (the setup in it is not valid JSON: "
                    f"{_short(exc)})") from None
    finally:
        if collecting:
            gc.enable()


def _short(exc: Exception) -> str:
    message = str(exc)
    return message if len(message) <= 120 else message[:117] + "..."


def decode(text) -> dict:
    """The validated setup (a plain dict) in a share link, without its question.

    ``text`` is the fragment, ``#`` + fragment, or a whole URL. Anything
    that is not a valid version-1 setup link raises SetupError.
    """
    return read(text)["setup"]


def read(text) -> dict:
    """``{"setup", "question", "warnings"}`` of a share link: the setup as
    :func:`decode` gives it, and the question it carries (``pycore.question``)
    or None. A question that does not fit the setup is dropped, with a
    warning: the setup still opens."""
    obj = _parse_json(_inflate(_unbase64(_payload(_fragment(text)))))
    if not isinstance(obj, dict):
        raise _fail(f"does not hold a setup (it holds a JSON "
                    f"{_JSON_TYPES[type(obj)]}, not an object)")
    asked = obj.pop(questions.FIELD, None)
    try:
        setup = load_setup(obj).to_dict()
    except SetupError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError,
            RecursionError) as exc:
        # load_setup promises SetupError; should it break that promise the
        # page still gets an answer it can show (the tests of load_setup
        # itself catch the bug).
        raise _fail(f"holds a setup this app cannot read ({_short(exc)})") from exc
    question, warnings = None, []
    if asked is not None:
        try:
            question = questions.check(setup, asked)
        except SetupError as exc:
            warnings.append(f"{exc}; the question was left out")
    return {"setup": setup, "question": question, "warnings": warnings}
