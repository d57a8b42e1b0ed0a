"""Setups loaded once and reused: a query pays for validation only when the
setup changed (issue 13).

A setup is keyed by what it was given as: its JSON text, or, for a Python
object, its ``marshal`` bytes (a C-speed serialisation, ten times quicker
than ``repr``, that tells a list from a tuple and ``1`` from ``1.0`` and
``True``, and refuses subclasses and other types: those are loaded every
time).  An edited dict has other bytes, so an edit is never answered from the
old setup; what is derived from a setup (Wall Advantage, bocage hexes,
visibility maps) lives in its ``Setup.cache`` and goes with it.  Only setups that load are kept: a bad
one raises SetupError every time it is asked.
"""
from __future__ import annotations

import marshal
from collections import OrderedDict
from typing import Any

from . import limits
from .setup import Setup, load_setup

_LOADED: OrderedDict = OrderedDict()


def _key(obj: Any):
    if isinstance(obj, (str, bytes)):
        return (type(obj), obj)
    try:
        return (marshal, marshal.dumps(obj))
    except ValueError:   # not plain data, or nested too deep: loaded every time
        return None


def loaded(obj: Any) -> Setup:
    """``load_setup(obj)``, from the cache when the same setup was loaded before."""
    if isinstance(obj, Setup):
        return obj
    key = _key(obj)
    if key is None:
        return load_setup(obj)
    s = _LOADED.get(key)
    if s is not None:
        _LOADED.move_to_end(key)
        return s
    s = load_setup(obj)
    _LOADED[key] = s
    while len(_LOADED) > limits.SETUP_CACHE_SIZE:
        _LOADED.popitem(last=False)
    return s


def clear() -> None:
    _LOADED.clear()
