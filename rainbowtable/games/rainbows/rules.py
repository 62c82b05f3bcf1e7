"""Rainbows rules (rainbows.md §1.4–§1.9): the reveal, the draft, BUY / KEEP / DISCARD, the end of a day,
scoring into the bank, deposits and the log words.

Holds the pure functions behind the game contract and the helpers the table and the computer player call
(`usable`, `legal_takes`, `legal_uses`, `can_buy`, `markers_left`, `vacant_spaces`, `projection`), plus
`RainbowsRules`. Does not hold the deck's probabilities (`cards.py`), scoring arithmetic (`scoring.py`),
setup (`start.py`) or any drawing. Nothing is hidden: gold, banks, kept cards and the discard pile are public
[RES-RB10] and the deck is a public multiset drawn at each reveal, so `observe` is the identity.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from rainbowtable.core.action_shape import action_shape_problem
from rainbowtable.core.game import (
    Chance,
    Finished,
    IllegalAction,
    Outcome,
    Players,
    RulesBase,
    SeatRef,
    ToAct,
    Words,
    say,
)
from rainbowtable.core.i18n import _
from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbows import cards, start
from rainbowtable.games.rainbows.model import (
    ACTION_TYPES,
    ACTIVE_ROWS,
    BANK_OPTION_START,
    COLOURS,
    COLUMNS,
    MARKERS_PER_PLAYER,
    SPACES,
    BuyCard,
    Card,
    CardRevealed,
    CloverRevealed,
    Colour,
    DayResult,
    Deposit,
    DiscardCard,
    KeepCard,
    Phase,
    PlayerState,
    PriorityChosen,
    RainbowsAction,
    RainbowsOptions,
    RainbowsState,
    SeatDayScore,
    Space,
    TakeAction,
    state_with,
)
from rainbowtable.games.rainbows.scoring import board_rainbows, can_afford, money_runs, money_score, pay

# --- board helpers ---------------------------------------------------------------------------------


def active_rows(state: RainbowsState) -> int:
    """§1.2 [RES-RB1]: rows 1..R are in play, R = 4 / 6 / 8 for 3 / 4 / 5 players."""
    return ACTIVE_ROWS[state.seat_count]


def is_active(state: RainbowsState, space: Space) -> bool:
    return 1 <= space.row <= active_rows(state) and 1 <= space.col <= COLUMNS


def markers_of(state: RainbowsState, seat: int) -> tuple[Space, ...]:
    return tuple(SPACES[i] for i, owner in enumerate(state.board) if owner == seat)


def markers_left(state: RainbowsState, seat: int) -> int:
    return MARKERS_PER_PLAYER - state.board.count(seat)


def vacant_spaces(state: RainbowsState, col: int) -> tuple[Space, ...]:
    """The vacant active spaces of a column (1..6), top first."""
    board = state.board
    return tuple(SPACES[i] for i in range(col - 1, active_rows(state) * COLUMNS, COLUMNS) if board[i] is None)


def board_full(state: RainbowsState) -> bool:
    """§1.7 (a): every active space holds a marker."""
    return None not in state.board[: active_rows(state) * COLUMNS]


def kept_numbers(player: PlayerState) -> frozenset[int]:
    return frozenset(card.number for card in player.kept)


# --- §1.5: what a player can do with a card ------------------------------------------------------------


def can_pay(state: RainbowsState, seat: int, cost: int) -> bool:
    """§1.5 can_afford [RES-RB9]."""
    player = state.players[seat]
    return can_afford(player.gold, player.bank, cost, state.options.bank_gold)


def has_vacancy(state: RainbowsState, col: int) -> bool:
    board = state.board
    return any(board[i] is None for i in range(col - 1, active_rows(state) * COLUMNS, COLUMNS))


def can_buy(state: RainbowsState, seat: int, card: Card) -> bool:
    """§1.5 can_buy: a marker left [RES-RB13], a vacant active space of the colour, and the gold."""
    return (
        can_pay(state, seat, card.number)
        and has_vacancy(state, card.colour.column)
        and state.board.count(seat) < MARKERS_PER_PLAYER
    )


def can_keep(state: RainbowsState, seat: int, card: Card) -> bool:
    return all(k.number != card.number for k in state.players[seat].kept)


def usable(state: RainbowsState, seat: int, card: Card) -> bool:
    """§1.5 [RES-RB3]: can_buy ∨ can_keep."""
    return can_keep(state, seat, card) or can_buy(state, seat, card)


def taker(state: RainbowsState) -> int | None:
    return state.draft_order[0] if state.phase is Phase.TAKE and state.draft_order else None


def legal_takes(state: RainbowsState, seat: int) -> tuple[Card, ...]:
    """§1.10: the usable face-up cards, or else every face-up card (which will be discarded)."""
    good = tuple(card for card in state.offer if usable(state, seat, card))
    return good or state.offer


def legal_uses(state: RainbowsState, seat: int, card: Card) -> list[TakeAction]:
    """§1.10: the BUY spaces and/or KEEP for a usable card, or DISCARD only."""
    uses: list[TakeAction] = []
    if can_buy(state, seat, card):
        uses.extend(BuyCard(card, space) for space in vacant_spaces(state, card.colour.column))
    if can_keep(state, seat, card):
        uses.append(KeepCard(card))
    return uses or [DiscardCard(card)]


# --- words ---------------------------------------------------------------------------------------


def card_words(card: Card) -> str:
    return _("{colour} {number}").format(colour=_(card.colour.value), number=card.number)


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + _(" and ") + items[-1]


def _afford_reason(state: RainbowsState, seat: int, cost: int) -> str:
    player = state.players[seat]
    if state.options.bank_gold:
        return _(
            "You cannot pay {cost} gold: you have {gold} on hand and borrowing the rest at double cost "
            "needs {need} in the bank (you have {bank})."
        ).format(cost=cost, gold=player.gold, need=2 * (cost - player.gold), bank=player.bank)
    return _("You cannot pay {cost} gold: you have only {gold}.").format(cost=cost, gold=player.gold)


# --- legality ----------------------------------------------------------------------------------------


def _take_problem(state: RainbowsState, card: Card) -> str | None:
    if state.phase is Phase.OVER:
        return _("The game is over.")
    if state.phase is not Phase.TAKE:
        return _("Cards are taken only during the draft.")
    if card not in state.offer:
        return _("That card is not on the table.")
    return None


def why_illegal(state: RainbowsState, action: RainbowsAction) -> str | None:
    shape = action_shape_problem(action, ACTION_TYPES)  # any value, of any type (issue 37)
    if shape is not None:
        return shape
    if isinstance(action, BuyCard | KeepCard | DiscardCard):
        problem = _take_problem(state, action.card)
        if problem is not None:
            return problem
        seat = state.draft_order[0]
        card = action.card
        if isinstance(action, BuyCard):
            return _buy_problem(state, seat, card, action.space)
        if isinstance(action, KeepCard):
            for kept in state.players[seat].kept:
                if kept.number == card.number:
                    return _(
                        "You already keep a {number} ({card}): only one card of each number may be kept."
                    ).format(number=card.number, card=card_words(kept))
            return None
        if usable(state, seat, card):
            return _("You can use this card, so you must: buy it or keep it (§1.5).")
        others = [card_words(c) for c in state.offer if usable(state, seat, c)]
        if others:
            return _("While a card you can use is on the table you must take one: {cards}.").format(
                cards=_and(others)
            )
        return None
    if isinstance(action, Deposit):
        if state.phase is not Phase.DEPOSIT:
            return _("The bank is open for deposits only after the scoring of the second-to-last day.")
        gold = state.players[state.deposit_order[0]].gold
        if not 0 <= action.amount <= gold:
            return _("You can deposit from 0 up to the {gold} gold you have on hand.").format(gold=gold)
        return None
    if isinstance(action, PriorityChosen):
        if state.phase is not Phase.SETUP:
            return _("The first Priority Player has already been chosen.")
        if not 0 <= action.seat < state.seat_count:
            return _("There is no such seat.")
        return None
    if isinstance(action, CardRevealed | CloverRevealed):
        if state.phase is not Phase.REVEAL:
            return _("Cards are turned up only at the start of a round.")
        if isinstance(action, CloverRevealed):
            if not cards.clover_chance(state.drawn, state.clover_drawn):
                return _("The clover cannot come up now.")
            return None
        if action.card not in state.undrawn:
            return _("That card is not in the deck.")
        if cards.clover_chance(state.drawn, state.clover_drawn) == 1:
            return _("Only the clover is left in the deck.")
        return None
    return _("That is not a Rainbows action.")


def _buy_problem(state: RainbowsState, seat: int, card: Card, space: Space) -> str | None:
    if markers_left(state, seat) < 1:
        return _("You have placed all {n} of your markers, so you cannot buy.").format(n=MARKERS_PER_PLAYER)
    colour = _(card.colour.value)
    if space.col != card.colour.column or not 1 <= space.row <= 8:
        return _("A {colour} card marks a space in the {colour} column.").format(colour=colour)
    if not is_active(state, space):
        return _("Row {row} is not in play with {n} players (rows 1 to {rows} are).").format(
            row=space.row, n=state.seat_count, rows=active_rows(state)
        )
    if state.board[(space.row - 1) * COLUMNS + space.col - 1] is not None:
        return _("That space already holds a marker.")
    if not can_pay(state, seat, card.number):
        return _afford_reason(state, seat, card.number)
    return None


# --- the flow ------------------------------------------------------------------------------------


def _begin_round(state: RainbowsState, priority: int | None = None) -> RainbowsState:
    """The next round's reveal; `priority` passes the Priority Player on in the same step."""
    return state_with(
        state,
        phase=Phase.REVEAL,
        round_no=state.round_no + 1,
        priority=state.priority if priority is None else priority,
        offer=(),
        clover_in_reveal=None,
        draft_order=(),
    )


