"""Dice Box acceptance cases (dice_box.md §2.7) and resolutions (§2.6 [RES-DB1]..[RES-DB9]).

Positions are built with `diagram.build_state`; colours default to P1 red, P2 yellow (P3 blue, P4 white).
"""

from __future__ import annotations

from rainbowtable.core.game import Chance, Finished, Players, render
from rainbowtable.core.rng import Rng
from rainbowtable.games.dice_box.diagram import build_state, format_grid, parse_grid
from rainbowtable.games.dice_box.model import (
    Cell,
    Colour,
    DiceBoxOptions,
    DiceBoxState,
    DiceRolled,
    DraftDie,
    HandRerolled,
    Phase,
    PlaceDie,
    SetupDealt,
)
from rainbowtable.games.dice_box.rules import (
    RULES,
    candidates,
    hand_of,
    is_dead,
    legal_cells,
    open_vacancies,
    outcome,
    scores,
    tallies,
)
from rainbowtable.games.dice_box.winrates import random_playout

SEED_3 = """
. . . . .
. . . . .
. . S3 . .
. . . . .
. . . . .
"""

DESIGNER = """
. . . . .
. 1 2 3 .
. . S3 . .
. 5 4 5 .
. . . . .
"""


def _designer() -> str:
    # The designer's example uses uncoloured dice; white stands in for them.
    return "\n".join(
        " ".join(f"W{t}" if t.isdigit() else t for t in line.split()) for line in DESIGNER.splitlines()
    )


def _die(state: DiceBoxState, seat: int, token: str, nth: int = 0) -> int:
    """The id of the nth die in `seat`'s hand matching a token like "R4"."""
    letter = {"R": Colour.RED, "Y": Colour.YELLOW, "B": Colour.BLUE, "W": Colour.WHITE}[token[0]]
    matches = [d.id for d in hand_of(state, seat) if d.colour is letter and d.value == int(token[1])]
    return matches[nth]


def test_db_t01_adjacency() -> None:
    """DB-T01, dice_box.md §2.3 [RES-DB8] [RES-DB9]: edge contact required, ±1 against the neighbour."""
    state = build_state(SEED_3, ["R4 Y3 B5", "W1"])
    r4, y3, b5 = (_die(state, 0, t) for t in ("R4", "Y3", "B5"))
    assert RULES.why_illegal(state, PlaceDie(r4, Cell(2, 3))) is None
    assert RULES.why_illegal(state, PlaceDie(y3, Cell(2, 3))) == (
        "Must be one more or one less than every neighbour: 3 is next to 3."
    )
    assert RULES.why_illegal(state, PlaceDie(b5, Cell(1, 1))) == (
        "Must touch a placed die along an edge; diagonal contact does not count."
    )
    assert RULES.why_illegal(state, PlaceDie(r4, Cell(2, 0))) == "Must touch a placed die along an edge."


def test_db_t02_designers_example() -> None:
    """DB-T02, dice_box.md §2.3 [RES-DB9]: candidates {4} at (2,3); (2,1) is dead (1, 3 and 5)."""
    state = build_state(_designer(), ["R4 R2 R6", "Y1"])
    assert candidates(state, Cell(2, 3)) == frozenset({4})
    assert RULES.why_illegal(state, PlaceDie(_die(state, 0, "R4"), Cell(2, 3))) is None
    assert RULES.why_illegal(state, PlaceDie(_die(state, 0, "R2"), Cell(2, 3))) is not None
    assert candidates(state, Cell(2, 1)) == frozenset()
    assert is_dead(state, Cell(2, 1))
    for token in ("R4", "R2", "R6"):
        assert RULES.why_illegal(state, PlaceDie(_die(state, 0, token), Cell(2, 1))) == (
            "That cell is dead: its neighbours show 1, 3 and 5, so no value fits."
        )
    assert Cell(2, 1) not in open_vacancies(state)


