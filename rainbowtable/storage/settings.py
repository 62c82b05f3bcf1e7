"""The player's settings and their JSON file: tolerant on reading, atomic on writing, never raising.

Holds `Settings` (UI scale, animation speed, computer pace, sound and volume, glyphs, window, undo mode, the
last setup per game), `load_settings` and
`save_settings`. A missing file means a first start (defaults, no message); a damaged file, a field of the
wrong type or a value out of range falls back to the default or the nearest allowed value, and the caller
gets one message to show. Does not apply any setting (the UI does) and knows nothing of saves.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from rainbowtable.core.i18n import LANGUAGES, N_, _
from rainbowtable.core.text import MAX_ID_LEN, text_problem
from rainbowtable.storage.atomic import write_atomic
from rainbowtable.storage.json_file import JsonFileError, Problem, os_reason, parse_json, read_json
from rainbowtable.storage.paths import Paths

UI_SCALE_RANGE = (75, 200)
"""Percent."""
ANIMATION_SPEED_RANGE = (0.0, 3.0)
"""0 turns animation off."""
WINDOW_SIZE_MIN = (640, 480)
WINDOW_SIZE_MAX = (7680, 4320)
UNDO_MODES = ("casual", "strict")
PACES = ("instant", "quick", "relaxed")
"""How fast computer players move (storage holds the word; the play screen turns it into a pause)."""
MAX_LAST_SETUPS = 32
MAX_SETUP_TEXT = 4096
MAX_SETTINGS_BYTES = 64 * 1024


@dataclass(frozen=True, slots=True)
class Settings:
    ui_scale: int = 100
    animation_speed: float = 1.0
    sound: bool = True
    glyphs: bool = True
    """Show a glyph on every game colour, so colour is never the only cue."""
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    undo_mode: str = "casual"
    """"casual" or "strict" (see core/undo_policy.py)."""
    language: str = "en"
    """The language of every text: a code of `core.i18n.LANGUAGES` ("en", "nl")."""
    pace: str = "quick"
    """How fast computer players move: "instant", "quick" or "relaxed" (a round of three computers can be
    watched)."""
    volume: int = 80
    """Sound volume in percent (0..100); `sound` switches it off altogether."""
    last_setups: tuple[tuple[str, str], ...] = ()
    """(game id, JSON text) of the last new-game setup per game, so the screen opens as it was left. The
    text is the new-game screen's business; a damaged one is ignored there."""
    lessons_done: tuple[str, ...] = ()
    """The ids of the games whose lesson ("Learn to play") the player has finished, in menu order."""


_NAMES = {
    "ui_scale": N_("UI scale"),
    "animation_speed": N_("animation speed"),
    "sound": N_("sound"),
    "glyphs": N_("colour glyphs"),
    "window_size": N_("window size"),
    "fullscreen": N_("full screen"),
    "undo_mode": N_("undo mode"),
    "language": N_("language"),
    "pace": N_("computer pace"),
    "volume": N_("volume"),
    "last_setups": N_("last game setups"),
    "lessons_done": N_("finished lessons"),
}


def load_settings(paths: Paths) -> tuple[Settings, str | None]:
    """The saved settings and a message for the player when some could not be used. Never raises."""
    path = paths.settings_path
    try:
        raw = read_json(path, MAX_SETTINGS_BYTES)
    except JsonFileError as error:
        if error.problem is Problem.MISSING:
            return Settings(), None
        if error.problem is Problem.UNREADABLE:
            return Settings(), _("Could not read the settings ({why}); using the defaults.").format(
                why=error.detail
            )
        if error.problem is Problem.NOT_A_FILE:
            return Settings(), _("The settings file {path} is not a file; using the defaults.").format(
                path=path
            )
        if error.problem is Problem.TOO_LARGE:
            return Settings(), _("The settings file is far too large to be real; using the defaults.")
        return Settings(), _("The settings file was damaged; using the defaults.")
    if not isinstance(raw, dict):
        return Settings(), _("The settings file was damaged; using the defaults.")
    settings, adjusted = settings_from_json(raw)
    if adjusted:
        names = ", ".join(_(name) for name in adjusted)
        return settings, _("Some settings could not be used and were reset or adjusted: {names}.").format(
            names=names
        )
    return settings, None


