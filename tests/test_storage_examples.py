"""The example saves shipped in `saves/`, one or more mid-game examples for every game: how they are made,
and that each still opens (in the rules and on the play screen) and is what it says.

The examples are built here with the real engine, deterministically (fixed seeds, seats, titles and times;
computer-level picks for every seat), so that a rules change which breaks them shows up as a failing test.
Regenerate them with `.venv/bin/python -m tests.test_storage_examples` from the repository root.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rainbowtable.ai.players import choose_action
from rainbowtable.core.match import Match
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.games import GAMES, entry_by_id, rules_by_id
from rainbowtable.games.dice_box.model import DiceBoxState, Phase
from rainbowtable.storage.paths import Paths, shipped_saves_dir
from rainbowtable.storage.save_format import encode_save, match_to_json
from rainbowtable.storage.save_listing import list_saves
from rainbowtable.storage.saves import load_match

CREATED = 1_767_261_600.0  # 2026-01-01 10:00 UTC
SAVED = CREATED + 25 * 60


@dataclass(frozen=True, slots=True)
class Example:
    file_name: str
    title: str
    seats: tuple[Seat, ...]
    seed: int
    stop: Callable[[Match], bool]
    """Stop before the first decision of a human seat at which this holds."""
    game: str = "dice_box"


def _halfway(match: Match) -> bool:
    # Half of the 24 coloured dice on the grid, beside the seed.
    state = match.state
    assert isinstance(state, DiceBoxState)
    return state.phase is Phase.PLAY and sum(die is not None for die in state.grid) >= 1 + 12


def _mid_draft(match: Match) -> bool:
    state = match.state
    assert isinstance(state, DiceBoxState)
    return state.phase is Phase.DRAFT and len(state.draft_order) <= 5


def _after_moves(moves: int) -> Callable[[Match], bool]:
    """Once the seats have made `moves` decisions between them (chance steps not counted): well into the
    game, far from its end."""

    def stop(match: Match) -> bool:
        return sum(step.actor is not None for step in match.steps) >= moves

    return stop


MAYA = Seat("Maya", SeatKind.HUMAN, Level.MEDIUM, "coral")


def computers(*colours: str) -> tuple[Seat, ...]:
    """Computer seats at Medium in these colours, with short names (the load screen lists every seat's name
    on one line)."""
    names = ("Ada", "Ben", "Cas")
    return tuple(
        Seat(name, SeatKind.COMPUTER, Level.MEDIUM, c) for name, c in zip(names, colours, strict=False)
    )


EXAMPLES = (
    Example(
        "dice_box_two_players_halfway.json",
        "Dice Box: Maya against the computer, halfway",
        (
            Seat("Maya", SeatKind.HUMAN, Level.MEDIUM, "coral"),
            Seat("Computer", SeatKind.COMPUTER, Level.MEDIUM, "teal"),
        ),
        seed=81723,
        stop=_halfway,
    ),
    Example(
        "dice_box_four_players_drafting.json",
        "Dice Box: four at the table, in the middle of the draft",
        (
            Seat("Maya", SeatKind.HUMAN, Level.MEDIUM, "coral"),
            Seat("Jonas", SeatKind.HUMAN, Level.MEDIUM, "teal"),
            Seat("Priya", SeatKind.HUMAN, Level.MEDIUM, "amber"),
            Seat("Computer", SeatKind.COMPUTER, Level.EASY, "violet"),
        ),
        seed=4242,
        stop=_mid_draft,
    ),
    Example(
        "rainbow_passage_three_players_crossing.json",
        "Rainbow Passage: Maya and two computers, mid-game",
        (MAYA, *computers("teal", "amber")),
        seed=3101,
        stop=_after_moves(36),
        game="rainbow_passage",
    ),
    Example(
        "rainbows_four_players_midday.json",
        "Rainbows: Maya and three computers, midday",
        (MAYA, *computers("teal", "amber", "violet")),
        seed=2207,
        stop=_after_moves(20),
        game="rainbows",
    ),
    Example(
        "colosseum_offcuts_three_players_arena.json",
        "Colosseum Offcuts: Maya and two computers",
        (MAYA, *computers("teal", "amber")),
        seed=1404,
        stop=_after_moves(30),
        game="colosseum_offcuts",
    ),
    Example(
        "regenboog_three_crews_underway.json",
        "De Regenboog: three crews, ships underway",
        (
            MAYA,
            Seat("Jonas", SeatKind.HUMAN, Level.MEDIUM, "teal"),
            Seat("Computer", SeatKind.COMPUTER, Level.MEDIUM, "amber"),
        ),
        seed=5150,
        stop=_after_moves(18),
        game="regenboog",
    ),
)


def build(example: Example) -> Match:
    """Play the example's match, every seat picking as the computer would, up to its stopping point."""
    rules = rules_by_id(example.game)
    match = Match(
        rules, rules.default_options(), example.seats, example.seed, title=example.title, created=CREATED
    )
    thinking = Rng(example.seed).fork("examples")
    while not match.is_finished:
        match.advance()
        seat = match.seats_to_act()[0]
        if not example.seats[seat].is_computer and example.stop(match):
            break
        match.play(choose_action(rules, match.state, seat, example.seats[seat].level, thinking), seat)
    return match


