"""The row of cards across the top of the table: the deck (a stack whose height shows how many cards are
left), the six face-up cards with a note for the taker under each, the clover once drawn, the discard pile,
and the day and round at the row's right end. Drawn as one part per thing, so a card dealt or taken
redraws only its own slot."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from rainbowtable.games.rainbows.model import Phase, RainbowsState
from rainbowtable.ui import draw, theme
from rainbowtable.ui.games.rainbows.cardfaces import card_back, card_face, clover_card
from rainbowtable.ui.games.rainbows.layout import RainbowsLayout
from rainbowtable.ui.games.rainbows.taking import card_note
from rainbowtable.ui.games.rainbows.targets import DISCARD, GLOW, glow
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.view import Look
from rainbowtable.ui.theme import Theme

NOTE_SIZES = (12, 11, 10, 9)
NOTE_ROOM = 34
"""Design px under a card for its note: two lines of the smallest size (a note too wide for one)."""


def notes(state: RainbowsState) -> list[tuple[str, bool]]:
    """The taker's note under each face-up card (see `card_note`)."""
    return [card_note(state, card) for card in state.offer[:6]]


def deck_left(state: RainbowsState) -> int:
    """Cards left in the deck, the clover among them until it is drawn."""
    return len(state.undrawn) + (0 if state.clover_drawn else 1)


