"""Setups loaded once and reused: a query pays for validation only when the
setup changed.

A setup is keyed by what it was given as: its JSON text, or, for a Python
object, its ``marshal`` bytes (a C-speed serialisation, ten times quicker
than ``repr``, that tells a list from a tuple and ``1`` from ``1.0`` and
``True``, and refuses subclasses and other types: those are loaded every
time).  An edited dict has other bytes, so an edit is never answered from the
old setup; what is derived from a setup (Wall Advantage, bocage hexes,
visibility maps: ``Setup.derived``) goes with it.  Only setups that load are
kept: a bad one raises SetupError every time it is asked.

A cache loads against one board library (``pycore.terrain.vasl.library``), given
when it is made: ``pycore.api`` holds the process's pair, and clears the
cache when a board is forgotten (docs/architecture-library.md).
"""
from __future__ import annotations

import marshal
from collections import OrderedDict
from typing import Any

from .. import limits
from . import Setup, load_setup
from ..terrain.vasl.library import Library


def _key(obj: Any) -> tuple[Any, Any] | None:
    if isinstance(obj, (str, bytes)):
        return (type(obj), obj)
    try:
        return (marshal, marshal.dumps(obj))
    except ValueError:   # not plain data, or nested too deep: loaded every time
        return None


class SetupCache:
    """The last ``limits.SETUP_CACHE_SIZE`` setups loaded with ``boards``."""

    def __init__(self, boards: Library) -> None:
        self.boards = boards
        self._loaded: OrderedDict[tuple[Any, Any], Setup] = OrderedDict()

    def __len__(self) -> int:
        return len(self._loaded)

    def loaded(self, obj: Any) -> Setup:
        """``load_setup(obj, boards)``, from the cache when the same setup was loaded before."""
        if isinstance(obj, Setup):
            return obj
        key = _key(obj)
        if key is None:
            return load_setup(obj, self.boards)
        s = self._loaded.get(key)
        if s is not None:
            self._loaded.move_to_end(key)
            return s
        s = load_setup(obj, self.boards)
        self._loaded[key] = s
        while len(self._loaded) > limits.SETUP_CACHE_SIZE:
            self._loaded.popitem(last=False)
        return s

    def clear(self) -> None:
        self._loaded.clear()
