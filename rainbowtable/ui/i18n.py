"""The one translation function every user-facing string goes through. English is the only language so far;
the indirection exists so adding one later touches data, not call sites."""

from __future__ import annotations

_CATALOGUE: dict[str, str] = {}


def _(text: str) -> str:
    return _CATALOGUE.get(text, text)