def settings_from_json(raw: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a JSON object, field by field; also the names of the fields that were adjusted.
    Unknown keys are ignored (a newer app may have written them)."""
    defaults = Settings()
    values: dict[str, Any] = {}
    adjusted: list[str] = []
    for field in fields(Settings):
        if field.name not in raw:
            continue
        value = _clean(field.name, raw[field.name])
        if value is None:
            adjusted.append(_NAMES[field.name])
            continue
        cleaned, was_adjusted = value
        values[field.name] = cleaned
        if was_adjusted:
            adjusted.append(_NAMES[field.name])
    return replace(defaults, **values), adjusted


def _clean(name: str, value: Any) -> tuple[Any, bool] | None:
    """(usable value, whether it had to be adjusted), or None when the value cannot be used at all."""
    if name in ("sound", "glyphs", "fullscreen"):
        return (value, False) if isinstance(value, bool) else None
    if name == "undo_mode":
        return (value, False) if value in UNDO_MODES else None
    if name == "language":
        return (value, False) if isinstance(value, str) and value in LANGUAGES else None
    if name == "pace":
        return (value, False) if value in PACES else None
    if name == "volume":
        number = _number(value)
        if number is None:
            return None
        return _clamped(round(number), 0, 100, exact=number)
    if name == "last_setups":
        if not isinstance(value, dict):
            return None
        kept = tuple(
            (key, text)
            for key, text in sorted(value.items())
            # Game ids and setup texts come from a file: drawable text of a sane length only (issue 9).
            if text_problem(key, max_len=MAX_ID_LEN) is None
            and text_problem(text, max_len=MAX_SETUP_TEXT, allow_newlines=True) is None
        )
        return kept[:MAX_LAST_SETUPS], len(kept) != len(value) or len(kept) > MAX_LAST_SETUPS
    if name == "lessons_done":
        return _lessons_done(value)
    if name == "ui_scale":
        number = _number(value)
        if number is None:
            return None
        return _clamped(round(number), *UI_SCALE_RANGE, exact=number)
    if name == "animation_speed":
        number = _number(value)
        if number is None:
            return None
        return _clamped(float(number), *ANIMATION_SPEED_RANGE, exact=number)
    if name == "window_size":
        if not isinstance(value, list) or len(value) != 2:
            return None
        sizes = [_number(part) for part in value]
        if sizes[0] is None or sizes[1] is None:
            return None
        width, width_adjusted = _clamped(round(sizes[0]), WINDOW_SIZE_MIN[0], WINDOW_SIZE_MAX[0], sizes[0])
        height, height_adjusted = _clamped(round(sizes[1]), WINDOW_SIZE_MIN[1], WINDOW_SIZE_MAX[1], sizes[1])
        return (int(width), int(height)), width_adjusted or height_adjusted
    return None


def _lessons_done(value: Any) -> tuple[tuple[str, ...], bool] | None:
    """A list of known game ids (issue 44): anything else in it is dropped, and said."""
    from rainbowtable.games import GAMES  # the registry only: no game's rules are loaded

    if not isinstance(value, list):
        return None
    known = [entry.id for entry in GAMES]
    kept = tuple(game_id for game_id in known if game_id in value)
    return kept, len(kept) != len(value)


def with_lesson_done(settings: Settings, game_id: str) -> Settings:
    """The settings with the lesson of `game_id` finished (kept in menu order, each game once)."""
    from rainbowtable.games import GAMES

    done = {*settings.lessons_done, game_id}
    return replace(settings, lessons_done=tuple(entry.id for entry in GAMES if entry.id in done))


def _number(value: Any) -> float | None:
    # bool is an int in Python, but `true` is no number of pixels.
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def _clamped(value: float, low: float, high: float, exact: float) -> tuple[Any, bool]:
    result = min(max(value, low), high)
    return result, result != exact


def save_settings(settings: Settings, paths: Paths) -> str | None:
    """Write the settings atomically. Returns a message for the player instead of raising."""
    body = asdict(settings)
    body["window_size"] = list(settings.window_size)
    body["last_setups"] = dict(settings.last_setups)
    body["lessons_done"] = list(settings.lessons_done)
    try:
        data = (json.dumps(body, indent=2, sort_keys=True) + "\n").encode("utf-8")
        # Read back with the reader that will read it, so a file that would not load is never written.
        settings_from_json(_as_object(parse_json(data, MAX_SETTINGS_BYTES)))
    except (ValueError, TypeError, JsonFileError) as error:
        # Something in them cannot be written as JSON that reads back (text a file put there, say).
        return _("Could not save the settings to {path} ({why}).").format(
            path=paths.settings_path, why=type(error).__name__
        )
    try:
        paths.root.mkdir(parents=True, exist_ok=True)
        write_atomic(paths.settings_path, data, keep_backup=False)
    except OSError as error:
        return _("Could not save the settings to {path} ({why}).").format(
            path=paths.settings_path, why=os_reason(error)
        )
    return None


def with_last_setup(settings: Settings, game_id: str, text: str) -> Settings:
    """The settings with `text` as the last setup of `game_id` (the newest first, at most a few games)."""
    kept = tuple((key, value) for key, value in settings.last_setups if key != game_id)
    if len(text) > MAX_SETUP_TEXT:
        return replace(settings, last_setups=kept)
    return replace(settings, last_setups=((game_id, text), *kept)[:MAX_LAST_SETUPS])


def last_setup(settings: Settings, game_id: str) -> str | None:
    """The last setup text of `game_id`, or None."""
    return next((value for key, value in settings.last_setups if key == game_id), None)


def _as_object(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError("the settings are not a JSON object")
    return value
