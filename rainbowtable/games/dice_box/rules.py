"""Dice Box rules (dice_box.md §2.3–§2.5): legality, turns, the end condition, scoring, and the log words.

Holds the pure functions behind the game contract and the helpers the table calls (`candidates`,
`legal_cells`, `open_vacancies`, `is_dead`, `tallies`, `hand_of`), plus `DiceBoxRules`, the contract object.
Does not hold setup (see `start.py`), the computer opponent (`ai.py`) or any drawing. Values are handled as
bit masks (bit v set = value v allowed) because the legality test runs on every legal-move query and in
every AI simulation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import product

from rainbowtable.core.action_shape import action_shape_problem
from rainbowtable.core.game import (
    Chance,
    DieKind,
    DieRoll,
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
from rainbowtable.core.i18n import N_, _, plural
from rainbowtable.core.rng import Rng
from rainbowtable.games.dice_box import start
from rainbowtable.games.dice_box.model import (
    ACTION_TYPES,
    CELL_COUNT,
    CENTRE_INDEX,
    PLAYER_COLOURS,
    SEED_DIE_ID,
    SIZE,
    Cell,
    Colour,
    DiceBoxAction,
    DiceBoxOptions,
    DiceBoxState,
    DiceRolled,
    Die,
    DraftDie,
    HandRerolled,
    Phase,
    PlaceDie,
    SetupDealt,
    cell_at,
    index_of,
)


def _around(index: int, steps: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    row, col = divmod(index, SIZE)
    return tuple(
        (row + dr) * SIZE + col + dc for dr, dc in steps if 0 <= row + dr < SIZE and 0 <= col + dc < SIZE
    )


# [RES-DB8]: adjacency is orthogonal only; diagonals are kept solely to explain an illegal drop.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    _around(i, ((-1, 0), (0, -1), (0, 1), (1, 0))) for i in range(CELL_COUNT)
)
DIAGONALS: tuple[tuple[int, ...], ...] = tuple(
    _around(i, ((-1, -1), (-1, 1), (1, -1), (1, 1))) for i in range(CELL_COUNT)
)
ALL_VALUES_MASK = 0b1111110  # bits 1..6
# FIT_MASK[n]: the values v in 1..6 with |v - n| = 1 (§2.3 rule 3).
FIT_MASK: tuple[int, ...] = tuple(
    ((1 << (n - 1)) | (1 << (n + 1))) & ALL_VALUES_MASK if n else 0 for n in range(7)
)
CELLS: tuple[Cell, ...] = tuple(cell_at(i) for i in range(CELL_COUNT))
"""CELLS[i] is `cell_at(i)`, built once: legal-move lists name a cell per move."""


def mask_values(mask: int) -> frozenset[int]:
    return frozenset(v for v in range(1, 7) if mask >> v & 1)


# --- the placement geometry (§2.3) ------------------------------------------------------------------


def candidate_mask(grid: Sequence[Die | None], index: int) -> int:
    """Values that fit an empty cell with at least one filled neighbour; 0 otherwise or when dead.

    Computed directly as {v : |v - n| = 1 for every neighbour n} [RES-DB9], as §2.3 asks.
    """
    if grid[index] is not None:
        return 0
    return _empty_cell_mask(grid, index)


def _empty_cell_mask(grid: Sequence[Die | None], index: int) -> int:
    """`candidate_mask` for a cell already known to be empty (the scans below test that once)."""
    mask = ALL_VALUES_MASK
    touching = False
    for j in NEIGHBOURS[index]:
        die = grid[j]
        if die is not None:
            touching = True
            mask &= FIT_MASK[die.value]
    return mask if touching else 0


def vacancy_masks(grid: Sequence[Die | None]) -> dict[int, int]:
    """Every open vacancy (§2.5 [RES-DB5]) by cell index, with its candidate mask."""
    out: dict[int, int] = {}
    for index in range(CELL_COUNT):
        if grid[index] is None:
            mask = _empty_cell_mask(grid, index)
            if mask:
                out[index] = mask
    return out


def _hand_mask(hand: Sequence[Die]) -> int:
    """The values showing in a hand, as a mask (bit v set = some die shows v)."""
    mask = 0
    for die in hand:
        mask |= 1 << die.value
    return mask


def candidates(state: DiceBoxState, cell: Cell) -> frozenset[int]:
    """The values a die could show to go on `cell` now; empty for a taken, untouched or dead cell."""
    return mask_values(candidate_mask(state.grid, index_of(cell)))


def open_vacancies(state: DiceBoxState) -> frozenset[Cell]:
    """Empty cells touching a placed die along an edge that some value still fits (§2.5 [RES-DB5])."""
    return frozenset(CELLS[i] for i in vacancy_masks(state.grid))


def is_dead(state: DiceBoxState, cell: Cell) -> bool:
    """An empty cell with filled neighbours that no value fits; it can never be filled (§2.3)."""
    index = index_of(cell)
    touching = any(state.grid[j] is not None for j in NEIGHBOURS[index])
    return state.grid[index] is None and touching and candidate_mask(state.grid, index) == 0


def hand_of(state: DiceBoxState, seat: int) -> tuple[Die, ...]:
    return state.hands[seat]


def legal_cells(state: DiceBoxState, die_id: int) -> frozenset[Cell]:
    """Cells where the die with this id (in any hand) fits by value now; whose turn it is is not checked."""
    for hand in state.hands:
        for die in hand:
            if die.id == die_id:
                bit = 1 << die.value
                return frozenset(CELLS[i] for i, mask in vacancy_masks(state.grid).items() if mask & bit)
    return frozenset()


def tallies(state: DiceBoxState) -> dict[Colour, int]:
    """Sum of placed dice per scoring colour; the seed and dice in hand count nothing (§2.5)."""
    out = dict.fromkeys(PLAYER_COLOURS, 0)
    for die in state.grid:
        if die is not None and die.colour is not Colour.SEED:
            out[die.colour] += die.value
    return out


def scores(state: DiceBoxState) -> tuple[int, ...]:
    """Each seat's score: the tallies of the colours it scores (two with the 2-player option)."""
    tally = tallies(state)
    return tuple(sum(tally[c] for c in colours) for colours in state.colours)


