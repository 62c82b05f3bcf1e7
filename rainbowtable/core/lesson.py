"""A guided first game (issue 44): a lesson is data, read from `games/<id>/lesson.toml`, and played here.

A lesson is a real game on a fixed seed and fixed seats, driven by the rules, in steps. Each step is one or
two sentences (`say`, English, shown through the catalogues like every other text) and either nothing to do
(the player reads and goes on), or the decisions that complete it (`do`: any one of them, each checked
against the rules' legal actions where the step meets it), made by the learner or, at a slower pace, by a
computer seat (`by`). What the table lights follows from those decisions (the table asks the game's input
part for each one's piece and target), so a lesson names no pixels.

The file is checked where it is decoded, like everything read from outside, and `check` walks every step
of every branch the alternatives open: a lesson the rules no longer allow fails a test, never a player.

`LessonRun` is the headless runner the table drives: it offers each decision to the current step and
answers with the rule's own reason plus the lesson's hint when it is not the one the step asks for; Back,
Skip and Restart rebuild the position from the seed and the decisions made, so no randomness is spent twice.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from rainbowtable.core.game import AnyRules, Chance, Finished, Players
from rainbowtable.core.i18n import _
from rainbowtable.core.json_codec import DecodeError, decode_action, from_json_value, to_json_value
from rainbowtable.core.match import Match
from rainbowtable.core.options import option_value_problem
from rainbowtable.core.seats import Level, Seat, SeatKind

LESSON_FILE = "lesson.toml"
MAX_STEPS = 200
MAX_TEXT = 600  # characters of one step's text: a card beside the board, not a page
MAX_CHOICES = 64  # alternatives one step accepts
MAX_BRANCH_WALK = 20_000  # steps `check` walks over every alternative before it gives up
CHANCE = "chance"
"""A step's `do` that is the learner letting the pending chance event happen (a stuck player's re-roll):
the table's button for it, as in a real game."""


class LessonError(ValueError):
    """A lesson file that cannot be read or that the rules do not allow; the message says where."""


@dataclass(frozen=True, slots=True)
class LessonSeat:
    name: str  # English; translated when shown ("You", "Ada")
    computer: bool = False


@dataclass(frozen=True, slots=True)
class LessonStep:
    say: str
    """What the card says (English msgid)."""
    do: tuple[Any, ...] = ()
    """The decisions that complete the step (any one of them), or (CHANCE,); empty: read and go on."""
    by: int | None = None
    """The seat whose decisions `do` are (None with an empty `do`)."""
    hint: str = ""
    """What the card adds when the learner tries something else (English msgid)."""
    ahead: tuple[Any, ...] = ()
    """Decisions the table plays for whoever decides, briskly, before this step's card: the game moves on
    to where the step's point can be seen (a stuck hand late in the game), without a card for each move."""


@dataclass(frozen=True, slots=True)
class Lesson:
    game_id: str
    title: str
    minutes: int
    seed: int
    seats: tuple[LessonSeat, ...]
    options: Any
    steps: tuple[LessonStep, ...]
    ending: str
    """The last card's words, before "Play a real game"."""
    rules: AnyRules = field(compare=False, repr=False)

    @property
    def learner(self) -> int:
        """The seat the person at the table plays: the first that is not a computer."""
        return next(i for i, seat in enumerate(self.seats) if not seat.computer)

    def match_seats(self, learner_name: str = "") -> tuple[Seat, ...]:
        """The seats as the match knows them; the learner's seat takes `learner_name` when given (the
        player's own name, so the rules' log reads "Sam places ..." rather than "You places ...")."""
        return tuple(
            Seat(
                learner_name if learner_name and i == self.learner else _(s.name),
                SeatKind.COMPUTER if s.computer else SeatKind.HUMAN,
                Level.EASY,
            )
            for i, s in enumerate(self.seats)
        )

    def new_match(self, learner_name: str = "") -> Match:
        """The lesson's game at its start: fixed seed, fixed seats."""
        return Match(self.rules, self.options, self.match_seats(learner_name), self.seed)


# --- reading ------------------------------------------------------------------------------------------------
def load_lesson(rules: AnyRules) -> Lesson | None:
    """The lesson shipped in the game's folder, or None when the game has none. Raises LessonError."""
    package = f"rainbowtable.games.{rules.id}"
    try:
        data = resources.files(package).joinpath(LESSON_FILE).read_bytes()
    except (FileNotFoundError, ModuleNotFoundError):
        return None
    return parse_lesson(data, rules)


