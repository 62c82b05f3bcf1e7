"""A small text format for Colosseum Offcuts positions: build them in tests and print them in logs and bug
reports.

A counter is a token: the owner's seat number (1–5), `B` (Board Piece) or `F` (Fortification), and its
side, `m` (Mobile, light) or `a` (Attack, dark): `1Bm`, `2Fa`. A stack joins its counters bottom to top
with `/`: `1Bm/2Fa`. An empty cell is `.`. A grid is lines of tokens; its top-left token sits on `origin`,
x growing to the right and y downwards:

```
1Bm 2Bm .
.   1Fa 2Fm/3Ba
```

`place({(0, 0): "1Bm", (1, 0): "2Fm/3Ba"})` builds the same from coordinates, as the spec's test cases
give them. Counters get their owner's fixed ids in order of appearance (Board Pieces k = 0, 1,
Fortifications k = 2, 3). Holds no rules.
"""

from __future__ import annotations

from collections.abc import Mapping

from rainbowtable.games.colosseum_offcuts.model import (  # Cell is re-exported for tests
    Cell,
    ColosseumOptions,
    ColosseumState,
    Counter,
    Kind,
    Mode,
    Phase,
    Stack,
)

KIND_LETTER = {Kind.BOARD_PIECE: "B", Kind.FORTIFICATION: "F"}
MODE_LETTER = {Mode.MOBILE: "m", Mode.ATTACK: "a"}


class DiagramError(ValueError):
    """A diagram that cannot be read; the message says which token and why."""


class _Ids:
    def __init__(self) -> None:
        self.used: dict[tuple[int, Kind], int] = {}

    def next(self, owner: int, kind: Kind, token: str) -> int:
        n = self.used.get((owner, kind), 0)
        if n >= 2:
            raise DiagramError(f"{token}: every player has only two of each kind")
        self.used[(owner, kind)] = n + 1
        return owner * 4 + (0 if kind is Kind.BOARD_PIECE else 2) + n


def _counter(token: str, ids: _Ids) -> Counter:
    if len(token) not in (2, 3) or token[0] not in "12345" or token[1] not in "BF":
        raise DiagramError(f"{token!r}: expected a seat 1-5, B or F, and m or a (like 1Bm)")
    mode_letter = token[2] if len(token) == 3 else "m"
    if mode_letter not in "ma":
        raise DiagramError(f"{token!r}: the side is m (Mobile) or a (Attack)")
    owner = int(token[0]) - 1
    kind = Kind.BOARD_PIECE if token[1] == "B" else Kind.FORTIFICATION
    mode = Mode.MOBILE if mode_letter == "m" else Mode.ATTACK
    return Counter(ids.next(owner, kind, token), owner, kind, mode)


def _stack(token: str, ids: _Ids) -> tuple[Counter, ...]:
    return tuple(_counter(part, ids) for part in token.split("/"))


def place(cells: Mapping[tuple[int, int], str]) -> tuple[Stack, ...]:
    """Stacks from `{(x, y): "1Bm/2Fa"}`, ids in the mapping's order."""
    ids = _Ids()
    stacks = {Cell(*xy): _stack(token, ids) for xy, token in cells.items()}
    return tuple(Stack(cell, stacks[cell]) for cell in sorted(stacks))


def parse_board(text: str, origin: tuple[int, int] = (0, 0)) -> tuple[Stack, ...]:
    ids = _Ids()
    found: dict[Cell, tuple[Counter, ...]] = {}
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    for dy, row in enumerate(rows):
        for dx, token in enumerate(row):
            if token != ".":
                found[Cell(origin[0] + dx, origin[1] + dy)] = _stack(token, ids)
    return tuple(Stack(cell, found[cell]) for cell in sorted(found))


def position(
    stacks: tuple[Stack, ...] | Mapping[tuple[int, int], str] | str,
    *,
    seats: int = 2,
    current: int = 0,
    actions_left: int = 2,
    options: ColosseumOptions | None = None,
) -> ColosseumState:
    """A PLAY position with these stacks, `current` to act; nobody eliminated yet."""
    if isinstance(stacks, str):
        stacks = parse_board(stacks)
    elif not isinstance(stacks, tuple):
        stacks = place(stacks)
    return ColosseumState(
        seat_count=seats,
        options=options or ColosseumOptions(),
        phase=Phase.PLAY,
        stacks=stacks,
        start_player=0,
        current=current,
        setup_step=4 * seats,
        actions_left=actions_left,
        eliminated=(False,) * seats,
        captured=(),
        captures_by=(0,) * seats,
        turn=0,
        turns_without_capture=0,
        captured_this_turn=False,
        drawn=False,
    )


def token(counters: tuple[Counter, ...]) -> str:
    return "/".join(f"{c.owner + 1}{KIND_LETTER[c.kind]}{MODE_LETTER[c.mode]}" for c in counters)


def format_board(stacks: tuple[Stack, ...]) -> str:
    """The grid text for these stacks, with a first line naming the top-left cell."""
    if not stacks:
        return "(empty table)"
    xs = [s.cell.x for s in stacks]
    ys = [s.cell.y for s in stacks]
    by_cell = {s.cell: token(s.counters) for s in stacks}
    width = max(len(t) for t in by_cell.values())
    lines = [f"origin ({min(xs)}, {min(ys)})"]
    for y in range(min(ys), max(ys) + 1):
        row = [by_cell.get(Cell(x, y), ".").ljust(width) for x in range(min(xs), max(xs) + 1)]
        lines.append(" ".join(row).rstrip())
    return "\n".join(lines)


def format_state(state: ColosseumState) -> str:
    lines = [format_board(state.stacks)]
    lines.append("captured: " + (" ".join(token((c,)) for c in state.captured) or "none"))
    out = [str(s + 1) for s in range(state.seat_count) if state.eliminated[s]]
    lines.append("eliminated: " + (" ".join(out) or "none"))
    return "\n".join(lines)
