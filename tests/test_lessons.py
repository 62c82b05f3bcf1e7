"""Every shipped lesson is legal against the current rules and plays to its end (issue 44, "Learn to play":
"a lesson whose game changed under it fails a test, not a player"; "a test that every lesson step is legal
against the current rules"), and each one says all of its words in Dutch too."""

from __future__ import annotations

import gettext

import pytest

from rainbowtable.core.i18n import DOMAIN, locale_dir
from rainbowtable.core.lesson import CHANCE, LessonRun, check, lesson_texts, load_lesson
from rainbowtable.games import GAMES, rules_by_id

LESSONS = [entry.id for entry in GAMES if load_lesson(rules_by_id(entry.id)) is not None]


@pytest.mark.parametrize("game_id", LESSONS)
def test_every_step_of_the_lesson_is_legal_on_every_branch(game_id: str) -> None:
    lesson = load_lesson(rules_by_id(game_id))
    assert lesson is not None
    assert check(lesson) == []
    assert 1 <= lesson.minutes <= 5, "a lesson takes two to five minutes"


@pytest.mark.parametrize("game_id", LESSONS)
def test_the_lesson_plays_to_its_end_with_the_learner_taking_each_step(game_id: str) -> None:
    lesson = load_lesson(rules_by_id(game_id))
    assert lesson is not None
    run = LessonRun(lesson)
    moves = 0
    while not run.finished:
        step = run.step
        assert step is not None
        if not step.do:
            assert run.next()
        elif step.by == lesson.learner:
            assert run.learners_turn
            assert run.offer(step.do[-1]) is None  # any of the step's alternatives will do
            moves += 1
        else:
            assert run.play_computer() is not None
    assert moves >= 3, "the learner makes moves, not only reads"


@pytest.mark.parametrize("game_id", LESSONS)
def test_every_lesson_text_is_in_dutch(game_id: str) -> None:
    from importlib import resources

    data = resources.files(f"rainbowtable.games.{game_id}").joinpath("lesson.toml").read_bytes()
    dutch = gettext.translation(DOMAIN, locale_dir(), languages=["nl"])
    lesson = load_lesson(rules_by_id(game_id))
    assert lesson is not None
    names = {seat.name for seat in lesson.seats}  # a name may read the same in Dutch ("Ada")
    missing = [t for _line, t in lesson_texts(data) if dutch.gettext(t) == t and t not in names]
    assert missing == []


def test_the_dice_box_lesson_holds_the_re_roll_for_the_learners_button() -> None:
    """dice_box.md §2.4 step 4: a stuck player re-rolls the whole hand; in the lesson it waits for the
    learner's own press, through the reading steps before it."""
    lesson = load_lesson(rules_by_id("dice_box"))
    assert lesson is not None
    run = LessonRun(lesson)
    while run.step is not None and run.step.do != (CHANCE,):
        step = run.step
        if not step.do:
            run.next()
        elif step.by == lesson.learner:
            run.skip()
        else:
            run.play_computer()
    from rainbowtable.core.game import Chance

    assert isinstance(run.match.to_act(), Chance)
    hand = len(run.match.state.hands[0])
    before = len(run.match.steps)
    assert run.offer(CHANCE) is None
    rolled = run.match.steps[before].action  # the learner's roll first (then Ada's, who was stuck too)
    assert rolled.seat == 0 and len(rolled.values) == hand
