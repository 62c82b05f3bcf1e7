"""Issue 11, "A table a new player can follow": headless tests of the shared table with Dice Box as the
game (one colour per player, the last move outlined, rolls shown when the dice land, the player's own
re-roll, the end of a game, keyboard play)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pygame
import pytest

from rainbowtable.core.game import Chance, Finished
from rainbowtable.core.match import Match
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.games import rules_by_id
from rainbowtable.games.dice_box.diagram import build_state
from rainbowtable.games.dice_box.model import Cell, DiceBoxState, DiceRolled, HandRerolled, PlaceDie
from rainbowtable.ui import boot
from rainbowtable.ui.scenes import dialogs, navigation
from rainbowtable.ui.scenes.play import PlayScene
from rainbowtable.ui.scenes.play.driver import MatchDriver
from rainbowtable.ui.scenes.title import TitleScene
from rainbowtable.ui.table.view import TAKE_CHANCE
from rainbowtable.ui.widgets.die import DIE_BODIES
from tests.ui_driver import DT, click_button, key, pump

RULES = rules_by_id("dice_box")
TWO = (Seat("Ana"), Seat("Ben", colour="teal"))

SEED_3 = """
. . . . .
. . . . .
. . S3 . .
. . . . .
. . . . .
"""


def open_match(ctx: Any, table: Any, match: Match, frames: int = 4) -> PlayScene:
    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    pump(table, frames)
    return scene


def near_the_end(seed: int = 5) -> tuple[Match, PlaceDie]:
    """A two-human match one placement from its end, and that placement."""
    rng = random.Random(seed)
    match = Match(RULES, RULES.default_options(), TWO, seed)
    while True:
        match.advance()
        legal = RULES.legal_actions(match.state)
        for action in legal:
            if isinstance(action, PlaceDie) and isinstance(
                RULES.to_act(RULES.apply(match.state, action)), Finished
            ):
                return match, action
        match.play(rng.choice(legal))


def test_token_colour_is_the_colour_scored(ctx: Any, table: Any) -> None:
    """Issue 11: a seat's token, card and result row take the colour it scores (dice_box.md §2.2)."""
    scene = open_match(ctx, table, Match(RULES, RULES.default_options(), TWO, 11))
    state = scene.match.state
    assert isinstance(state, DiceBoxState)
    for seat in range(2):
        colours = scene.view.drawing.seat_colours(state, seat)
        assert [c.rgb for c in colours] == [DIE_BODIES[c.value] for c in state.colours[seat]]
        # The panel's token is drawn in that colour.
        card = scene.panel_rect
        scene.still.forget()
        scene.draw(ctx.screen)
        found = False
        for y in range(card.y, card.bottom, 2):
            for x in range(card.x, card.x + ctx.px(44), 2):
                if tuple(ctx.screen.get_at((x, y)))[:3] == colours[0].rgb:
                    found = True
                    break
            if found:
                break
        assert found, f"seat {seat}'s colour appears on its card"


def test_two_colours_each_shows_both(ctx: Any, table: Any) -> None:
    """Issue 11, dice_box.md §2.2 [RES-DB2]: with two colours each, both show as the seat's colours."""
    options = replace(RULES.default_options(), two_colours_each=True)
    scene = open_match(ctx, table, Match(RULES, options, TWO, 3))
    assert all(len(scene.view.drawing.seat_colours(scene.match.state, seat)) == 2 for seat in range(2))


def test_last_move_is_marked_per_seat_and_hovering_the_log_marks_its_move(ctx: Any, table: Any) -> None:
    """Issue 11: each seat's last placement is in the look (the view outlines it); a hovered log line too."""
    scene = open_match(ctx, table, Match(RULES, RULES.default_options(), TWO, 11))
    first = next(a for a in RULES.legal_actions(scene.match.state) if isinstance(a, PlaceDie))
    scene.play(first)
    pump(table, 3)
    second = next(a for a in RULES.legal_actions(scene.match.state) if isinstance(a, PlaceDie))
    scene.play(second)
    pump(table, 3)
    look = scene._look()
    steps = scene.match.steps
    assert dict(look.last_actions) == {steps[-2].actor: first, steps[-1].actor: second}
    marks = scene.view.drawing._marks(scene.match.state, look)  # type: ignore[attr-defined]
    assert first.cell in marks and second.cell in marks
    assert marks[second.cell][1] > marks[first.cell][1], "the newest move is outlined more strongly"
    # Hover the log line of the first placement: the look names its action and the cell glows.
    scene.still.forget()
    scene.draw(ctx.screen)
    number = len(scene.match.steps) - 1
    row = next(rect for rect, entry in scene.log_panel._rows if entry == number)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene._look().marked == first


