"""A small text format for Rainbows positions: build them in tests, print them in logs and bug reports.

`spaces("R1 O2 Y3")` reads spaces written colour letter + row; `card("Y9")` a card; `position(...)` builds a
TAKE position from markers per seat, gold, banks, kept numbers and the face-up cards; `format_state` prints a
state as a board (seat numbers 1..5, `.` vacant, `#` an inactive row) with the players and the table.
Holds no rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from rainbowtable.games.rainbows import cards
from rainbowtable.games.rainbows.model import (
    ACTIVE_ROWS,
    COLOUR_BY_LETTER,
    COLOURS,
    COLUMNS,
    ROWS,
    Card,
    Phase,
    RainbowsOptions,
    RainbowsState,
    Space,
    space_index,
)
from rainbowtable.games.rainbows.start import new_game


def space(text: str) -> Space:
    """ "Y2" -> the yellow column, row 2."""
    return Space(int(text[1:]), COLOUR_BY_LETTER[text[0].upper()].column)


def spaces(text: str) -> tuple[Space, ...]:
    return tuple(space(word) for word in text.split())


def card(text: str) -> Card:
    """ "G7" -> green 7."""
    return Card(COLOUR_BY_LETTER[text[0].upper()], int(text[1:]))


def card_text(c: Card) -> str:
    return f"{c.colour.letter}{c.number}"


def position(
    seat_count: int,
    *,
    markers: Mapping[int, str] = {},
    gold: Sequence[int] | None = None,
    banks: Sequence[int] | None = None,
    kept: Mapping[int, Sequence[int] | str] = {},
    offer: str = "",
    draft_order: Sequence[int] | None = None,
    priority: int = 0,
    options: RainbowsOptions | None = None,
) -> RainbowsState:
    """A TAKE position. `kept` gives numbers (kept in red unless written as cards, "G3 R9") per seat; the
    draft order defaults to the priority player, the others in seat order, then the priority player again,
    cut to the number of face-up cards."""
    state = new_game(options or RainbowsOptions(), seat_count)
    board = list(state.board)
    for seat, text in markers.items():
        for s in spaces(text):
            board[space_index(s)] = seat
    players = list(state.players)
    for seat in range(seat_count):
        p = players[seat]
        if gold is not None:
            p = replace(p, gold=gold[seat])
        if banks is not None:
            p = replace(p, bank=banks[seat])
        if seat in kept:
            value = kept[seat]
            held = (
                [card(w) for w in value.split()]
                if isinstance(value, str)
                else [Card(COLOURS[0], n) for n in value]
            )
            p = replace(p, kept=tuple(sorted(held, key=lambda c: c.number)))
        players[seat] = p
    face_up = tuple(card(w) for w in offer.split())
    if draft_order is None:
        order = (*((priority + k) % seat_count for k in range(seat_count)), priority)
        draft_order = order[: len(face_up)]
    seen = set(face_up) | {c for p in players for c in p.kept}
    undrawn = tuple(c for c in cards.FULL_DECK if c not in seen)
    return replace(
        state,
        phase=Phase.TAKE if face_up else Phase.REVEAL,
        round_no=1,
        priority=priority,
        players=tuple(players),
        board=tuple(board),
        undrawn=undrawn,
        drawn=len(face_up),
        offer=face_up,
        draft_order=tuple(draft_order),
    )


def format_board(state: RainbowsState) -> str:
    rows = ACTIVE_ROWS[state.seat_count]
    lines = ["   " + " ".join(c.letter for c in COLOURS)]
    for r in range(1, ROWS + 1):
        cells = []
        for c in range(1, COLUMNS + 1):
            owner = state.board[(r - 1) * COLUMNS + c - 1]
            cells.append("#" if r > rows else "." if owner is None else str(owner + 1))
        lines.append(f"{r:>2} " + " ".join(cells))
    return "\n".join(lines)


def format_state(state: RainbowsState) -> str:
    lines = [
        f"day {state.day} round {state.round_no} phase {state.phase.value} priority P{state.priority + 1}"
        f" drawn {state.drawn} clover {'yes' if state.clover_drawn else 'no'}",
        format_board(state),
    ]
    for seat, p in enumerate(state.players):
        kept = " ".join(card_text(c) for c in p.kept) or "-"
        lines.append(f"P{seat + 1}: gold {p.gold} bank {p.bank} kept {kept}")
    if state.offer:
        lines.append("table: " + " ".join(card_text(c) for c in state.offer))
    return "\n".join(lines)
