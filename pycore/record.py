"""Records: classes of typed fields, as ``@dataclass`` makes them, for less at import.

``@record`` gives a class what ``@dataclass(frozen=True)`` gives it: an
``__init__`` taking its fields in order (defaults and ``field(default_factory=...)``
as dataclasses reads them), ``==`` and ``hash`` by the fields' values (by
identity with ``eq=False``), a ``repr`` and ``__match_args__``; a frozen record
refuses assignment (``dataclasses.FrozenInstanceError``). ``frozen=False``
allows it and, with ``eq``, makes the record unhashable; ``slots=True`` gives
it ``__slots__``. ``replace`` is ``dataclasses.replace``.

Why not dataclasses: it writes the source of six methods per class and
compiles it every time its module is imported. In Pyodide, before the page is
ready, that took 2-20 ms per class, about a quarter of the rules' import time
(issue 32; docs/testing.md, "Start-up against a bare Pyodide boot"). Here only
``__init__`` is compiled, one line per field as dataclasses writes it, so
making a record costs what it did; the other methods are shared functions
reading the fields through ``operator.attrgetter``.
"""
from __future__ import annotations

import inspect
from dataclasses import MISSING, FrozenInstanceError
from operator import attrgetter
from typing import Any, Callable, TypeVar, dataclass_transform

T = TypeVar("T")
_FIELDS = "__record_fields__"


class Field:
    """A field's default and what it takes part in (``field``)."""
    __slots__ = ("name", "default", "default_factory", "init", "repr", "compare")

    def __init__(self, default: Any = MISSING, default_factory: Any = MISSING,
                 init: bool = True, repr: bool = True, compare: bool = True) -> None:
        self.name = ""
        self.default, self.default_factory = default, default_factory
        self.init, self.repr, self.compare = init, repr, compare


def field(*, default: Any = MISSING, default_factory: Callable[[], Any] | Any = MISSING,
          init: bool = True, repr: bool = True, compare: bool = True) -> Any:
    """A field's default or default factory, and whether it is an argument of
    ``__init__``, shown by ``repr`` and compared (as ``dataclasses.field``)."""
    return Field(default, default_factory, init, repr, compare)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(cls: type[T] | None = None, /, *, frozen: bool = True, eq: bool = True,
           slots: bool = False) -> Any:
    """The class as a record (see the module's docstring)."""
    def make(c: type[T]) -> type[T]:
        return _make(c, frozen, eq, slots)
    return make if cls is None else make(cls)


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of record ``obj`` with ``changes`` (fields that ``__init__``
    does not take start afresh), as ``dataclasses.replace``."""
    values = {f.name: getattr(obj, f.name) for f in getattr(obj, _FIELDS) if f.init}
    values.update(changes)
    return type(obj)(**values)


def _make(cls: type[T], frozen: bool, eq: bool, slots: bool) -> type[T]:
    fields: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        for f in base.__dict__.get(_FIELDS, ()):
            fields[f.name] = f
    for name in inspect.get_annotations(cls):
        value = cls.__dict__.get(name, MISSING)
        f = value if isinstance(value, Field) else Field(default=value)
        f.name = name
        fields[name] = f                 # a field declared again keeps its place
        if isinstance(value, Field) or slots:
            if name in cls.__dict__:
                delattr(cls, name)
            if f.default is not MISSING and not slots:
                setattr(cls, name, f.default)
    every = tuple(fields.values())
    if slots:
        namespace = {k: v for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__")}
        namespace["__slots__"] = tuple(fields)
        meta: Any = type(cls)
        remade: Any = meta(cls.__name__, cls.__bases__, namespace)
        cls = remade
    setattr(cls, _FIELDS, every)
    setattr(cls, "__match_args__", tuple(f.name for f in every if f.init))
    setattr(cls, "__init__", _init(cls, every, frozen))
    setattr(cls, "__repr__", _repr(tuple(f.name for f in every if f.repr)))
    if eq:
        key = _key(tuple(f.name for f in every if f.compare))
        setattr(cls, "__eq__", _eq(key))
        setattr(cls, "__hash__", _hash(key) if frozen else None)
    if frozen:
        setattr(cls, "__setattr__", _frozen_setattr)
        setattr(cls, "__delattr__", _frozen_delattr)
    return cls


def _init(cls: type, fields: tuple[Field, ...], frozen: bool) -> Callable[..., None]:
    """``__init__`` compiled from its source, as dataclasses writes it."""
    names = {f.name for f in fields}
    assert "self" not in names, "a record's field may not be called self"
    scope: dict[str, Any] = {"_set": object.__setattr__, "_FACTORY": object()}
    params, lines = [], []
    for f in fields:
        if f.default_factory is not MISSING:
            scope[f"_factory_{f.name}"] = f.default_factory
            value = (f"_factory_{f.name}() if {f.name} is _FACTORY else {f.name}" if f.init
                     else f"_factory_{f.name}()")
            if f.init:
                params.append(f"{f.name}=_FACTORY")
        elif f.default is not MISSING:
            scope[f"_default_{f.name}"] = f.default
            value = f.name if f.init else f"_default_{f.name}"
            if f.init:
                params.append(f"{f.name}=_default_{f.name}")
        else:
            value = f.name
            if f.init:
                if any("=" in p for p in params):
                    raise TypeError(f"{cls.__name__}: non-default field {f.name!r} "
                                    "follows a default field")
                params.append(f.name)
            else:
                continue                 # not set by __init__, no default: as dataclasses
        lines.append(f"_set(self, {f.name!r}, {value})" if frozen else f"self.{f.name} = {value}")
    source = (f"def __init__(self, {', '.join(params)}):\n    "
              + ("\n    ".join(lines) or "pass") + "\n")
    exec(source, scope)
    init: Callable[..., None] = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _key(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    if not names:
        return lambda _: ()
    get = attrgetter(*names)
    return get if len(names) > 1 else lambda obj: (get(obj),)


def _eq(key: Callable[[Any], tuple]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented
    return __eq__


def _hash(key: Callable[[Any], tuple]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(key(self))
    return __hash__


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"
    return __repr__


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")