def example_bytes(example: Example) -> bytes:
    body = match_to_json(build(example))
    body["saved"] = SAVED
    return encode_save(body)


def write_examples(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for example in EXAMPLES:
        path = folder / example.file_name
        path.write_bytes(example_bytes(example))
        written.append(path)
    return written


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.file_name for e in EXAMPLES])
def test_shipped_example_opens_and_is_current(example: Example) -> None:
    """Each shipped example loads with every check, waits on a human, and matches what `build` makes today
    (if not, regenerate: see the module docstring)."""
    path = shipped_saves_dir() / example.file_name
    loaded = load_match(path)
    assert loaded.title == example.title
    assert loaded.seats == example.seats
    assert not loaded.is_finished
    assert not loaded.seats[loaded.seats_to_act()[0]].is_computer
    assert example.stop(loaded)
    assert loaded.steps == build(example).steps


def test_every_game_has_an_example() -> None:
    """Issue 39 §4: the load screen offers a mid-game example of every game."""
    assert {example.game for example in EXAMPLES} == {entry.id for entry in GAMES}
    shipped = {path.name for path in shipped_saves_dir().glob("*.json")}
    assert shipped == {example.file_name for example in EXAMPLES}


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.file_name for e in EXAMPLES])
def test_shipped_example_opens_on_the_play_screen(ctx: Any, table: Any, example: Example) -> None:
    """Each example opens on the play screen through the load screen's own path, draws, and offers the
    human to act something to do."""
    from tests.ui_driver import open_shipped_example

    scene = open_shipped_example(ctx, table, example.file_name)
    assert scene.match.actions()
    assert table.frames_drawn > 0


def test_examples_are_listed_as_shipped(tmp_path: Path) -> None:
    listed = list_saves(Paths(tmp_path), include_shipped=True)
    names = {s.path.name: s for s in listed if s.shipped}
    for example in EXAMPLES:
        summary = names[example.file_name]
        assert summary.problem is None
        assert summary.game_title == entry_by_id(example.game).title
        assert summary.seats == tuple(seat.name for seat in example.seats)


if __name__ == "__main__":
    for written_path in write_examples(shipped_saves_dir()):
        print(f"wrote {written_path}")


def test_every_builder_ships_a_board_that_opens() -> None:
    """Issue 39 §4: each board builder has an example board in `saves/boards/` (Rainbow Passage's at the top,
    De Regenboog's in its own folder), each read without a problem and playable."""
    from rainbowtable.games.rainbow_passage.board_file import list_boards
    from rainbowtable.games.regenboog.board_file import (
        layout_folder,
        layout_options,
        layout_problem,
        list_layouts,
    )
    from rainbowtable.storage.boards import shipped_boards_dir

    boards = list_boards(shipped_boards_dir())
    assert boards and all(entry.saved is not None and entry.saved.is_finished for entry in boards)
    passage = rules_by_id("rainbow_passage")
    for entry in boards:
        assert entry.saved is not None
        options = dataclasses.replace(passage.default_options(), board=entry.saved.draft.to_board())
        assert Match(passage, options, EXAMPLES[0].seats, 1).state is not None
    layouts = list_layouts(layout_folder(shipped_boards_dir()))
    assert layouts
    regenboog = rules_by_id("regenboog")
    for layout in layouts:
        assert layout.saved is not None, layout.error
        assert layout_problem(layout.saved.draft) is None
        options = layout_options(regenboog.default_options(), layout.saved.draft)
        assert options.extra_segments  # more than the printed board
        assert Match(regenboog, options, EXAMPLES[0].seats, 1).state is not None


def test_shipped_layouts_are_offered_in_setup_and_the_builder(ctx: Any, table: Any) -> None:
    """The shipped De Regenboog layout is a choice of the new game's board picker, and the hex builder's Open
    offers it (opening it as a new draft under its name, so Save never writes over the example)."""
    from rainbowtable.ui.games.regenboog.builder import HexBuilderScene
    from rainbowtable.ui.games.regenboog.setup import layout_choices
    from rainbowtable.ui.scenes.dialogs import ChoiceScene
    from tests.ui_driver import pump

    names = [choice.name for choice in layout_choices(ctx)]
    assert "Half moon of 10 segments" in names
    builder = HexBuilderScene(ctx)
    ctx.scenes.push(builder)
    pump(table, 2)
    builder.open_saved()
    pump(table, 2)
    dialog = ctx.scenes.top
    assert isinstance(dialog, ChoiceScene)
    labels = [label for label, _go in dialog.choices]
    assert "Half moon of 10 segments (example)" in labels
    dict(dialog.choices)["Half moon of 10 segments (example)"]()
    assert len(builder.draft.segments) == 10
    assert builder.name == "Half moon of 10 segments" and builder.saved_path is None
