"""The Rainbows deck (rainbows.md §1.3 step 3) as a deferred draw.

The physical deck is 60 shuffled Luckychauns cut into three piles of 20 with the clover shuffled into the
bottom pile, so the clover lies uniformly among positions 41..61 and the Luckychauns are in uniformly random
order, independent of it. Nothing here stores that order. A state keeps only the multiset of undrawn
Luckychauns and how many cards were turned up; each reveal is a chance step whose outcomes are:

- the clover, with probability 1/(61 − drawn) once 40 cards are gone (0 before): given that it was not
  among the first `drawn` cards, it is equally likely to be at any of the remaining 61 − drawn positions;
- otherwise each undrawn Luckychaun equally likely.

This gives exactly the distribution of the physical construction (a test checks the positions), and a save
or a computer seat can never peek at a future card. `build_deck` is the literal §1.3 construction, kept for
tests and for anyone who wants to compare.
"""

from __future__ import annotations

from fractions import Fraction

from rainbowtable.core.rng import Rng
from rainbowtable.games.rainbows.model import (
    CLOVER_EARLIEST,
    COLOURS,
    DECK_SIZE,
    Card,
    CardRevealed,
    CloverRevealed,
)

FULL_DECK: tuple[Card, ...] = tuple(Card(c, n) for c in COLOURS for n in range(1, 11))
"""The 60 Luckychaun cards, each colour 1..10 once, in a fixed sorted order (a multiset, not a deck)."""

CLOVER = "CLOVER"


def card_key(card: Card) -> tuple[int, int]:
    return card.colour.column, card.number


def sort_cards(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """Cards in the deck's fixed order (colour, then number)."""
    return tuple(sorted(cards, key=card_key))


def clover_chance(drawn: int, clover_drawn: bool) -> Fraction:
    """The chance that the next card turned up is the clover, after `drawn` cards this day."""
    if clover_drawn:
        return Fraction(0)
    if drawn < CLOVER_EARLIEST - 1:
        return Fraction(0)
    return Fraction(1, DECK_SIZE - drawn)


def cards_left(undrawn: tuple[Card, ...], clover_drawn: bool) -> int:
    """How many cards the deck still holds (the clover included while it is in it)."""
    return len(undrawn) + (0 if clover_drawn else 1)


def reveal_outcomes(
    undrawn: tuple[Card, ...], drawn: int, clover_drawn: bool
) -> list[tuple[CardRevealed | CloverRevealed, Fraction]]:
    """Every possible next card with its probability (sums to 1; empty when the deck is empty)."""
    p_clover = clover_chance(drawn, clover_drawn)
    out: list[tuple[CardRevealed | CloverRevealed, Fraction]] = []
    if undrawn:
        each = (1 - p_clover) / len(undrawn)
        if each:
            out.extend((CardRevealed(card), each) for card in undrawn)
    if p_clover:
        out.append((CloverRevealed(), p_clover))
    return out


def sample_reveal(
    undrawn: tuple[Card, ...], drawn: int, clover_drawn: bool, rng: Rng
) -> CardRevealed | CloverRevealed:
    """The next card, drawn with the probabilities of `reveal_outcomes`."""
    left = cards_left(undrawn, clover_drawn)
    if left <= 0:
        raise ValueError("the deck is empty")
    if not clover_drawn and drawn >= CLOVER_EARLIEST - 1 and rng.below(DECK_SIZE - drawn) == 0:
        return CloverRevealed()
    return CardRevealed(undrawn[rng.below(len(undrawn))])


def build_deck(rng: Rng) -> list[Card | str]:
    """The literal §1.3 step 3 construction (top first): shuffle, cut into 20/20/20, clover into the bottom
    pile, shuffle that pile, stack. Used by tests to compare with the deferred draw."""
    shuffled = rng.shuffled(FULL_DECK)
    top, middle, bottom = shuffled[:20], shuffled[20:40], shuffled[40:]
    bottom_pile: list[Card | str] = [*bottom, CLOVER]
    return [*top, *middle, *rng.shuffled(bottom_pile)]


def deferred_deck(rng: Rng) -> list[Card | str]:
    """A whole day's deck order as the deferred draw would turn it up (for tests and benchmarks)."""
    undrawn = FULL_DECK
    drawn = 0
    clover = False
    out: list[Card | str] = []
    while cards_left(undrawn, clover):
        step = sample_reveal(undrawn, drawn, clover, rng)
        drawn += 1
        if isinstance(step, CloverRevealed):
            clover = True
            out.append(CLOVER)
        else:
            index = undrawn.index(step.card)
            undrawn = undrawn[:index] + undrawn[index + 1 :]
            out.append(step.card)
    return out
