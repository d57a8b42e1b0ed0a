"""pycore.record (issue 32): a record behaves as the dataclass it replaced, so
setups, ends and rulings compare, hash, print and refuse changes as before."""
from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any, Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pycore import record as r
from pycore.setup import OPEN, HexInfo, HexsideInfo, Wall


def twins(frozen: bool = True, eq: bool = True) -> tuple[type, type]:
    """The same class as a dataclass and as a record."""
    def body(field: Any) -> dict:
        return {"__annotations__": {"a": "int", "b": "str", "c": "tuple", "d": "Mapping[str, Any]"},
                "b": "x", "c": (),
                "d": field(default_factory=lambda: MappingProxyType({}), compare=False)}
    made = dataclasses.dataclass(frozen=frozen, eq=eq)(type("Thing", (), body(dataclasses.field)))
    mine = r.record(frozen=frozen, eq=eq)(type("Thing", (), body(r.field)))
    return made, mine


values = st.tuples(st.integers(-3, 3), st.sampled_from(["x", "y"]), st.sampled_from([(), (1,), (1, 2)]))


@given(values, values)
def test_a_record_compares_hashes_and_prints_as_its_dataclass(one, other) -> None:
    made, mine = twins()
    assert (mine(*one) == mine(*other)) == (made(*one) == made(*other))
    assert hash(mine(*one)) == hash(made(*one))                  # by the compared fields
    assert repr(mine(*one)) == repr(made(*one))
    assert mine(one[0]) == mine(one[0], "x", ())                 # the defaults
    assert mine(one[0]).d is not mine(one[0]).d                   # a factory per record
    assert r.replace(mine(*one), b="z") == mine(one[0], "z", one[2])


def test_a_frozen_record_refuses_changes_as_a_frozen_dataclass() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        OPEN.level = 2                                            # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del OPEN.level                                            # type: ignore[misc]
    assert r.replace(OPEN, level=2) == HexInfo(level=2) and OPEN == HexInfo()


def test_identity_and_unhashable_records_as_their_dataclasses() -> None:
    made, mine = twins(frozen=False, eq=False)
    assert mine(1) != mine(1) and made(1) != made(1)             # eq=False: by identity
    thing = mine(1)
    thing.a = 2
    assert thing.a == 2
    made, mine = twins(frozen=False)
    assert mine.__hash__ is None and made.__hash__ is None       # eq, not frozen: unhashable


def test_a_wall_is_a_hexside_with_its_type_first() -> None:
    assert Wall("hedge", hillside=True) != HexsideInfo("hedge", hillside=True)   # not the same class
    assert Wall("hedge").__match_args__[0] == "type"
    with pytest.raises(TypeError):
        Wall()                                                    # type: ignore[call-arg]


def test_records_keep_a_default_on_the_class_and_slots_where_asked() -> None:
    from pycore.los.context import Ctx
    assert HexInfo.terrain == "open"
    assert "__dict__" not in dir(Ctx) and "with_afv" in Ctx.__slots__
    assert isinstance(HexInfo().extra, Mapping)
