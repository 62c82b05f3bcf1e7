"""De Regenboog's disc pool (regenboog.md §2.2, §2.7.6, §2.10), the team's share-out of a disc flipped under
ships (§2.10 step 6 [RES-RG15]), and saves of the rules before the pool (refused, naming the version)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from rainbowtable.core.game import Players
from rainbowtable.core.match import Match
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Seat
from rainbowtable.games.regenboog import start
from rainbowtable.games.regenboog.ai import _Plan, suggest
from rainbowtable.games.regenboog.diagram import parse
from rainbowtable.games.regenboog.model import (
    ALL_DISCS,
    BlockadesRolled,
    Colour,
    DiscFlipped,
    DiscsPlaced,
    Phase,
    RegenboogOptions,
    RegenboogState,
    Share,
    Travel,
    WhiteRolled,
    is_face_down,
)
from rainbowtable.games.regenboog.rules import RULES, chance_outcomes, flip_odds, legal_actions, why_illegal
from rainbowtable.storage.save_errors import UnsupportedRules
from rainbowtable.storage.save_format import encode_save, match_to_json
from rainbowtable.storage.saves import load_match
from tests.test_regenboog_spec import at, play

OLD_SAVE = Path(__file__).parent / "data" / "regenboog_rules_v1.json"


def discs_in_play(state: RegenboogState) -> list[int]:
    """Every grey disc by kind: the pool, the deals' face-down discs and the face-up discs on the board."""
    counts = list(state.pool)
    for deal in state.deals:
        counts = [a + b for a, b in zip(counts, deal, strict=True)]
    for d in state.discs:
        if d > 0:
            counts[d] += 1
    return counts


def test_pool_after_a_blank_is_flipped() -> None:
    """regenboog.md §2.7.6: a flipped blank goes back to the pool (off the board); its deal has one blank
    fewer face down, so the next flip's odds follow what is left."""
    state = parse("ship 1.0 red=12\ndisc 1.1 down\ndisc 1.2 down\ndeal blank=1 violet=1", seat_count=1)
    assert state.pool == (11, 1, 1, 1, 1, 1, 0)
    after = play(state, Travel(0, "1.1"), DiscFlipped("1.1", 0))
    assert after.discs[at("1.1")] == 0
    assert after.pool == (12, 1, 1, 1, 1, 1, 0)
    assert after.deals == ((0, 0, 0, 0, 0, 0, 1),)
    after = play(after, WhiteRolled(3))
    assert after.ships[0].cubes[Colour.YELLOW] == 1 and after.pool[0] == 12
    assert flip_odds(after, at("1.2")) == [(Colour.VIOLET, Fraction(1))]
    assert discs_in_play(after) == list(ALL_DISCS)


def test_a_flip_with_one_blank_and_one_colour_left_is_even() -> None:
    """regenboog.md §2.10, §2.7.6: with one blank and one colour left face down, a flip is blank 1/2 and
    that colour 1/2 (exact odds from `chance_outcomes`, not sampled)."""
    state = parse("ship 1.0 red=12\ndisc 1.1 down\ndisc 1.2 down\ndeal blank=1 orange=1", seat_count=1)
    flipping = play(state, Travel(0, "1.1"))
    assert chance_outcomes(flipping) == [
        (DiscFlipped("1.1", 0), Fraction(1, 2)),
        (DiscFlipped("1.1", Colour.ORANGE), Fraction(1, 2)),
    ]
    assert why_illegal(flipping, DiscFlipped("1.1", Colour.RED)) is not None
    # After the orange has turned up, the other disc can only be the blank.
    orange = play(flipping, DiscFlipped("1.1", Colour.ORANGE))
    assert flip_odds(orange, at("1.2")) == [(0, Fraction(1))]


def test_each_deal_keeps_its_own_odds() -> None:
    """regenboog.md §2.10 steps 2-4: a disc left covered from an earlier deal is drawn from its own deal's
    discs, not mixed with the new deal's."""
    text = "ship 1.0 red=12\ndisc 1.1 down\ndisc 2.2 down2\nblack 2.2 1\ndeal green=1\ndeal blank=3 red=1"
    state = parse(text, seat_count=1)
    assert flip_odds(state, at("1.1")) == [(Colour.GREEN, Fraction(1))]
    assert flip_odds(state, at("2.2")) == [(0, Fraction(3, 4)), (Colour.RED, Fraction(1, 4))]


