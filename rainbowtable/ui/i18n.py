"""The table's translation function: the same one the headless core uses (`rainbowtable.core.i18n`)."""

from __future__ import annotations

from rainbowtable.core.i18n import (
    LANGUAGES,
    N_,
    _,
    current_language,
    decimal,
    install_language,
    plural,
    set_language,
)

__all__ = [
    "LANGUAGES",
    "N_",
    "_",
    "current_language",
    "decimal",
    "install_language",
    "plural",
    "set_language",
]
