"""Issue 37: every option of every game is held to its declared range where a save is decoded, and any
exception while decoding a file is a refused file (a `SaveError` with a message), never a crash.

The ranges come from the options' own declaration (`core/options.py`: `option(..., minimum=, maximum=)`
and the field's type), the same the new-game screen offers. The walk below tries, for every field of
every game's options, wrong types, values just outside the range and huge ones (also deep inside
structured options: start squares, edges, extra segments, a whole board) and expects a refusal that says
why, from a check, not from the catch-all."""

from __future__ import annotations

import copy
import dataclasses
import json
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rainbowtable.core.game import AnyRules
from rainbowtable.core.json_codec import to_json_value
from rainbowtable.core.match import Match
from rainbowtable.core.options import option_specs
from rainbowtable.core.seats import default_seats
from rainbowtable.games import GAMES as ENTRIES
from rainbowtable.games import rules_by_id
from rainbowtable.storage import save_replay
from rainbowtable.storage.paths import Paths
from rainbowtable.storage.save_errors import SaveError, SaveReadFailed
from rainbowtable.storage.save_format import match_to_json
from rainbowtable.storage.save_replay import match_from_json
from rainbowtable.storage.saves import autosave

GAMES = [entry.rules for entry in ENTRIES]
HUGE = (10**30, 2**40, -(2**40), -200, 2_000_000, 99, -1)
"""Whole numbers no option or coordinate of any game may hold (99: off every board, the issue's "Ä100")."""
WRONG_TYPES: tuple[Any, ...] = ("3", 1.5, None, True, {}, [], 10**30)


def fresh_save(rules: AnyRules, options: Any = None, seats: int | None = None) -> dict[str, Any]:
    count = seats if seats is not None else rules.seat_counts.start
    match = Match(rules, options or rules.default_options(), default_seats(count), 5)
    return json.loads(json.dumps(match_to_json(match)))


def refusal(raw: dict[str, Any]) -> SaveError:
    with pytest.raises(SaveError) as caught:
        match_from_json(raw)
    assert caught.value.message
    return caught.value


def checked_refusal(raw: dict[str, Any]) -> SaveError:
    """A refusal by a check that names its reason, not by the catch-all for what the checks missed."""
    error = refusal(raw)
    assert not isinstance(error, SaveReadFailed), error.message
    return error


def int_leaves(value: Any, replacement: int) -> Iterator[Any]:
    """Copies of a JSON value with one whole-number leaf replaced, for each leaf (the first 40), and one
    with all of them replaced."""
    paths: list[list[Any]] = []

    def walk(node: Any, path: list[Any]) -> None:
        if isinstance(node, bool):
            return
        if isinstance(node, int):
            paths.append(path)
        elif isinstance(node, list):
            for i, child in enumerate(node):
                walk(child, [*path, i])
        elif isinstance(node, dict):
            for key, child in node.items():
                walk(child, [*path, key])

    walk(value, [])
    for path in paths[:40]:
        out = copy.deepcopy(value)
        node = out
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = replacement
        yield out
    if paths:
        everything = json.loads(json.dumps(value))

        def swap(node: Any) -> Any:
            if isinstance(node, bool):
                return node
            if isinstance(node, int):
                return replacement
            if isinstance(node, list):
                return [swap(child) for child in node]
            if isinstance(node, dict):
                return {key: swap(child) for key, child in node.items()}
            return node

        yield swap(everything)


def rich_options(rules: AnyRules) -> tuple[Any, int]:
    """Options with every structured field filled with a legal value (so its inner numbers can be spoilt),
    and the seat count they are for."""
    if rules.id == "rainbow_passage":
        from rainbowtable.core.rng import Rng
        from rainbowtable.games.rainbow_passage.assembly import random_board
        from rainbowtable.games.rainbow_passage.components import Box, Edge
        from rainbowtable.games.rainbow_passage.start import default_starts

        options = rules.default_options()
        board = random_board(Box.generate(3), (11, 11), Rng.from_seed(3))
        edges = (Edge.S, Edge.N)
        starts = tuple(default_starts(edge, edges, 11, 11, 4) for edge in edges)
        options = dataclasses.replace(
            options, board=board, seat_edges=edges, seat_crossings=(2, 1), custom_starts=starts
        )
        return options, 2
    if rules.id == "regenboog":
        options = dataclasses.replace(rules.default_options(), extra_segments=((-6, 0),))
        return options, 2
    return rules.default_options(), rules.seat_counts.start


