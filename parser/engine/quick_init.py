"""A faster constructor for the reader's small frozen dataclasses.

A frozen dataclass's generated `__init__` stores each field through
`object.__setattr__`, a look-up and a call per field: a Cand or a Token took a
microsecond, and a base of 10,000 cards builds hundreds of thousands of them.
`quick_init` gives such a class an `__init__` with the same signature that
hands the instance its whole attribute dict at once (about twice as fast);
equality, hashing, `repr`, `dataclasses.replace` and immutability stay the
dataclass's own.
"""
from __future__ import annotations

import dataclasses


def quick_init(cls):
    """Class decorator, applied above `@dataclass(frozen=True)`: see the module docstring.

    Only for classes without `__post_init__`, `__slots__`, default factories
    or init-only fields, which the generated code would not reproduce."""
    params = dataclasses.fields(cls)
    if not cls.__dataclass_params__.frozen or hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__:
        raise TypeError(f"quick_init: {cls.__name__} is not a plain frozen dataclass")
    args, items, defaults = [], [], {}
    for f in params:
        if not f.init or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"quick_init: field {f.name} of {cls.__name__} is not a plain init field")
        if f.default is dataclasses.MISSING:
            args.append(f.name)
        else:
            defaults[f"_default_{f.name}"] = f.default
            args.append(f"{f.name}=_default_{f.name}")
        items.append(f"{f.name!r}: {f.name}")
    source = (f"def __init__(self, {', '.join(args)}):\n"
              f"    _set_dict(self, '__dict__', {{{', '.join(items)}}})\n")
    namespace = {"_set_dict": object.__setattr__, **defaults}
    exec(source, namespace)  # noqa: S102 - code built from the dataclass's own field names
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init
    return cls
