"""Languages (issue 15): the Dutch catalogue covers every shown text of the shared table and of each game
listed in TRANSLATED, catalogues load through gettext and fall back to English when missing or broken, the
language setting round-trips and switching it relays out the screens at once.

A game joins the Dutch check with one line in TRANSLATED (its headless folder and its table folder); then
`python -m rainbowtable.locale.tools update` adds its texts to `locale/nl/LC_MESSAGES/rainbowtable.po`,
where each `msgstr` gets its Dutch.
"""

from __future__ import annotations

import logging
import shutil
import string
from pathlib import Path
from typing import Any

import pytest

from rainbowtable.core import i18n
from rainbowtable.core.i18n import _, install_language
from rainbowtable.locale import tools
from tests.ui_driver import click_button, pump

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rainbowtable"
BUILDER_MODULES = (
    "__init__.py",
    "builder.py",
    "builder_draft_file.py",
    "builder_hand.py",
    "builder_side.py",
    "builder_view.py",
    "builder_widgets.py",
    "library.py",
    "screens.py",
)
SHARED_TABLE = [
    PACKAGE / "app.py",
    PACKAGE / "core",
    PACKAGE / "storage",
    PACKAGE / "ai",
    PACKAGE / "games" / "__init__.py",
    PACKAGE / "games" / "entry.py",
    *sorted((PACKAGE / "ui").glob("*.py")),
    PACKAGE / "ui" / "scenes",
    PACKAGE / "ui" / "table",
    PACKAGE / "ui" / "widgets",
    PACKAGE / "ui" / "games" / "__init__.py",
    # The board builder and board library screens are shared table screens that live with their game.
    *(PACKAGE / "ui" / "games" / "rainbow_passage" / name for name in BUILDER_MODULES),
]
TRANSLATED = {
    # game id: the folders whose shown texts must all have Dutch. One line per game.
    "dice_box": [PACKAGE / "games" / "dice_box", PACKAGE / "ui" / "games" / "dice_box"],
    "regenboog": [PACKAGE / "games" / "regenboog", PACKAGE / "ui" / "games" / "regenboog"],
}


def dutch_catalogue() -> Any:
    return tools.read_catalogue(tools.po_path("nl"))