def test_sampled_flips_follow_the_deal() -> None:
    """regenboog.md §2.7.6: the sampled flip only ever gives a kind its deal still holds face down."""
    state = play(
        parse("ship 1.0 red=12\ndisc 1.1 down\ndisc 1.2 down\ndeal blank=1 blue=1", seat_count=1),
        Travel(0, "1.1"),
    )
    seen = {RULES.sample_chance(state, Rng.from_seed(seed)) for seed in range(40)}
    assert seen == {DiscFlipped("1.1", 0), DiscFlipped("1.1", Colour.BLUE)}


def test_pool_after_a_new_round() -> None:
    """regenboog.md §2.10 steps 1-4: uncovered face-up coloured discs go back to the pool, covered discs
    stay, and the pool is dealt out whole, so the segments end with 3 discs each and the pool empty."""
    text = (
        "ship 1.0 red=12\ndisc 2.2 down\nblack 2.2 1\ndisc 3.3 green\ndisc 4.4 blue\nblack 4.4 1\n"
        "pool blank=11 red=1 orange=1 yellow=1 violet=1\ndeal blank=1"
    )
    state = replace(parse(text, seat_count=1), phase=Phase.GAME_TURN)
    after = play(state, BlockadesRolled(((5, 5), (5, 5))))
    assert after.phase is Phase.NEW_ROUND
    # Green came back; the pool (16 discs) is now the second deal; blue and the covered disc stay.
    assert after.pool == (0,) * 7
    assert after.deals == ((1, 0, 0, 0, 0, 0, 0), (11, 1, 1, 1, 1, 0, 1))
    assert after.discs[at("3.3")] == 0 and after.discs[at("4.4")] == Colour.BLUE
    after = play(after, DiscsPlaced(1, (1, 3, 5)))
    assert after.discs[at("1.1")] == -2  # face down, of the second deal
    for segment in range(2, 7):
        after = play(after, DiscsPlaced(segment, (1, 3) if segment in (2, 4) else (1, 3, 5)))
    assert after.phase is Phase.PLAYERS and after.round_no == 2
    face_down = [d for d in after.discs if is_face_down(d)]
    assert len(face_down) == 17 and sum(1 for d in after.discs if d != 0) == 18
    assert discs_in_play(after) == list(ALL_DISCS)


def test_the_pool_always_holds_every_disc() -> None:
    """regenboog.md §2.2: pool + face-down + face-up discs are the 18 discs at every step of seeded games."""
    for seed in range(6):
        match = Match(RULES, RegenboogOptions(), [Seat("A"), Seat("B")], seed)
        rng = Rng.from_seed(seed + 100)
        for _ in range(400):
            match.advance()
            if match.is_finished:
                break
            match.play(
                suggest(match.state).action if rng.below(2) else rng.choice(legal_actions(match.state))
            )
            state = match.state
            assert discs_in_play(state) == list(ALL_DISCS)
            for cell, d in enumerate(state.discs):
                if is_face_down(d):
                    assert flip_odds(state, cell)


def dealt_under(text: str, pool: tuple[int, ...], seats: int = 1) -> RegenboogState:
    """A new round deals `pool` onto segment 1, one disc on 1.0 under the ships the diagram puts there."""
    state = replace(
        parse(text, seat_count=seats), phase=Phase.NEW_ROUND, place_queue=(1,), pool=pool, deals=()
    )
    return play(start.begin_deal(state), DiscsPlaced(1, (0, 2, 4)))


def test_two_ships_on_one_coloured_disc_load_different_amounts() -> None:
    """regenboog.md §2.10 step 6 [RES-RG15]: at a new round each ship on a disc flipped coloured may load up
    to 6, as the team chooses (the most first, so one click keeps the old flow); its owner is asked."""
    state = dealt_under("ship 1.0 red=12\nship 1.0 red=12", (2, 0, 0, 1, 0, 0, 0), seats=2)
    after = play(state, DiscFlipped("1.0", Colour.YELLOW))
    who = RULES.to_act(after)
    assert isinstance(who, Players) and who.seats == (0,)
    assert legal_actions(after)[:2] == [Share(0, 6), Share(0, 5)]
    assert why_illegal(after, Share(1, 2)) is not None  # ship 1 is asked first
    after = play(after, Share(0, 2))
    who = RULES.to_act(after)
    assert isinstance(who, Players) and who.seats == (1,)  # the second ship's owner decides its load
    after = play(after, Share(1, 5))
    assert after.ships[0].cubes[Colour.YELLOW] == 2 and after.ships[1].cubes[Colour.YELLOW] == 5
    assert after.phase is Phase.PLAYERS and after.discs[at("1.0")] == Colour.YELLOW
    assert not after.ships[0].acted  # not a turn: both still sail this cycle


