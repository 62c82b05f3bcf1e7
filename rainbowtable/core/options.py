"""How a game's options are declared and described for the new-game screen.

Each game's options are one frozen dataclass; every field is declared with `option(...)`, which puts the
words players see (label, help) and any bounds in the field's metadata. `option_specs` reads that metadata
and the type hints only: a bundled build ships bytecode without source, so nothing here reads docstrings or
source text. The attribute docstring under a field stays for developers (spec section and [RES-x] tag).
Holds no drawing code and no game's options.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from dataclasses import dataclass
from typing import Any

from rainbowtable.core.i18n import _
from rainbowtable.core.text import excerpt


def option(
    default: Any,
    label: str,
    help: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    brief: str | None = None,
    zero_means: str | None = None,
) -> Any:
    """A dataclass field for an options record, with the words and bounds the new-game screen shows.
    `brief` is the help in one short line, for a screen with no room for the whole `help`; `zero_means`
    is what a number option shows for 0 where 0 stands for a choice, not a count (De Regenboog's ships:
    "Usual", where a bare 0 read as no ships)."""
    meta: dict[str, Any] = {"label": label, "help": help}
    if brief is not None:
        meta["brief"] = brief
    if zero_means is not None:
        meta["zero_means"] = zero_means
    if minimum is not None:
        meta["min"] = minimum
    if maximum is not None:
        meta["max"] = maximum
    return dataclasses.field(default=default, metadata=meta)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """How one options field is shown. kind: bool, enum, int or text."""

    name: str
    kind: str
    label: str
    help: str
    enum_type: type[enum.Enum] | None = None
    minimum: int | None = None
    maximum: int | None = None
    brief: str = ""
    """The help in one short line (empty: the help is short enough)."""
    zero_means: str = ""
    """A number option's words for 0 (empty: 0 is shown as a number)."""


def humanise(name: str) -> str:
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def enum_label(member: enum.Enum) -> str:
    """Words for an enum choice: its `label` attribute where the enum has one, else its value."""
    label = getattr(member, "label", None)
    return label if isinstance(label, str) else humanise(str(member.value))


_specs: dict[type[Any], tuple[OptionSpec, ...]] = {}


def option_specs(options_type: type[Any]) -> tuple[OptionSpec, ...]:
    """One spec per field of the options dataclass that the new-game screen knows how to show. Worked out
    once a type: every save's check asks (`option_value_problem`), and resolving the type hints took about
    a tenth of the save of a whole Dice Box game."""
    found = _specs.get(options_type)
    if found is None:
        found = _specs[options_type] = _work_out_specs(options_type)
    return found


def _work_out_specs(options_type: type[Any]) -> tuple[OptionSpec, ...]:
    if not dataclasses.is_dataclass(options_type):
        return ()
    hints = typing.get_type_hints(options_type)
    specs: list[OptionSpec] = []
    for field in dataclasses.fields(options_type):
        meta = field.metadata
        hint = hints.get(field.name, field.type)
        label = str(meta.get("label") or humanise(field.name))
        help_text = str(meta.get("help") or "")
        if hint is bool:
            specs.append(OptionSpec(field.name, "bool", label, help_text))
        elif isinstance(hint, type) and issubclass(hint, enum.Enum):
            specs.append(OptionSpec(field.name, "enum", label, help_text, enum_type=hint))
        elif hint is int:
            low, high = meta.get("min"), meta.get("max")
            specs.append(
                OptionSpec(
                    field.name,
                    "int",
                    label,
                    help_text,
                    None,
                    low if isinstance(low, int) else None,
                    high if isinstance(high, int) else None,
                )
            )
        elif hint is str:
            specs.append(OptionSpec(field.name, "text", label, help_text))
    fields = {field.name: field.metadata for field in dataclasses.fields(options_type)}
    return tuple(
        dataclasses.replace(
            spec,
            brief=str(fields[spec.name].get("brief") or ""),
            zero_means=str(fields[spec.name].get("zero_means") or ""),
        )
        for spec in specs
    )


def option_value_problem(options: Any) -> str | None:
    """Why a value of `options` is outside what its declaration allows (the kind and the bounds the
    new-game screen offers, from `option_specs`), or None. Checked where options are decoded (a save) and
    where a match is made, so a value no control could set never reaches the rules (issue 37)."""
    for spec in option_specs(type(options)):
        value = getattr(options, spec.name, None)
        label = spec.label
        if spec.kind == "bool" and not isinstance(value, bool):
            return _("{option} must be on or off.").format(option=_(label))
        if spec.kind == "enum" and (spec.enum_type is None or not isinstance(value, spec.enum_type)):
            return _("{option} is not one of its choices.").format(option=_(label))
        if spec.kind == "text" and not isinstance(value, str):
            return _("{option} must be text.").format(option=_(label))
        if spec.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                return _("{option} must be a whole number.").format(option=_(label))
            low = spec.minimum if spec.minimum is not None else value
            high = spec.maximum if spec.maximum is not None else value
            if not low <= value <= high:
                return _("{option} must be between {low} and {high}, not {value}.").format(
                    option=_(label), low=low, high=high, value=excerpt(value, 12)
                )
    return None
