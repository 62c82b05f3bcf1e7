"""A small text format for De Regenboog positions, for tests, logs and bug reports.

One item per line; blank lines and `#` comments are ignored:

    ship 1.0 red=12 orange=1      # ships in order: ship 1 (red), ship 2 (yellow), 3.. white
    ship 5.0 red=0 acted          # `acted`: the ship has had its turn this cycle
    black 2.2 1                   # a stack of black discs
    disc 5.2 down                 # a face-down grey disc of the first deal; or a colour for a face-up one
    disc 3.3 down2                # a face-down disc of the second deal (a disc dealt at round 2)
    rainbows 7
    pool blank=3 red=1            # the discs off the board (§2.2); left out: every disc not on the board
    deal blank=2 green=1          # each deal's discs still face down, in order; left out: the face-down
                                  # discs of one deal are the blanks first, then the colours not showing

`parse` builds a players'-phase state (cycle 1, no ship mid-turn); `render` writes a state back in the same
format. Holds no rules.
"""

from __future__ import annotations

from rainbowtable.games.regenboog import start
from rainbowtable.games.regenboog.model import (
    ALL_DISCS,
    BLANK,
    COLOUR_NAMES,
    DISC_NONE,
    SHIP_KINDS,
    Phase,
    RegenboogOptions,
    RegenboogState,
    Ship,
    Stage,
    deal_of,
    face_down,
    is_face_down,
)

KIND_NAMES: tuple[str, ...] = ("blank", *COLOUR_NAMES[1:])
"""Disc kinds by index in a count (`pool`, `deals`)."""


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
    pool: tuple[int, ...] | None = None
    deals: list[tuple[int, ...]] = []
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
                if kind.startswith("down"):
                    disc = face_down(int(kind[4:] or 1) - 1)
                else:
                    disc = COLOUR_NAMES.index(kind)
                discs[board.index(rest[0])] = disc
            elif word == "rainbows":
                rainbows = int(rest[0])
            elif word == "pool":
                pool = _counts(rest)
            elif word == "deal":
                deals.append(_counts(rest))
            else:
                raise DiagramError(f"unknown line: {raw!r}")
        except (IndexError, KeyError, ValueError) as error:
            raise DiagramError(f"cannot read {raw!r}: {error}") from None
    down = [d for d in discs if is_face_down(d)]
    if not deals and down:
        deals = [_default_deal(len(down), discs)]
    for d in down:
        if deal_of(d) >= len(deals):
            raise DiagramError(f"a disc of deal {deal_of(d) + 1} but {len(deals)} deals")
    if pool is None:
        showing = [0] * 7
        for d in discs:
            if d > 0:
                showing[d] += 1
        pool = tuple(
            a - s - sum(deal[k] for deal in deals)
            for k, (a, s) in enumerate(zip(ALL_DISCS, showing, strict=True))
        )
        if min(pool) < 0:
            raise DiagramError("more discs of a kind on the board than the game has")
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
        pool=pool,
        deals=tuple(deals),
    )
    return state


def _counts(items: list[str]) -> tuple[int, ...]:
    counts = [0] * 7
    for item in items:
        name, _, count = item.partition("=")
        counts[KIND_NAMES.index(name)] = int(count)
    return tuple(counts)


def _default_deal(n: int, discs: list[int]) -> tuple[int, ...]:
    """n face-down discs of one deal: blanks first, then the colours not showing face up."""
    counts = [0] * 7
    counts[BLANK] = min(n, ALL_DISCS[BLANK])
    left = n - counts[BLANK]
    for colour in range(1, 7):
        if left and colour not in discs:
            counts[colour] = 1
            left -= 1
    if left:
        raise DiagramError("more face-down discs than the game has")
    return tuple(counts)


def _count_words(counts: tuple[int, ...]) -> str:
    return " ".join(f"{KIND_NAMES[k]}={n}" for k, n in enumerate(counts) if n)


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
            kind = COLOUR_NAMES[d] if d > 0 else "down" if deal_of(d) == 0 else f"down{deal_of(d) + 1}"
            lines.append(f"disc {board.cells[i].id} {kind}")
    if state.rainbows:
        lines.append(f"rainbows {state.rainbows}")
    lines.append(f"pool {_count_words(state.pool)}".rstrip())
    lines.extend(f"deal {_count_words(deal)}".rstrip() for deal in state.deals)
    return "\n".join(lines) + "\n"