def card_row_parts(
    where: RainbowsLayout, state: RainbowsState, look: Look
) -> dict[str, tuple[pygame.Rect, Hashable]]:
    """One part per thing in the top row, each with the note under it (and a lifted card's rise)."""
    gap = where.px(8)
    cap = where.px(NOTE_ROOM)
    up = where.px(12)

    def around(rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(rect.x - gap // 2, rect.y - up, rect.w + gap, rect.h + up + cap)

    parts: dict[str, tuple[pygame.Rect, Hashable]] = {
        "deck": (around(where.deck_rect), ("deck", deck_left(state))),
        "clover": (
            around(where.clover_rect),
            (state.clover_drawn, "clover" in look.hidden, state.phase in (Phase.TAKE, Phase.REVEAL)),
        ),
        "discard": (
            around(where.discard_rect),
            (
                state.discard[-1:],
                len(state.discard),
                DISCARD in look.highlights,
                look.hover_target == DISCARD,
                look.glyphs,
            ),
        ),
        "round": (where.round_rect, (state.day, state.options.days, state.round_no)),
    }
    shown = notes(state)
    for i, slot in enumerate(where.slots):
        card = state.offer[i] if i < len(state.offer) else None
        key: Hashable = ("empty", i)  # never None: the still layer reads None as never drawn
        if card is not None:
            key = (
                card,
                tuple(shown),  # a note is shared with like neighbours: one changed moves the others
                card in look.hidden,
                card == look.dragging,
                card == look.selected,
                look.glyphs,
            )
        parts[f"slot{i}"] = (around(slot), key)
    return parts


def draw_card_row(
    surface: pygame.Surface, where: RainbowsLayout, th: Theme, state: RainbowsState, look: Look
) -> None:
    """Everything of the top row within the surface's clip."""
    clip = surface.get_clip()
    gap = th.px(8)
    if clip.colliderect(where.deck_rect.inflate(gap, th.px(2 * NOTE_ROOM))):
        _draw_deck(surface, where, th, state)
    _draw_offer(surface, where, th, state, look)
    if (
        state.clover_drawn
        and "clover" not in look.hidden
        and clip.colliderect(where.clover_rect.inflate(gap, th.px(2 * NOTE_ROOM)))
    ):
        _draw_clover(surface, where, th, state)
    if state.discard and clip.colliderect(where.discard_rect.inflate(gap, th.px(2 * NOTE_ROOM))):
        _draw_discard(surface, where, th, state, look)
    if DISCARD in look.highlights:
        glow(surface, where.discard_rect, th, strong=look.hover_target == DISCARD)
    if clip.colliderect(where.round_rect):
        line = _("Day {day} of {days} · round {round}").format(
            day=state.day, days=state.options.days, round=state.round_no
        )
        draw.text(
            surface,
            th.font(13, "bold"),
            line,
            (where.round_rect.right, where.round_rect.bottom - th.px(2)),
            theme.ON_FELT_SOFT,
            "bottomright",
        )


def _draw_deck(surface: pygame.Surface, where: RainbowsLayout, th: Theme, state: RainbowsState) -> None:
    """A stack whose height shows how many cards are left, and their number under it."""
    left = deck_left(state)
    depth = min(8, (left + 7) // 8)
    back = card_back(where.card_size)
    for k in range(depth):
        surface.blit(back, where.deck_rect.move(depth // 2 - k // 2, -k))
    if left == 0:
        draw.text(
            surface, th.font(13, "bold"), _("empty"), where.deck_rect.center, theme.ON_FELT_SOFT, "center"
        )
    deck_note = _("{n} cards").format(n=left) if left != 1 else _("1 card")
    _draw_note(surface, th, deck_note, _note_box(where, th, where.deck_rect), theme.ON_FELT, str(left))


def _draw_offer(
    surface: pygame.Surface, where: RainbowsLayout, th: Theme, state: RainbowsState, look: Look
) -> None:
    """The face-up cards (greyed where of no use to the taker, lifted when selected) with their notes."""
    clip = surface.get_clip()
    gap = th.px(8)
    shown = notes(state)
    for i, card in enumerate(state.offer[:6]):
        slot = where.slots[i]
        if card in look.hidden or not clip.colliderect(slot.inflate(gap, th.px(40))):
            continue
        if card == look.dragging:
            pygame.draw.rect(surface, (60, 110, 108), slot, width=2, border_radius=th.px(8))
            continue
        lift = -th.px(8) if card == look.selected else 0
        surface.blit(
            card_face(card, where.card_size, dim=not shown[i][1], glyphs=look.glyphs), slot.move(0, lift)
        )
        if card == look.selected:
            pygame.draw.rect(surface, GLOW, slot.move(0, lift).inflate(4, 4), width=3, border_radius=th.px(9))
    for (note, ok), box in note_boxes(where, th, state, look):
        if clip.colliderect(box):
            _draw_note(surface, th, note, box, theme.ON_FELT if ok else (214, 150, 140))


def _note_box(where: RainbowsLayout, th: Theme, rect: pygame.Rect) -> pygame.Rect:
    """The room for the note under the card at `rect`: its part's width, a little apart from the next."""
    gap = th.px(8)
    return pygame.Rect(
        rect.x - gap // 2 + th.px(3), rect.bottom + th.px(4), rect.w + gap - th.px(6), th.px(NOTE_ROOM - 4)
    )


def _draw_note(
    surface: pygame.Surface, th: Theme, note: str, box: pygame.Rect, colour: theme.RGB, short: str = ""
) -> None:
    """A note centred in `box`: on one line at the largest size that fits, else its `short` form (a pile's
    count alone) when it has one, else wrapped."""
    font = th.fitting_font(NOTE_SIZES, note, box.w)
    if short and font.size(note)[0] > box.w:
        note, font = short, th.fitting_font(NOTE_SIZES, short, box.w)
    lines = [note] if font.size(note)[0] <= box.w else draw.wrap(font, note, box.w)
    y = box.y
    for line in lines:
        draw.text(surface, font, line, (box.centerx, y), colour, "midtop", box=box)
        y += font.get_linesize()


def note_boxes(
    where: RainbowsLayout, th: Theme, state: RainbowsState, look: Look
) -> list[tuple[tuple[str, bool], pygame.Rect]]:
    """Each note with the room it has under its cards: like notes of neighbouring cards are said once,
    under them all ("keep only" under three cards, not three times run together), and a note keeps a
    clear space from the next."""
    shown = notes(state)
    boxes: list[tuple[tuple[str, bool], pygame.Rect]] = []
    last = -2
    for i, card in enumerate(state.offer[:6]):
        if card in look.hidden or not shown[i][0]:
            continue
        room = _note_box(where, th, where.slots[i])
        if boxes and last == i - 1 and boxes[-1][0] == shown[i]:
            boxes[-1] = (shown[i], boxes[-1][1].union(room))
        else:
            boxes.append((shown[i], room))
        last = i
    return boxes


def _draw_clover(surface: pygame.Surface, where: RainbowsLayout, th: Theme, state: RainbowsState) -> None:
    """The clover drawn: the day ends at the end of this round, which its note says while cards are taken."""
    surface.blit(clover_card(where.card_size, _("CLOVER")), where.clover_rect)
    if state.phase in (Phase.TAKE, Phase.REVEAL):
        _draw_note(surface, th, _("last round!"), _note_box(where, th, where.clover_rect), (250, 220, 120))


def _draw_discard(
    surface: pygame.Surface, where: RainbowsLayout, th: Theme, state: RainbowsState, look: Look
) -> None:
    """The discard pile, its top card face up, and how many it holds."""
    face = card_face(state.discard[-1], where.card_size, glyphs=look.glyphs)
    for k in range(min(4, len(state.discard))):
        surface.blit(face, where.discard_rect.move(k, -k))
    discarded = _("{n} discarded").format(n=len(state.discard))
    # Its count alone where the words would not fit on one line: a second would run into the day's line.
    box = _note_box(where, th, where.discard_rect)
    _draw_note(surface, th, discarded, box, theme.ON_FELT_SOFT, str(len(state.discard)))
