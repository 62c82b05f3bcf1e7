"""Headless play-screen tests for Dice Box: synthetic drags and clicks through the real table loop."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rainbowtable.core.match import Match
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.games import rules_by_id
from rainbowtable.games.dice_box.model import Cell, DiceBoxState, Phase, PlaceDie
from rainbowtable.storage.saves import load_match
from rainbowtable.ui.games.dice_box.motion import DiceBoxAnimation
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.scenes.play import PlayScene
from tests.ui_driver import click_button, drag, key, pump

RULES = rules_by_id("dice_box")


def start(ctx: Any, table: Any, seats: tuple[Seat, ...] | None = None, seed: int = 11) -> PlayScene:
    seats = seats or (Seat("Ana"), Seat("Ben", colour="teal"))
    match = Match(RULES, RULES.default_options(), seats, seed)
    navigation.open_play(ctx, match)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    pump(table, 4)
    return scene


def state_of(scene: PlayScene) -> DiceBoxState:
    state = scene.match.state
    assert isinstance(state, DiceBoxState)
    return state


def legal_place(scene: PlayScene) -> PlaceDie:
    for action in RULES.legal_actions(scene.match.state):
        if isinstance(action, PlaceDie):
            return action
    raise AssertionError("no placement is legal in this position")


def illegal_place(scene: PlayScene) -> tuple[PlaceDie, str]:
    state = state_of(scene)
    for die in state.hands[state.current]:
        for row in range(5):
            for col in range(5):
                action = PlaceDie(die.id, Cell(row, col))
                reason = RULES.why_illegal(state, action)
                if reason is not None and state.grid[row * 5 + col] is None:
                    return action, reason
    raise AssertionError("every drop is legal?")


def drag_action(table: Any, scene: PlayScene, action: PlaceDie) -> None:
    start_pos = scene.view.input.pick_rect(scene.match.state, action.die).center
    end_pos = scene.view.where.cell_rect(action.cell).center  # type: ignore[attr-defined]
    drag(table, start_pos, end_pos)


def test_setup_resolves_to_the_first_placement(ctx: Any, table: Any) -> None:
    scene = start(ctx, table)
    assert state_of(scene).phase is Phase.PLAY
    assert scene.match.steps, "the setup and the roll are chance steps in the log"


def test_dragging_a_die_to_a_legal_cell_plays_it(ctx: Any, table: Any) -> None:
    scene = start(ctx, table)
    before = len(scene.match.steps)
    action = legal_place(scene)
    drag_action(table, scene, action)
    assert len(scene.match.steps) == before + 1
    assert scene.match.steps[-1].action == action
    assert ctx.paths.autosave_path.exists(), "every action autosaves"


def test_dragging_to_an_illegal_cell_snaps_back_with_the_reason(ctx: Any, table: Any) -> None:
    scene = start(ctx, table)
    state_before = scene.match.state
    steps_before = len(scene.match.steps)
    action, reason = illegal_place(scene)
    drag_action(table, scene, action)
    assert scene.match.state == state_before
    assert len(scene.match.steps) == steps_before
    assert ctx.notices and ctx.notices[-1].text == reason
    assert scene.drag.pick is None, "the die went back to the hand"


def test_while_dragging_legal_cells_glow(ctx: Any, table: Any) -> None:
    scene = start(ctx, table)
    action = legal_place(scene)
    pos = scene.view.input.pick_rect(scene.match.state, action.die).center
    pygame.mouse.set_pos(pos)
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    table.step(
        1 / 60,
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0], pos[1] - 40), rel=(0, -40), buttons=(1, 0, 0))],
    )
    expected = {
        a.cell
        for a in RULES.legal_actions(scene.match.state)
        if isinstance(a, PlaceDie) and a.die == action.die
    }
    assert set(scene._look().highlights) == expected
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)])


def test_click_die_then_cell_plays_too(ctx: Any, table: Any) -> None:
    from tests.ui_driver import click

    scene = start(ctx, table)
    action = legal_place(scene)
    click(table, scene.view.input.pick_rect(scene.match.state, action.die).center)
    click(table, scene.view.where.cell_rect(action.cell).center)  # type: ignore[attr-defined]
    assert scene.match.steps[-1].action == action


def test_undo_and_redo_buttons(ctx: Any, table: Any) -> None:
    scene = start(ctx, table)
    action = legal_place(scene)
    drag_action(table, scene, action)
    after_move = scene.match.state
    played = len(scene.match.steps)
    click_button(table, scene.buttons["undo"])
    # Two humans at one table: taking back the other player's move asks first.
    assert scene.confirm is not None and len(scene.match.steps) == played
    click_button(table, scene.confirm.confirm_button)
    assert len(scene.match.steps) < played
    assert scene.match.state != after_move
    click_button(table, scene.buttons["redo"])
    assert scene.match.state == after_move


def test_undo_against_the_computer_takes_back_its_reply_without_asking(ctx: Any, table: Any) -> None:
    seats = (Seat("Ana"), Seat("Robo", SeatKind.COMPUTER, Level.EASY, "teal"))
    scene = start(ctx, table, seats, seed=5)
    wait_for_human(table, scene)
    before_mine = len(scene.match.steps)
    drag_action(table, scene, legal_place(scene))
    wait_for_human(table, scene)
    assert len(scene.match.steps) > before_mine + 1, "the computer replied (or re-rolled)"
    key(table, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.confirm is None
    assert len(scene.match.steps) == before_mine, "my move and everything after it are taken back"
    assert scene._human_seat() == 0


def wait_for_human(table: Any, scene: PlayScene) -> None:
    for _ in range(100):
        if scene._human_seat() is not None or scene.match.is_finished:
            return
        scene.worker.wait()
        pump(table, 2)


def test_save_then_load_shows_the_same_position(ctx: Any, table: Any) -> None:
    scene = start(ctx, table)
    drag_action(table, scene, legal_place(scene))
    click_button(table, scene.buttons["save"])
    saves = list(ctx.paths.saves_dir.glob("*.json"))
    assert len(saves) == 1
    loaded = load_match(saves[0])
    assert loaded.state == scene.match.state
    assert navigation.open_save(ctx, saves[0])
    pump(table, 3)
    reopened = ctx.scenes.top
    assert isinstance(reopened, PlayScene)
    assert reopened.match.state == scene.match.state


def test_computer_reply_and_clicks_while_it_thinks(ctx: Any, table: Any) -> None:
    seats = (Seat("Ana"), Seat("Robo", SeatKind.COMPUTER, Level.EASY, "teal"))
    scene = start(ctx, table, seats, seed=5)
    # Make sure the human is to act (the computer may start).
    for _ in range(50):
        if scene._human_seat() is not None:
            break
        scene.worker.wait()
        pump(table, 2)
    drag_action(table, scene, legal_place(scene))
    assert scene.worker.current is not None or scene.match.to_act().seats[0] == 0
    # A stray click and an illegal drop while the computer thinks change nothing.
    state = scene.match.state
    steps = len(scene.match.steps)
    drag(table, (400, 650), (400, 300))
    if scene.worker.current is not None and not scene.worker.current.done:
        assert scene.match.state == state and len(scene.match.steps) == steps
    for _ in range(50):
        scene.worker.wait()
        pump(table, 2)
        if scene._human_seat() is not None or scene.match.is_finished:
            break
    assert any(step.actor == 1 for step in scene.match.steps), "the computer moved"
    assert scene.match.replay_state() == scene.match.state


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (800, 500)])
def test_play_screen_lays_out_at_any_size(ctx: Any, table: Any, size: tuple[int, int]) -> None:
    scene = start(ctx, table)
    ctx.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    table.resized()
    pump(table, 2)
    assert scene.board_rect.right <= scene.panel_rect.left
    assert scene.view.where.tray.bottom <= size[1]  # type: ignore[attr-defined]
    drag_action(table, scene, legal_place(scene))


def _redrawn_from_scratch_matches(ctx: Any, table: Any, scene: PlayScene) -> None:
    table.force_draw = True
    table.step(1 / 60, [])
    built = pygame.image.tobytes(ctx.screen, "RGB")
    scene._layer = None  # forget every cached part: the next frame draws the whole picture afresh
    table.force_draw = True
    table.step(1 / 60, [])
    assert pygame.image.tobytes(ctx.screen, "RGB") == built


def test_the_picture_built_part_by_part_matches_one_drawn_afresh(ctx: Any, table: Any) -> None:
    """The play screen keeps its still picture and re-renders only the parts whose content changed (a
    cell, the tray, the panel). After moves, with targets glowing under a held die, and with a die
    refused, what it has built up is pixel for pixel what a fresh drawing gives."""
    scene = start(ctx, table)
    for _ in range(3):
        drag_action(table, scene, legal_place(scene))
        pump(table, 90)  # the settle, the computer-free turn change, the parts left for later frames
    _redrawn_from_scratch_matches(ctx, table, scene)
    # A die held over the board: its legal cells glow.
    action = legal_place(scene)
    start_pos = scene.view.input.pick_rect(scene.match.state, action.die).center
    pygame.mouse.set_pos(start_pos)
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1)])
    over = scene.view.where.cell_rect(action.cell).center  # type: ignore[attr-defined]
    pump(table, 1)  # the motion event set_pos queued
    pygame.mouse.set_pos(over)
    pump(table, 3)
    assert scene.drag.dragging and scene.drag.hover == action.cell
    _redrawn_from_scratch_matches(ctx, table, scene)
    table.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start_pos, button=1)])
    pump(table, 60)
    # A refused drop: the cell is ringed while the reason shows.
    wrong, _reason = illegal_place(scene)
    drag_action(table, scene, wrong)
    assert scene.hand.refused is not None
    _redrawn_from_scratch_matches(ctx, table, scene)


def test_result_card_fits_long_names(ctx: Any, table: Any) -> None:
    """A shared win between long names wraps the headline inside the card, and the card inside the board."""
    seats = (Seat("Bartholomew the Magnificent"), Seat("Wilhelmina Featherstonehaugh", colour="teal"))
    for seed in range(1, 300):
        match = Match(RULES, RULES.default_options(), seats, seed)
        while not match.is_finished:
            match.advance()
            if not match.is_finished:
                match.play(RULES.legal_actions(match.state)[0])
        if len(match.to_act().outcome.winners) == 2:
            break
    else:
        raise AssertionError("no shared win in 300 seeded games")
    navigation.open_play(ctx, match)
    pump(table, 4)
    scene = ctx.scenes.top
    assert isinstance(scene, PlayScene)
    card = scene._result_rect()
    font, lines = scene._result_headline(card.w)
    assert len(lines) == 2
    assert all(font.size(line)[0] <= card.w - ctx.px(48) for line in lines)
    assert scene.board_rect.contains(card)


@pytest.mark.parametrize(
    ("board_area", "scale"),
    [((16, 64, 887, 640), 1.0), ((16, 64, 1334, 1000), 1.5), ((16, 64, 484, 420), 1.0)],
    ids=["1280x720", "1920x1080", "800x500"],
)
def test_tray_dice_never_overlap(ctx: Any, board_area: tuple[int, int, int, int], scale: float) -> None:
    """Up to 12 dice (2 players hold 3 of each colour): inside the tray and apart."""
    from rainbowtable.ui.games.dice_box.view import DiceBoxView
    from rainbowtable.ui.theme import Theme

    view = DiceBoxView()
    view.layout(pygame.Rect(board_area), Theme(scale=scale))
    for count in range(1, 13):
        size = view.where.tray_size(count)
        slots = view.where.tray_slots(count)
        rects = [pygame.Rect(0, 0, size, size) for _ in slots]
        for rect, centre in zip(rects, slots, strict=True):
            rect.center = centre
            assert view.where.tray.contains(rect), (count, rect, view.where.tray)
        for i, a in enumerate(rects):
            assert a.collidelist(rects[i + 1 :]) == -1, (count, a)
        assert size >= 12


def test_a_press_on_each_die_of_a_full_hand_picks_that_die(ctx: Any, table: Any) -> None:
    scene = start(ctx, table)
    state = state_of(scene)
    hand = state.hands[state.current]
    assert len(hand) == 12
    for die in hand:
        centre = scene.view.input.pick_rect(state, die.id).center
        assert scene.view.input.pick_at(state, centre, state.current) == die.id


def test_move_log_shows_whole_entries(ctx: Any) -> None:
    """The log's top row is the start of an entry (with its number), never the tail of a wrapped one."""
    from rainbowtable.ui.widgets.log_panel import LogPanel

    panel = LogPanel()
    panel.set_lines([f"Entry {i}: " + "a long description of a move " * 3 for i in range(1, 9)])
    panel.rect = pygame.Rect(0, 0, 260, 300)
    panel.draw(pygame.Surface((400, 400)), ctx.theme)  # wraps the lines at this width
    everything = panel.visible(1000)
    last_entry = len(everything) - max(i for i, (number, _) in enumerate(everything) if number)
    assert last_entry > 1, "the entries wrap at this width"
    for rows in range(last_entry, 14):
        shown = panel.visible(rows)
        assert shown and shown[0][0] != 0, rows
        assert shown[-1] == everything[-1], "the newest row is always shown"
    # Too few rows for even the newest entry: it shows from its number, and the wheel reads on below it.
    newest = len(everything) - last_entry
    for rows in range(1, last_entry):
        panel._rows_shown = rows
        panel.scroll = 0
        assert panel.visible(rows) == everything[newest : newest + rows], rows
        for _step in range(last_entry):
            panel.handle_wheel((5, 5), -1)
        assert panel.scroll == rows - last_entry, "as far down as the entry's last row, and no further"
        assert panel.visible(rows)[-1] == everything[-1], rows
        for _step in range(last_entry):
            panel.handle_wheel((5, 5), 1)
        assert panel.scroll > 0, "and back up past it to older moves"