def test_db_t03_must_play() -> None:
    """DB-T03, dice_box.md §2.4 step 3: with a legal pair the player must place; no re-roll, no pass."""
    state = build_state(SEED_3, ["W6 W6 Y2", "B1"])
    assert RULES.to_act(state) == Players((0,), "Place a die")
    legal = RULES.legal_actions(state)
    y2 = _die(state, 0, "Y2")
    assert legal and all(isinstance(a, PlaceDie) and a.die == y2 for a in legal)
    assert {a.cell for a in legal if isinstance(a, PlaceDie)} == {
        Cell(1, 2),
        Cell(2, 1),
        Cell(2, 3),
        Cell(3, 2),
    }
    assert RULES.why_illegal(state, HandRerolled(0, (1, 2, 3))) is not None


def test_db_t04_stuck_player_rerolls() -> None:
    """DB-T04, dice_box.md §2.4 step 4: a stuck player re-rolls all dice and the turn passes."""
    state = build_state(SEED_3, ["R6 Y6", "B1 B3"])
    for cell in (Cell(1, 2), Cell(2, 1), Cell(2, 3), Cell(3, 2)):
        assert candidates(state, cell) == frozenset({2, 4})
    assert RULES.legal_actions(state) == []
    assert RULES.to_act(state) == Chance("re-roll")
    rolled = RULES.sample_chance(state, Rng.from_seed(4))
    assert isinstance(rolled, HandRerolled) and rolled.seat == 0 and len(rolled.values) == 2
    # Even when the new values would fit, nothing is placed and play passes.
    after = RULES.apply(state, HandRerolled(0, (2, 4)))
    assert after.grid == state.grid
    assert [d.value for d in hand_of(after, 0)] == [2, 4]
    assert after.current == 1


def test_db_t05_no_reroll_after_placing() -> None:
    """DB-T05, dice_box.md §2.4 step 3: the dice not placed keep their values."""
    state = build_state(SEED_3, ["R4 Y1 B6", "W5"])
    after = RULES.apply(state, PlaceDie(_die(state, 0, "R4"), Cell(2, 3)))
    assert [(d.colour, d.value) for d in hand_of(after, 0)] == [(Colour.YELLOW, 1), (Colour.BLUE, 6)]
    assert after.current == 1


def test_db_t08_four_player_scoring() -> None:
    """DB-T08, dice_box.md §2.5: tallies per colour; the seed is ignored; red wins."""
    grid = """
    . R6 R5 R2 .
    . Y4 Y4 B1 .
    . B3 S5 B3 .
    . W6 W6 . .
    . . . . .
    """
    state = build_state(grid, ["", "", "", ""])
    assert state.phase is Phase.OVER
    assert tallies(state) == {Colour.RED: 13, Colour.YELLOW: 8, Colour.BLUE: 7, Colour.WHITE: 12}
    result = outcome(state)
    assert result.scores == (13, 8, 7, 12)
    assert result.winners == frozenset({0})
    assert RULES.to_act(state) == Finished(result)


def test_db_t10_four_player_draft() -> None:
    """DB-T10, dice_box.md §2.2: starter P3, picks P3 P4 P1 P2 P2 P1 P4 P3; everyone ends with 6 dice."""
    state = RULES.new_game(DiceBoxOptions(), 4)
    assert len(state.pool) == 8 and all(len(h) == 4 for h in state.hands)
    colours = ((Colour.RED,), (Colour.YELLOW,), (Colour.BLUE,), (Colour.WHITE,))
    state = RULES.apply(state, SetupDealt(colours, first_player=0, draft_starter=2))
    pickers = []
    picks = [
        Colour.RED,
        Colour.RED,
        Colour.BLUE,
        Colour.BLUE,
        Colour.WHITE,
        Colour.YELLOW,
        Colour.WHITE,
        Colour.YELLOW,
    ]
    for colour in picks:
        assert RULES.to_act(state) == Players((state.current,), "Draft a die")
        pickers.append(state.current)
        state = RULES.apply(state, DraftDie(colour))
    assert pickers == [2, 3, 0, 1, 1, 0, 3, 2]
    assert state.pool == () and all(len(h) == 6 for h in state.hands)
    assert state.phase is Phase.ROLL
    assert RULES.why_illegal(state, DraftDie(Colour.RED)) is not None


