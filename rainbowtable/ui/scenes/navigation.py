"""Moving between screens. Scenes import each other only through here, so there are no import cycles and
the flow of the app can be read in one place."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rainbowtable.ui.i18n import _

if TYPE_CHECKING:
    from rainbowtable.core.game import AnyRules
    from rainbowtable.core.match import Match
    from rainbowtable.ui.context import Context


def open_title(ctx: Context) -> None:
    from rainbowtable.ui.scenes.title import TitleScene

    ctx.scenes.replace(TitleScene(ctx))


def open_new_game(ctx: Context, rules: AnyRules, previous: Any = None) -> None:
    from rainbowtable.ui.scenes.new_game import NewGameScene

    ctx.scenes.replace(NewGameScene(ctx, rules, previous))


def open_play(ctx: Context, match: Match, *, demo: bool = False, source: Path | None = None) -> None:
    from rainbowtable.ui.scenes.play import PlayScene

    ctx.scenes.replace(PlayScene(ctx, match, demo=demo, source=source))


def open_load(ctx: Context) -> None:
    from rainbowtable.ui.scenes.load_game import LoadGameScene

    ctx.scenes.push(LoadGameScene(ctx))


def open_settings(ctx: Context) -> None:
    from rainbowtable.ui.scenes.settings import SettingsScene

    ctx.scenes.push(SettingsScene(ctx))


def open_rules(ctx: Context, rules: AnyRules) -> None:
    from rainbowtable.ui.scenes.rules_page import RulesPageScene

    ctx.scenes.push(RulesPageScene(ctx, rules))


def back(ctx: Context) -> None:
    """Close a pushed screen; with nothing below, go to the title."""
    if len(ctx.scenes.scenes) > 1:
        ctx.scenes.pop()
    else:
        open_title(ctx)


def open_save(ctx: Context, path: Path) -> bool:
    """Open a save file in the play screen; a bad file is reported and nothing else changes."""
    from rainbowtable.storage.saves import SaveError, load_match

    try:
        match = load_match(path)
    except SaveError as error:
        ctx.notify(_("Could not open {name}: {why}").format(name=path.name, why=error), "error")
        return False
    open_play(ctx, match, source=path)
    return True


def open_first_scene(
    ctx: Context,
    *,
    save: Path | None = None,
    demo: str | None = None,
    seats: int | None = None,
    seed: int | None = None,
    scene: str | None = None,
) -> None:
    if demo is not None:
        from rainbowtable.games import GAMES, rules_by_id

        try:
            rules = rules_by_id(demo)
        except KeyError:
            known = ", ".join(game.id for game in GAMES)
            open_title(ctx)
            ctx.notify(
                _("There is no game called {name}. Games: {known}.").format(name=demo, known=known), "error"
            )
            return
        from rainbowtable.ui.scenes.play import demo_match

        open_play(ctx, demo_match(rules, seats, seed), demo=True)
        return
    open_title(ctx)
    if save is not None:
        open_save(ctx, save)
        return
    if scene:
        from rainbowtable.games import GAMES

        first = GAMES[0].rules
        opener = {
            "new_game": lambda: open_new_game(ctx, first),
            "settings": lambda: open_settings(ctx),
            "load": lambda: open_load(ctx),
            "rules": lambda: open_rules(ctx, first),
            "builder": lambda: open_builder(ctx),
        }.get(scene)
        if opener is not None:
            opener()


def open_builder(ctx: Context, draft: Any = None) -> None:
    """The Rainbow Passage Board Builder, above the current screen (Back returns to it)."""
    from rainbowtable.ui.scenes.board_builder import BoardBuilderScene

    ctx.scenes.push(BoardBuilderScene(ctx, draft))


def open_board_library(ctx: Context) -> None:
    """The Rainbow Passage board library, above the current screen (Back returns to it)."""
    from rainbowtable.ui.scenes.board_library import BoardLibraryScene

    ctx.scenes.push(BoardLibraryScene(ctx))


def open_board_in_builder(
    ctx: Context, draft: Any, *, name: str | None = None, path: Path | None = None
) -> None:
    """From the board library (on top): close it and open `draft` in the builder below it, where undo brings
    back what was there, or in a new builder when the library was opened from elsewhere."""
    from rainbowtable.ui.scenes.board_builder import BoardBuilderScene

    ctx.scenes.pop()
    below = ctx.scenes.top
    if isinstance(below, BoardBuilderScene):
        below.load(draft, name, path)
    else:
        ctx.scenes.push(BoardBuilderScene(ctx, draft, name=name, path=path))