@pytest.fixture(autouse=True)
def english_after() -> Any:
    """Every test here leaves the process in English, whatever it installed."""
    yield
    install_language("en")


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository's catalogues compiled with Babel into a private locale folder (as the build does)."""
    folder = tmp_path_factory.mktemp("locale")
    shutil.copytree(i18n.locale_dir(), folder, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.mo"))
    written = tools.compile_catalogues(folder)
    assert folder / "nl" / "LC_MESSAGES" / "rainbowtable.mo" in written
    return folder


@pytest.fixture
def dutch_available(compiled: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The app finds the compiled catalogues where it looks for them at run time."""
    monkeypatch.setattr(i18n, "locale_dir", lambda: compiled)
    return compiled


# --- the catalogue ----------------------------------------------------------------------------------


@pytest.mark.parametrize("part", ["shared table", *TRANSLATED])
def test_every_shown_text_has_dutch(part: str) -> None:
    """Issue 15: a text shown by the shared table or a translated game without a Dutch entry fails here,
    with where it is and the command that adds it to the catalogue."""
    paths = SHARED_TABLE if part == "shared table" else TRANSLATED[part]
    catalogue = dutch_catalogue()
    missing = []
    for text, places in sorted(tools.extract_messages(paths).items()):
        message = catalogue.get(text)
        if message is None or not message.string or message.fuzzy:
            where, line = places[0]
            missing.append(f"{Path(where).relative_to(ROOT)}:{line}: {text!r}")
    assert not missing, (
        f"{len(missing)} texts of the {part} have no Dutch; run `python -m rainbowtable.locale.tools update` "
        "and fill in their msgstr in rainbowtable/locale/nl/LC_MESSAGES/rainbowtable.po:\n"
        + "\n".join(missing)
    )


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def test_dutch_keeps_every_placeholder() -> None:
    """A translation fills the same `{fields}` as its English template, so `.format(...)` never fails and
    nothing goes missing."""
    wrong = [
        f"{message.id!r} -> {message.string!r}"
        for message in dutch_catalogue()
        if message.id and message.string and _fields(message.id) != _fields(message.string)
    ]
    assert not wrong, "\n".join(wrong)


def test_extraction_finds_calls_markers_and_declared_words() -> None:
    """`_()`, `N_()` and the words declared for the screens (option labels and help, taglines) are all
    found, so the Dutch check sees what the new-game and title screens show."""
    found = tools.extract_messages([PACKAGE / "games" / "dice_box", PACKAGE / "ui" / "games" / "dice_box"])
    assert "Random colours" in found  # option(...) label
    assert "The app assigns colours at random." in found  # option(...) help
    assert "Place dice one pip from their neighbours; make your colour count." in found  # GameUI tagline
    assert "Place a die" in found  # _() in the headless rules
    assert "red" in found  # N_() mark
    assert "Medium" not in found


def test_no_text_is_translated_after_formatting() -> None:
    """`_()` takes a literal template: never an f-string or a text glued together before translation."""
    import ast

    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_":
                argument = node.args[0] if node.args else None
                if isinstance(argument, ast.JoinedStr | ast.BinOp) or (
                    isinstance(argument, ast.Call)
                    and isinstance(argument.func, ast.Attribute)
                    and argument.func.attr == "format"
                ):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, offenders


# --- loading ----------------------------------------------------------------------------------------


def test_compiled_dutch_catalogue_translates(compiled: Path) -> None:
    assert install_language("nl", folder=compiled) == "nl"
    assert i18n.current_language() == "nl"
    assert _("New game") == "Nieuw spel"
    assert _("{name} wins!").format(name="Ada") == "Ada wint!"
    assert _("a text nobody translated") == "a text nobody translated"


def test_missing_catalogue_falls_back_to_english(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 15: no .mo (a checkout where nothing was compiled) means English and a log line, no crash."""
    with caplog.at_level(logging.WARNING):
        assert install_language("nl", folder=tmp_path) == "en"
    assert _("New game") == "New game"
    assert i18n.current_language() == "en"
    assert "unavailable, using English" in caplog.text


@pytest.mark.parametrize(
    "content",
    [b"", b"not a catalogue at all", b"\xde\x12\x04\x95" + b"\x00" * 3, b"\xde\x12\x04\x95" + b"\xff" * 40],
    ids=["empty", "garbage", "cut short", "bad offsets"],
)
def test_broken_catalogue_falls_back_to_english(
    tmp_path: Path, content: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    target = tmp_path / "nl" / "LC_MESSAGES" / "rainbowtable.mo"
    target.parent.mkdir(parents=True)
    target.write_bytes(content)
    with caplog.at_level(logging.WARNING):
        assert install_language("nl", folder=tmp_path) == "en"
    assert _("Settings") == "Settings"
    assert "using English" in caplog.text


def test_truncated_real_catalogue_falls_back_to_english(compiled: Path, tmp_path: Path) -> None:
    whole = (compiled / "nl" / "LC_MESSAGES" / "rainbowtable.mo").read_bytes()
    target = tmp_path / "nl" / "LC_MESSAGES" / "rainbowtable.mo"
    target.parent.mkdir(parents=True)
    target.write_bytes(whole[: len(whole) // 2])
    assert install_language("nl", folder=tmp_path) == "en"
    assert _("Settings") == "Settings"


def test_unknown_language_falls_back_to_english(compiled: Path) -> None:
    assert install_language("xx", folder=compiled) == "en"
    assert _("Settings") == "Settings"


# --- the setting ------------------------------------------------------------------------------------


def test_language_setting_round_trips(rainbowtable_home: Path) -> None:
    from rainbowtable.storage.paths import default_paths
    from rainbowtable.storage.settings import Settings, load_settings, save_settings

    paths = default_paths()
    assert Settings().language == "en"
    assert save_settings(Settings(language="nl"), paths) is None
    loaded, problem = load_settings(paths)
    assert problem is None
    assert loaded.language == "nl"


@pytest.mark.parametrize("value", ["fr", "NL", "", 3, None, True, ["nl"]])
def test_a_language_the_app_lacks_is_reset_to_english(value: Any) -> None:
    from rainbowtable.storage.settings import settings_from_json

    settings, adjusted = settings_from_json({"language": value, "sound": False})
    assert settings.language == "en"
    assert settings.sound is False
    assert adjusted == ["language"]


# --- the screens ------------------------------------------------------------------------------------


def _title_texts(ctx: Any) -> set[str]:
    title = ctx.scenes.top
    return {button.text for button in title.buttons.values()} | {title.logo_line}


def test_title_screen_in_dutch(ctx: Any, table: Any, dutch_available: Path) -> None:
    """Issue 15: with Dutch installed the title screen's menu is Dutch (headless)."""
    from rainbowtable.ui.scenes import navigation

    navigation.open_title(ctx)
    pump(table)
    english = _title_texts(ctx)
    assert {"New game", "Settings", "Quit"} <= english or {"Settings", "Quit"} <= english
    install_language("nl")
    ctx.scenes.top.rebuild()
    pump(table)
    dutch = _title_texts(ctx)
    assert {"Instellingen", "Afsluiten"} <= dutch
    assert not {"Settings", "Quit"} & dutch


def test_switching_language_on_the_settings_screen_applies_at_once(
    ctx: Any, table: Any, dutch_available: Path
) -> None:
    """The language buttons save the setting, install the catalogue and lay every screen out again: the
    settings screen itself and, back on the title, the menu."""
    from rainbowtable.ui.scenes import navigation
    from rainbowtable.ui.scenes.settings import SettingsScene

    navigation.open_title(ctx)
    navigation.open_settings(ctx)
    pump(table)
    scene = ctx.scenes.top
    assert isinstance(scene, SettingsScene)
    assert "Language" in [label for label, _rect in scene.rows]
    click_button(table, scene.buttons["language:nl"])
    assert ctx.settings.language == "nl"
    assert i18n.current_language() == "nl"
    scene = ctx.scenes.top
    assert "Taal" in [label for label, _rect in scene.rows]
    assert scene.buttons["back"].text == "Terug"
    from rainbowtable.storage.settings import load_settings

    assert load_settings(ctx.paths)[0].language == "nl"
    navigation.back(ctx)
    pump(table)
    assert "Instellingen" in _title_texts(ctx)
    # Restoring the defaults keeps the language a player can read.
    navigation.open_settings(ctx)
    pump(table)
    click_button(table, ctx.scenes.top.buttons["defaults"])
    assert ctx.settings.language == "nl"
    click_button(table, ctx.scenes.top.buttons["language:en"])
    assert i18n.current_language() == "en"
    assert ctx.scenes.top.buttons["back"].text == "Back"


def test_start_up_installs_the_saved_language(rainbowtable_home: Path, dutch_available: Path) -> None:
    import pygame

    from rainbowtable.storage.paths import default_paths
    from rainbowtable.storage.settings import Settings, save_settings
    from rainbowtable.ui.boot import make_context

    paths = default_paths()
    paths.ensure()
    save_settings(Settings(language="nl", animation_speed=0.0), paths)
    make_context(paths, logging.getLogger("rainbowtable.test"), size=(1280, 720), sound=False)
    try:
        assert i18n.current_language() == "nl"
        assert _("Settings") == "Instellingen"
    finally:
        pygame.event.clear()


def test_rules_page_reads_the_dutch_page_when_there_is_one(compiled: Path) -> None:
    from rainbowtable.games import rules_by_id
    from rainbowtable.ui.scenes.rules_page import rules_text

    rules = rules_by_id("dice_box")
    english = rules_text(rules)
    install_language("nl", folder=compiled)
    dutch = rules_text(rules)
    assert dutch != english
    assert dutch == (PACKAGE / "games" / "dice_box" / "rules_text.nl.md").read_text(encoding="utf-8")


def test_dice_box_rules_speak_dutch(compiled: Path) -> None:
    """Rules' reasons and log words come from the headless core through core.i18n._."""
    from rainbowtable.core.game import Players, render
    from rainbowtable.core.match import Match
    from rainbowtable.core.seats import default_seats
    from rainbowtable.games import rules_by_id

    install_language("nl", folder=compiled)
    rules = rules_by_id("dice_box")
    match = Match(rules, rules.default_options(), default_seats(2), 7)
    match.advance()
    who = match.to_act()
    assert isinstance(who, Players)
    assert who.prompt == "Plaats een dobbelsteen"
    action = rules.legal_actions(match.state)[0]
    line = render(rules.describe(match.state, action), ["Ada", "Bo"])
    assert " plaatst " in line and "rij " in line and "kolom " in line


def test_rainbows_names_its_columns_in_the_players_language(compiled: Path) -> None:
    """[RES-RB1] writes spaces colour letter + row ("Y2"); a Dutch player read "Markeer Y4" with nothing to
    map Y onto. Dutch writes its own colours' letters, two where two names begin alike (geel, groen)."""
    from rainbowtable.games.rainbows.model import COLOURS, Space
    from rainbowtable.games.rainbows.rules import shown_letter, shown_space

    assert [shown_letter(c) for c in COLOURS] == ["R", "O", "Y", "G", "B", "V"]
    assert shown_space(Space(2, 3)) == "Y2"
    install_language("nl", folder=compiled)
    try:
        assert [shown_letter(c) for c in COLOURS] == ["R", "O", "Ge", "Gr", "B", "P"]
        assert shown_space(Space(4, 3)) == "Ge4" and shown_space(Space(3, 6)) == "P3"
        assert Space(4, 3).name == "Y4"  # the notation of saves, tests and the rules specification
    finally:
        install_language("en")


# --- building ---------------------------------------------------------------------------------------


def test_the_build_compiles_and_ships_the_catalogues() -> None:
    from rainbowtable import build

    args = build.pyinstaller_args(ROOT / "dist", ROOT / "build")
    assert "--collect-data=rainbowtable" in args
    assert "babel" in build.EXCLUDED_MODULES
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"*/LC_MESSAGES/*.mo"' in pyproject
    assert "rainbowtable.locale.tools compile" in (ROOT / "tests" / "run.sh").read_text(encoding="utf-8")


def test_choosing_a_language_that_is_not_installed_says_so(
    ctx: Any, table: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click on Nederlands where no catalogue was compiled keeps English and tells the player."""
    from rainbowtable.ui.scenes import navigation

    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    navigation.open_title(ctx)
    navigation.open_settings(ctx)
    pump(table)
    click_button(table, ctx.scenes.top.buttons["language:nl"])
    assert i18n.current_language() == "en"
    assert ctx.scenes.top.buttons["back"].text == "Back"
    assert any("not installed" in notice.text for notice in ctx.notices)
    # Issue 39: the button of the language shown is the one lit, and the setting says so.
    buttons = ctx.scenes.top.buttons
    assert "@toggle_on" in buttons["language:en"].object_ids
    assert "@toggle_on" not in buttons["language:nl"].object_ids
    assert ctx.settings.language == "en"


def test_an_install_compiles_the_catalogues(tmp_path: Path) -> None:
    """Issue 39: `pip install -e .` (the README's first command) gives Dutch: setup.py's build_py, which an
    editable install and a wheel build both run, compiles every `.po` into its `.mo` (Babel is a build
    requirement in pyproject.toml) and the wheel carries it. (Checked by hand from a fresh venv too: after
    `pip install -e .` alone, `install_language("nl")` gives "nl".)"""
    import gettext
    import subprocess
    import sys

    # setup.py as pip runs it, with Cython (a build requirement the test venv may lack) stood in for:
    # build_py does not compile the extension.
    run_setup = (
        "import runpy, sys, types; cython = types.ModuleType('Cython.Build'); "
        "cython.cythonize = lambda modules, **options: modules; "
        "sys.modules.update({'Cython': types.ModuleType('Cython'), 'Cython.Build': cython}); "
        "sys.argv = ['setup.py', '-q', 'build_py', '--build-lib', sys.argv[1]]; "
        "runpy.run_path('setup.py', run_name='__main__')"
    )
    done = subprocess.run(
        [sys.executable, "-c", run_setup, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    built = tmp_path / "rainbowtable" / "locale"
    assert (built / "nl" / "LC_MESSAGES" / "rainbowtable.mo").is_file()
    assert (
        gettext.translation("rainbowtable", str(built), languages=["nl"]).gettext("Settings")
        == "Instellingen"
    )
    assert "babel" in (ROOT / "pyproject.toml").read_text(encoding="utf-8").split("[project]")[0]