def test_an_entry_taller_than_the_log_shows_from_its_number_and_says_it_goes_on(ctx: Any) -> None:
    """At 150% UI scale the Dice Box log has three rows and the opening entry wraps to four: the log shows
    its number and first words (who scores what), marked "continues below", not its last three rows."""
    from rainbowtable.ui import layout_audit
    from rainbowtable.ui.widgets.log_panel import LogPanel

    panel = LogPanel()
    panel.set_lines(
        ["A short move.", "Ada scores blue; Bo scores red. " + "Yellow and white score for nobody. " * 6]
    )
    panel.rect = pygame.Rect(0, 0, 260, 130)
    recording = layout_audit.start()
    try:
        panel.draw(pygame.Surface((400, 400)), ctx.theme)
        drawn = [text.text for text in recording.texts]
    finally:
        layout_audit.stop()
    assert "2" in drawn, "the entry's number shows"
    assert any(text.startswith("Ada scores blue") for text in drawn)
    assert "continues below" in drawn
    # Its last row shown ends with "…": both screen reviews read the sentence cut at the foot as broken.
    rows = [text for text in drawn if "nobody" in text or "Ada" in text]
    assert rows[-1].endswith("…") and not rows[0].endswith("…"), rows


def test_a_throw_never_hides_the_trays_caption(ctx: Any, table: Any) -> None:
    """The opening roll's dice fly across the tray's caption line, which is drawn again only where they
    cross it (the still picture shows the rest): on every frame of the throw the line reads as the still
    picture shows it, beside the band's rounded ends, where a die may show through."""
    scene = start(ctx, table)
    dealt, rolled = scene.match.steps[:2]
    animation = scene.view.motion.animation_for(dealt.state, rolled.action, rolled.state, 1.0, scene._look())
    assert isinstance(animation, DiceBoxAnimation) and animation.caption
    scene.animation = animation
    line = scene.view.where.caption_rect()  # type: ignore[attr-defined]
    inner = line.inflate(-ctx.px(16), 0)
    crossed = 0
    for _ in range(90):
        table.force_draw = True
        table.step(1 / 60, [])
        if animation.done:
            break
        *dice, _band = scene.picture.still.overlay_rects  # this frame's: the dice, then the band
        crossed += any(rect.colliderect(inner) for rect in dice)
        picture = scene.picture.still.layer
        assert picture is not None
        assert pygame.image.tobytes(ctx.screen.subsurface(inner), "RGB") == pygame.image.tobytes(
            picture.subsurface(inner), "RGB"
        )
    assert crossed, "no die crossed the caption: the test shows nothing"


