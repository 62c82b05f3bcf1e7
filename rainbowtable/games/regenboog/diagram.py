"""A small text format for De Regenboog positions, for tests, logs and bug reports.

One item per line; blank lines and `#` comments are ignored:

    ship 1.0 red=12 orange=1      # ships in order: ship 1 (red), ship 2 (yellow), 3.. white
    ship 5.0 red=0 acted          # `acted`: the ship has had its turn this cycle
    black 2.2 1                   # a stack of black discs
    disc 5.2 down                 # a face-down grey disc; or a colour for a face-up coloured one
    rainbows 7

`parse` builds a players'-phase state (cycle 1, no ship mid-turn); `render` writes a state back in the same
format. Holds no rules.
"""

from __future__ import annotations

from rainbowtable.games.regenboog import start
from rainbowtable.games.regenboog.model import (
    COLOUR_NAMES,
    DISC_FACE_DOWN,
    DISC_NONE,
    SHIP_KINDS,
    Phase,
    RegenboogOptions,
    RegenboogState,
    Ship,
    Stage,
)


class DiagramError(ValueError):
    pass


def parse(
    text: str, options: RegenboogOptions | None = None, seat_count: int | None = None
) -> RegenboogState:
    options = options or RegenboogOptions()
    board = start.board_of(options)
    ships: list[tuple[int, tuple[int, ...], bool]] = []
    black = [0] * len(board.cells)
    discs = [DISC_NONE] * len(board.cells)
    rainbows = 0
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, *rest = line.split()
        try:
            if word == "ship":
                cell = board.index(rest[0])
                cubes = [0] * 7
                acted = False
                for item in rest[1:]:
                    if item == "acted":
                        acted = True
                        continue
                    name, _, count = item.partition("=")
                    cubes[COLOUR_NAMES.index(name)] = int(count)
                ships.append((cell, tuple(cubes), acted))
            elif word == "black":
                black[board.index(rest[0])] = int(rest[1])
            elif word == "disc":
                kind = rest[1]
                discs[board.index(rest[0])] = DISC_FACE_DOWN if kind == "down" else COLOUR_NAMES.index(kind)
            elif word == "rainbows":
                rainbows = int(rest[0])
            else:
                raise DiagramError(f"unknown line: {raw!r}")
        except (IndexError, KeyError, ValueError) as error:
            raise DiagramError(f"cannot read {raw!r}: {error}") from None
    seats = seat_count or len(ships)
    state = RegenboogState(
        options=options,
        seat_count=seats,
        ships=tuple(
            Ship(i, i % seats, SHIP_KINDS[i], cell, cubes, acted)
            for i, (cell, cubes, acted) in enumerate(ships)
        ),
        black=tuple(black),
        discs=tuple(discs),
        phase=Phase.PLAYERS,
        cycle_no=1,
        round_no=1,
        rainbows=rainbows,
        strand_count=0,
        active=-1,
        stage=Stage.NONE,
        load_colour=0,
        place_queue=(),
        flip_queue=(),
        flip_cell=-1,
        white_cell=-1,
        flip_ship=-1,
        stranded=False,
        last_drops=(),
        conceded=False,
    )
    return state


def render(state: RegenboogState) -> str:
    board = start.board_of(state.options)
    lines: list[str] = []
    for ship in state.ships:
        cubes = " ".join(f"{COLOUR_NAMES[c]}={n}" for c, n in enumerate(ship.cubes) if n)
        acted = " acted" if ship.acted else ""
        lines.append(f"ship {board.cells[ship.cell].id} {cubes}{acted}".replace("  ", " ").rstrip())
    for i, n in enumerate(state.black):
        if n:
            lines.append(f"black {board.cells[i].id} {n}")
    for i, d in enumerate(state.discs):
        if d != DISC_NONE:
            lines.append(f"disc {board.cells[i].id} {'down' if d == DISC_FACE_DOWN else COLOUR_NAMES[d]}")
    if state.rainbows:
        lines.append(f"rainbows {state.rainbows}")
    return "\n".join(lines) + "\n"