def test_db_t11_two_colours_each() -> None:
    """DB-T11, dice_box.md §2.2/§2.5 [RES-DB2]: two colours each sum; with one each blue and white count
    for nobody."""
    grid = """
    . . . . .
    . R6 Y5 B4 .
    . W3 S4 . .
    . . . . .
    . . . . .
    """
    two = build_state(grid, ["Y1", "B1"], [(Colour.RED, Colour.YELLOW), (Colour.BLUE, Colour.WHITE)])
    assert two.options.two_colours_each
    assert scores(two) == (11, 7)
    one = build_state(grid, ["Y1", "B1"])
    assert scores(one) == (6, 5)


def test_db_t13_edge_values() -> None:
    """DB-T13, dice_box.md §2.3: next to a 6 only 5 fits; between two 5s a cell takes {4, 6}."""
    grid = """
    . . . . .
    . . . . .
    . . S6 . .
    . . . . .
    . . . . .
    """
    state = build_state(grid, ["R5 R5 R4", "Y1"])
    for cell in (Cell(1, 2), Cell(2, 1), Cell(2, 3), Cell(3, 2)):
        assert candidates(state, cell) == frozenset({5})
    state = RULES.apply(state, PlaceDie(_die(state, 0, "R5", 0), Cell(1, 2)))
    assert RULES.to_act(state) == Chance("re-roll")  # P2's Y1 fits nowhere
    state = RULES.apply(state, HandRerolled(1, (3,)))
    assert state.current == 0
    state = RULES.apply(state, PlaceDie(_die(state, 0, "R5", 0), Cell(2, 1)))
    assert candidates(state, Cell(1, 1)) == frozenset({4, 6})


# --- the resolutions ------------------------------------------------------------------------------


def test_res_db1_hands_are_public() -> None:
    """[RES-DB1], dice_box.md §2.6: every hand and value is in the state and shown per seat."""
    state = build_state(SEED_3, ["R4 Y3", "B5"])
    assert [d.value for d in hand_of(state, 1)] == [5]
    assert RULES.seat_summary(state, 1) == "Scores yellow: 0 points; 1 die in hand"


def test_res_db2_two_players_no_inversion() -> None:
    """[RES-DB2], dice_box.md §2.6: with 2 players the unscored colours count for nobody, and a huge
    unscored tally does not invert the result."""
    grid = """
    . . B6 . .
    . R2 B5 W6 .
    . W5 S4 W5 .
    . . B5 . .
    . . . . .
    """
    state = build_state(grid, ["", ""])
    assert state.unclaimed is None
    result = outcome(state)
    assert result.scores == (2, 0) and result.winners == frozenset({0})
    assert ("Unassigned", "blue and white score for nobody") in result.details


def test_res_db3_draft_starter_independent_of_first_player() -> None:
    """[RES-DB3], dice_box.md §2.2: every (first player, draft starter) pair can be dealt."""
    state = RULES.new_game(DiceBoxOptions(), 4)
    outcomes = RULES.chance_outcomes(state)
    assert outcomes is not None
    pairs = {(a.first_player, a.draft_starter) for a, _ in outcomes if isinstance(a, SetupDealt)}
    assert pairs == {(f, s) for f in range(4) for s in range(4)}
    fixed = RULES.new_game(DiceBoxOptions(random_first_player=False), 4)
    fixed_outcomes = RULES.chance_outcomes(fixed)
    assert fixed_outcomes is not None
    assert {a.first_player for a, _ in fixed_outcomes if isinstance(a, SetupDealt)} == {0}


