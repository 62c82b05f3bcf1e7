"""The table's translation function: the same one the headless core uses (`rainbowtable.core.i18n`)."""

from __future__ import annotations

from rainbowtable.core.i18n import _, set_language

__all__ = ["_", "set_language"]
