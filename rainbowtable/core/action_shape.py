"""Whether a value is shaped like one of a game's actions: one of its action types, every field of the
type its declaration names (a whole number and not a flag or a fraction, a member of the enum, a tuple of
such), all the way down. The game contract refuses anything else with `IllegalAction` (issue 37): values
reach `apply` through the Python API too, not only from the strict save decoder.

The check is built once per action type from its type hints and costs about a microsecond per action, so
it can stand in front of every `apply`. Holds no game's rules: whether a well-shaped action is legal where
it stands is the game's `why_illegal`.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from typing import Any

from rainbowtable.core.i18n import _

Check = Callable[[Any], bool]


def action_shape_problem(action: object, action_types: tuple[type[Any], ...]) -> str | None:
    """Why `action` is not shaped like an action of a game with these action types, or None."""
    cls = type(action)
    if cls not in action_types:
        return _("That is not a move of this game.")
    check = _CHECKS.get(cls)
    if check is None:
        check = _CHECKS[cls] = _check_for(cls)
    if not check(action):
        return _("That move is not well formed: a value in it is of the wrong kind.")
    return None


_CHECKS: dict[type[Any], Check] = {}
"""The check of each action type met so far (built on first use; types never change)."""


def _check_for(hint: Any) -> Check:
    """A predicate for values of the type `hint` (the kinds of types actions are made of)."""
    if hint is Any or hint is object:
        return lambda value: True
    if hint is bool:
        return lambda value: type(value) is bool
    if hint is int:
        # A whole number, not a flag: an IntEnum member where a number is declared is one (a disc's colour).
        return lambda value: isinstance(value, int) and type(value) is not bool
    if hint is str:
        return lambda value: type(value) is str
    if hint is float:
        return lambda value: type(value) in (int, float)
    if hint is type(None) or hint is None:
        return lambda value: value is None
    origin = typing.get_origin(hint)
    arguments = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = tuple(_check_for(argument) for argument in arguments)
        return lambda value: any(option(value) for option in options)
    if origin is tuple:
        if len(arguments) == 2 and arguments[1] is Ellipsis:
            item = _check_for(arguments[0])
            return lambda value: isinstance(value, tuple) and all(item(v) for v in value)
        items = tuple(_check_for(argument) for argument in arguments)
        return lambda value: (
            isinstance(value, tuple)
            and len(value) == len(items)
            and all(check(v) for check, v in zip(items, value, strict=True))
        )
    if origin in (frozenset, set, list):
        item = _check_for(arguments[0]) if arguments else (lambda value: True)
        container = origin
        return lambda value: isinstance(value, container) and all(item(v) for v in value)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        enum_type = hint
        return lambda value: type(value) is enum_type
    if isinstance(hint, type) and (dataclasses.is_dataclass(hint) or _is_named_tuple(hint)):
        record = hint
        fields: list[tuple[str, Check]] = []
        filled: list[bool] = []  # not `fields` itself: a record without fields (a pass) has none to fill

        def check(value: Any) -> bool:
            if not filled:  # filled on first use: a record may refer to itself through its fields
                hints = typing.get_type_hints(record)
                names = (
                    [f.name for f in dataclasses.fields(record)]
                    if dataclasses.is_dataclass(record)
                    else list(record._fields)  # type: ignore[attr-defined]
                )
                fields.extend((name, _check_for(hints[name])) for name in names)
                filled.append(True)
            return type(value) is record and all(
                check_field(getattr(value, name)) for name, check_field in fields
            )

        return check
    if isinstance(hint, type):
        cls = hint
        return lambda value: isinstance(value, cls)
    return lambda value: True  # a type form no action uses: left to the game's own check


def _is_named_tuple(cls: type[Any]) -> bool:
    return issubclass(cls, tuple) and hasattr(cls, "_fields")
