"""The play screen's match driver runs without a window (issue 8: the play screen split with a driver tests
run headless): chance resolved one step at a time, computer seats on the worker deciding from what their
seat may see, a pause before a computer move, autosave after every step, and undo forgetting a thought."""

from __future__ import annotations

import subprocess
import sys

import pytest

import rainbowtable.games
from rainbowtable.core.match import Match
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.games import rules_by_id
from rainbowtable.ui.scenes.play.driver import COMPUTER_PAUSE_S, MatchDriver
from tests import sixth_game

DT = 1 / 60


def _computers(count: int) -> tuple[Seat, ...]:
    return tuple(Seat(f"C{i}", SeatKind.COMPUTER, Level.EASY) for i in range(count))


def _run(driver: MatchDriver, steps: int = 5_000) -> None:
    for _ in range(steps):
        if driver.match.is_finished:
            return
        driver.update(DT)
        driver.worker.wait(5)
    raise AssertionError("the match did not finish")


def test_a_computer_game_plays_to_the_end_with_an_autosave_per_step() -> None:
    rules = rules_by_id("dice_box")
    saved: list[int] = []
    driver = MatchDriver(
        Match(rules, rules.default_options(), _computers(3), 17),
        autosave=lambda m: saved.append(len(m.steps)),
    )
    _run(driver)
    assert driver.match.is_finished
    assert saved == list(range(1, len(driver.match.steps) + 1))


def test_a_computer_move_waits_so_people_can_follow_it() -> None:
    rules = rules_by_id("dice_box")
    seats = (Seat("Ana"), *_computers(1))
    driver = MatchDriver(Match(rules, rules.default_options(), seats, 3), speed=lambda: 2.0)
    while driver.human_to_act() is None:
        driver.update(DT)
        driver.worker.wait(5)
    human = driver.human_to_act()
    step = driver.play(rules.legal_actions(driver.match.state)[0], human)
    assert driver.match.steps[-1] is step
    if driver.computer_to_act():
        assert driver.pause_s == COMPUTER_PAUSE_S / 2


def test_a_computer_decides_from_its_seats_view_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sixth game's computer asserts it never sees another seat's secret."""
    monkeypatch.setattr(rainbowtable.games, "GAMES", (*rainbowtable.games.GAMES, sixth_game.ENTRY))
    driver = MatchDriver(Match(sixth_game.RULES, sixth_game.RULES.default_options(), _computers(3), 8))
    reports: list[str] = []
    driver.report = reports.append
    _run(driver)
    assert reports == []


def test_undo_forgets_a_thought_in_progress() -> None:
    rules = rules_by_id("dice_box")
    driver = MatchDriver(Match(rules, rules.default_options(), _computers(2), 5))
    while not driver.thinking:
        driver.update(DT)
    driver.history_changed()
    assert not driver.thinking and driver.pause_s == 0


def test_the_driver_needs_no_display() -> None:
    """Importing and running the driver loads no display: it runs where pygame has no window at all."""
    code = (
        "import sys\n"
        "from rainbowtable.ui.scenes.play.driver import MatchDriver\n"
        "from rainbowtable.core.match import Match\n"
        "from rainbowtable.games import rules_by_id\n"
        "from rainbowtable.core.seats import Seat, SeatKind, Level\n"
        "r = rules_by_id('dice_box')\n"
        "d = MatchDriver(Match(r, r.default_options(), [Seat('a', SeatKind.COMPUTER, Level.EASY)] * 2, 1))\n"
        "while not d.match.is_finished:\n"
        "    d.update(1 / 60); d.worker.wait(5)\n"
        "import pygame\n"
        "print(pygame.display.get_init())\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False"
