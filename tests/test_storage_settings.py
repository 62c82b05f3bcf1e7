"""Settings: tolerant loading (defaults or clamped values plus one message), atomic saving, never raising."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rainbowtable.storage.paths import Paths
from rainbowtable.storage.settings import Settings, load_settings, save_settings
from tests.helpers_storage import open_folder_tree, unprivileged


def test_missing_file_is_a_first_start(tmp_path: Path) -> None:
    """No settings file yet: the defaults, and nothing to tell the player."""
    assert load_settings(Paths(tmp_path)) == (Settings(), None)


def test_round_trip(tmp_path: Path) -> None:
    paths = Paths(tmp_path / "new-home")
    chosen = Settings(
        ui_scale=150,
        animation_speed=0.0,
        sound=False,
        glyphs=False,
        window_size=(1920, 1080),
        fullscreen=True,
        undo_mode="strict",
    )
    assert save_settings(chosen, paths) is None
    assert load_settings(paths) == (chosen, None)
    assert json.loads(paths.settings_path.read_text())["window_size"] == [1920, 1080]


@pytest.mark.parametrize("data", [b"{broken", b"", b"[1, 2]", b"\xff\xfe\x00", b"[" * 50_000, b"null"])
def test_corrupt_file_gives_defaults_and_a_message(tmp_path: Path, data: bytes) -> None:
    paths = Paths(tmp_path)
    paths.settings_path.write_bytes(data)
    settings, message = load_settings(paths)
    assert settings == Settings()
    assert message is not None and "damaged" in message
    assert paths.settings_path.read_bytes() == data


def test_out_of_range_values_are_clamped(tmp_path: Path) -> None:
    paths = Paths(tmp_path)
    paths.settings_path.write_text(
        json.dumps({"ui_scale": 500, "animation_speed": -2, "window_size": [100, 99999], "sound": False})
    )
    settings, message = load_settings(paths)
    assert settings == Settings(ui_scale=200, animation_speed=0.0, window_size=(640, 4320), sound=False)
    assert message is not None
    for name in ("UI scale", "animation speed", "window size"):
        assert name in message
    assert "sound" not in message


def test_wrong_types_fall_back_field_by_field(tmp_path: Path) -> None:
    """One bad field does not cost the others; unknown keys (from a newer app) are ignored quietly."""
    paths = Paths(tmp_path)
    paths.settings_path.write_text(
        json.dumps(
            {
                "ui_scale": "big",
                "animation_speed": 2.5,
                "sound": "yes",
                "glyphs": 1,
                "fullscreen": True,
                "window_size": [800],
                "undo_mode": "lenient",
                "future_setting": 3,
            }
        )
    )
    settings, message = load_settings(paths)
    assert settings == Settings(animation_speed=2.5, fullscreen=True)
    assert message is not None
    for name in ("UI scale", "sound", "colour glyphs", "window size", "undo mode"):
        assert name in message
    assert "future" not in message


def test_whole_numbers_as_floats_are_fine(tmp_path: Path) -> None:
    paths = Paths(tmp_path)
    paths.settings_path.write_text(
        json.dumps({"ui_scale": 125.0, "animation_speed": 2, "window_size": [1024.0, 768]})
    )
    settings, message = load_settings(paths)
    assert settings == Settings(ui_scale=125, animation_speed=2.0, window_size=(1024, 768))
    assert isinstance(settings.ui_scale, int)
    assert isinstance(settings.window_size[0], int)
    assert message is None


def test_settings_path_is_a_folder(tmp_path: Path) -> None:
    """Unreadable, in a way that works as root too: defaults and a message, no exception."""
    paths = Paths(tmp_path)
    paths.settings_path.mkdir()
    settings, message = load_settings(paths)
    assert settings == Settings()
    assert message is not None
    assert save_settings(Settings(ui_scale=80), paths) is not None


def test_unwritable_place_gives_a_message(tmp_path: Path) -> None:
    """The settings folder cannot exist (a file is in the way): a message, no exception."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file")
    message = save_settings(Settings(), Paths(blocker / "home"))
    assert message is not None and "Could not save the settings" in message


open_folder = pytest.fixture(open_folder_tree)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_read_only_folder_gives_a_message(open_folder: Path) -> None:
    """Settings in a read-only folder: a message, no exception (runs as root too, as `nobody`)."""
    open_folder.chmod(0o555)
    message = unprivileged(lambda: str(save_settings(Settings(), Paths(open_folder))))
    assert message.startswith("Could not save the settings") and "permission denied" in message


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_unreadable_file_gives_defaults_and_a_message(open_folder: Path) -> None:
    paths = Paths(open_folder)
    assert save_settings(Settings(ui_scale=90), paths) is None
    paths.settings_path.chmod(0)
    result = unprivileged(lambda: repr(load_settings(paths)))
    assert result == repr(
        (Settings(), "Could not read the settings (permission denied); using the defaults.")
    )


def test_huge_file_is_not_read(tmp_path: Path) -> None:
    paths = Paths(tmp_path)
    with paths.settings_path.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    settings, message = load_settings(paths)
    assert settings == Settings()
    assert message is not None and "too large" in message