def _after_reveal(state: RainbowsState) -> RainbowsState:
    """§1.4 step 1: reveal until N + 1 Luckychauns lie face up or the deck is empty [RES-RB6]."""
    n = state.seat_count
    if len(state.offer) < n + 1 and cards.cards_left(state.undrawn, state.clover_drawn):
        return state
    if not state.offer:
        return _end_round(state)
    p = state.priority
    order = (*((p + k) % n for k in range(n)), p)
    return state_with(state, phase=Phase.TAKE, draft_order=order[: len(state.offer)])


def _end_round(state: RainbowsState) -> RainbowsState:
    """§1.4 step 3 and §1.7: pass priority to the left, then end the day or start the next round."""
    priority = (state.priority + 1) % state.seat_count
    if board_full(state) or state.clover_drawn:
        return _end_day(state_with(state, priority=priority, draft_order=(), offer=()))
    return _begin_round(state, priority)


@functools.lru_cache(maxsize=20_000)
def _scored_board(markers: tuple[Space, ...]) -> tuple[int, tuple[tuple[Space, ...], ...], tuple[Space, ...]]:
    """`board_rainbows`, remembered: the search scores the end of a day in thousands of playouts, and
    the same marker sets come up again and again (`markers_of`'s order, so the same partition)."""
    return board_rainbows(markers)


