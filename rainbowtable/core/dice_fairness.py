"""Are the dice fair? (issue 43): how often each face of each kind of die came up, against what fair dice
would give, with Pearson's chi-square test and its verdict in words.

`dice_counts` counts the faces a game's log showed, through the rules' own `dice_rolled` (so it counts what
the rules say a chance outcome rolled, and nothing a game draws otherwise: cards, discs, a start player),
for a match (`dice_in_match`) or a replayed save (`dice_in_replay`);
`fairness` compares counts with the expectation for each of the game's `dice_kinds` (every face equally
likely); `chi_square_sf` is the test's p-value, written here with the standard library (the regularised
upper incomplete gamma function, by its series or its continued fraction as Numerical Recipes §6.2 does);
`fairness_words` says it for the player. Holds no records (the counts across games are kept in
`storage/records.py`) and no drawing.
"""

from __future__ import annotations

import enum
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rainbowtable.core.game import AnyRules, DieKind
from rainbowtable.core.i18n import _, decimal
from rainbowtable.core.match import Match
from rainbowtable.core.replay import Replay

UNUSUAL_BELOW = 0.01
"""A p-value under this is unusual: fair dice come out that uneven less than once in a hundred tests."""
UNEVEN_BELOW = 0.05
"""A fair verdict under this p-value says the dice are a little uneven (as real dice often are) rather than
"as fair as real dice": at 2 % the second read as if the numbers contradicted it."""
MIN_EXPECTED = 5.0
"""The chi-square test is trusted once every face is expected at least this often (the usual rule)."""

DiceCounts = Counter[tuple[str, str]]
"""(die kind's name, face) -> how often it came up."""


def dice_counts(rules: AnyRules, steps: Iterable[tuple[Any, Any]]) -> DiceCounts:
    """The faces shown over `steps`, each (the state before, the action played in it)."""
    counts: DiceCounts = Counter()
    for state, action in steps:
        for roll in rules.dice_rolled(state, action):
            counts[roll.die, roll.face] += 1
    return counts


def dice_in_match(match: Match) -> DiceCounts:
    """The faces `match`'s history showed (its steps keep the states, so nothing is applied again)."""
    before = [match.initial_state, *(step.state for step in match.steps[:-1])]
    return dice_counts(match.rules, zip(before, match.actions(), strict=True))


def dice_in_replay(replay: Replay) -> DiceCounts:
    """The faces a replayed game showed, its log folded once more."""
    return dice_counts(
        replay.rules, zip(replay.states(), (step.action for step in replay.steps), strict=False)
    )


class Verdict(enum.Enum):
    FAIR = "fair"
    UNUSUAL = "unusual"
    TOO_FEW = "too few"


@dataclass(frozen=True, slots=True)
class DieFairness:
    """One kind of die over the counted games."""

    kind: DieKind
    counts: tuple[int, ...]
    """Per face, in `kind.faces` order."""
    expected: float
    """How often each face would come up on average with fair dice."""
    chi_square: float
    p_value: float
    """The chance that fair dice come out at least this uneven (1 with no rolls at all)."""
    verdict: Verdict

    @property
    def uneven(self) -> bool:
        """Fair, but a little uneven: fair dice come out that uneven only now and then (`UNEVEN_BELOW`);
        the words and the page's colour say so."""
        return self.verdict is Verdict.FAIR and self.p_value < UNEVEN_BELOW

    @property
    def rolls(self) -> int:
        return sum(self.counts)

    @property
    def needed(self) -> int:
        """The rolls the test needs before it says anything."""
        return math.ceil(MIN_EXPECTED * len(self.kind.faces))


def fairness(kinds: Sequence[DieKind], counts: Mapping[tuple[str, str], int]) -> list[DieFairness]:
    """Each kind of die's counts against fair dice, in `kinds`' order (faces no kind has are ignored)."""
    out = []
    for kind in kinds:
        faces = tuple(max(0, counts.get((kind.name, face), 0)) for face in kind.faces)
        rolls = sum(faces)
        expected = rolls / len(kind.faces) if kind.faces else 0.0
        chi_square = sum((n - expected) ** 2 / expected for n in faces) if expected else 0.0
        p_value = chi_square_sf(chi_square, len(kind.faces) - 1) if expected else 1.0
        if expected < MIN_EXPECTED:
            verdict = Verdict.TOO_FEW
        elif p_value < UNUSUAL_BELOW:
            verdict = Verdict.UNUSUAL
        else:
            verdict = Verdict.FAIR
        out.append(DieFairness(kind, faces, expected, chi_square, p_value, verdict))
    return out


def fairness_words(result: DieFairness) -> str:
    """The verdict for the player, with how often fair dice would do as much."""
    if result.verdict is Verdict.TOO_FEW:
        return _("Too few rolls to tell yet: {n} so far, {needed} are needed.").format(
            n=result.rolls, needed=result.needed
        )
    how_often = _how_often(result.p_value)
    if result.verdict is Verdict.UNUSUAL:
        return _("Unusual: fair dice come out this uneven {how_often}.").format(how_often=how_often)
    if result.uneven:
        return _(
            "A little uneven, as real dice often are: fair dice come out at least this uneven {how_often}."
        ).format(how_often=how_often)
    return _("As fair as real dice would be: fair dice come out at least this uneven {how_often}.").format(
        how_often=how_often
    )


def _how_often(p: float) -> str:
    if p < 0.001:
        return _("less than once in a thousand tests")
    if p >= 0.995:
        return _("almost every time")
    percent = decimal(p * 100) if p < 0.1 else f"{round(p * 100)}"
    return _("{percent}% of the time").format(percent=percent)


# --- the chi-square distribution -----------------------------------------------------------------------

_EPSILON = 1e-14
_MAX_TERMS = 10_000
_TINY = 1e-300


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square distributed with `df` degrees of freedom: Q(df / 2, x / 2)."""
    if df < 1:
        raise ValueError("the chi-square distribution needs at least one degree of freedom")
    if not x > 0.0:
        return 1.0
    if math.isinf(x):
        return 0.0
    a, z = df / 2.0, x / 2.0
    if z < a + 1.0:
        return max(0.0, min(1.0, 1.0 - _lower_series(a, z)))
    return max(0.0, min(1.0, _upper_fraction(a, z)))


def _lower_series(a: float, z: float) -> float:
    """P(a, z), the regularised lower incomplete gamma function, by its power series (z < a + 1)."""
    term = total = 1.0 / a
    n = a
    for _step in range(_MAX_TERMS):
        n += 1.0
        term *= z / n
        total += term
        if abs(term) < abs(total) * _EPSILON:
            break
    return total * math.exp(-z + a * math.log(z) - math.lgamma(a))


def _upper_fraction(a: float, z: float) -> float:
    """Q(a, z) by its continued fraction, evaluated with the modified Lentz method (z >= a + 1)."""
    b = z + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_TERMS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        if abs(d) < _TINY:
            d = _TINY
        c = b + an / c
        if abs(c) < _TINY:
            c = _TINY
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPSILON:
            break
    return math.exp(-z + a * math.log(z) - math.lgamma(a)) * h
