"""Rebuilding a match from a decoded save by replaying its log (ARCHITECTURE §9, the last of the checks).

Every entry must be legal where it stands and every chance outcome must follow from the seed; finally the
snapshot, generator state and step count must agree with the replay. A game's own code is never allowed to
crash the app on a crafted file: whatever it raises becomes a `SaveTampered`. The same check runs on each
save before it is written (`check_replay`), resumed from where the match's last check ended (a `ReplayMark`).
Holds no JSON (see `save_format.py`) and no file handling.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from rainbowtable.core.game import AnyRules, Chance, Finished, IllegalAction
from rainbowtable.core.i18n import _
from rainbowtable.core.match import Match, Step
from rainbowtable.core.rng import Rng
from rainbowtable.games import rules_by_id
from rainbowtable.storage.save_errors import (
    SaveError,
    SaveReadFailed,
    SaveReplayMismatch,
    SaveShapeError,
    SaveTampered,
)
from rainbowtable.storage.save_format import Decoded, GameLookup, decode, rules_for, upgraded_envelope

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class ReplayMark:
    """How far a save's log has been replayed and found sound (`check_replay`): the log itself, and the
    position and generator state after some of its entries (every `MARK_EVERY`-th and the last), from which
    a later log that starts with the same entries is checked on. Holds positions the replay made, never the
    caller's, so what it vouches for is what the loader itself saw."""

    setup: tuple[str, Any, int, int]  # the game, its options, the number of seats, the seed
    log: tuple[tuple[int | None, Any, int], ...]
    marks: tuple[tuple[int, Any, int], ...]  # (entries replayed, position, generator state), in order


MARK_EVERY = 64
"""A mark every so many entries, besides the last: an undo of a few steps resumes the check from the mark
before it instead of from the set-up, for a position kept per 64 steps."""


def rebuild(decoded: Decoded, rules: AnyRules) -> tuple[Match, ReplayMark]:
    """The match the save describes, its log replayed and compared with its snapshot, and the mark of that
    replay: a later save of the match, `check_replay`ed from it, replays only the steps played since it was
    opened. Raises a SaveError."""
    match = _new_match(decoded, rules)
    return match, _replay(match, decoded, None, match.steps)


def check_replay(decoded: Decoded, rules: AnyRules, since: ReplayMark | None = None) -> ReplayMark:
    """The loader's replay check of `decoded` (what `rebuild` checks, without building the match), resumed
    from the last mark of `since` whose entries `decoded` starts with: the rules are pure functions, so the
    same entries from the same set-up are found sound again. An autosave after each step checks the new step
    only, not the whole game again. Returns the mark for the next check; raises a SaveError."""
    return _replay(_new_match(decoded, rules), decoded, since, None)


def _replay(match: Match, decoded: Decoded, since: ReplayMark | None, steps: list[Step] | None) -> ReplayMark:
    """The replay check of `decoded` on `match` (new, at its set-up), from `since` when it applies; each
    step replayed is added to `steps`, when given. Returns the new mark; raises a SaveError."""
    setup = (match.rules.id, decoded.options, len(match.seats), match.seed)
    log = decoded.log
    resume: tuple[int, Any, int] | None = None
    marks: list[tuple[int, Any, int]] = []
    if since is not None and since.setup == setup:
        same = _common_length(since.log, log)
        usable = [mark for mark in since.marks if mark[0] <= same]
        resume = usable[-1] if usable else None
        marks = [mark for mark in usable if mark[0] % MARK_EVERY == 0]
        # The entries already kept, not their new copies: the copies die young, while a new set kept at
        # each autosave grew the collector's old generation by a whole game a step, and its full passes
        # over a long game's positions doubled the median autosave.
        log = since.log[:same] + log[same:]
    state, rng_state = (resume[1], resume[2]) if resume else (match.initial_state, match.initial_rng_state)
    for index, (actor, action, rng_after), state in _replayed(match, log, resume):
        rng_state = rng_after
        if steps is not None:
            steps.append(Step(actor, action, rng_after, state))
        if (index + 1) % MARK_EVERY == 0:
            marks.append((index + 1, state, rng_after))
    _check_end(decoded, state, rng_state)
    if not marks or marks[-1][0] != len(log):
        marks.append((len(log), state, rng_state))
    return ReplayMark(setup, log, tuple(marks))


def _common_length(before: Sequence[object], after: Sequence[object]) -> int:
    """How many entries two logs share from the start."""
    count = 0
    for old, new in zip(before, after, strict=False):
        if old != new:
            break
        count += 1
    return count


