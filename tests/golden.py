"""Golden playthroughs for every game (ARCHITECTURE.md §10): one way to write a seeded transcript of a
game's `describe` lines, its final position and its outcome, so a rules change shows up as a diff of
tests/golden/. Decisions are random legal actions from a stream forked off the seed, so tuning a computer
player never changes a transcript; only rules changes do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rainbowtable.core.game import AnyRules, Chance, Finished, render
from rainbowtable.core.rng import Rng

GOLDEN = Path(__file__).parent / "golden"

Choose = Callable[[Sequence[Any], Rng], Any]
"""How a transcript picks among the legal actions (a game may lean towards moves that show play)."""


def any_legal(legal: Sequence[Any], chooser: Rng) -> Any:
    return chooser.choice(legal)


def transcript(
    rules: AnyRules,
    seed: int,
    seat_count: int,
    options: Any,
    picture: Callable[[Any], str],
    *,
    choose: Choose = any_legal,
    after: Callable[[Any, Any], str | None] = lambda action, state: None,
    gap_before_outcome: bool = True,
) -> str:
    """The transcript: a heading, a line per action (and whatever `after` adds after an action), the final
    position drawn by `picture`, then the outcome's summary, details and score columns."""
    state = rules.new_game(options, seat_count)
    rng = Rng.from_seed(seed)
    chooser = Rng.from_seed(seed).fork("golden-choices")
    lines = [f"# {rules.title}, seed {seed}, {seat_count} players, random legal choices"]
    while not isinstance(who := rules.to_act(state), Finished):
        if isinstance(who, Chance):
            action = rules.sample_chance(state, rng)
        else:
            action = choose(rules.legal_actions(state), chooser)
        lines.append(render(rules.describe(state, action), ()))
        state = rules.apply(state, action)
        extra = after(action, state)
        if extra is not None:
            lines.append(extra)
    lines += ["", picture(state), *([""] if gap_before_outcome else []), render(who.outcome.summary, ())]
    lines += [f"{label}: {render(text, ())}" for label, text in who.outcome.details]
    lines += [f"{label}: {' '.join(f'{v:+d}' for v in values)}" for label, values in who.outcome.columns]
    return "\n".join(lines) + "\n"


def expected(stem: str) -> str:
    return (GOLDEN / f"{stem}.txt").read_text(encoding="utf-8")


def regenerate(cases: Mapping[str, tuple[Any, ...]], make: Callable[..., str]) -> None:
    """Write every case's transcript afresh (after a deliberate rules change; review the diff)."""
    for name, case in cases.items():
        (GOLDEN / f"{name}.txt").write_text(make(*case), encoding="utf-8")
        print(f"wrote tests/golden/{name}.txt")