def parse_lesson(data: bytes, rules: AnyRules) -> Lesson:
    """A lesson from the bytes of its TOML file, every value checked. Raises LessonError."""
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise LessonError(f"{rules.id} lesson: not TOML: {error}") from None
    try:
        return _decode(raw, rules)
    except DecodeError as error:
        raise LessonError(f"{rules.id} lesson: {error}") from None


def _text(value: Any, where: str, *, empty: bool = False) -> str:
    if not isinstance(value, str) or (not value.strip() and not empty) or len(value) > MAX_TEXT:
        raise DecodeError(f"{where}: expected a text of 1 to {MAX_TEXT} characters")
    if any(ord(c) < 32 and c not in "\n" for c in value):
        raise DecodeError(f"{where}: control characters are not allowed")
    return " ".join(value.split())


def _int(value: Any, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise DecodeError(f"{where}: expected a whole number from {low} to {high}")
    return value


def _decode(raw: dict[str, Any], rules: AnyRules) -> Lesson:
    known = {"game", "title", "minutes", "seed", "seats", "options", "steps", "ending"}
    if unknown := sorted(set(raw) - known):
        raise DecodeError(f"$: unknown keys {unknown}")
    if raw.get("game") != rules.id:
        raise DecodeError(f"$.game: expected {rules.id!r}")
    seats_raw = raw.get("seats")
    if not isinstance(seats_raw, list) or len(seats_raw) not in rules.seat_counts:
        raise DecodeError(f"$.seats: expected a list of {rules.seat_counts.start}+ seats")
    seats = tuple(_seat(s, f"$.seats[{i}]") for i, s in enumerate(seats_raw))
    if all(s.computer for s in seats):
        raise DecodeError("$.seats: the learner needs a seat")
    overrides = raw.get("options", {})
    if not isinstance(overrides, dict):
        raise DecodeError("$.options: expected a table")
    merged = {**to_json_value(rules.default_options()), **overrides}
    options = from_json_value(merged, rules.options_type, "$.options")
    problem = option_value_problem(options) or rules.option_problem(options, len(seats))
    if problem is not None:
        raise DecodeError(f"$.options: {problem}")
    steps_raw = raw.get("steps")
    if not isinstance(steps_raw, list) or not 1 <= len(steps_raw) <= MAX_STEPS:
        raise DecodeError(f"$.steps: expected 1 to {MAX_STEPS} steps")
    steps = tuple(_step(s, f"$.steps[{i}]", rules, len(seats)) for i, s in enumerate(steps_raw))
    return Lesson(
        game_id=rules.id,
        title=_text(raw.get("title"), "$.title"),
        minutes=_int(raw.get("minutes"), "$.minutes", 1, 30),
        seed=_int(raw.get("seed"), "$.seed", 0, 2**63 - 1),
        seats=seats,
        options=options,
        steps=steps,
        ending=_text(raw.get("ending"), "$.ending"),
        rules=rules,
    )


def _seat(value: Any, where: str) -> LessonSeat:
    if not isinstance(value, dict) or set(value) - {"name", "computer"}:
        raise DecodeError(f"{where}: expected {{name = ..., computer = true|false}}")
    computer = value.get("computer", False)
    if not isinstance(computer, bool):
        raise DecodeError(f"{where}.computer: expected true or false")
    return LessonSeat(_text(value.get("name"), f"{where}.name")[:40], computer)


def _step(value: Any, where: str, rules: AnyRules, seat_count: int) -> LessonStep:
    if not isinstance(value, dict) or set(value) - {"say", "do", "by", "hint", "ahead"}:
        raise DecodeError(f"{where}: expected a step with say, and do/by/hint where it asks for a move")
    say = _text(value.get("say"), f"{where}.say")
    hint = _text(value.get("hint", ""), f"{where}.hint", empty=True)
    do_raw = value.get("do", [])
    if isinstance(do_raw, (dict, str)):
        do_raw = [do_raw]
    if not isinstance(do_raw, list) or len(do_raw) > MAX_CHOICES:
        raise DecodeError(f"{where}.do: expected up to {MAX_CHOICES} actions")
    do = tuple(
        CHANCE if item == CHANCE else decode_action(item, rules.action_types, f"{where}.do[{i}]")
        for i, item in enumerate(do_raw)
    )
    if CHANCE in do and len(do) != 1:
        raise DecodeError(f"{where}.do: a chance step has nothing else to do")
    by = value.get("by")
    if do and by is None:
        raise DecodeError(f"{where}.by: whose decision is it?")
    if by is not None:
        by = _int(by, f"{where}.by", 0, seat_count - 1)
    ahead_raw = value.get("ahead", [])
    if not isinstance(ahead_raw, list) or len(ahead_raw) > MAX_STEPS:
        raise DecodeError(f"{where}.ahead: expected up to {MAX_STEPS} actions")
    ahead = tuple(
        decode_action(item, rules.action_types, f"{where}.ahead[{i}]") for i, item in enumerate(ahead_raw)
    )
    return LessonStep(say=say, do=do, by=by, hint=hint, ahead=ahead)


# --- checking -----------------------------------------------------------------------------------------------
def check(lesson: Lesson) -> list[str]:
    """Every problem the rules find in the lesson: a step whose decision is not legal where the step meets
    it, over every branch its alternatives open. Empty: the lesson can be played to its end."""
    problems: list[str] = []
    budget = [MAX_BRANCH_WALK]

    def walk(match: Match, index: int, path: str) -> None:
        while index < len(lesson.steps):
            budget[0] -= 1
            if budget[0] < 0:
                problems.append("too many branches to check: fewer alternatives, please")
                return
            step = lesson.steps[index]
            problem = _enter(match, lesson, index) or _step_problem(match, step)
            if problem is not None:
                problems.append(f"step {index + 1}{path}: {problem}")
                return
            if len(step.do) > 1:
                for i, action in enumerate(step.do[1:], start=1):
                    branch = _copy(match)
                    _take(branch, step, action)
                    walk(branch, index + 1, f"{path} (after choice {i + 1} of step {index + 1})")
            if step.do:
                _take(match, step, step.do[0])
            index += 1

    walk(lesson.new_match(), 0, "")
    return problems


def _copy(match: Match) -> Match:
    copy = Match(match.rules, match.options, match.seats, match.seed)
    copy.steps = list(match.steps)
    return copy


def _play_ahead(match: Match, step: LessonStep) -> str | None:
    """Play a step's `ahead` decisions, each for the seat to decide; a problem where one is not legal."""
    for n, action in enumerate(step.ahead, start=1):
        match.advance()
        who = match.to_act()
        if not isinstance(who, Players):
            return f"ahead move {n}: nobody decides here"
        reason = match.rules.why_illegal(match.state, action)
        if reason is not None:
            return f"ahead move {n} ({action}) is not legal: {reason}"
        match.play(action, who.seats[0])
    return None


def _holds_chance(lesson: Lesson, index: int) -> bool:
    """Whether the next decision from step `index` on is the learner's own chance event (a re-roll): the
    table then leaves it pending through the reading steps before it, for the learner's button."""
    for j in range(index, len(lesson.steps)):
        step = lesson.steps[j]
        if j > index and step.ahead:
            return False
        if step.do:
            return step.do == (CHANCE,)
    return False


def _enter(match: Match, lesson: Lesson, index: int) -> str | None:
    """Arrive at step `index`: play its `ahead` moves, then let chance events happen until someone decides
    (unless the learner's own roll is next). A problem when an `ahead` move is not legal."""
    problem = _play_ahead(match, lesson.steps[index])
    if problem is None and not _holds_chance(lesson, index):
        match.advance()
    return problem


def _step_problem(match: Match, step: LessonStep) -> str | None:
    if step.do == (CHANCE,):
        return None if isinstance(match.to_act(), Chance) else "no chance event is pending"
    who = match.to_act()
    if isinstance(who, Finished):
        return "the game is over" if step.do else None
    if not step.do:
        return None
    assert isinstance(who, Players)
    if step.by not in who.seats:
        return f"seat {step.by} does not decide here (seats {list(who.seats)} do)"
    for action in step.do:
        reason = match.rules.why_illegal(match.state, action)
        if reason is not None:
            return f"{action} is not legal: {reason}"
    return None


def _take(match: Match, step: LessonStep, action: Any) -> None:
    if action == CHANCE:
        match.resolve_chance()
    else:
        match.play(action, step.by)


# --- running ------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Refused:
    """The learner's move was not the step's: the rule's own reason (if it broke one) and the hint."""

    reason: str
    hint: str


class LessonRun:
    """A lesson being played. The table shows `step`, lights its decisions, lets the learner try moves
    (`offer`), plays computer steps (`play_computer`) and turns pages (`next`, `back`, `skip`, `restart`)."""

    def __init__(self, lesson: Lesson, learner_name: str = "") -> None:
        self.lesson = lesson
        self.learner_name = learner_name
        self.chosen: list[Any] = []  # the decision taken at each step so far (None for reading steps)
        self.match = lesson.new_match(learner_name)
        self._settle()

    @property
    def index(self) -> int:
        return len(self.chosen)

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> LessonStep | None:
        return None if self.finished else self.lesson.steps[self.index]

    @property
    def learners_turn(self) -> bool:
        """The current step waits for the learner's decision (rather than a page turn or the computer)."""
        step = self.step
        return step is not None and bool(step.do) and step.by == self.lesson.learner

    def _settle(self) -> None:
        """Enter the current step: play its `ahead` moves, then let chance events happen until someone
        decides, unless the step waits on the learner's own roll."""
        if self.finished:
            self.match.advance()
            return
        problem = _enter(self.match, self.lesson, self.index)
        if problem is not None:
            raise LessonError(f"{self.lesson.game_id} lesson, step {self.index + 1}: {problem}")

    def wanted(self) -> tuple[Any, ...]:
        """The decisions that complete the current step (what the table lights)."""
        step = self.step
        return step.do if step is not None else ()

    def offer(self, action: Any) -> Refused | None:
        """The learner tries `action`: played and the lesson goes on (None), or refused with words."""
        step = self.step
        if step is None or not self.learners_turn:
            return Refused(_("Read the card, then go on."), "")
        hint = _(step.hint) if step.hint else ""
        if action in step.do:
            _take(self.match, step, action)
            self.chosen.append(action)
            self._settle()
            return None
        reason = (self.match.rules.why_illegal(self.match.state, action) if action != CHANCE else None) or _(
            "That is a fine move in a real game, but this step asks for another one."
        )
        return Refused(reason, hint)

    def next(self) -> bool:
        """Turn the page of a reading step; False when the step asks for a move."""
        step = self.step
        if step is None or step.do:
            return False
        self.chosen.append(None)
        self._settle()
        return True

    def play_computer(self) -> Any | None:
        """Play the current step's decision for a computer seat; the action played, or None."""
        step = self.step
        if step is None or not step.do or step.by == self.lesson.learner:
            return None
        action = step.do[0]
        _take(self.match, step, action)
        self.chosen.append(action)
        self._settle()
        return action

    def skip(self) -> None:
        """Do the step for the learner (its first decision) or turn its page."""
        step = self.step
        if step is None:
            return
        if step.do:
            _take(self.match, step, step.do[0])
            self.chosen.append(step.do[0])
            self._settle()
        else:
            self.next()

    def back(self) -> None:
        """One step back: the position rebuilt from the seed and the decisions before it. A step the
        computer played is stepped over too, so Back lands where the learner last read or moved."""
        keep = list(self.chosen)
        while keep:
            keep.pop()
            index = len(keep)
            step = self.lesson.steps[index]
            if not (step.do and step.by != self.lesson.learner):
                break
        self._replay(keep)

    def restart(self) -> None:
        self._replay([])

    def _replay(self, chosen: Sequence[Any]) -> None:
        self.match = self.lesson.new_match(self.learner_name)
        self.chosen = []
        self._settle()
        for action in chosen:
            step = self.lesson.steps[self.index]
            if action is not None:
                _take(self.match, step, action)
            self.chosen.append(action)
            self._settle()


def lesson_texts(data: bytes) -> list[tuple[int, str]]:
    """(line, text) of every word a lesson file shows, for the catalogue's template."""
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return []
    texts: list[str] = []
    for key in ("title", "ending"):
        if isinstance(raw.get(key), str):
            texts.append(raw[key])
    for seat in raw.get("seats", []):
        if isinstance(seat, dict) and isinstance(seat.get("name"), str):
            texts.append(seat["name"])
    for step in raw.get("steps", []):
        if isinstance(step, dict):
            texts.extend(step[k] for k in ("say", "hint") if isinstance(step.get(k), str) and step[k])
    lines = data.decode("utf-8").splitlines()

    def line_of(text: str) -> int:
        start = text.split()[0] if text.split() else text
        return next((n for n, line in enumerate(lines, start=1) if start in line), 0)

    return [(line_of(t), " ".join(t.split())) for t in texts]
