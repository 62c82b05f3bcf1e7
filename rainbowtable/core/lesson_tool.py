"""`python -m rainbowtable.core.lesson_tool GAME [--file PATH]`: walk a lesson as an author writes it.

Prints every step with the log lines of the moves it makes (the rules' own words), and where the lesson
stops (its end, or the first step the rules refuse), the seat to decide and its legal actions written as a
lesson file writes them, ready to paste into `do = [...]` or `ahead = [...]`. For authors only: the table
never imports it.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rainbowtable.core.game import Players, render
from rainbowtable.core.json_codec import encode_action
from rainbowtable.core.lesson import CHANCE, LessonError, LessonRun, check, load_lesson, parse_lesson
from rainbowtable.games import rules_by_id


def _inline(action: object) -> str:
    """An action as a TOML inline table (JSON lists and numbers read the same in TOML)."""
    body = encode_action(action)
    return "{ " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in body.items()) + " }"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rainbowtable.core.lesson_tool")
    parser.add_argument("game")
    parser.add_argument("--file", type=Path, help="a lesson file being written (default: the shipped one)")
    args = parser.parse_args(argv)
    rules = rules_by_id(args.game)
    try:
        lesson = parse_lesson(args.file.read_bytes(), rules) if args.file else load_lesson(rules)
    except LessonError as error:
        print(error)
        return 2
    if lesson is None:
        print(f"{args.game} has no lesson yet")
        return 1
    problems = check(lesson)
    names = [seat.name for seat in lesson.seats]
    try:
        run = LessonRun(lesson)
    except LessonError as error:
        print(error)
        return 2
    try:
        while not run.finished:
            step = run.step
            assert step is not None
            seen = len(run.match.steps)
            print(f"--- step {run.index + 1}: {step.say}")
            if step.do:
                action = step.do[0]
                if step.by == lesson.learner:
                    run.skip()
                else:
                    run.play_computer()
                if action == CHANCE:
                    print("    (the learner's roll)")
            else:
                run.next()
            steps = run.match.steps
            for n in range(seen, len(steps)):
                before = steps[n - 1].state if n else run.match.initial_state
                print("    ", render(rules.describe(before, steps[n].action), names))
    except LessonError as error:
        print(error)
    print("problems:", problems or "none")
    who = run.match.to_act()
    if isinstance(who, Players):
        print(f"seat {who.seats} decides; legal actions:")
        for action in rules.legal_actions(run.match.state):
            print("   ", _inline(action))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