def day_scores(state: RainbowsState) -> tuple[SeatDayScore, ...]:
    """§1.8 for every seat: rainbows and singles on the board, money rainbows, the bank after."""
    out: list[SeatDayScore] = []
    for seat, player in enumerate(state.players):
        board, rainbows, singles = _scored_board(markers_of(state, seat))
        numbers = [c.number for c in player.kept]
        money = money_score(numbers)
        out.append(
            SeatDayScore(rainbows, singles, board, money_runs(numbers), money, player.bank + board + money)
        )
    return tuple(out)


def _end_day(state: RainbowsState) -> RainbowsState:
    scored = day_scores(state)
    players = tuple(replace(p, bank=s.bank_after) for p, s in zip(state.players, scored, strict=True))
    state = replace(state, players=players, results=(*state.results, DayResult(state.day, scored)))
    days = state.options.days
    if state.day >= days:
        return replace(state, phase=Phase.OVER)
    if state.day == days - 1:
        # §1.9 Bank Opens For Deposits: once, after the scoring of the second-to-last day.
        n = state.seat_count
        order = tuple((state.priority + k) % n for k in range(n))
        return replace(state, phase=Phase.DEPOSIT, deposit_order=order)
    return _begin_round(start.fresh_day(state, state.day + 1))


def _with_player(state: RainbowsState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    return (*state.players[:seat], player, *state.players[seat + 1 :])


def _after_take(
    state: RainbowsState,
    card: Card,
    *,
    discarded: bool,
    players: tuple[PlayerState, ...] | None = None,
    board: tuple[int | None, ...] | None = None,
) -> RainbowsState:
    """The take of `card` done (the card off the table, onto the discard pile when `discarded`, the next
    taker up), with the taker's new record and the board where they changed, in one new state."""
    index = state.offer.index(card)
    state = state_with(
        state,
        players=state.players if players is None else players,
        board=state.board if board is None else board,
        discard=(*state.discard, card) if discarded else state.discard,
        offer=state.offer[:index] + state.offer[index + 1 :],
        draft_order=state.draft_order[1:],
    )
    if state.draft_order:
        return state
    return _end_round(state)


def apply(state: RainbowsState, action: RainbowsAction) -> RainbowsState:
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    return apply_legal(state, action)


def apply_legal(state: RainbowsState, action: RainbowsAction) -> RainbowsState:
    """`apply` without the legality check, for actions the rules themselves listed for `state`
    (`legal_actions`, `chance_outcomes`, `sample_chance`): the search's inner loop (core/game.py)."""
    if isinstance(action, BuyCard):
        seat = state.draft_order[0]
        player = state.players[seat]
        gold, bank = pay(player.gold, player.bank, action.card.number)
        index = (action.space.row - 1) * COLUMNS + action.space.col - 1
        board = (*state.board[:index], seat, *state.board[index + 1 :])
        players = _with_player(state, seat, PlayerState(gold, bank, player.kept))
        return _after_take(state, action.card, discarded=True, players=players, board=board)
    if isinstance(action, KeepCard):
        seat = state.draft_order[0]
        player = state.players[seat]
        kept = tuple(sorted((*player.kept, action.card), key=lambda c: c.number))
        player = PlayerState(player.gold + action.card.number, player.bank, kept)
        return _after_take(state, action.card, discarded=False, players=_with_player(state, seat, player))
    if isinstance(action, DiscardCard):
        return _after_take(state, action.card, discarded=True)
    if isinstance(action, CardRevealed):
        index = state.undrawn.index(action.card)
        state = state_with(
            state,
            undrawn=state.undrawn[:index] + state.undrawn[index + 1 :],
            drawn=state.drawn + 1,
            offer=(*state.offer, action.card),
        )
        return _after_reveal(state)
    if isinstance(action, CloverRevealed):
        state = state_with(state, drawn=state.drawn + 1, clover_drawn=True, clover_in_reveal=len(state.offer))
        return _after_reveal(state)
    if isinstance(action, Deposit):
        seat = state.deposit_order[0]
        player = state.players[seat]
        player = replace(player, gold=player.gold - action.amount, bank=player.bank + action.amount)
        state = replace(
            state, players=_with_player(state, seat, player), deposit_order=state.deposit_order[1:]
        )
        if state.deposit_order:
            return state
        return _begin_round(start.fresh_day(state, state.day + 1))
    if isinstance(action, PriorityChosen):
        return _begin_round(state, action.seat)
    raise IllegalAction(_("That is not a Rainbows action."))


def legal_actions(state: RainbowsState) -> list[RainbowsAction]:
    """The decisions open to the seat to act; chance events are listed by `chance_outcomes`."""
    if state.phase is Phase.TAKE:
        return _takes(state)
    if state.phase is Phase.DEPOSIT:
        return [Deposit(amount) for amount in range(state.players[state.deposit_order[0]].gold + 1)]
    return []


def _takes(state: RainbowsState) -> list[RainbowsAction]:
    """§1.10: `legal_uses` of every card of `legal_takes` (the usable face-up cards in the order they lie,
    or a DISCARD of each when none is usable), worked out in one pass: the search asks it at every take of
    every playout (a test checks the two agree)."""
    seat = state.draft_order[0]
    player = state.players[seat]
    kept = {card.number for card in player.kept}
    may_mark = state.board.count(seat) < MARKERS_PER_PLAYER
    bank_gold = state.options.bank_gold
    vacant: dict[int, tuple[Space, ...]] = {}
    out: list[RainbowsAction] = []
    for card in state.offer:
        number = card.number
        if may_mark and can_afford(player.gold, player.bank, number, bank_gold):
            col = card.colour.column
            spaces = vacant.get(col)
            if spaces is None:
                spaces = vacant[col] = vacant_spaces(state, col)
            for space in spaces:
                out.append(BuyCard(card, space))
        if number not in kept:
            out.append(KeepCard(card))
    return out or [DiscardCard(card) for card in state.offer]


def to_act(state: RainbowsState) -> ToAct:
    phase = state.phase
    if phase is Phase.TAKE:
        seat = state.draft_order[0]
        if len(state.offer) == 1:
            return Players((seat,), _("Take the last card"))
        if not any(usable(state, seat, c) for c in state.offer):
            return Players((seat,), _("No card is usable: take one to discard"))
        return Players((seat,), _("Take a card: buy it onto the board or keep it"))
    if phase is Phase.REVEAL:
        return Chance(_("the next card"), _("Dealing"))
    if phase is Phase.DEPOSIT:
        return Players((state.deposit_order[0],), _("The bank is open: choose a deposit"))
    if phase is Phase.SETUP:
        return Chance(_("the first Priority Player"), _("Choosing the Priority Player"))
    return Finished(outcome(state))


def sample_chance(state: RainbowsState, rng: Rng) -> RainbowsAction:
    if state.phase is Phase.REVEAL:
        return cards.sample_reveal(state.undrawn, state.drawn, state.clover_drawn, rng)
    if state.phase is Phase.SETUP:
        return start.sample_setup(state, rng)
    raise ValueError("no chance event is pending")


def chance_outcomes(state: RainbowsState) -> list[tuple[RainbowsAction, Fraction]]:
    if state.phase is Phase.REVEAL:
        return list(cards.reveal_outcomes(state.undrawn, state.drawn, state.clover_drawn))
    if state.phase is Phase.SETUP:
        return list(start.setup_outcomes(state))
    return []


# --- scores, projection and the end ------------------------------------------------------------------


def scores(state: RainbowsState) -> tuple[int, ...]:
    """The bank accounts: the score (§1.8 Winner)."""
    return tuple(p.bank for p in state.players)


def projection(state: RainbowsState, seat: int) -> tuple[int, int]:
    """(board score, money score) this seat would add to its bank if the day ended now [APP]."""
    board = board_rainbows(markers_of(state, seat))[0]
    return board, money_score(c.number for c in state.players[seat].kept)


def outcome(state: RainbowsState) -> Outcome:
    """§1.8 Winner: the highest bank; ties share the win [RES-RB11]; gold on hand counts for nothing."""
    points = scores(state)
    best = max(points)
    winners = frozenset(s for s, p in enumerate(points) if p == best)
    names = _seats_and(sorted(winners))
    if len(winners) == 1:
        summary: Words = (*names, _(" wins with {gold} gold in the bank.").format(gold=best))
    else:
        summary = (*names, _(" share the win with {gold} gold each in the bank.").format(gold=best))
    details: tuple[tuple[str, Words | str], ...] = ((_("Gold on hand"), _("worth nothing at the end")),)
    return Outcome(
        scores=points, winners=winners, summary=summary, details=details, columns=score_columns(state, points)
    )


def score_columns(state: RainbowsState, points: Sequence[int]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The result card's columns, which add up to each seat's bank: the starting bank (Gold in Bank
    Accounts), each day's score (rainbows and money; a table holds three days of five seats where sentences
    did not), and the rest, what went into the bank besides scoring (§1.9's deposits) or out of it
    (borrowing) — without it the days of a three-day game did not add up to the total."""
    start = BANK_OPTION_START if state.options.bank_gold else 0
    days = [
        (_("Day {day}").format(day=result.day), tuple(s.board + s.money for s in result.seats))
        for result in state.results
    ]
    columns = [(_("Start"), (start,) * len(points))] if start else []
    columns += days
    rest = tuple(p - start - sum(day[seat] for _label, day in days) for seat, p in enumerate(points))
    if any(rest):
        deposits = state.options.days > 1
        label = _("Deposits, borrowing") if start and deposits else _("Borrowing") if start else _("Deposits")
        columns.append((label, rest))
    return tuple(columns)


def _seats_and(seats: Sequence[int]) -> Words:
    parts: list[str | SeatRef] = []
    for i, seat in enumerate(seats):
        if i:
            parts.append(_(" and ") if i == len(seats) - 1 else ", ")
        parts.append(SeatRef(seat))
    return tuple(parts)


def _day_words(result: DayResult) -> Words:
    words: list[str | SeatRef] = [_(" Day {day} ends.").format(day=result.day)]
    for seat, s in enumerate(result.seats):
        words += [" ", SeatRef(seat)]
        words.append(
            _(" scores {board:+d} for rainbows and {money:+d} for money: bank {bank}.").format(
                board=s.board, money=s.money, bank=s.bank_after
            )
        )
    return tuple(words)


def shown_letter(colour: Colour) -> str:
    """A column's letter as the player's language writes it: its colour name's first letter, or its first two
    where two names begin alike (Dutch geel and groen: Ge, Gr). English keeps R O Y G B V ([RES-RB1])."""
    names = [_(c.value) for c in COLOURS]
    name = _(colour.value)
    if sum(1 for other in names if other[:1].lower() == name[:1].lower()) > 1:
        return name[:2].capitalize()
    return name[:1].upper()


def shown_space(space: Space) -> str:
    """A space as the log, the hint and the board's headers name it ("Y2"; in Dutch "Ge2")."""
    return f"{shown_letter(space.colour)}{space.row}"


def describe(state: RainbowsState, action: RainbowsAction) -> Words:
    words: Words
    if isinstance(action, BuyCard):
        seat = state.draft_order[0]
        player = state.players[seat]
        cost = action.card.number
        text = _(" buys {card} for {cost} gold and marks {space}").format(
            card=card_words(action.card), cost=cost, space=shown_space(action.space)
        )
        if player.gold < cost:
            short = cost - player.gold
            text += _(", borrowing {short} from the bank at double cost ({double})").format(
                short=short, double=2 * short
            )
        words = say(seat, text + ".")
    elif isinstance(action, KeepCard):
        seat = state.draft_order[0]
        words = say(
            seat,
            _(" keeps {card} and takes {n} gold.").format(card=card_words(action.card), n=action.card.number),
        )
    elif isinstance(action, DiscardCard):
        words = say(
            state.draft_order[0],
            _(" takes {card}, cannot use it and discards it.").format(card=card_words(action.card)),
        )
    elif isinstance(action, CardRevealed):
        words = say(_("Turned up: {card}.").format(card=card_words(action.card)))
    elif isinstance(action, CloverRevealed):
        words = say(_("The Four Leaf Clover comes up: the day ends after this round."))
    elif isinstance(action, Deposit):
        words = say(state.deposit_order[0], _(" deposits {n} gold.").format(n=action.amount))
    elif isinstance(action, PriorityChosen):
        words = say(action.seat, _(" is the first Priority Player."))
    else:
        return say(_("Unknown action."))
    ends_round = isinstance(action, BuyCard | KeepCard | DiscardCard | CardRevealed | CloverRevealed)
    if ends_round and len(state.draft_order) <= 1:
        after = apply(state, action)
        if len(after.results) > len(state.results):
            words = words + _day_words(after.results[-1])
    return words


def seat_summary(state: RainbowsState, seat: int) -> str:
    player = state.players[seat]
    board, money = projection(state, seat)
    return _("Bank {bank}, {gold} gold on hand, {left} markers left; now worth {value:+d}").format(
        bank=player.bank, gold=player.gold, left=markers_left(state, seat), value=board + money
    )


class RainbowsRules(RulesBase[RainbowsState, RainbowsAction, RainbowsOptions]):
    """The game contract for Rainbows (core/game.py). Nothing is hidden (module docstring), so `observe`
    and `determinise` keep the identity defaults and `hides_information` stays False."""

    id = "rainbows"
    title = "Rainbows"
    seat_counts = range(3, 6)
    rules_version = 1
    options_type = RainbowsOptions
    state_type = RainbowsState
    action_types = ACTION_TYPES
    hides_information = False

    def default_options(self) -> RainbowsOptions:
        return RainbowsOptions()

    option_problem = staticmethod(start.option_problem)
    new_game = staticmethod(start.new_game)
    to_act = staticmethod(to_act)
    legal_actions = staticmethod(legal_actions)
    why_illegal = staticmethod(why_illegal)
    apply = staticmethod(apply)
    apply_legal = staticmethod(apply_legal)
    sample_chance = staticmethod(sample_chance)
    chance_outcomes = staticmethod(chance_outcomes)
    describe = staticmethod(describe)
    seat_summary = staticmethod(seat_summary)
    scores = staticmethod(scores)


RULES = RainbowsRules()