def is_stuck(state: DiceBoxState) -> bool:
    """In PLAY, the current player has dice but none fits any open vacancy (§2.4 step 4)."""
    # Called every frame by the table (through `to_act`): stop at the first cell a held value fits.
    wanted = _hand_mask(state.hands[state.current])
    grid = state.grid
    # A loop, not any(...) over a generator (twice as slow): the search asks this at every node it makes.
    for i in range(CELL_COUNT):  # noqa: SIM110
        if grid[i] is None and _empty_cell_mask(grid, i) & wanted:
            return False
    return True


def is_end(grid: Sequence[Die | None], hands: Sequence[Sequence[Die]]) -> bool:
    """§2.5 [RES-DB5]: no open vacancy, or no dice left in any hand."""
    if not any(hands):
        return True
    for i in range(CELL_COUNT):  # noqa: SIM110 (a loop, as in `is_stuck`)
        if grid[i] is None and _empty_cell_mask(grid, i):
            return False
    return True


# --- words ---------------------------------------------------------------------------------------


def seat_name(seat: int) -> str:
    """Seats appear as P1..P4 in every message; the table swaps in the players' names."""
    return f"P{seat + 1}"


COLOUR_WORDS = (N_("red"), N_("yellow"), N_("blue"), N_("white"), N_("seed"))
"""The colours' names as the catalogue knows them (the enum's values); `colour_word` translates one."""


def colour_word(colour: Colour) -> str:
    return _(colour.value)


def cell_words(cell: Cell) -> str:
    return _("row {row}, column {column}").format(row=cell.row + 1, column=cell.col + 1)


def die_words(die: Die) -> str:
    if die.colour is Colour.SEED:
        return _("seed {value}").format(value=die.value)
    return _("{colour} {value}").format(colour=colour_word(die.colour), value=die.value)


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


# --- legality ----------------------------------------------------------------------------------------


def _check_place(state: DiceBoxState, action: PlaceDie) -> Die | str:
    """The die to place, or why the placement is illegal; `apply` uses the die so it looks it up once."""
    if state.phase is Phase.OVER:
        return _("The game is over.")
    if state.phase is not Phase.PLAY:
        return _("Dice are placed only once everyone has rolled.")
    for die in state.hands[state.current]:
        if die.id == action.die:
            break
    else:
        return _("That die is not in your hand.")
    row, col = action.cell
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        return _("That cell is off the board.")
    index = row * SIZE + col
    grid = state.grid
    if grid[index] is not None:
        return _("That cell is taken.")
    values = [d.value for j in NEIGHBOURS[index] if (d := grid[j]) is not None]
    if not values:
        if any(grid[j] is not None for j in DIAGONALS[index]):
            return _("Must touch a placed die along an edge; diagonal contact does not count.")
        return _("Must touch a placed die along an edge.")
    mask = ALL_VALUES_MASK
    for n in values:
        mask &= FIT_MASK[n]
    if mask >> die.value & 1:
        return die
    if mask == 0:
        shown = _and([str(v) for v in sorted(set(values))])
        return _("That cell is dead: its neighbours show {shown}, so no value fits.").format(shown=shown)
    n = next(n for n in values if abs(die.value - n) != 1)
    return _("Must be one more or one less than every neighbour: {value} is next to {n}.").format(
        value=die.value, n=n
    )