def test_the_tray_changes_hands_when_the_placed_die_lands(ctx: Any, table: Any) -> None:
    """dice_box.md §2.3 (placing ends the turn): while the placed die settles into its cell the tray shows
    the placer's hand, the die's place in it empty, as the side panel and the move log still show the
    placer's turn; the next player's hand comes when the die lands (it came half a second early)."""
    from dataclasses import replace

    scene = start(ctx, table)
    scene.ctx.settings = replace(scene.ctx.settings, animation_speed=1.0)
    placer = state_of(scene).current
    action = legal_place(scene)
    drag_action(table, scene, action)
    assert state_of(scene).current != placer
    assert scene.turn.animation is not None  # still settling
    drawing = scene.view.drawing
    look = scene._look()
    seat, dice, _label = drawing._tray_content(state_of(scene), look)  # type: ignore[attr-defined]
    assert seat == placer and action.die in {die.id for die in dice} and action.die in look.hidden
    assert scene.turn.who().seats == (placer,)
    pump(table, 60)
    assert scene.turn.animation is None
    seat, dice, _label = drawing._tray_content(state_of(scene), scene._look())  # type: ignore[attr-defined]
    assert seat == state_of(scene).current != placer


@pytest.mark.parametrize("scale", [100, 150])
def test_a_long_logs_numbers_stay_clear_of_the_current_mark_and_the_text(ctx: Any, scale: int) -> None:
    """A replay of a long game (Colosseum Offcuts: 601 moves) marks its current entry with a bar at the
    left: at 150% its number ran onto the bar ("421" with the bar through its 4). The numbers' column is
    as wide as the longest number, clear of the bar, and the text starts after it."""
    from rainbowtable.ui import layout_audit
    from rainbowtable.ui.theme import Theme
    from rainbowtable.ui.widgets.log_panel import LogPanel

    th = Theme(scale / 100)
    panel = LogPanel()
    panel.set_lines([f"Maximiliaan moves their Fortification, move {i}." for i in range(1, 1201)])
    panel.rect = pygame.Rect(0, 0, th.px(300), th.px(160))
    panel.follow(1000)
    recording = layout_audit.start()
    try:
        panel.draw(pygame.Surface((th.px(400), th.px(400))), th)
        drawn = list(recording.texts)
    finally:
        layout_audit.stop()
    numbers = [text for text in drawn if text.text.isdigit()]
    entries = [text for text in drawn if text.text.startswith("Maximiliaan")]
    assert "1000" in [text.text for text in numbers] and entries
    bar_right = panel.rect.x + th.px(14) + max(2, th.px(3))
    assert min(text.rect.left for text in numbers) > bar_right
    assert max(text.rect.right for text in numbers) < min(text.rect.left for text in entries)


