"""Dataclasses ↔ JSON-able records, driven by the type hints of every field.

The lint cache stores cards, load problems and findings as JSON. Writing the
codec from the type hints (not by hand, field by field) means a field added
to `Finding` or `Card` later is stored and restored without touching this
module. Decoding is strict: a record whose shape or types do not fit raises
`RecordError`, so a damaged cache entry is never half-trusted.
"""
from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from functools import lru_cache
from typing import Any, Callable

Codec = Callable[[Any], Any]


class RecordError(ValueError):
    """A value that cannot be stored losslessly, or a record that does not fit its type."""


def to_record(value: Any, tp: Any | None = None) -> Any:
    """A JSON-able form of `value` (a dataclass instance unless `tp` says otherwise)."""
    return _encoder(type(value) if tp is None else tp)(value)


def from_record(tp: Any, data: Any) -> Any:
    """The value of type `tp` stored as `data` by to_record; RecordError when it does not fit."""
    try:
        return _decoder(tp)(data)
    except RecordError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise RecordError(f"{type(exc).__name__}: {exc}") from None


def _fail(message: str) -> Any:
    raise RecordError(message)


def _args(tp: Any) -> tuple[Any, tuple[Any, ...]]:
    return typing.get_origin(tp), typing.get_args(tp)


def _is_union(origin: Any) -> bool:
    return origin is typing.Union or origin is types.UnionType


@lru_cache(maxsize=None)
def _encoder(tp: Any) -> Codec:  # noqa: C901 - one branch per kind of type
    if tp is Any or tp is object:
        return _plain_json
    if dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        parts = [(f.name, _encoder(hints[f.name])) for f in dataclasses.fields(tp)]

        def encode_dataclass(value):
            if not isinstance(value, tp):
                _fail(f"ожидается {tp.__name__}, а не {type(value).__name__}")
            return {name: encode(getattr(value, name)) for name, encode in parts}
        return encode_dataclass
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return lambda value: tp(value).value
    if tp in (str, int, bool):
        def encode_scalar(value):
            if type(value) is not tp and not (tp is int and isinstance(value, int) and not isinstance(value, bool)):
                _fail(f"ожидается {tp.__name__}, а не {type(value).__name__}")
            return tp(value)
        return encode_scalar
    if tp is float:
        return lambda value: _finite(float(value))
    if tp is type(None):
        return lambda value: None if value is None else _fail("ожидается None")
    origin, args = _args(tp)
    if _is_union(origin):
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            inner = _encoder(options[0])
            return lambda value: None if value is None else inner(value)
        return _plain_json
    if origin in (list, set, frozenset):
        inner = _encoder(args[0]) if args else _plain_json
        return lambda value: [inner(item) for item in value]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            inner = _encoder(args[0])
            return lambda value: [inner(item) for item in value]
        inners = [_encoder(a) for a in args]
        return lambda value: [encode(item) for encode, item in zip(inners, value, strict=True)]
    if origin is dict:
        if args and args[0] is not str:
            _fail(f"ключи словаря не строки: {tp}")
        inner = _encoder(args[1]) if args else _plain_json

        def encode_dict(value):
            if not all(type(key) is str for key in value):
                _fail("ключ словаря не строка")
            return {key: inner(item) for key, item in value.items()}
        return encode_dict
    raise RecordError(f"тип {tp!r} не поддерживается")


@lru_cache(maxsize=None)
def _decoder(tp: Any) -> Codec:  # noqa: C901 - mirror of _encoder
    if tp is Any or tp is object:
        return _plain_json
    if dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        # fields of one plain type (str, int, bool, or that type or None) are checked
        # in place; only the others cost a decoder call (the cache's hot path)
        plain: list[tuple[str, tuple[type, ...]]] = []
        parts: list[tuple[str, Codec]] = []
        for f in dataclasses.fields(tp):
            kinds = _plain_kinds(hints[f.name])
            if kinds is not None:
                plain.append((f.name, kinds))
            else:
                parts.append((f.name, _decoder(hints[f.name])))
        names = frozenset(f.name for f in dataclasses.fields(tp))

        def decode_dataclass(data):
            if type(data) is not dict or data.keys() != names:
                _fail(f"запись {tp.__name__}: не те поля")
            values = {}
            for name, kinds in plain:
                value = data[name]
                if type(value) not in kinds:
                    _fail(f"запись {tp.__name__}: поле {name} не того типа")
                values[name] = value
            for name, decode in parts:
                values[name] = decode(data[name])
            return tp(**values)
        return decode_dataclass
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp
    if tp in (str, bool):
        return lambda data: data if type(data) is tp else _fail(f"ожидается {tp.__name__}")
    if tp is int:
        return lambda data: data if type(data) is int else _fail("ожидается целое")
    if tp is float:
        return lambda data: float(data) if type(data) in (int, float) else _fail("ожидается число")
    if tp is type(None):
        return lambda data: None if data is None else _fail("ожидается null")
    origin, args = _args(tp)
    if _is_union(origin):
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            inner = _decoder(options[0])
            return lambda data: None if data is None else inner(data)
        return _plain_json
    if origin in (list, set, frozenset):
        inner = _decoder(args[0]) if args else _plain_json
        make = origin

        def decode_list(data):
            if type(data) is not list:
                _fail("ожидается список")
            items = [inner(item) for item in data]
            return items if make is list else make(items)
        return decode_list
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            inner = _decoder(args[0])
            return lambda data: tuple(inner(item) for item in data) if type(data) is list else _fail("ожидается список")
        inners = [_decoder(a) for a in args]

        def decode_tuple(data):
            if type(data) is not list or len(data) != len(inners):
                _fail("ожидается список нужной длины")
            return tuple(decode(item) for decode, item in zip(inners, data))
        return decode_tuple
    if origin is dict:
        inner = _decoder(args[1]) if args else _plain_json

        def decode_dict(data):
            if type(data) is not dict:
                _fail("ожидается словарь")
            return {key: inner(item) for key, item in data.items()}
        return decode_dict
    raise RecordError(f"тип {tp!r} не поддерживается")


def _plain_kinds(tp: Any) -> tuple[type, ...] | None:
    """The exact JSON types a field of type `tp` is stored as, when it needs no conversion."""
    if tp in (str, int, bool):
        return (tp,)
    origin, args = _args(tp)
    if _is_union(origin) and len(args) == 2 and type(None) in args:
        other = next(a for a in args if a is not type(None))
        if other in (str, int, bool):
            return (other, type(None))
    return None


def _finite(value: float) -> float:
    if not math.isfinite(value):
        _fail("число не конечно")
    return value


def _plain_json(value: Any) -> Any:
    """A value typed Any: stored only when JSON gives exactly it back."""
    kind = type(value)
    if value is None or kind in (str, bool, int):
        return value
    if kind is float:
        return _finite(value)
    if kind is list:
        return [_plain_json(item) for item in value]
    if kind is dict:
        if not all(type(key) is str for key in value):
            _fail("ключ словаря не строка")
        return {key: _plain_json(item) for key, item in value.items()}
    return _fail(f"значение типа {kind.__name__} не сохраняется без потерь")
