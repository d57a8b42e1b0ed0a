"""The one guarded JSON reader: every door into Python reads JSON through it.

Share links (``pycore.share``), the page's queries (``web.bridge.call``: a
file, an autosave, ``window.asl``, a query's arguments) and the command line
(``python -m pycore``) all hand their text to :func:`loads`. It answers any
input quickly, raising only :class:`SetupError`: the size is checked first,
then the nesting depth and the numbers are measured with C-speed byte
operations before ``json.loads`` sees the text, so it never recurses deep
enough to exhaust the (small, in WebAssembly) stack and never reads a
number that would take seconds. UTF-8 with or without a byte order mark is
read. Stdlib only: this runs in Pyodide too.
"""
from __future__ import annotations

import gc
import json
import re
from typing import Any

from . import limits
from .errors import SetupError

# Outside strings: more than 40 digits in a row (a 128-bit number has 39), or
# an exponent of three digits (1e999 is infinity). No setup value is near.
# Found by plain substring search once every digit reads 9, E reads e and -
# reads +: C speed on megabytes.
_NUMBER_SHAPES = bytes.maketrans(b"0123456789E-", b"9999999999e+")
_HUGE_NUMBERS = (b"9" * 41, b"e999", b"e+999")
# A JSON string: linear-time, and an unterminated one runs to the end.
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"?', re.S)
_CURLY_AS_SQUARE = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
_BOM = b"\xef\xbb\xbf"


def loads(data: str | bytes, field: str, subject: str = "the JSON", *,
          wrapped: int = 0, hint: str = "") -> Any:
    """The value in JSON ``data`` (text, or UTF-8 bytes), within the limits.

    Errors read ``{field}: {subject} ...``, e.g. ``link: the setup in it is
    nested more than 32 levels deep``. ``wrapped`` levels of nesting around the
    setup (the bridge's argument list) are allowed beyond MAX_JSON_DEPTH;
    ``hint`` ends the messages about damaged text ("; copy the link again").
    """
    text = check(data, field, subject, wrapped=wrapped, hint=hint)

    def constant(name: str) -> Any:
        raise SetupError(f"{field}: {subject} holds {name}, which is not a number")

    # A megabyte of tiny lists would set the cycle collector running again
    # and again while they are built; JSON makes no cycles, so pause it.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return json.loads(text, parse_constant=constant)
    except SetupError:
        raise
    except (ValueError, RecursionError) as exc:
        raise SetupError(f"{field}: {subject} is not valid JSON ({_short(exc)}){hint}") from None
    finally:
        if collecting:
            gc.enable()


def check(data: str | bytes, field: str, subject: str = "the JSON", *,
          wrapped: int = 0, hint: str = "") -> str:
    """``data`` as text, once its size, nesting depth and numbers are within
    the limits (SetupError otherwise). It is not parsed: ``json.loads`` may
    then read it without exhausting the stack or the clock."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        if len(raw) > limits.MAX_INFLATED_BYTES:
            raise _too_large(field, subject)
        raw = raw.removeprefix(_BOM)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise SetupError(f"{field}: {subject} is not valid UTF-8 text{hint}") from None
    elif isinstance(data, str):
        if len(data) > limits.MAX_INFLATED_BYTES:    # each character is a byte or more
            raise _too_large(field, subject)
        text = data.removeprefix("\ufeff")
        raw = text.encode("utf-8", "surrogatepass")  # a lone surrogate is refused later
        if len(raw) > limits.MAX_INFLATED_BYTES:
            raise _too_large(field, subject)
    else:
        raise SetupError(f"{field}: expected JSON text, got {type(data).__name__}")
    check_structure(raw, field, subject, wrapped)
    return text


def _too_large(field: str, subject: str) -> SetupError:
    return SetupError(f"{field}: {subject} is too large "
                      f"(more than {limits.MAX_INFLATED_BYTES} bytes)")


def check_structure(raw: bytes, field: str, subject: str, wrapped: int = 0) -> None:
    """Refuse crafted JSON before json.loads sees it: too deep, or numbers
    too long (past 4300 digits Python refuses them, and reading one costs
    time quadratic in its length) or too large for a float."""
    bare = _JSON_STRING.sub(b"", raw)
    shapes = bare.translate(_NUMBER_SHAPES)
    if any(huge in shapes for huge in _HUGE_NUMBERS):
        raise SetupError(f"{field}: {subject} holds a number far too large to be a "
                         f"setup value")
    if not _depth_ok(bare, limits.MAX_JSON_DEPTH + wrapped):
        raise SetupError(f"{field}: {subject} is nested more than "
                         f"{limits.MAX_JSON_DEPTH} levels deep")


def _depth_ok(bare: bytes, most: int) -> bool:
    """True unless JSON (its strings cut out) nests deeper than ``most``.

    Only the brackets are kept (``{}`` read as ``[]``) and one innermost
    level of ``[]`` pairs is removed per round: C-speed byte operations, so
    megabytes are measured in milliseconds. What is left once no pairs
    remain (``]]][[[``) is unbalanced; its openers nest too.
    """
    brackets = bare.translate(_CURLY_AS_SQUARE, _NOT_BRACKETS)
    rounds = 0
    while True:
        shorter = brackets.replace(b"[]", b"")
        if len(shorter) == len(brackets):
            return brackets.count(b"[") <= most
        rounds += 1
        if rounds > most:
            return False
        brackets = shorter


def _short(exc: Exception) -> str:
    message = str(exc)
    return message if len(message) <= 120 else message[:117] + "..."
