"""JSON object <-> frozen dataclass mapping shared by events, results and the library queries.

Every record keeps the keys it does not know in ``extra`` (docs/events.md: hosts ignore what they do not know, and this
binding passes it through), so ``Record.from_dict(d).to_dict() == d`` for any object the library sends.
"""

from __future__ import annotations

import dataclasses
import re
from enum import Enum
from types import MappingProxyType
from typing import Any, Callable, Dict, FrozenSet, Mapping, Optional, Tuple, Type, TypeVar, Union

__all__ = ["Record", "json_field", "extra_field", "MissingKeyError", "enum_or_raw", "frozen_mapping", "camel_case"]

_EMPTY: Mapping[str, Any] = MappingProxyType({})
_CAMEL_BOUNDARY = re.compile(r"_([a-z0-9])")

RecordT = TypeVar("RecordT", bound="Record")
EnumT = TypeVar("EnumT", bound=Enum)


class MissingKeyError(KeyError):
    """A key the record requires is absent from the JSON object."""


def camel_case(name: str) -> str:
    """``heart_rate_bpm`` -> ``heartRateBpm`` (the JSON spelling of a Python attribute)."""
    return _CAMEL_BOUNDARY.sub(lambda match: match.group(1).upper(), name)


def frozen_mapping(value: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only view of a copy of ``value`` (records are frozen, their dictionaries too)."""
    return MappingProxyType(dict(value))


def enum_or_raw(enum_type: Type[EnumT], value: Any) -> Union[EnumT, Any]:
    """The enum member for ``value``, or ``value`` itself when this binding does not know it (a newer library)."""
    try:
        return enum_type(value)
    except ValueError:
        return value


def _identity(value: Any) -> Any:
    return value


def _plain(value: Any) -> Any:
    """Turns what a record holds back into JSON-ready values (enums to their values, views to dicts)."""
    if isinstance(value, Record):
        return value.to_dict()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    return value


def json_field(key: Optional[str] = None, *, decode: Callable[[Any], Any] = _identity,
               encode: Callable[[Any], Any] = _plain, required: bool = False, always: bool = False,
               absent: Any = None) -> Any:
    """Declares a record attribute read from the JSON key ``key`` (default: the attribute's camelCase name).

    ``decode`` turns the JSON value into the attribute's value and ``encode`` back. A missing key is an error when
    ``required``, else the attribute is ``absent``. ``to_dict`` leaves a ``None`` attribute out unless ``required``
    or ``always`` (for keys the library always sends, with a stand-in such as -1 that ``encode`` restores).
    """
    metadata = {"json_key": key, "decode": decode, "encode": encode, "required": required, "always": always}
    if required:
        return dataclasses.field(metadata=metadata)
    if isinstance(absent, Mapping):
        return dataclasses.field(default_factory=lambda: absent, metadata=metadata)
    return dataclasses.field(default=absent, metadata=metadata)


def extra_field() -> Any:
    """The ``extra`` attribute every record ends with: keys this binding does not know (empty by default)."""
    return dataclasses.field(default_factory=lambda: _EMPTY)


@dataclasses.dataclass(frozen=True)
class Record:
    """Base of every frozen record built from a library JSON object."""

    @classmethod
    def _key_table(cls) -> Tuple[Tuple[str, str, Callable[[Any], Any], Callable[[Any], Any], bool, bool], ...]:
        """(attribute, JSON key, decode, encode, emit when None, required) per declared field, computed once."""
        table = cls.__dict__.get("_key_table_cache")
        if table is None:
            table = tuple(
                (spec.name, spec.metadata["json_key"] or camel_case(spec.name), spec.metadata["decode"],
                 spec.metadata["encode"], spec.metadata["required"] or spec.metadata["always"],
                 spec.metadata["required"])
                for spec in dataclasses.fields(cls) if "json_key" in spec.metadata)
            setattr(cls, "_key_table_cache", table)
        return table

    @classmethod
    def _known_keys(cls) -> FrozenSet[str]:
        """Every JSON key the class maps (its fields' keys and its implicit keys), computed once."""
        keys = cls.__dict__.get("_known_keys_cache")
        if keys is None:
            keys = frozenset(key for _, key, _, _, _, _ in cls._key_table()) | frozenset(cls._implicit_keys())
            setattr(cls, "_known_keys_cache", keys)
        return keys

    @classmethod
    def from_dict(cls: Type[RecordT], data: Mapping[str, Any]) -> RecordT:
        """Builds the record; unknown keys go to ``extra``. Raises MissingKeyError when a required key is absent."""
        values: Dict[str, Any] = {}
        for attribute, key, decode, _, _, required in cls._key_table():
            if key in data:
                values[attribute] = decode(data[key])
            elif required:
                raise MissingKeyError(f"{cls.__name__} needs the key {key!r}")
        known = cls._known_keys()
        extra = {key: value for key, value in data.items() if key not in known}
        values["extra"] = MappingProxyType(extra) if extra else _EMPTY
        return cls(**values)

    @classmethod
    def _implicit_keys(cls) -> Tuple[str, ...]:
        """Keys the class consumes without a field (an event's ``type``)."""
        return ()

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object this record came from: known keys (absent ones left out) and the ``extra`` keys."""
        data: Dict[str, Any] = {}
        for attribute, key, _, encode, emit_none, _ in self._key_table():
            value = getattr(self, attribute)
            if value is not None or emit_none:
                data[key] = encode(value)
        data.update(_plain(getattr(self, "extra", _EMPTY)))
        return data
