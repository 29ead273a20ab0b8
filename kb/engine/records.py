"""Faster construction of the records made for every object: the frozen ones an evaluation makes
(613.1), and game objects themselves.

A frozen dataclass's generated ``__init__`` writes each field through ``object.__setattr__``, one
call per field: with a View, its Status and its Characteristics made for each object that an
evaluation sees anew, that was a fifth of setting up a game.  :func:`quick_init` gives such a class
an ``__init__`` with the same parameters, defaults and default factories that writes all the fields
into the instance's ``__dict__`` at once, in the fields' order.  Nothing else changes: equality,
hashing, ``repr``, :func:`dataclasses.replace` and copying read the same fields.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

C = TypeVar("C", bound=type)


def quick_init(cls: C) -> C:
    """Replace the frozen dataclass ``cls``'s ``__init__`` (it must have no ``__post_init__``, no
    init-only or keyword-only fields and only fields given to ``__init__``)."""
    return _quick(cls, frozen=True, after=None)


def quick_tracked_init(cls: C, after: Callable[[Any], None]) -> C:
    """The same for a dataclass whose ``__setattr__`` does more than set (a
    :class:`kb.engine.objects.Tracked` gives a new stamp each time): its fields are written at
    once, then ``after(self)`` does once what each ``__setattr__`` would have done."""
    return _quick(cls, frozen=False, after=after)


def _quick(cls: C, frozen: bool, after: Callable[[Any], None] | None) -> C:
    fields = dataclasses.fields(cls)
    declared: dict[str, object] = cls.__dict__["__dataclass_fields__"]  # with init-only and class variables
    if cls.__dict__["__dataclass_params__"].frozen is not frozen or hasattr(cls, "__post_init__") \
            or len(fields) != len(declared) or any(not f.init or f.kw_only for f in fields):
        raise TypeError(f"quick_init: {cls.__name__} is not a plain dataclass of the kind asked")
    namespace: dict[str, object] = {"_MISSING": dataclasses.MISSING, "_after": after}
    signature, factories = [], []
    for f in fields:
        if f.default is not dataclasses.MISSING:
            namespace[f"_default_{f.name}"] = f.default
            signature.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            namespace[f"_factory_{f.name}"] = f.default_factory
            signature.append(f"{f.name}=_MISSING")
            factories.append(f"    if {f.name} is _MISSING:\n        {f.name} = _factory_{f.name}()\n")
        else:
            signature.append(f.name)
    body = "".join(factories) + f"    self.__dict__.update({', '.join(f'{f.name}={f.name}' for f in fields)})\n"
    if after is not None:
        body += "    _after(self)\n"
    exec(f"def __init__(self, {', '.join(signature)}):\n{body}", namespace)  # noqa: S102  (made from field names)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    cls.__init__ = init  # type: ignore[misc]
    return cls