def test_a_ship_may_load_none_and_a_full_ship_is_not_asked() -> None:
    """regenboog.md §2.10 step 6: loading is a choice (0 is allowed); a ship with no room is skipped."""
    state = dealt_under("ship 1.0 red=12 green=24\nship 1.0 red=12", (2, 0, 0, 0, 0, 1, 0))
    after = play(state, DiscFlipped("1.0", Colour.BLUE))
    assert legal_actions(after)[0] == Share(1, 6)
    after = play(after, Share(1, 0))
    assert after.ships[1].cubes[Colour.BLUE] == 0 and after.phase is Phase.PLAYERS


def test_the_helper_shares_out() -> None:
    """regenboog.md §2.10 step 6 and §2.15: computer ships choose by the helper; a blank's cube goes to the
    ship with the most room."""
    state = dealt_under("ship 1.0 red=12 green=12\nship 1.0 red=12", (3, 0, 0, 0, 0, 0, 0))
    after = play(state, DiscFlipped("1.0", 0), WhiteRolled(2))
    assert legal_actions(after)[:2] == [Share(0, 1), Share(1, 1)]
    assert suggest(after).action == Share(1, 1)


def _old_save() -> dict[str, object]:
    body: dict[str, object] = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    return body


def test_a_rules_version_1_save_is_refused_naming_the_version(tmp_path: Path) -> None:
    """regenboog.md §2.2: a save from before the pool (rules version 1) drew its flips otherwise, so its log
    cannot replay into the new state; it is refused with a message naming both versions, never loaded."""
    assert _old_save()["rules_version"] == 1
    with pytest.raises(UnsupportedRules) as refused:
        load_match(OLD_SAVE)
    message = refused.value.message
    assert "De Regenboog" in message and "version 1" in message and "version 2" in message
    # Claiming the new version does not sneak it in: the log's flips do not follow from the seed.
    forged = _old_save()
    forged["rules_version"] = 2
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged), encoding="utf-8")
    with pytest.raises(Exception) as error:
        load_match(path)
    assert "damaged" in str(error.value) or "not the one" in str(error.value)


def test_a_new_save_round_trips(tmp_path: Path) -> None:
    """regenboog.md §2.2: a save of the new rules keeps the pool and deals and loads back equal."""
    match = Match(RULES, RegenboogOptions(), [Seat("A"), Seat("B")], 38)
    rng = Rng.from_seed(7)
    while len(match.steps) < 120 and not match.is_finished:
        match.advance()
        if not match.is_finished:
            match.play(
                suggest(match.state).action if rng.below(3) else rng.choice(legal_actions(match.state))
            )
    path = tmp_path / "new.json"
    path.write_bytes(encode_save(match_to_json(match)))
    loaded = load_match(path)
    assert loaded.state == match.state and loaded.state.deals == match.state.deals


def test_the_helper_reads_the_deal() -> None:
    """regenboog.md §2.15: the helper's value of exploring a face-down disc follows its deal's make-up
    (P(coloured) = coloured left / discs left): a deal of blanks only is worth a blank's one cube, and one
    with a needed colour left is worth more."""
    blanks = parse("ship 1.0 red=12\ndisc 1.1 down\ndisc 1.2 down\ndeal blank=2", seat_count=1)
    mixed = parse("ship 1.0 red=12\ndisc 1.1 down\ndisc 1.2 down\ndeal blank=1 green=1", seat_count=1)
    assert _Plan(blanks).explore_value(-1) < _Plan(mixed).explore_value(-1)


def test_the_helper_chooses_which_ship_goes_first() -> None:
    """regenboog.md §2.6 and §2.15: there is no turn order, so the helper picks the ship to act next: here
    the second ship, which can reach a face-down disc, before the first, which has no fuel."""
    state = parse("ship 1.0\nship 3.0 red=12\ndisc 3.1 down\ndeal green=1", seat_count=1)
    action = suggest(state).action
    assert isinstance(action, Travel) and action.ship == 1