def why_illegal(state: DiceBoxState, action: DiceBoxAction) -> str | None:
    shape = action_shape_problem(action, ACTION_TYPES)  # any value, of any type (issue 37)
    if shape is not None:
        return shape
    if isinstance(action, PlaceDie):
        checked = _check_place(state, action)
        return checked if isinstance(checked, str) else None
    if isinstance(action, DraftDie):
        if state.phase is not Phase.DRAFT:
            return _("There is no draft now: only 4 players draft, before the roll.")
        if action.colour is Colour.SEED:
            return _("The seed die is not part of the draft.")
        if all(d.colour is not action.colour for d in state.pool):
            return _("There is no {colour} die left in the pool.").format(colour=colour_word(action.colour))
        return None
    if isinstance(action, SetupDealt):
        if state.phase is not Phase.SETUP:
            return _("The colours have already been dealt.")
        return start.is_possible_setup(state, action)
    if isinstance(action, DiceRolled):
        if state.phase is not Phase.ROLL:
            return _("The dice are rolled once, after setup and the draft.")
        if not 1 <= action.seed_value <= 6:
            return _("Dice show 1 to 6.")
        if len(action.hands) != state.seat_count or any(
            len(values) != len(hand) for values, hand in zip(action.hands, state.hands, strict=False)
        ):
            return _("Every die in every hand is rolled once.")
        if any(not 1 <= v <= 6 for values in action.hands for v in values):
            return _("Dice show 1 to 6.")
        return None
    if isinstance(action, HandRerolled):
        if state.phase is not Phase.PLAY:
            return _("Hands are re-rolled only during play.")
        if action.seat != state.current:
            return _("Only {name} can re-roll now.").format(name=seat_name(state.current))
        if not is_stuck(state):
            return _("A player who can place a die must place one (§2.4).")
        if len(action.values) != len(state.hands[state.current]) or any(
            not 1 <= v <= 6 for v in action.values
        ):
            return _("A stuck player re-rolls every die in hand, each showing 1 to 6.")
        return None
    return _("That is not a Dice Box action.")


# --- turns -----------------------------------------------------------------------------------------


def _settle(
    state: DiceBoxState,
    next_from: int,
    grid: tuple[Die | None, ...],
    hands: tuple[tuple[Die, ...], ...],
    turn: int,
) -> DiceBoxState:
    """`state` in play with the new `grid`, `hands` and `turn`, after the roll or a turn: the game ended
    (§2.5), or the turn handed to the next seat, in seat order from `next_from`, that still holds dice
    [RES-DB4]. This is every placement's path, the search's included, so the new state is built
    directly: `dataclasses.replace` works out the fields anew at every call, about a quarter of `apply`."""
    phase, current = Phase.OVER, state.current
    if not is_end(grid, hands):
        n = state.seat_count
        for step in range(n):
            seat = (next_from + step) % n
            if hands[seat]:
                phase, current = Phase.PLAY, seat
                break
    return DiceBoxState(
        seat_count=state.seat_count,
        options=state.options,
        phase=phase,
        grid=grid,
        hands=hands,
        colours=state.colours,
        unclaimed=state.unclaimed,
        pool=state.pool,
        draft_order=state.draft_order,
        draft_starter=state.draft_starter,
        first_player=state.first_player,
        current=current,
        turn=turn,
    )


def _with_hand(state: DiceBoxState, seat: int, hand: tuple[Die, ...]) -> tuple[tuple[Die, ...], ...]:
    return (*state.hands[:seat], hand, *state.hands[seat + 1 :])


