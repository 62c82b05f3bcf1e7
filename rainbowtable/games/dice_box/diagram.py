"""A small text format for Dice Box positions: build them in tests and print them in logs and bug reports.

A grid is five lines of five tokens. A die is a colour letter and its value (`R4`, `Y3`, `B5`, `W6`, `S3`
for the seed); an empty cell is `.`, and `+` (open vacancy) or `x` (dead cell) are accepted as empty too, so
printed diagrams with marks read back. Hands are written the same way, one string per seat ("R4 Y3 B5").

```
. . . . .
. Y1 . . .
. . S3 R4 .
. . . . .
. . . . .
```

Dice built from a diagram get ids from their colour's fixed range in order of appearance (grid first, then
hands), the seed id 24, as in a real game. Holds no rules beyond what printing the marks needs.
"""

from __future__ import annotations

from collections.abc import Sequence

from rainbowtable.games.dice_box.model import (
    DICE_PER_COLOUR,
    PLAYER_COLOURS,
    SEED_DIE_ID,
    SIZE,
    Colour,
    DiceBoxOptions,
    DiceBoxState,
    Die,
    Phase,
)
from rainbowtable.games.dice_box.rules import NEIGHBOURS, candidate_mask, is_end, scores, seat_name

LETTER = {Colour.RED: "R", Colour.YELLOW: "Y", Colour.BLUE: "B", Colour.WHITE: "W", Colour.SEED: "S"}
COLOUR_OF = {letter: colour for colour, letter in LETTER.items()}
EMPTY_TOKENS = frozenset({".", "+", "x"})


class DiagramError(ValueError):
    """A diagram that cannot be read; the message says which token and why."""


class _Ids:
    """Hands out each colour's fixed ids (colour index * 6 + k) in order of appearance."""

    def __init__(self) -> None:
        self.used = dict.fromkeys(PLAYER_COLOURS, 0)
        self.seed_used = False

    def next(self, colour: Colour, token: str) -> int:
        if colour is Colour.SEED:
            if self.seed_used:
                raise DiagramError(f"{token}: there is only one seed die")
            self.seed_used = True
            return SEED_DIE_ID
        k = self.used[colour]
        if k >= DICE_PER_COLOUR:
            raise DiagramError(f"{token}: there are only {DICE_PER_COLOUR} {colour.value} dice")
        self.used[colour] = k + 1
        return PLAYER_COLOURS.index(colour) * DICE_PER_COLOUR + k


def _die(token: str, ids: _Ids) -> Die:
    if len(token) != 2 or token[0].upper() not in COLOUR_OF or token[1] not in "123456":
        raise DiagramError(f"{token!r}: expected a colour letter (R Y B W S) and a value 1..6")
    colour = COLOUR_OF[token[0].upper()]
    return Die(ids.next(colour, token), colour, int(token[1]))


def _grid(text: str, ids: _Ids) -> tuple[Die | None, ...]:
    rows = [line.split() for line in text.strip().splitlines() if line.strip()]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise DiagramError("a grid is 5 lines of 5 tokens")
    return tuple(None if token in EMPTY_TOKENS else _die(token, ids) for row in rows for token in row)


def parse_grid(text: str) -> tuple[Die | None, ...]:
    return _grid(text, _Ids())


def parse_hand(text: str) -> tuple[Die, ...]:
    ids = _Ids()
    return tuple(_die(token, ids) for token in text.split())


def build_state(
    grid: str,
    hands: Sequence[str],
    colours: Sequence[Sequence[Colour]] | None = None,
    *,
    current: int = 0,
    options: DiceBoxOptions | None = None,
) -> DiceBoxState:
    """A PLAY-phase position (or OVER, when the end condition already holds) from a diagram.

    `colours` defaults to one colour each in the order red, yellow, blue, white; with 3 seats the colour
    nobody scores becomes the unclaimed one.
    """
    ids = _Ids()
    cells = _grid(grid, ids)
    held = tuple(tuple(_die(token, ids) for token in hand.split()) for hand in hands)
    seat_count = len(hands)
    if colours is None:
        colours = [(PLAYER_COLOURS[seat],) for seat in range(seat_count)]
    dealt = {c for cs in colours for c in cs}
    unclaimed = next(c for c in PLAYER_COLOURS if c not in dealt) if seat_count == 3 else None
    return DiceBoxState(
        seat_count=seat_count,
        options=options or DiceBoxOptions(two_colours_each=any(len(cs) == 2 for cs in colours)),
        phase=Phase.OVER if is_end(cells, held) else Phase.PLAY,
        grid=cells,
        hands=held,
        colours=tuple(tuple(cs) for cs in colours),
        unclaimed=unclaimed,
        pool=(),
        draft_order=(),
        draft_starter=None,
        first_player=0,
        current=current,
        turn=0,
    )


def format_grid(grid: Sequence[Die | None], *, marks: bool = False) -> str:
    """Five lines of tokens; with `marks`, empty cells show `+` when open and `x` when dead."""
    lines = []
    for row in range(SIZE):
        tokens = []
        for col in range(SIZE):
            index = row * SIZE + col
            die = grid[index]
            if die is not None:
                tokens.append(f"{LETTER[die.colour]}{die.value}")
            elif marks and any(grid[j] is not None for j in NEIGHBOURS[index]):
                tokens.append("+" if candidate_mask(grid, index) else "x")
            else:
                tokens.append(".")
        lines.append(" ".join(f"{t:<2}" for t in tokens).rstrip())
    return "\n".join(lines)


def format_hand(hand: Sequence[Die]) -> str:
    return " ".join(f"{LETTER[d.colour]}{d.value}" for d in hand) or "-"


def format_state(state: DiceBoxState) -> str:
    """The grid with marks, then one line per seat: colours, score and hand; `>` marks the seat to act."""
    lines = [format_grid(state.grid, marks=True)]
    points = scores(state) if all(state.colours) else (0,) * state.seat_count
    for seat in range(state.seat_count):
        pointer = ">" if state.phase in (Phase.PLAY, Phase.DRAFT) and seat == state.current else " "
        colours = "+".join(LETTER[c] for c in state.colours[seat]) or "?"
        lines.append(
            f"{pointer}{seat_name(seat)} [{colours}] {points[seat]:>3}: {format_hand(state.hands[seat])}"
        )
    return "\n".join(lines)