def test_a_roll_shows_its_result_only_when_the_dice_land(ctx: Any, table: Any) -> None:
    """Issue 11: while the dice tumble, the log, the panel and the hints still show the state before."""
    ctx.update_settings(replace(ctx.settings, animation_speed=1.0))
    match = Match(RULES, RULES.default_options(), TWO, 11)
    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    rolled_at = None
    for _ in range(200):
        table.step(DT, [])
        if scene.animation is not None and isinstance(match.steps[-1].action, DiceRolled):
            rolled_at = len(match.steps)
            break
    assert rolled_at is not None, "the roll animates"
    assert len(scene.log_panel.lines) == rolled_at - 1, "the roll's log line waits"
    assert scene.turn.panel_state() is match.steps[-2].state
    look = scene._look()
    grid = scene.view.drawing._visible_grid(match.state, look)  # type: ignore[attr-defined]
    assert grid[12] is None, "the seed is not there for the hints while it tumbles"
    assert isinstance(scene.turn.status(), tuple) and scene.turn.status()[0] != ctx.settings.pace
    for _ in range(400):
        table.step(DT, [])
        if scene.animation is None:
            break
    assert scene.animation is None
    assert len(scene.log_panel.lines) == len(match.steps)
    assert scene.turn.panel_state() is scene.shown_state()


def test_computer_pace_setting() -> None:
    """Issue 11: computer turns wait by the pace setting: instant, quick, relaxed."""
    match = Match(RULES, RULES.default_options(), TWO, 1)
    waits = {}
    for pace in ("instant", "quick", "relaxed"):

        def chosen(pace: str = pace) -> str:
            return pace

        waits[pace] = MatchDriver(match, pace=chosen).pause_for()
    assert waits["instant"] == 0 < waits["quick"] < waits["relaxed"]
    off = MatchDriver(match, speed=lambda: 0.0, pace=lambda: "relaxed")
    assert off.pause_for() == 0, "with animation off everything plays at once"


def stuck_match(first: Seat, second: Seat) -> Match:
    match = Match(RULES, RULES.default_options(), (first, second), 4)
    match.initial_state = build_state(SEED_3, ["R6 Y6", "B1 B3"])
    return match


def test_a_stuck_human_rerolls_with_a_button(ctx: Any, table: Any) -> None:
    """Issue 11, dice_box.md §2.4 step 4: a stuck human is shown Re-roll with the reason; the app does not
    roll for them; the button (or R) re-rolls the whole hand and the turn passes."""
    match = stuck_match(Seat("Ana"), Seat("Ben"))
    assert RULES.to_act(match.state) == Chance("re-roll")
    scene = open_match(ctx, table, match, frames=10)
    assert match.steps == [], "nothing was rolled for the human"
    assert scene.driver.human_to_act() == 0
    labels = [spec.label for _button, spec in scene.game_buttons]
    assert labels == ["Re-roll"]
    assert "re-roll" in scene.turn.status()[1]
    key(table, pygame.K_r)
    assert len(match.steps) == 1 and isinstance(match.steps[0].action, HandRerolled)
    assert match.state.current == 1


def test_a_stuck_computer_rerolls_by_itself(ctx: Any, table: Any) -> None:
    """dice_box.md §2.4 step 4: a computer seat's re-roll stays automatic."""
    match = stuck_match(Seat("Cy", SeatKind.COMPUTER, Level.EASY), Seat("Ana"))
    open_match(ctx, table, match, frames=4)
    assert match.steps and isinstance(match.steps[0].action, HandRerolled)


def test_take_chance_is_refused_when_nothing_waits(ctx: Any, table: Any) -> None:
    scene = open_match(ctx, table, Match(RULES, RULES.default_options(), TWO, 11))
    before = len(scene.match.steps)
    scene.play(TAKE_CHANCE)
    assert len(scene.match.steps) == before