def hostile_values(rules: AnyRules, name: str, good: Any) -> Iterator[Any]:
    specs = {spec.name: spec for spec in option_specs(rules.options_type)}
    spec = specs.get(name)
    default = next(f.default for f in dataclasses.fields(rules.options_type) if f.name == name)
    for value in WRONG_TYPES:
        if (
            value != good
            and value != json.loads(json.dumps(to_json_value(default)))
            and not (spec is not None and spec.kind == "bool" and isinstance(value, bool))
        ):
            yield value
    if spec is not None and spec.kind == "int":
        if spec.minimum is not None:
            yield spec.minimum - 1
        if spec.maximum is not None:
            yield spec.maximum + 1
        yield from (n for n in HUGE if not (spec.minimum or 0) <= n <= (spec.maximum or 0))
    elif spec is not None and spec.kind == "enum":
        yield from ("nonsense", "", 3)
    else:
        for number in HUGE:
            yield from int_leaves(good, number)


CASES = [(rules, field.name) for rules in GAMES for field in dataclasses.fields(rules.options_type)]


@pytest.mark.parametrize(("rules", "name"), CASES, ids=[f"{r.id}-{n}" for r, n in CASES])
def test_every_option_out_of_range_is_refused_with_a_message(rules: AnyRules, name: str) -> None:
    """issue 37 (a value range for every option of every game, checked where it is decoded): wrong types,
    values just outside the declared range and huge ones, for this option, are each refused by a check."""
    options, seats = rich_options(rules)
    raw = fresh_save(rules, options, seats)
    match_from_json(copy.deepcopy(raw))  # the unspoilt save loads
    good = raw["options"][name]
    tried = 0
    for value in hostile_values(rules, name, good):
        spoilt = copy.deepcopy(raw)
        spoilt["options"][name] = value
        error = checked_refusal(spoilt)
        assert "options" in error.message, (value, error.message)
        tried += 1
    assert tried >= len(WRONG_TYPES) - 1


def test_every_int_option_has_a_declared_range() -> None:
    """issue 37: every whole-number option of every game declares both bounds, so none is unchecked."""
    for rules in GAMES:
        hints = typing.get_type_hints(rules.options_type)
        for spec in option_specs(rules.options_type):
            if spec.kind == "int":
                assert spec.minimum is not None and spec.maximum is not None, (rules.id, spec.name)
        assert hints  # the options type is a dataclass with fields


@pytest.mark.parametrize("x", [10**30, 2**40, -200, 2_000_000, 99])
def test_rainbow_passage_start_square_off_the_board(x: int) -> None:
    """issue 37 Found 1: `options.custom_starts` with an x of 10**30, 2**40, -200, 2,000,000 or 99 is
    refused with a message naming the square by its coordinates (99 was named "Ä100")."""
    rules = rules_by_id("rainbow_passage")
    options, seats = rich_options(rules)
    raw = fresh_save(rules, options, seats)
    raw["options"]["custom_starts"][0][1] = [x, 0]
    error = checked_refusal(raw)
    assert f"({str(x)[:8]}" in error.message
    assert "is not on the 11 × 11 board" in error.message
    assert "Ä" not in error.message


@pytest.mark.parametrize(
    ("name", "value"), [("strand_limit", 10**9), ("strand_limit", 0), ("max_cycles", 1000)]
)
def test_regenboog_limits_are_range_checked(name: str, value: int) -> None:
    """issue 37 Found 3: a De Regenboog save with `strand_limit` 10**9 (a game that never ends) or 0, or
    `max_cycles` 1000, is refused; the new-game screen's ranges are 1–9 and 0–999."""
    rules = rules_by_id("regenboog")
    raw = fresh_save(rules)
    raw["options"][name] = value
    error = checked_refusal(raw)
    assert "must be between" in error.message