def apply(state: DiceBoxState, action: DiceBoxAction) -> DiceBoxState:
    n = state.seat_count
    if isinstance(action, PlaceDie):
        # The placement is checked and its die found in one pass (this is the per-move hot path).
        shape = action_shape_problem(action, ACTION_TYPES)
        die = shape if shape is not None else _check_place(state, action)
        if isinstance(die, str):
            raise IllegalAction(die)
        seat = state.current
        hand = state.hands[seat]
        index = action.cell[0] * SIZE + action.cell[1]
        grid = (*state.grid[:index], die, *state.grid[index + 1 :])
        hands = _with_hand(state, seat, tuple([d for d in hand if d.id != action.die]))
        return _settle(state, (seat + 1) % n, grid, hands, state.turn + 1)
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    if isinstance(action, HandRerolled):
        seat = state.current
        hand = tuple(Die(d.id, d.colour, v) for d, v in zip(state.hands[seat], action.values, strict=True))
        return _settle(state, (seat + 1) % n, state.grid, _with_hand(state, seat, hand), state.turn + 1)
    if isinstance(action, DraftDie):
        taken = min((d for d in state.pool if d.colour is action.colour), key=lambda d: d.id)
        seat = state.current
        hands = _with_hand(state, seat, tuple(sorted((*state.hands[seat], taken), key=lambda d: d.id)))
        pool = tuple(d for d in state.pool if d.id != taken.id)
        order = state.draft_order[1:]
        if order:
            return replace(state, hands=hands, pool=pool, draft_order=order, current=order[0])
        return replace(
            state, hands=hands, pool=pool, draft_order=(), phase=Phase.ROLL, current=state.first_player
        )
    if isinstance(action, SetupDealt):
        dealt = {c for colours in action.colours for c in colours}
        unclaimed = next(c for c in PLAYER_COLOURS if c not in dealt) if n == 3 else None
        base = replace(
            state,
            colours=action.colours,
            unclaimed=unclaimed,
            first_player=action.first_player,
            draft_starter=action.draft_starter,
        )
        if action.draft_starter is not None:
            order = start.snake_order(action.draft_starter, n)
            return replace(base, phase=Phase.DRAFT, draft_order=order, current=order[0])
        return replace(base, phase=Phase.ROLL, current=action.first_player)
    if isinstance(action, DiceRolled):
        seed = Die(SEED_DIE_ID, Colour.SEED, action.seed_value)
        grid = (*state.grid[:CENTRE_INDEX], seed, *state.grid[CENTRE_INDEX + 1 :])
        hands = tuple(
            tuple(Die(d.id, d.colour, v) for d, v in zip(hand, values, strict=True))
            for hand, values in zip(state.hands, action.hands, strict=True)
        )
        # §2.5: the end condition is also checked at the start of play.
        return _settle(state, state.first_player, grid, hands, state.turn)
    raise IllegalAction(_("That is not a Dice Box action."))


def legal_actions(state: DiceBoxState) -> list[DiceBoxAction]:
    """The decisions open to the seat to act; chance events are not listed here (see chance_outcomes)."""
    if state.phase is Phase.DRAFT:
        present = {d.colour for d in state.pool}
        return [DraftDie(c) for c in PLAYER_COLOURS if c in present]
    if state.phase is not Phase.PLAY:
        return []
    return [PlaceDie(die.id, CELLS[index]) for die, cells in fitting_cells(state) for index in cells]


def fitting_cells(state: DiceBoxState) -> list[tuple[Die, list[int]]]:
    """In PLAY: each die in the hand of the seat to act, in hand order, with the open cells its value fits, by
    index (§2.3): the placements `legal_actions` lists, for callers that choose among them before
    building actions (the computer player's distinct moves). The cells are found once per value shown,
    not once per die (a hand holds up to 12 dice, showing at most 6 values); dice showing the same value
    share one list, to be read, not changed."""
    masks = vacancy_masks(state.grid).items()
    by_value: dict[int, list[int]] = {}
    out: list[tuple[Die, list[int]]] = []
    for die in state.hands[state.current]:
        value = die.value
        cells = by_value.get(value)
        if cells is None:
            cells = by_value[value] = [index for index, mask in masks if mask >> value & 1]
        out.append((die, cells))
    return out


def to_act(state: DiceBoxState) -> ToAct:
    phase = state.phase
    if phase is Phase.PLAY:
        if is_stuck(state):
            return Chance(_("re-roll"), _("Rolling"))
        return Players((state.current,), _("Place a die"))
    if phase is Phase.DRAFT:
        return Players((state.current,), _("Draft a die"))
    if phase is Phase.SETUP:
        return Chance(_("setup"), _("Rolling"))
    if phase is Phase.ROLL:
        return Chance(_("roll"), _("Rolling"))
    return Finished(outcome(state))