def test_result_buttons_are_on_the_screen_with_the_card(ctx: Any, table: Any) -> None:
    """Issue 11: New game / Rematch / View board are drawn on the card's first frames, before any mouse move,
    and the finished game is no longer offered as Resume."""
    match, last = near_the_end()
    scene = open_match(ctx, table, match)
    scene.play(last)
    drawn = [table.step(DT, []) for _ in range(120)]
    assert scene.result.shown and scene.result_buttons
    assert not any(drawn[-10:]), "the table went idle"
    for button in scene.result_buttons.values():
        local = (button.rect.w // 2, button.rect.h // 2)
        assert ctx.screen.get_at(button.rect.center) == button.image.get_at(local)
    assert not ctx.paths.autosave_path.exists(), "a finished game is nothing to resume"
    navigation.open_title(ctx)
    pump(table, 3)
    title = ctx.scenes.top
    assert isinstance(title, TitleScene)
    assert not title.buttons["resume"].is_enabled


def test_menu_asks_before_leaving_a_game_in_progress(ctx: Any, table: Any) -> None:
    """Issue 11: Menu asks first and says the game is autosaved; Cancel stays, Leave goes to the title."""
    scene = open_match(ctx, table, Match(RULES, RULES.default_options(), TWO, 11))
    click_button(table, scene.buttons["menu"])
    dialog = ctx.scenes.top
    assert isinstance(dialog, dialogs.DialogScene)
    assert "autosaved" in dialog.text
    key(table, pygame.K_ESCAPE)
    assert ctx.scenes.top is scene
    click_button(table, scene.buttons["menu"])
    key(table, pygame.K_RETURN)
    assert isinstance(ctx.scenes.top, TitleScene)


def test_a_whole_turn_by_keyboard(ctx: Any, table: Any) -> None:
    """Issue 11: Tab moves the ring over your dice, Enter picks, arrows move over the legal cells, Enter
    drops; Esc puts a held die back; U undoes."""
    scene = open_match(ctx, table, Match(RULES, RULES.default_options(), TWO, 11))
    before = len(scene.match.steps)
    key(table, pygame.K_TAB)
    assert scene.focus is not None and scene.ring.rect() is not None
    key(table, pygame.K_RETURN)
    assert scene.drag.pick is not None, "Enter picked the die up"
    held = scene.drag.pick
    assert scene.focus in scene.drag.targets, "the ring moved to the legal cells"
    key(table, pygame.K_ESCAPE)
    assert scene.drag.pick is None and scene.focus == held
    key(table, pygame.K_SPACE)
    key(table, pygame.K_RIGHT)
    target = scene.focus
    assert isinstance(target, Cell)
    key(table, pygame.K_RETURN)
    assert len(scene.match.steps) == before + 1
    played = scene.match.steps[-1].action
    assert played == PlaceDie(held, target)  # type: ignore[arg-type]
    key(table, pygame.K_u)
    assert isinstance(ctx.scenes.top, dialogs.DialogScene), "two humans: Ben is asked first"
    key(table, pygame.K_RETURN)
    assert len(scene.match.steps) == before


def scaled(ctx: Any, table: Any, percent: int) -> None:
    ctx.update_settings(replace(ctx.settings, ui_scale=percent))
    boot.apply_display_settings(table)
    pump(table, 2)


def four_seats() -> tuple[Seat, ...]:
    return (
        Seat("Priya"),
        Seat("Ada (computer)", SeatKind.COMPUTER, Level.EASY, "teal"),
        Seat("Bo (computer)", SeatKind.COMPUTER, Level.EASY, "amber"),
        Seat("Cy (computer)", SeatKind.COMPUTER, Level.EASY, "violet"),
    )


@pytest.mark.parametrize("percent", [125, 150])
def test_four_seats_at_large_text_keep_colour_hand_and_three_log_entries(
    ctx: Any, table: Any, percent: int
) -> None:
    """Issue 11: at 125% and 150% UI scale, 4 seats at 1280x720: each seat card shows its colour and hand,
    the log shows at least three lines (issue 39: wrapped, so not always three entries), the result card
    fits."""
    match = Match(RULES, RULES.default_options(), four_seats(), 7)
    scaled(ctx, table, percent)
    scene = open_match(ctx, table, match, frames=4)
    rng = random.Random(2)
    for _ in range(300):
        if match.is_finished or len(match.steps) > 14:
            break
        seat = scene.driver.human_to_act()
        if seat is not None:
            legal = RULES.legal_actions(match.state)
            scene.play(rng.choice(legal) if legal else TAKE_CHANCE)
        pump(table, 1)
    calls: list[pygame.Rect] = []
    original = scene.view.drawing.draw_seat_extra

    def spy(surface: Any, rect: pygame.Rect, state: Any, seat: int, look: Any) -> None:
        calls.append(rect)
        original(surface, rect, state, seat, look)

    scene.view.drawing.draw_seat_extra = spy  # type: ignore[method-assign]
    scene.still.forget()
    scene.draw(ctx.screen)
    assert len(calls) == 4 and all(r.h >= ctx.px(14) for r in calls), "every seat shows colour and hand"
    # Issue 39: long lines wrap (never "…"), so at large text the log's three lines may hold fewer entries;
    # it begins on a whole entry and shows the newest one whole.
    log = scene.log_panel
    rows = log._rows
    newest = len(log.lines)
    first = next(i for i, (number, _part) in enumerate(log._wrapped) if number == newest)
    assert sum(1 for _rect, entry in rows if entry == newest) == len(log._wrapped) - first, "newest whole"
    assert rows and rows[-1][1] == newest
    assert scene.log_panel.rect.bottom <= ctx.size[1]
    while not match.is_finished:
        legal = RULES.legal_actions(match.state)
        if legal:
            match.play(rng.choice(legal))
        else:
            match.resolve_chance()
    card = scene.result.rect(scene.board_rect, scene._outcome())
    assert scene.board_rect.contains(card)


@pytest.mark.parametrize("percent", [100, 150])
def test_title_menu_fits_at_large_text(ctx: Any, table: Any, percent: int) -> None:
    """Issue 11: at 150% the title's Resume text and every menu button fit the 1280x720 window."""
    scaled(ctx, table, percent)
    navigation.open_title(ctx)
    pump(table, 2)
    title = ctx.scenes.top
    assert isinstance(title, TitleScene)
    screen = pygame.Rect((0, 0), ctx.size)
    assert all(screen.contains(button.rect) for button in title.buttons.values())


def test_load_rows_show_a_thumbnail_of_the_saved_position(ctx: Any, table: Any) -> None:
    """Issue 11: a load-game row shows the saved position, drawn small by the game's view."""
    from rainbowtable.storage.saves import save_match
    from rainbowtable.ui.table.thumbnail import save_thumbnail

    match = Match(RULES, RULES.default_options(), TWO, 11)
    match.advance()
    path = ctx.paths.saves_dir / "one.json"
    save_match(match, path)
    picture = save_thumbnail(ctx, path, "dice_box", (60, 60))
    assert picture is not None and max(picture.get_size()) == 60
    assert save_thumbnail(ctx, ctx.paths.saves_dir / "missing.json", "dice_box", (60, 60)) is None
    navigation.open_load(ctx)
    pump(table, 3)


def test_new_game_remembers_the_last_setup_per_game(ctx: Any, table: Any) -> None:
    """Issue 11: Start remembers seats and options; the next new-game screen for the game opens so."""
    from rainbowtable.ui.scenes.new_game import NewGameScene

    navigation.open_new_game(ctx, RULES)
    pump(table, 2)
    scene = ctx.scenes.top
    assert isinstance(scene, NewGameScene)
    click_button(table, scene.seat_rows.count_buttons[3])
    click_button(table, scene.options_card.option_widgets["random_colours"]["toggle"])
    scene.choices.drafts[1].name, scene.choices.drafts[1].typed = "Zed", True
    scene.start()
    pump(table, 2)
    assert isinstance(ctx.scenes.top, PlayScene)
    navigation.open_new_game(ctx, RULES)
    pump(table, 2)
    again = ctx.scenes.top
    assert isinstance(again, NewGameScene)
    assert again.choices.seat_count == 3 and again.choices.values["random_colours"] is False
    assert again.choices.drafts[1].name == "Zed"


def test_choosing_a_colour_on_the_new_game_screen(ctx: Any, table: Any) -> None:
    """Issue 11, dice_box.md §2.2: with random colours off the swatches show the colour each seat scores;
    clicking one swaps that player to the next seat's colour, and the game deals exactly that."""
    from rainbowtable.ui.scenes.new_game import NewGameScene

    navigation.open_new_game(ctx, RULES)
    pump(table, 2)
    scene = ctx.scenes.top
    assert isinstance(scene, NewGameScene)
    colours = scene.seat_colours()
    assert colours is not None and all(not c for c in colours), "random: dealt at the start"
    click_button(table, scene.options_card.option_widgets["random_colours"]["toggle"])
    colours = scene.seat_colours()
    assert colours is not None and [c[0].name for c in colours] == ["red", "yellow"]
    first = scene.choices.drafts[0].name
    scene.choose_colour(0)
    pump(table, 2)
    assert (
        scene.choices.drafts[1].name == first
        or scene.choices.drafts[1].kind is not scene.choices.drafts[0].kind
    )
    scene.start()
    pump(table, 6)
    play = ctx.scenes.top
    assert isinstance(play, PlayScene)
    state = play.match.state
    assert isinstance(state, DiceBoxState)
    mine = [i for i, seat in enumerate(play.match.seats) if not seat.is_computer]
    assert [c.value for c in state.colours[mine[0]]] == ["yellow"], "the human took the yellow seat"


@pytest.mark.parametrize("percent", [100, 150])
def test_settings_offer_pace_and_volume(ctx: Any, table: Any, percent: int) -> None:
    """Issue 11: the computer pace (instant / quick / relaxed) and a volume slider are on the settings
    screen, stored at once, and everything fits the window at 150%."""
    from rainbowtable.ui.scenes.settings import SettingsScene

    scaled(ctx, table, percent)
    navigation.open_settings(ctx)
    pump(table, 2)
    scene = ctx.scenes.top
    assert isinstance(scene, SettingsScene)
    click_button(table, scene.buttons["pace:relaxed"])
    assert ctx.settings.pace == "relaxed"
    assert scene.volume_slider is not None
    screen = pygame.Rect((0, 0), ctx.size)
    assert all(screen.contains(button.rect) for button in scene.buttons.values())


def test_new_settings_are_read_tolerantly() -> None:
    """Issue 11: pace, volume and the remembered setups are checked like every setting."""
    from rainbowtable.storage.settings import Settings, last_setup, settings_from_json, with_last_setup

    settings, adjusted = settings_from_json(
        {"pace": "warp", "volume": 300, "last_setups": {"dice_box": "{}"}}
    )
    assert settings.pace == Settings().pace and settings.volume == 100
    assert "computer pace" in adjusted and "volume" in adjusted
    assert last_setup(settings, "dice_box") == "{}"
    assert last_setup(with_last_setup(settings, "dice_box", "[1]"), "dice_box") == "[1]"
    broken, _adjusted = settings_from_json({"last_setups": ["not", "a", "map"]})
    assert broken.last_setups == ()


def test_rules_page_lists_the_shortcuts_and_f1_opens_it_from_the_title(ctx: Any, table: Any) -> None:
    """Issue 11: F1 opens the rules from the title too; the rules page ends with the keyboard shortcuts."""
    from rainbowtable.ui.scenes.rules_page import RulesPageScene

    navigation.open_title(ctx)
    pump(table, 2)
    key(table, pygame.K_F1)
    page = ctx.scenes.top
    assert isinstance(page, RulesPageScene)
    assert "Keyboard shortcuts" in page.source and "Ctrl+Z" in page.source


def test_picking_a_die_that_fits_nowhere_says_so_at_once(ctx: Any, table: Any) -> None:
    """Issue 11: a die with no legal cell anywhere says so as soon as it is picked up (dice_box.md §2.3)."""
    from tests.ui_driver import click

    match = Match(RULES, RULES.default_options(), TWO, 4)
    match.initial_state = build_state(SEED_3, ["R6 Y2", "B1 B3"])
    scene = open_match(ctx, table, match)
    state = match.state
    assert isinstance(state, DiceBoxState)
    six = next(d for d in state.hands[0] if d.value == 6)
    rect = scene.view.input.pick_rect(state, six.id)
    assert rect is not None
    click(table, rect.center)
    assert scene.drag.pick == six.id and not scene.drag.targets
    assert any("fits no open cell" in notice.text for notice in ctx.notices)


def test_the_draft_by_keyboard(ctx: Any, table: Any) -> None:
    """Issue 11: the keyboard reaches plain clicks too: Tab to a pool die, Enter drafts it (dice_box.md
    §2.2, 4 players)."""
    seats = (Seat("Ana"), Seat("Ben"), Seat("Cy"), Seat("Di"))
    scene = open_match(ctx, table, Match(RULES, RULES.default_options(), seats, 8))
    state = scene.match.state
    assert isinstance(state, DiceBoxState) and state.phase.value == "draft"
    before = len(scene.match.steps)
    key(table, pygame.K_TAB)
    assert scene.ring.rect() is not None
    key(table, pygame.K_RETURN)
    assert len(scene.match.steps) == before + 1
    assert type(scene.match.steps[-1].action).__name__ == "DraftDie"


def test_flying_dice_never_cover_the_tray_caption(ctx: Any, table: Any) -> None:
    """Issue 11: while dice fly, the tray's caption is drawn again over them: over every place where a die
    crosses its line (and only there: the still picture shows the rest of it; the pixels are compared in
    `test_ui_play_dice_box.test_a_throw_never_hides_the_trays_caption`)."""
    match = Match(RULES, RULES.default_options(), TWO, 11)
    match.advance()
    scene = open_match(ctx, table, match)
    roll = next(i for i, step in enumerate(match.steps) if isinstance(step.action, DiceRolled))
    before = match.steps[roll - 1].state if roll else match.initial_state
    animation = scene.view.motion.animation_for(
        before, match.steps[roll].action, match.steps[roll].state, 1.0, scene._look()
    )
    assert animation is not None
    view: Any = scene.view
    caption = view.where.caption_rect()
    animation.update(0.3)
    drawn = animation.draw(ctx.screen)
    *dice, band = drawn
    crossing = [rect.clip(caption) for rect in dice if rect.colliderect(caption)]
    assert crossing, "no die crosses the caption at this moment: the test shows nothing"
    assert caption.contains(band), "the band is drawn within the caption's line"
    assert all(band.contains(rect) for rect in crossing), "the caption band is redrawn over the dice"


def test_arrow_keys_move_on_the_board_and_tab_cycles(ctx: Any, table: Any) -> None:
    """Issue 39 §3: with a die in hand, an arrow key moves the ring to the next legal cell in its direction
    (the neighbouring cell on the grid when it is legal), never sideways or back; at the edge it stays. Tab
    and Shift+Tab go to the next and previous place in reading order."""
    scene = open_match(ctx, table, Match(RULES, RULES.default_options(), TWO, 11))
    key(table, pygame.K_TAB)
    key(table, pygame.K_RETURN)
    assert scene.drag.pick is not None
    targets = [t for t in scene.drag.targets if isinstance(t, Cell)]
    assert len(targets) >= 2
    state = scene.shown_state()

    def centre(cell: Cell) -> tuple[int, int]:
        rect = scene.view.input.target_rect(state, cell)
        assert rect is not None
        return rect.center

    def straight_ahead(start: Cell, dx: int, dy: int) -> Cell | None:
        """The nearest legal cell in the same row or column, in that direction."""
        x0, y0 = centre(start)
        ahead = []
        for t in targets:
            ax, ay = centre(t)[0] - x0, centre(t)[1] - y0
            if t != start and ax * dx + ay * dy > 0 and ax * dy - ay * dx == 0:
                ahead.append((abs(ax) + abs(ay), t))
        return min(ahead)[1] if ahead else None

    moved = 0
    for arrow, (dx, dy) in (
        (pygame.K_RIGHT, (1, 0)),
        (pygame.K_LEFT, (-1, 0)),
        (pygame.K_DOWN, (0, 1)),
        (pygame.K_UP, (0, -1)),
    ):
        for start in targets:
            scene.focus = start
            key(table, arrow)
            expected = straight_ahead(start, dx, dy)
            if expected is not None:
                assert scene.focus == expected, (arrow, start)
                moved += 1
            else:  # nothing straight ahead: somewhere ahead, or it stays
                x0, y0 = centre(start)
                x1, y1 = centre(scene.focus)  # type: ignore[arg-type]
                assert (x1 - x0) * dx + (y1 - y0) * dy > 0 or scene.focus == start
    assert moved > 0
    items = scene.ring.items()
    scene.focus = items[0]
    key(table, pygame.K_TAB)
    assert scene.focus == items[1]
    key(table, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focus == items[0]