def test_res_db4_empty_hand_is_skipped() -> None:
    """[RES-DB4], dice_box.md §2.4 step 1: a seat with no dice never gets the turn."""
    state = build_state(SEED_3, ["R4", "", "B2 B2"])
    after = RULES.apply(state, PlaceDie(_die(state, 0, "R4"), Cell(2, 3)))
    assert after.current == 2


# Values for a board with no open vacancy once (4,4) is filled: (0,0) and (1,1) are dead (next to 1 and 5).
CLOSING_VALUES = """
. 1 2 3 2
5 . 3 2 3
4 3 S 3 2
3 2 3 2 3
2 3 2 3 .
"""


def _closing_board() -> str:
    """CLOSING_VALUES with colours dealt in turn (yellow, blue, white, red) and the seed 2 at the centre."""
    cycle = "YBWR"
    placed = 0
    lines = []
    for line in CLOSING_VALUES.strip().splitlines():
        tokens = []
        for token in line.split():
            if token == "S":
                tokens.append("S2")
            elif token == ".":
                tokens.append(".")
            else:
                tokens.append(cycle[placed % 4] + token)
                placed += 1
        lines.append(" ".join(tokens))
    return "\n".join(lines)


def test_res_db5_game_ends_without_open_vacancies() -> None:
    """[RES-DB5], dice_box.md §2.5: the game ends after the placement that leaves no open vacancy, even with
    dice still in hand and (dead) empty cells on the board."""
    state = build_state(_closing_board(), ["R2", "W5"])
    assert open_vacancies(state) == frozenset({Cell(4, 4)})
    assert is_dead(state, Cell(0, 0)) and is_dead(state, Cell(1, 1))
    after = RULES.apply(state, PlaceDie(_die(state, 0, "R2"), Cell(4, 4)))
    assert after.phase is Phase.OVER
    assert hand_of(after, 1) and after.grid[0] is None
    assert isinstance(RULES.to_act(after), Finished)


def test_res_db5_game_ends_when_no_dice_are_left() -> None:
    """[RES-DB5], dice_box.md §2.5: with no dice in any hand the game is over, open cells or not."""
    state = build_state(SEED_3, ["", ""])
    assert open_vacancies(state)
    assert state.phase is Phase.OVER and isinstance(RULES.to_act(state), Finished)


def test_res_db6_tie_is_shared_win() -> None:
    """[RES-DB6], dice_box.md §2.5: equal top scores share the win."""
    grid = """
    . . . . .
    . . R4 . .
    . . S3 Y4 .
    . . . . .
    . . . . .
    """
    result = outcome(build_state(grid, ["", ""]))
    assert result.winners == frozenset({0, 1})
    assert render(result.summary, ()) == "P1 and P2 share the win with 4 points each."


def test_res_db6_three_player_inversion() -> None:
    """[RES-DB6] and dice_box.md §2.5: 3 players, unclaimed white beats the top score: lowest wins;
    equal to it: normal result."""
    grid = """
    . . W6 . .
    . R2 W5 W6 .
    . Y3 S4 B5 .
    . . . . .
    . . . . .
    """
    result = outcome(build_state(grid, ["", "", ""]))
    assert result.scores == (2, 3, 5)
    assert result.winners == frozenset({0})
    assert render(result.summary, ()).startswith("Inverted result: P1 wins with 2")
    assert any(label == "Inversion" and "beat the top score" in text for label, text in result.details)
    level = """
    . . . . .
    . R2 W5 . .
    . Y3 S4 B5 .
    . . . . .
    . . . . .
    """
    normal = outcome(build_state(level, ["", "", ""]))
    assert normal.winners == frozenset({2})
    assert any(label == "Inversion" and text.startswith("did not apply") for label, text in normal.details)


