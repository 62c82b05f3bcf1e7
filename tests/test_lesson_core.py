"""The lesson format and its runner (issue 44, "Learn to play": lessons are data; the runner checks at load
time that every scripted step is legal where it meets it; a wrong move is refused with the rule's own reason
plus the lesson's hint, and the step waits; Back, Skip step and Restart)."""

from __future__ import annotations

import pytest

from rainbowtable.core.lesson import LessonError, LessonRun, check, lesson_texts, parse_lesson
from rainbowtable.games import rules_by_id
from rainbowtable.games.dice_box.model import Cell, PlaceDie

RULES = rules_by_id("dice_box")

LESSON = b"""
game = "dice_box"
title = "Dice Box in three moves"
minutes = 2
seed = 349
seats = [{ name = "You" }, { name = "Ada", computer = true }]
ending = "That is Dice Box."

[[steps]]
say = "Welcome."

[[steps]]
say = "Put your red 1 beside the seed."
hint = "A red 1 fits beside the 2."
by = 0
do = [{ type = "PlaceDie", die = 0, cell = [2, 1] }]

[[steps]]
say = "Ada places a blue 3 under the seed."
by = 1
do = [{ type = "PlaceDie", die = 16, cell = [3, 2] }]

[[steps]]
say = "Now either of two cells."
by = 0
do = [{ type = "PlaceDie", die = 2, cell = [1, 2] }, { type = "PlaceDie", die = 2, cell = [2, 3] }]
"""


def lesson_from(text: bytes):  # type: ignore[no-untyped-def]
    return parse_lesson(text, RULES)


def test_a_lesson_decodes_and_every_branch_is_legal() -> None:
    lesson = lesson_from(LESSON)
    assert lesson.learner == 0 and len(lesson.steps) == 4
    assert check(lesson) == []


def test_a_step_the_rules_refuse_is_found_by_the_check() -> None:
    broken = LESSON.replace(b"die = 16, cell = [3, 2]", b"die = 16, cell = [4, 4]")
    problems = check(lesson_from(broken))
    assert len(problems) == 1 and problems[0].startswith("step 3")


def test_an_alternative_that_breaks_a_later_step_is_found() -> None:
    extra = (
        LESSON
        + b"""
[[steps]]
say = "Then the cell above."
by = 1
do = [{ type = "PlaceDie", die = 22, cell = [1, 2] }]
"""
    )
    problems = check(lesson_from(extra))
    # The first alternative put a die on (1, 2) already; the second leaves it free.
    assert len(problems) == 1 and problems[0].startswith("step 5:"), problems


@pytest.mark.parametrize(
    "bad",
    [
        b'game = "rainbows"',
        b"minutes = 0",
        b'seats = [{ name = "Ada", computer = true }, { name = "Bo", computer = true }]',
        b"seed = -1",
        b'title = "a\\u0007bell"',
        b"surprise = 1",
        b"not toml [",
    ],
)
def test_bad_files_are_refused_with_a_reason(bad: bytes) -> None:
    key = bad.split(b"=")[0].strip()
    lines = [line for line in LESSON.splitlines() if not line.startswith(key + b" ")]
    text = b"\n".join([bad, *lines])
    with pytest.raises(LessonError):
        lesson_from(text)


def test_the_runner_refuses_a_wrong_move_with_the_rule_and_the_hint_then_goes_on() -> None:
    run = LessonRun(lesson_from(LESSON))
    assert run.step is not None and run.step.say == "Welcome." and not run.learners_turn
    assert run.next()
    assert run.learners_turn
    illegal = run.offer(PlaceDie(0, Cell(0, 0)))  # touches nothing: the rules say why
    assert illegal is not None and illegal.reason and illegal.hint == "A red 1 fits beside the 2."
    other = run.offer(PlaceDie(0, Cell(1, 2)))  # legal, but not what the step asks
    assert other is not None and "another" in other.reason
    assert run.index == 1
    assert run.offer(PlaceDie(0, Cell(2, 1))) is None
    assert run.play_computer() == PlaceDie(16, Cell(3, 2))
    assert run.offer(PlaceDie(2, Cell(2, 3))) is None  # the second alternative
    assert run.finished


def test_back_skip_and_restart_rebuild_the_same_positions() -> None:
    run = LessonRun(lesson_from(LESSON))
    run.next()
    start = run.match.state
    run.skip()
    run.play_computer()
    after = run.match.state
    run.back()  # over Ada's move, back to the learner's step
    assert run.index == 1 and run.match.state == start
    run.skip()
    run.play_computer()
    assert run.match.state == after
    run.restart()
    assert run.index == 0


def test_the_catalogue_sees_every_lesson_text() -> None:
    texts = {text for _line, text in lesson_texts(LESSON)}
    assert {"Welcome.", "A red 1 fits beside the 2.", "Ada", "That is Dice Box."} <= texts


def test_the_learner_plays_under_their_own_name() -> None:
    """The rules' log names the learner as any player ("Sam places ..."), not "You places ..."."""
    run = LessonRun(lesson_from(LESSON), learner_name="Sam")
    assert [seat.name for seat in run.match.seats] == ["Sam", "Ada"]
    run.restart()
    assert run.match.seats[0].name == "Sam"
