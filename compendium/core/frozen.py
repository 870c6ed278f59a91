"""A fast ``dataclasses.replace`` for the frozen game states.

Every move of every game makes its next state by copying the last with a few fields changed.
``dataclasses.replace`` does that through the class's generated ``__init__`` after checking every
field's kind, which made it the largest single cost of random play (about a tenth of the stress
test).  For a plain frozen dataclass — every field set by ``__init__``, no ``__post_init__`` to
run — copying the fields straight into a new instance gives the same object several times faster;
anything else falls back to ``dataclasses.replace``, so the result is always the same.
"""
from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

# class -> its field names when the fast copy is exact, or None when it is not
_PLAIN: dict[type, tuple[str, ...] | None] = {}


def _plain_fields(cls: type) -> tuple[str, ...] | None:
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__"):
        return None
    if not cls.__dataclass_params__.init:   # type: ignore[attr-defined]
        return None     # a hand-written __init__ may do more than set the fields
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        return None     # a field __init__ does not set
    if len(fields) != len(cls.__dataclass_fields__):
        return None     # an InitVar (or a ClassVar): fields() leaves them out, __init__ may not
    return tuple(f.name for f in fields)


def replace(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``, fast for plain frozen dataclasses."""
    cls = type(obj)
    try:
        names = _PLAIN[cls]
    except KeyError:
        names = _PLAIN[cls] = _plain_fields(cls)
    if names is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    for name in changes:
        if name not in names:
            raise TypeError(f"{cls.__name__} has no field {name!r} to replace")
    new = object.__new__(cls)
    put = object.__setattr__   # what a frozen dataclass's own __init__ uses
    for name in names:
        put(new, name, changes[name] if name in changes else getattr(obj, name))
    return new