def test_res_db7_any_colour_may_be_placed() -> None:
    """[RES-DB7], dice_box.md §2.1: P1 (red) may place an opponent's yellow die, but not a die in another
    player's hand."""
    state = build_state(SEED_3, ["Y4", "R2"])
    assert RULES.why_illegal(state, PlaceDie(_die(state, 0, "Y4"), Cell(1, 2))) is None
    assert (
        RULES.why_illegal(state, PlaceDie(_die(state, 1, "R2"), Cell(1, 2)))
        == "That die is not in your hand."
    )


def test_res_db8_diagonal_contact_does_not_count() -> None:
    """[RES-DB8], dice_box.md §2.3 rule 2: only orthogonal neighbours make a cell placeable."""
    state = build_state(SEED_3, ["R2 R4", "Y1"])
    for die in hand_of(state, 0):
        assert legal_cells(state, die.id) == frozenset({Cell(1, 2), Cell(2, 1), Cell(2, 3), Cell(3, 2)})


def test_res_db9_every_neighbour_must_fit() -> None:
    """[RES-DB9], dice_box.md §2.3 rule 3: ±1 against every filled neighbour, not just one."""
    grid = """
    . . . . .
    . . W4 W5 .
    . . S3 . .
    . . . . .
    . . . . .
    """
    state = build_state(grid, ["R2 R4", "Y1"])
    assert candidates(state, Cell(2, 3)) == frozenset({4})
    assert RULES.why_illegal(state, PlaceDie(_die(state, 0, "R2"), Cell(2, 3))) == (
        "Must be one more or one less than every neighbour: 2 is next to 5."
    )
    assert RULES.why_illegal(state, PlaceDie(_die(state, 0, "R4"), Cell(2, 3))) is None


def test_other_illegal_messages() -> None:
    """dice_box.md §2.3 rule 1: a taken cell; the words the table shows."""
    state = build_state(SEED_3, ["R2", "Y1"])
    assert RULES.why_illegal(state, PlaceDie(_die(state, 0, "R2"), Cell(2, 2))) == "That cell is taken."
    assert (
        RULES.why_illegal(state, PlaceDie(_die(state, 0, "R2"), Cell(5, 0))) == "That cell is off the board."
    )


def test_parity_invariant_on_random_games() -> None:
    """dice_box.md §2.3 parity invariant: every placed die's parity matches its checkerboard cell."""
    for seed in range(20):
        state, _ = random_playout(seed)
        seed_parity = state.grid[12].value % 2 if state.grid[12] else 0
        for index, die in enumerate(state.grid):
            if die is not None:
                row, col = divmod(index, 5)
                expected = seed_parity if (row + col) % 2 == 0 else 1 - seed_parity
                assert die.value % 2 == expected


def test_dice_rolled_places_seed_and_sets_values() -> None:
    """dice_box.md §2.2: the first player rolls the seed onto (2,2); every hand gets its values."""
    state = RULES.new_game(DiceBoxOptions(random_colours=False, random_first_player=False), 2)
    state = RULES.apply(state, RULES.sample_chance(state, Rng.from_seed(1)))
    assert state.colours == ((Colour.RED,), (Colour.YELLOW,))
    assert state.phase is Phase.ROLL
    hands = tuple(tuple(1 + (i % 6) for i in range(12)) for _ in range(2))
    state = RULES.apply(state, DiceRolled(3, hands))
    assert state.grid[12] is not None and state.grid[12].colour is Colour.SEED and state.grid[12].value == 3
    assert state.phase is Phase.PLAY and state.current == 0
    assert [d.value for d in hand_of(state, 1)] == list(hands[1])


def test_diagram_round_trip() -> None:
    """diagram.py: a printed grid reads back to the same dice."""
    grid = parse_grid(_designer())
    assert parse_grid(format_grid(grid)) == grid
    assert parse_grid(format_grid(grid, marks=True)) == grid