def test_a_win_shared_by_every_seat_says_so_in_the_title() -> None:
    """A five-way draw in Colosseum Offcuts (every seat still in shares the win) titled its card "Shared
    win: Priya Ramaswamy, Bartholomew, Anna-Lena, Christoph…" at 150 %: every name cannot fit a title, and
    the summary under it names them. Two of three keep their names."""
    from rainbowtable.core.game import Outcome
    from rainbowtable.ui.scenes.play.result import headline

    seats = [Seat(name, SeatKind.HUMAN) for name in ("Ana", "Bo", "Cy")]
    everyone = Outcome(scores=(1, 1, 1), winners=frozenset({0, 1, 2}), summary="")
    assert headline(everyone, seats) == "Everyone shares the win"
    two = Outcome(scores=(1, 1, 0), winners=frozenset({0, 1}), summary="")
    assert "Ana" in headline(two, seats) and "Bo" in headline(two, seats)
    # Colosseum Offcuts' stalemate limit is a draw among those still in (§3.8), not a win to share.
    assert headline(Outcome((1, 1, 1), frozenset({0, 1, 2}), "", drawn=True), seats) == "A draw"
    assert headline(Outcome((1, 1, 0), frozenset({0, 1}), "", drawn=True), seats) == "Draw: Ana and Bo"
