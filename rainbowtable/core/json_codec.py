"""Plain-JSON encoding of game states, actions and options, with strict typed decoding.

Encoding: msgspec turns frozen dataclasses, enums, tuples and frozensets into JSON values. Actions are a
union of dataclasses, so each carries its class name under "type". Decoding is strict and errors name the
path (`$.to.row`), which storage prefixes with where the value sat in the save (`log[17].action`). A save is
data, never code: nothing here runs anything read from a file or rebuilds objects beyond plain records.
Reading the file itself (size and nesting caps, UTF-8) is `storage/json_file.py`'s job.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

import msgspec

from rainbowtable.core.i18n import N_, _

T = TypeVar("T")


class DecodeError(ValueError):
    """A JSON value that does not have the expected shape; the message names the path."""


def to_json_value(value: Any) -> Any:
    """A JSON-ready value (dicts, lists, str, int, float, bool, None)."""
    return msgspec.to_builtins(value, order="deterministic")


def from_json_value(value: Any, type_: type[T], where: str = "$") -> T:
    try:
        return msgspec.convert(value, type_, strict=True)
    except msgspec.ValidationError as error:
        raise DecodeError(_with_path(str(error), where)) from None


def encode_action(action: Any) -> dict[str, Any]:
    body = to_json_value(action)
    if not isinstance(body, dict):
        raise TypeError(f"actions must be dataclasses, not {type(action).__name__}")
    return {"type": type(action).__name__, **body}


def decode_action(value: Any, action_types: tuple[type[Any], ...], where: str = "$") -> Any:
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise DecodeError(f"{where}: " + _("expected an action object with a 'type'"))
    by_name = _BY_NAME.get(action_types)
    if by_name is None:
        by_name = _BY_NAME[action_types] = {cls.__name__: cls for cls in action_types}
    cls = by_name.get(value["type"])
    if cls is None:
        raise DecodeError(f"{where}.type: " + _("unknown action {name}").format(name=repr(value["type"])))
    fields = {k: v for k, v in value.items() if k != "type"}
    return from_json_value(fields, cls, where)


_BY_NAME: dict[tuple[type[Any], ...], dict[str, type[Any]]] = {}
"""Each game's action types by name (built on first use: a save decodes one action per step)."""


def _with_path(message: str, where: str) -> str:
    # msgspec says "... - at `$.x.y`"; re-root the path at `where` so it reads from the top of the file.
    marker = "- at `$"
    if marker in message:
        head, _sep, tail = message.partition(marker)
        return f"{where}{tail.rstrip('`')}: {_in_words(head.strip())}"
    return f"{where}: {_in_words(message)}"


_KINDS: dict[str, str] = {
    "int": N_("a whole number"),
    "float": N_("a number"),
    "str": N_("text"),
    "bool": N_("true or false"),
    "null": N_("nothing"),
    "array": N_("a list"),
    "object": N_("an object"),
}
"""msgspec's names of JSON kinds, as the player reads them."""

_MSGSPEC: tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...] = (
    (
        re.compile(r"Expected `(\w+)`, got `(\w+)`"),
        N_("expected {expected}, found {found}"),
        ("expected", "found"),
    ),
    (
        re.compile(r"Expected `(\w+)` of length (\d+), got (\d+)"),
        N_("expected {expected} of {length} items, found {count}"),
        ("expected", "length", "count"),
    ),
    (re.compile(r"Object missing required field (`.*`)"), N_("the field {field} is missing"), ("field",)),
    (re.compile(r"Invalid enum value (.*)"), N_("{value} is not one of the values allowed here"), ("value",)),
)
"""The detail messages of msgspec a damaged save meets (no type of ours sets limits or refuses unknown
fields): (its form, ours, the names of its parts)."""


def _in_words(detail: str) -> str:
    """msgspec's own English detail in the player's language; a form not listed stays as msgspec wrote it
    (still a precise answer)."""
    for pattern, words, names in _MSGSPEC:
        found = pattern.fullmatch(detail)
        if found is not None:
            parts = dict(zip(names, found.groups(), strict=True))
            for kind in ("expected", "found"):
                if kind in parts:
                    name = parts[kind]
                    parts[kind] = _(_KINDS[name]) if name in _KINDS else f"`{name}`"
            return _(words).format(**parts)
    return detail
