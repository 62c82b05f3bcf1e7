"""Plain-JSON encoding of game states, actions and options, with strict typed decoding.

Encoding: msgspec turns frozen dataclasses, enums, tuples and frozensets into JSON values. Actions are a
union of dataclasses, so each carries its class name under "type". Decoding is strict and errors name the
path (`$.to.row`), which storage prefixes with where the value sat in the save (`log[17].action`). A save is
data, never code: nothing here runs anything read from a file or rebuilds objects beyond plain records.
Reading the file itself (size and nesting caps, UTF-8) is `storage/json_file.py`'s job.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

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
        raise DecodeError(f"{where}: expected an action object with a 'type'")
    by_name = _BY_NAME.get(action_types)
    if by_name is None:
        by_name = _BY_NAME[action_types] = {cls.__name__: cls for cls in action_types}
    cls = by_name.get(value["type"])
    if cls is None:
        raise DecodeError(f"{where}.type: unknown action {value['type']!r}")
    fields = {k: v for k, v in value.items() if k != "type"}
    return from_json_value(fields, cls, where)


_BY_NAME: dict[tuple[type[Any], ...], dict[str, type[Any]]] = {}
"""Each game's action types by name (built on first use: a save decodes one action per step)."""


def _with_path(message: str, where: str) -> str:
    # msgspec says "... - at `$.x.y`"; re-root the path at `where` so it reads from the top of the file.
    marker = "- at `$"
    if marker in message:
        head, _, tail = message.partition(marker)
        return f"{where}{tail.rstrip('`')}: {head.strip()}"
    return f"{where}: {message}"