def test_seat_count_message_uses_the_singular_for_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 37 Found 6: "not played by 1 player", not "1 players"."""
    rules = rules_by_id("dice_box")
    raw = fresh_save(rules)
    raw["seats"] = raw["seats"][:1]
    assert "is not played by 1 player" in refusal(raw).message
    raw = fresh_save(rules)
    raw["seats"] = raw["seats"] * 3
    assert "is not played by 6 players" in refusal(raw).message


@pytest.mark.parametrize("error", [RuntimeError("boom"), OverflowError(), RecursionError(), KeyError("x")])
def test_any_exception_while_decoding_is_a_refused_file(
    monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    """issue 37 (any exception while decoding a file is a refused file): whatever a check raises, the
    loader raises a SaveError with a message."""

    def broken(*args: object) -> None:
        raise error

    monkeypatch.setattr(save_replay, "rebuild", broken)
    raw = fresh_save(rules_by_id("dice_box"))
    refused = refusal(raw)
    assert isinstance(refused, SaveReadFailed)
    assert type(error).__name__ in refused.message


def test_an_autosave_that_raises_anything_is_set_aside(
    ctx: Any, monkeypatch: pytest.MonkeyPatch, rainbowtable_home: Path
) -> None:
    """issue 37: an autosave whose reading raises an unexpected exception is renamed beside itself, the
    reason goes to the log and the player gets a notice; nothing is raised."""
    from rainbowtable.ui.scenes.resume import check_autosave

    paths = Paths(rainbowtable_home)
    autosave(
        Match(rules_by_id("dice_box"), rules_by_id("dice_box").default_options(), default_seats(2), 1), paths
    )

    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a bug of ours")

    monkeypatch.setattr("rainbowtable.storage.save_listing.match_from_json", broken)
    summary, why = check_autosave(ctx, paths.autosave_path)
    assert summary is None and why
    assert not paths.autosave_path.exists()
    assert list(paths.root.glob("autosave.json.broken-*"))
    assert any("could not be resumed" in notice.text for notice in ctx.notices)


def test_an_autosave_with_a_start_square_far_off_the_board_does_not_stop_the_app(tmp_path: Path) -> None:
    """issue 37 Found 1, as the autosave: a Rainbow Passage autosave with a start square at x = 10**30
    made every start exit 1; now the app starts (exit 0, no traceback), says the last game could not be
    resumed and keeps the file aside."""
    from tests.test_hostile_entry import assert_clean_run, run_app

    rules = rules_by_id("rainbow_passage")
    options, seats = rich_options(rules)
    raw = fresh_save(rules, options, seats)
    raw["options"]["custom_starts"][0][1] = [10**30, 0]
    paths = Paths(tmp_path / "home")
    paths.ensure()
    paths.autosave_path.write_text(json.dumps(raw), encoding="utf-8")
    stderr = assert_clean_run(run_app(paths.root))
    assert "could not be resumed" in stderr and "is not on the 11 × 11 board" in stderr
    assert not paths.autosave_path.exists()
    assert len(list(paths.root.glob("autosave.json.broken-*"))) == 1


@pytest.mark.parametrize(("name", "value"), [("strand_limit", 10**9), ("max_cycles", -1)])
def test_a_match_cannot_be_made_with_options_out_of_range(name: str, value: int) -> None:
    """issue 37 Found 3 through the Python API: `Match` refuses options no control could set (the game
    with strand_limit 10**9 never ended)."""
    rules = rules_by_id("regenboog")
    options = dataclasses.replace(rules.default_options(), **{name: value})
    with pytest.raises(ValueError, match="must be between"):
        Match(rules, options, default_seats(2), 1)


def test_opening_a_save_with_a_start_square_far_off_the_board_is_refused(tmp_path: Path) -> None:
    """issue 37 Found 1, from the command line (it said "could not be shown: OverflowError"): the file is
    refused with the reason, the app runs on (exit 0, no traceback) and the file is left as it was."""
    from tests.test_hostile_entry import assert_clean_run, run_app

    rules = rules_by_id("rainbow_passage")
    options, seats = rich_options(rules)
    raw = fresh_save(rules, options, seats)
    raw["options"]["custom_starts"][1][0] = [2**40, 10]
    path = tmp_path / "far.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    before = path.read_bytes()
    stderr = assert_clean_run(run_app(tmp_path / "home", str(path)))
    assert "Could not open far.json" in stderr and "(10995116" in stderr and "OverflowError" not in stderr
    assert path.read_bytes() == before