def _new_match(decoded: Decoded, rules: AnyRules) -> Match:
    envelope = decoded.envelope
    try:
        return Match(
            rules,
            decoded.options,
            envelope.seats,
            envelope.seed,
            undo_mode=envelope.undo_mode,
            title=envelope.title,
            created=envelope.created,
        )
    except Exception as error:  # options the game's own check let through but its setup refuses
        raise SaveShapeError(
            "options", _("the game cannot start with them ({error})").format(error=error)
        ) from None


def _replayed(
    match: Match, log: Sequence[tuple[int | None, Any, int]], resume: tuple[int, Any, int] | None
) -> Iterator[tuple[int, tuple[int | None, Any, int], Any]]:
    """Each entry of `log`, checked where it stands and applied: (index, entry, position after it). From the
    set-up, or from `resume`: (entries already checked, the position and generator state after them)."""
    rules = match.rules
    start, state, rng_state = resume or (0, match.initial_state, match.initial_rng_state)
    for index in range(start, len(log)):
        entry = log[index]
        actor, action, rng_after = entry
        try:
            reason = _entry_problem(match, state, actor, action, rng_state, rng_after)
            if reason is None:
                # `apply` validates through `why_illegal` and says why an action is not allowed.
                state = rules.apply(state, action)
        except IllegalAction as illegal:
            reason = illegal.reason
        except Exception as error:  # a game's code must never crash the app on a crafted file
            reason = _("the rules could not apply it ({error})").format(error=type(error).__name__)
        if reason is not None:
            raise SaveTampered(index, reason)
        yield index, entry, state
        rng_state = rng_after


def _check_end(decoded: Decoded, state: Any, rng_state: int) -> None:
    """The snapshot, generator state and step count the save states agree with its replayed log."""
    if decoded.envelope.turn != len(decoded.log):
        raise SaveReplayMismatch(
            _("it says {turn} steps were played, but its log has {length}").format(
                turn=decoded.envelope.turn, length=len(decoded.log)
            )
        )
    if decoded.rng_state != rng_state:
        raise SaveReplayMismatch(_("its generator state is not the one its log ends with"))
    if decoded.state != state:
        raise SaveReplayMismatch(_("its saved position is not the one its moves lead to"))


def _entry_problem(
    match: Match, state: Any, actor: int | None, action: Any, before: int, after: int
) -> str | None:
    """Why a logged step cannot stand where it is (beyond the rules' own `why_illegal`), or None."""
    who = match.rules.to_act(state)
    if isinstance(who, Finished):
        return _("the game was already over")
    if isinstance(who, Chance):
        if actor is not None:
            return _("{name} is shown deciding where chance decides ({what})").format(
                name=match.seats[actor].name, what=who.what or _("a roll")
            )
        rng = Rng(before)
        if match.rules.sample_chance(state, rng) != action or rng.state != after:
            return _("this chance outcome is not the one game #{seed} gives here").format(seed=match.seed)
        return None
    if actor is None:
        return _("a chance event is shown where a player had to decide")
    if actor not in who.seats:
        return _("it was not {name}'s turn").format(name=match.seats[actor].name)
    if after != before:
        return _("the generator state changes on a player's decision")
    return None


def match_from_json(obj: object, *, find_game: GameLookup = rules_by_id) -> Match:
    """Check a parsed save and rebuild its match (ARCHITECTURE §9, in that order). Raises a SaveError,
    and nothing else: whatever else a check raises is a refused file too (`SaveReadFailed`), its
    traceback in the log (issue 37)."""
    return match_and_mark_from_json(obj, find_game=find_game)[0]


def match_and_mark_from_json(obj: object, *, find_game: GameLookup) -> tuple[Match, ReplayMark]:
    """`match_from_json`, with the mark of its replay (`rebuild`)."""
    return _checked(obj, find_game, rebuild)


def replay_mark_from_json(obj: object, *, find_game: GameLookup, since: ReplayMark | None) -> ReplayMark:
    """Every check `match_from_json` makes of a parsed save, the replay resumed from `since` (see
    `check_replay`), without building the match. Raises a SaveError, and nothing else."""
    return _checked(obj, find_game, lambda decoded, rules: check_replay(decoded, rules, since))


def _checked(obj: object, find_game: GameLookup, then: Callable[[Decoded, AnyRules], T]) -> T:
    try:
        envelope = upgraded_envelope(obj)
        rules = rules_for(envelope, find_game)
        return then(decode(envelope, rules), rules)
    except SaveError:
        raise
    except Exception as error:  # a file must never crash the app, whatever our checks missed
        logging.getLogger("rainbowtable").error("a save could not be decoded", exc_info=True)
        raise SaveReadFailed(error) from None