def sample_chance(state: DiceBoxState, rng: Rng) -> DiceBoxAction:
    if state.phase is Phase.SETUP:
        return start.sample_setup(state, rng)
    if state.phase is Phase.ROLL:
        seed_value = rng.roll()
        return DiceRolled(seed_value, tuple(tuple(rng.roll() for _ in hand) for hand in state.hands))
    if state.phase is Phase.PLAY and is_stuck(state):
        seat = state.current
        return HandRerolled(seat, tuple(rng.roll() for _ in state.hands[seat]))
    raise ValueError("no chance event is pending")


MAX_LISTED_REROLL_DICE = 2
"""Re-rolls of up to this many dice are listed outcome by outcome (6^2 = 36); larger ones are sampled.
Listing pays only where a search meets the same outcome again: a re-roll of three dice has 216 outcomes
and of four 1,296, which a search of a few thousand simulations almost never revisits, so listing them
(a `Fraction` and an action each, when the search first reaches the re-roll) was about a seventh of
Hard's time for nothing; sampled, every outcome is just as likely."""


def chance_outcomes(state: DiceBoxState) -> list[tuple[DiceBoxAction, Fraction]] | None:
    if state.phase is Phase.SETUP:
        return list(start.setup_outcomes(state))
    if state.phase is Phase.ROLL:
        return None
    if state.phase is Phase.PLAY and is_stuck(state):
        size = len(state.hands[state.current])
        if size > MAX_LISTED_REROLL_DICE:
            return None
        p = Fraction(1, 6**size)
        return [(HandRerolled(state.current, values), p) for values in product(range(1, 7), repeat=size)]
    return []


# --- the end -------------------------------------------------------------------------------------


def outcome(state: DiceBoxState) -> Outcome:
    """§2.5: highest score wins, ties shared [RES-DB6]; 3 players may invert on the unclaimed tally."""
    tally = tallies(state)
    points = scores(state)
    best, worst = max(points), min(points)
    details: list[tuple[str, Words | str]] = [
        (colour_word(c).capitalize(), str(tally[c])) for c in PLAYER_COLOURS
    ]
    details.append((_("Seed"), _("scores for nobody")))
    inverted = False
    if state.unclaimed is not None:
        unclaimed_tally = tally[state.unclaimed]
        inverted = unclaimed_tally > best
        if inverted:
            details.append(
                (
                    _("Inversion"),
                    _(
                        "unclaimed {colour} ({tally}) beat the top score ({best}), so the lowest score wins"
                    ).format(colour=colour_word(state.unclaimed), tally=unclaimed_tally, best=best),
                )
            )
        else:
            details.append(
                (
                    _("Inversion"),
                    _(
                        "did not apply: unclaimed {colour} ({tally}) did not beat the top score ({best})"
                    ).format(colour=colour_word(state.unclaimed), tally=unclaimed_tally, best=best),
                )
            )
    elif state.seat_count == 2 and not state.options.two_colours_each:
        spare = [colour_word(c) for c in PLAYER_COLOURS if all(c not in cs for cs in state.colours)]
        details.append((_("Unassigned"), _("{colours} score for nobody").format(colours=_and(spare))))
    target = worst if inverted else best
    winners = frozenset(seat for seat, p in enumerate(points) if p == target)
    names = _seats_and(sorted(winners))
    prefix = (_("Inverted result: "),) if inverted else ()
    if len(winners) == 1:
        summary = (*prefix, *names, plural(target, N_(" wins with {n} point."), N_(" wins with {n} points.")))
    else:
        each = plural(
            target, N_(" share the win with {n} point each."), N_(" share the win with {n} points each.")
        )
        summary = (*prefix, *names, each)
    return Outcome(scores=points, winners=winners, summary=summary, details=tuple(details))


def _seats_and(seats: Sequence[int]) -> Words:
    """ "P1", "P1 and P2", "P1, P2 and P3" as words with seat references."""
    parts: list[str | SeatRef] = []
    for i, seat in enumerate(seats):
        if i:
            parts.append(_(" and ") if i == len(seats) - 1 else ", ")
        parts.append(SeatRef(seat))
    return tuple(parts)


