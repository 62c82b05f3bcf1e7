"""Rebuilding a match from a decoded save by replaying its log (ARCHITECTURE §9, the last of the checks).

Every entry must be legal where it stands and every chance outcome must follow from the seed; finally the
snapshot, generator state and step count must agree with the replay. A game's own code is never allowed to
crash the app on a crafted file: whatever it raises becomes a `SaveTampered`. Holds no JSON (see
`save_format.py`) and no file handling.
"""

from __future__ import annotations

import logging
from typing import Any

from rainbowtable.core.game import AnyRules, Chance, Finished, IllegalAction
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


def rebuild(decoded: Decoded, rules: AnyRules) -> Match:
    """The match the save describes, its log replayed and compared with its snapshot. Raises a SaveError."""
    envelope = decoded.envelope
    try:
        match = Match(
            rules,
            decoded.options,
            envelope.seats,
            envelope.seed,
            undo_mode=envelope.undo_mode,
            title=envelope.title,
            created=envelope.created,
        )
    except Exception as error:  # options the game's own check let through but its setup refuses
        raise SaveShapeError("options", f"the game cannot start with them ({error})") from None
    state = match.initial_state
    rng_state = match.initial_rng_state
    steps: list[Step] = []
    for index, (actor, action, rng_after) in enumerate(decoded.log):
        try:
            reason = _entry_problem(match, state, actor, action, rng_state, rng_after)
            if reason is None:
                # `apply` validates through `why_illegal` and says why an action is not allowed.
                state = rules.apply(state, action)
        except IllegalAction as illegal:
            reason = illegal.reason
        except Exception as error:  # a game's code must never crash the app on a crafted file
            reason = f"the rules could not apply it ({type(error).__name__})"
        if reason is not None:
            raise SaveTampered(index, reason)
        steps.append(Step(actor, action, rng_after, state))
        rng_state = rng_after
    if envelope.turn != len(steps):
        raise SaveReplayMismatch(f"it says {envelope.turn} steps were played, but its log has {len(steps)}")
    if decoded.rng_state != rng_state:
        raise SaveReplayMismatch("its generator state is not the one its log ends with")
    if decoded.state != state:
        raise SaveReplayMismatch("its saved position is not the one its moves lead to")
    match.steps.extend(steps)
    return match


def _entry_problem(
    match: Match, state: Any, actor: int | None, action: Any, before: int, after: int
) -> str | None:
    """Why a logged step cannot stand where it is (beyond the rules' own `why_illegal`), or None."""
    who = match.rules.to_act(state)
    if isinstance(who, Finished):
        return "the game was already over"
    if isinstance(who, Chance):
        if actor is not None:
            return (
                f"{match.seats[actor].name} is shown deciding where chance decides ({who.what or 'a roll'})"
            )
        rng = Rng(before)
        if match.rules.sample_chance(state, rng) != action or rng.state != after:
            return f"this chance outcome is not the one game #{match.seed} gives here"
        return None
    if actor is None:
        return "a chance event is shown where a player had to decide"
    if actor not in who.seats:
        return f"it was not {match.seats[actor].name}'s turn"
    if after != before:
        return "the generator state changes on a player's decision"
    return None


def match_from_json(obj: object, *, find_game: GameLookup = rules_by_id) -> Match:
    """Check a parsed save and rebuild its match (ARCHITECTURE §9, in that order). Raises a SaveError,
    and nothing else: whatever else a check raises is a refused file too (`SaveReadFailed`), its
    traceback in the log (issue 37)."""
    try:
        envelope = upgraded_envelope(obj)
        rules = rules_for(envelope, find_game)
        return rebuild(decode(envelope, rules), rules)
    except SaveError:
        raise
    except Exception as error:  # a file must never crash the app, whatever our checks missed
        logging.getLogger("rainbowtable").error("a save could not be decoded", exc_info=True)
        raise SaveReadFailed(error) from None
