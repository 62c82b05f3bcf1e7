"""What a card can do for the seat taking a card now, in the player's words: the note under a face-up card,
why a greyed card cannot be taken, and the tag of the card in hand over each target. Asked of the rules
(`usable`, `can_buy`, `can_keep`); the drawing shows the notes and the tag, the input gives the reason
when a card picked up has nowhere to go."""

from __future__ import annotations

from collections.abc import Hashable

from rainbowtable.games.rainbows.model import ACTIVE_ROWS, COLUMNS, Card, Phase, RainbowsState, Space
from rainbowtable.games.rainbows.rules import can_buy, can_keep, markers_left, usable
from rainbowtable.ui.games.rainbows.targets import DISCARD, KEEP
from rainbowtable.ui.i18n import _


def taker(state: RainbowsState) -> int | None:
    """The seat taking a card now (the first in the draft order), or None outside the taking."""
    return state.draft_order[0] if state.phase is Phase.TAKE and state.draft_order else None


def card_note(state: RainbowsState, card: Card) -> tuple[str, bool]:
    """(a few words under a face-up card for the taker, whether it may be taken now)."""
    seat = taker(state)
    if seat is None:
        return "", True
    any_usable = any(usable(state, seat, c) for c in state.offer)
    if not any_usable:
        return _("click to discard"), True
    buy, keep = can_buy(state, seat, card), can_keep(state, seat, card)
    if buy and keep:
        return _("buy or keep"), True
    if buy:
        return _("buy only"), True
    if keep:
        return _("keep only"), True
    return _("no use now"), False


def why_greyed(state: RainbowsState, card: Card) -> str:
    """Why the taker can neither buy nor keep `card`."""
    seat = taker(state)
    if seat is None:
        return ""
    player = state.players[seat]
    parts = [_("you already keep a {n}").format(n=card.number)]
    if markers_left(state, seat) == 0:
        parts.append(_("you have no marker left"))
    elif not any(
        state.board[(r - 1) * COLUMNS + card.colour.column - 1] is None
        for r in range(1, ACTIVE_ROWS[state.seat_count] + 1)
    ):
        parts.append(_("the {colour} column is full").format(colour=_(card.colour.value)))
    else:
        parts.append(_("you cannot pay {n} (you have {gold})").format(n=card.number, gold=player.gold))
    return _("You cannot use this card: {why}. Take a card you can use.").format(why=_(" and ").join(parts))


def hand_tag(state: RainbowsState, card: Card, target: Hashable) -> str:
    """What dropping the card in hand on `target` does (the cost, and any borrowing, of a purchase)."""
    seat = taker(state)
    if seat is None:
        return ""
    player = state.players[seat]
    n = card.number
    if isinstance(target, Space):
        if player.gold >= n:
            return _("Buy: pay {n} gold (you have {gold})").format(n=n, gold=player.gold)
        if state.options.bank_gold:
            short = n - player.gold
            return _("Buy: pay {gold} + borrow {short} at double cost: bank −{double}").format(
                gold=player.gold, short=short, double=2 * short
            )
        return _("Costs {n}: you have only {gold}").format(n=n, gold=player.gold)
    if target == KEEP:
        return _("Keep: take {n} gold").format(n=n)
    if target == DISCARD:
        return _("Discard")
    return _("Buy for {n} or keep for +{n}").format(n=n)
