"""Moving between screens. Scenes import each other only through here, so there are no import cycles and
the flow of the app can be read in one place."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rainbowtable.ui.i18n import _

if TYPE_CHECKING:
    from rainbowtable.core.game import AnyRules
    from rainbowtable.core.match import Match
    from rainbowtable.core.replay import Replay
    from rainbowtable.ui.context import Context


def open_title(ctx: Context) -> None:
    from rainbowtable.ui.scenes.title import TitleScene

    ctx.scenes.replace(TitleScene(ctx))


def open_new_game(
    ctx: Context, rules: AnyRules, previous: Any = None, *, board: Any = None, board_name: str | None = None
) -> None:
    """The new-game screen: as `previous` was set up (a rematch), else as this game was last set up; `board`
    (options for a game on a builder's board, saved as `board_name`) puts that board in the setup."""
    from rainbowtable.ui.scenes.new_game import NewGameScene

    ctx.scenes.replace(NewGameScene(ctx, rules, previous, board=board, board_name=board_name))


def open_play(ctx: Context, match: Match, *, demo: bool = False, source: Path | None = None) -> None:
    from rainbowtable.ui.scenes.play import PlayScene

    ctx.scenes.replace(PlayScene(ctx, match, demo=demo, source=source))


def open_replay(
    ctx: Context,
    replay: Replay,
    *,
    source: Path | None = None,
    back: Callable[[Context], None] | None = None,
) -> None:
    """The replay screen of a game (`source`: the save it lives in, for the review's cache and nothing
    else: it is never written; `back`: where Back goes, the title by default)."""
    from rainbowtable.ui.scenes.replay import ReplayScene

    ctx.scenes.replace(ReplayScene(ctx, replay, source=source, back=back))


def open_replay_file(
    ctx: Context, path: Path, *, back: Callable[[Context], None] | None = None
) -> str | None:
    """The replay of a save file (None); a file that cannot be read is reported as opening it would be,
    nothing else changes, and the message is returned."""
    from rainbowtable.core.game import IllegalAction
    from rainbowtable.core.replay import Replay
    from rainbowtable.storage.saves import SaveError, load_match

    try:
        replay = Replay.from_match(load_match(path, find_game=ctx.rules_for))
    except (SaveError, IllegalAction) as error:
        message = _("Could not open {name}: {why}").format(name=path.name, why=error)
        ctx.notify(message, "error")
        return message
    open_replay(ctx, replay, source=path, back=back)
    return None


def open_lessons(ctx: Context, *, replace: bool = False) -> None:
    """The "Learn to play" list, over the screen it was asked from (`replace`: in place of every screen,
    as when a lesson is left)."""
    from rainbowtable.ui.scenes.lesson import LessonsScene

    scene = LessonsScene(ctx)
    ctx.scenes.replace(scene) if replace else ctx.scenes.push(scene)


def open_lesson(ctx: Context, rules: AnyRules) -> bool:
    """The lesson of a game on the table, in place of the list; False (and why, said) when it cannot be
    read."""
    from rainbowtable.core.lesson import LessonError, check, load_lesson
    from rainbowtable.ui.scenes.lesson import LessonScene

    try:
        lesson = load_lesson(rules)
        # Every scripted step must still be legal where it stands: a lesson the rules moved away from is
        # refused here, with its reason in the log, rather than stopping halfway through.
        problems = check(lesson) if lesson is not None else []
        if problems:
            raise LessonError("; ".join(problems))
    except LessonError as error:
        ctx.log.error("%s", error)
        ctx.notify(_("This lesson could not be read: {why}").format(why=error), "error")
        return False
    if lesson is None:
        return False
    ctx.scenes.replace(LessonScene(ctx, lesson))
    return True


def open_first_game(ctx: Context, rules: AnyRules) -> None:
    """The new-game screen set up for a first game after a lesson: you and one computer at Easy (as few
    computers as the game allows)."""
    from rainbowtable.core.match import Match
    from rainbowtable.core.seats import SEAT_COLOURS, Level, Seat, SeatKind

    count = 2 if 2 in rules.seat_counts else rules.seat_counts[0]  # Rainbows needs three
    seats = [Seat(_("Player {n}").format(n=1), SeatKind.HUMAN, Level.EASY, SEAT_COLOURS[0])]
    seats += [
        Seat(_("Computer {n}").format(n=i + 1), SeatKind.COMPUTER, Level.EASY, SEAT_COLOURS[i])
        for i in range(1, count)
    ]
    open_new_game(ctx, rules, Match(rules, rules.default_options(), tuple(seats), 1))


def open_load(ctx: Context) -> None:
    from rainbowtable.ui.scenes.load_game import LoadGameScene

    ctx.scenes.push(LoadGameScene(ctx))


def open_records(ctx: Context) -> None:
    """The Records screen: over the title (Back returns to it), else in place of every screen (as when a
    replay opened from a record goes back)."""
    from rainbowtable.ui.scenes.records import RecordsScene
    from rainbowtable.ui.scenes.title import TitleScene

    scene = RecordsScene(ctx)
    ctx.scenes.push(scene) if isinstance(ctx.scenes.top, TitleScene) else ctx.scenes.replace(scene)


def open_settings(ctx: Context) -> None:
    from rainbowtable.ui.scenes.settings import SettingsScene

    ctx.scenes.push(SettingsScene(ctx))


def open_rules(ctx: Context, rules: AnyRules) -> None:
    from rainbowtable.ui.scenes.rules_page import RulesPageScene

    ctx.scenes.push(RulesPageScene(ctx, rules))


def open_help(ctx: Context, game_id: str | None = None) -> None:
    """F1 from any screen: the rules of `game_id` (or of the first game) with the table's shortcuts; a
    game not playable yet gets a dialog with the shortcuts alone."""
    try:
        rules = ctx.rules_for(game_id) if game_id is not None else ctx.playable_games()[0].rules
    except (KeyError, IndexError):
        from rainbowtable.ui.scenes import dialogs
        from rainbowtable.ui.widgets.shortcuts import shortcuts_text

        dialogs.message(ctx, _("Keyboard shortcuts"), shortcuts_text())
        return
    open_rules(ctx, rules)


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
        match = load_match(path, find_game=ctx.rules_for)
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
        playable = {game.id: game for game in ctx.playable_games()}
        if demo in playable:
            rules = playable[demo].rules
        else:
            known = ", ".join(playable)
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
        first = ctx.playable_games()[0].rules
        opener = {
            "new_game": lambda: open_new_game(ctx, first),
            "settings": lambda: open_settings(ctx),
            "load": lambda: open_load(ctx),
            "rules": lambda: open_rules(ctx, first),
            "lessons": lambda: open_lessons(ctx),
            "records": lambda: open_records(ctx),
        }.get(scene)
        if opener is None:
            # A screen a game owns (a board builder), by its key.
            owned = {screen.key: screen for ui in ctx.game_uis.values() for screen in ui.screens}
            if scene in owned:
                opener = lambda: owned[scene].open(ctx)  # noqa: E731
        if opener is not None:
            opener()