def describe(state: DiceBoxState, action: DiceBoxAction) -> Words:
    if isinstance(action, PlaceDie):
        die = next((d for d in state.hands[state.current] if d.id == action.die), None)
        what = die_words(die) if die is not None else _("die {id}").format(id=action.die)
        return say(
            state.current, _(" places {die} at {cell}.").format(die=what, cell=cell_words(action.cell))
        )
    if isinstance(action, HandRerolled):
        values = ", ".join(str(v) for v in action.values)
        if len(action.values) == 1:
            return say(
                action.seat, _(" cannot place and re-rolls their last die: {values}.").format(values=values)
            )
        return say(
            action.seat,
            _(" cannot place and re-rolls all {count} dice: {values}.").format(
                count=len(action.values), values=values
            ),
        )
    if isinstance(action, DraftDie):
        return say(state.current, _(" drafts a {colour} die.").format(colour=colour_word(action.colour)))
    if isinstance(action, DiceRolled):
        return say(
            state.first_player,
            _(" rolls the seed: {value}, placed at the centre. Everyone rolls their dice.").format(
                value=action.seed_value
            ),
        )
    words: list[str | SeatRef] = []
    for s, cs in enumerate(action.colours):
        words += [
            "; " if s else "",
            SeatRef(s),
            _(" scores {colours}").format(colours=_and([colour_word(c) for c in cs])),
        ]
    words.append(".")
    dealt = {c for cs in action.colours for c in cs}
    spare = [colour_word(c) for c in PLAYER_COLOURS if c not in dealt]
    if state.seat_count == 3:
        words.append(_(" {colour} is unclaimed.").format(colour=spare[0].capitalize()))
    elif spare:
        words.append(_(" {colours} score for nobody.").format(colours=_and(spare).capitalize()))
    if action.draft_starter is not None:
        words += [" ", SeatRef(action.draft_starter), _(" starts the draft.")]
    words += [" ", SeatRef(action.first_player), _(" goes first.")]
    return tuple(words)


def seat_summary(state: DiceBoxState, seat: int) -> str:
    colours = state.colours[seat]
    count = len(state.hands[seat])
    held = _("1 die in hand") if count == 1 else _("{count} dice in hand").format(count=count)
    if not colours:
        return held
    return _("Scores {colours}: {points} points; {held}").format(
        colours=_and([colour_word(c) for c in colours]), points=scores(state)[seat], held=held
    )


# --- the dice thrown (issue 43's fairness page) ----------------------------------------------------------

FACES = ("1", "2", "3", "4", "5", "6")
DICE_KINDS = tuple(DieKind(word, FACES) for word in COLOUR_WORDS)
"""A die of each colour, the seed included: every one a fair d6 (dice_box.md §2.1)."""


def dice_rolled(state: DiceBoxState, action: DiceBoxAction) -> tuple[DieRoll, ...]:
    """The faces the opening roll (the seed first, then every hand in seat and hand order) or a stuck hand's
    re-roll showed, each with its die's colour; nothing for any other action (§2.3, §2.4)."""
    if isinstance(action, DiceRolled):
        rolls = [DieRoll(Colour.SEED.value, str(action.seed_value))]
        for hand, values in zip(state.hands, action.hands, strict=False):
            rolls.extend(DieRoll(d.colour.value, str(v)) for d, v in zip(hand, values, strict=False))
        return tuple(rolls)
    if isinstance(action, HandRerolled) and 0 <= action.seat < len(state.hands):
        hand = state.hands[action.seat]
        return tuple(DieRoll(d.colour.value, str(v)) for d, v in zip(hand, action.values, strict=False))
    return ()


class DiceBoxRules(RulesBase[DiceBoxState, DiceBoxAction, DiceBoxOptions]):
    """The game contract for Dice Box (core/game.py): the functions above are its methods, as they
    are (static, so a call costs no forwarding frame on the search's hot path)."""

    id = "dice_box"
    title = "Dice Box"
    seat_counts = range(2, 5)
    rules_version = 1
    options_type = DiceBoxOptions
    state_type = DiceBoxState
    action_types = ACTION_TYPES

    def default_options(self) -> DiceBoxOptions:
        return DiceBoxOptions()

    option_problem = staticmethod(start.option_problem)
    new_game = staticmethod(start.new_game)
    to_act = staticmethod(to_act)
    legal_actions = staticmethod(legal_actions)
    why_illegal = staticmethod(why_illegal)
    apply = staticmethod(apply)
    sample_chance = staticmethod(sample_chance)
    chance_outcomes = staticmethod(chance_outcomes)
    describe = staticmethod(describe)
    seat_summary = staticmethod(seat_summary)
    scores = staticmethod(scores)
    dice_kinds: tuple[DieKind, ...] = DICE_KINDS
    dice_rolled = staticmethod(dice_rolled)


RULES = DiceBoxRules()
