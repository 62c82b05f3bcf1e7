"""Issue 9 for settings.json: text from the file (the last setup per game) is kept only when drawable and
of a sane length; settings that would not read back are never written."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from rainbowtable.storage.paths import Paths
from rainbowtable.storage.settings import Settings, load_settings, save_settings


def test_last_setups_with_hostile_text_are_dropped(tmp_path: Path) -> None:
    """issue 9: a game id with a NUL, a lone surrogate or 30,000 characters, or a setup text holding a
    control character, is dropped (and the player told); good entries stay."""
    paths = Paths(tmp_path)
    paths.ensure()
    body = {
        "last_setups": {
            "dice_box": '{"seats": 2}',
            "bad\u0000": "{}",
            "\ud800": "{}",
            "g" * 30_000: "{}",
            "rainbows": "{\u0007}",
        }
    }
    paths.settings_path.write_text(json.dumps(body, ensure_ascii=True), encoding="ascii")
    settings, problem = load_settings(paths)
    assert settings.last_setups == (("dice_box", '{"seats": 2}'),)
    assert problem is not None


def test_settings_with_hostile_text_write_a_file_that_loads(tmp_path: Path) -> None:
    """issue 9 (validate before write): settings holding a lone surrogate or a NUL in a setup are written
    only as a file the reader takes (escaped JSON), and reading it drops those entries without raising."""
    paths = Paths(tmp_path)
    paths.ensure()
    hostile = (("dice_box", "\ud800"), ("rainbows", "a\x00"), ("colosseum_offcuts", "{}"))
    assert save_settings(replace(Settings(), last_setups=hostile), paths) is None
    settings, problem = load_settings(paths)
    assert settings.last_setups == (("colosseum_offcuts", "{}"),)
    assert problem is not None
    assert not list(tmp_path.glob(".*.tmp"))
