"""What the new-game screen has chosen so far, apart from any widget: who sits in each seat (a `SeatDraft`
each, human or computer and its level, a colour), how many seats are in play, each option's value and the
game's own setup panel, and what the rules say of them (the options the game starts with, a switch that
cannot apply with the rest). Also the choices as the text remembered for the next time the game is set up.

The screen's cards show and change these; Start makes the match from `options()` and `seats()`.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from dataclasses import dataclass
from typing import Any

from rainbowtable.core.game import AnyRules
from rainbowtable.core.match import Match
from rainbowtable.core.options import option_specs
from rainbowtable.core.seats import SEAT_COLOURS, Level, Seat, SeatKind
from rainbowtable.ui.i18n import N_, _
from rainbowtable.ui.table.entry import SetupPanel

NAME_LIMIT = 24

KIND_CHOICES: tuple[tuple[str, str], ...] = (
    ("human", N_("Human")),
    ("easy", N_("Computer · easy")),
    ("medium", N_("Computer · medium")),
    ("hard", N_("Computer · hard")),
)
LEVEL_LINES: tuple[tuple[Level, str], ...] = (
    (Level.EASY, N_("Easy plays sensible moves, with a beginner's slips.")),
    (Level.MEDIUM, N_("Medium plays the best move it sees this turn.")),
    (Level.HARD, N_("Hard looks ahead before every move and plays to win.")),
)
"""What each computer level does, shown under the seats for the levels at the table (issue 10: the levels
are named by what they do)."""


@dataclass
class SeatDraft:
    name: str
    kind: SeatKind
    level: Level
    colour: str
    typed: bool = False  # the player typed this name, so changing the kind must not replace it

    @property
    def kind_id(self) -> str:
        return "human" if self.kind is SeatKind.HUMAN else self.level.value

    def default_name(self, index: int) -> str:
        if self.kind is SeatKind.HUMAN:
            return _("Player {n}").format(n=index + 1)
        return _("Computer {n}").format(n=index + 1)

    def to_seat(self, index: int) -> Seat:
        return Seat(self.name.strip() or self.default_name(index), self.kind, self.level, self.colour)


def kind_option(kind_id: str) -> tuple[str, str]:
    for key, label in KIND_CHOICES:
        if key == kind_id:
            return _(label), key
    return _(KIND_CHOICES[0][1]), KIND_CHOICES[0][0]


class SetupChoices:
    """The seats and options of one game being set up.

    Opens as the previous match (a rematch: the same people and options), else as the game was last set up
    (`last`, the remembered text), with a builder's board in it when one is given. `opening` is the options
    the game's setup panel starts from; `panel` is that panel once the screen has made it.
    """

    def __init__(self, rules: AnyRules, previous: Match | None, board: Any, last: str | None) -> None:
        self.rules = rules
        self.specs = option_specs(rules.options_type)
        most = rules.seat_counts[-1]
        self.drafts: list[SeatDraft] = []
        for i in range(most):
            kind = SeatKind.HUMAN if i == 0 else SeatKind.COMPUTER
            draft = SeatDraft("", kind, Level.MEDIUM, SEAT_COLOURS[i % len(SEAT_COLOURS)])
            draft.name = draft.default_name(i)
            self.drafts.append(draft)
        self.seat_count = rules.seat_counts[0]
        options = rules.default_options()
        if previous is not None and previous.rules.id == rules.id:
            # Rematch: the same people and options, a new game number.
            self.seat_count = len(previous.seats)
            for i, seat in enumerate(previous.seats[:most]):
                self.drafts[i] = SeatDraft(seat.name, seat.kind, seat.level, seat.colour, typed=True)
            options = previous.options
        self.values: dict[str, Any] = {spec.name: getattr(options, spec.name) for spec in self.specs}
        self.base_options = options
        if previous is None and last is not None:
            self._restore(last)
        if board is not None:
            # Play from a builder: the last setup's seats and options, with the builder's board in them (the
            # options the board sets, which differ from the game's defaults, and the fields no option shows).
            defaults = rules.default_options()
            for spec in self.specs:
                if getattr(board, spec.name) != getattr(defaults, spec.name):
                    self.values[spec.name] = getattr(board, spec.name)
            self.base_options = board
            options = dataclasses.replace(board, **self.values)
        self.opening = options
        # Options that cannot apply with the rest of the setup (why), shown off and greyed.
        self.blocked: dict[str, str] = {}
        self.panel: SetupPanel | None = None

    # what the game starts with -----------------------------------------------------------------------
    def options(self) -> Any:
        options = dataclasses.replace(self.base_options, **self.values)
        if self.panel is not None:
            options = self.panel.apply(options, self.seat_count)
        return options

    def seats(self) -> tuple[Seat, ...]:
        return tuple(draft.to_seat(i) for i, draft in enumerate(self.drafts[: self.seat_count]))

    def problem(self) -> str | None:
        """Why the rules (or the game's panel) will not start a game with these seats and options."""
        try:
            options = self.options()
        except (TypeError, ValueError) as error:
            return str(error)
        problem = self.rules.option_problem(options, self.seat_count)
        if problem:
            return problem
        if self.panel is not None:
            problem = self.panel.problem(self.seat_count)
            if problem:
                return problem
        return None

    # options that cannot apply -----------------------------------------------------------------------
    def refresh_blocked(self) -> bool:
        """A switch that would make the setup unplayable (two colours each with 4 players) is turned off and
        greyed, with the rules' reason beside it, rather than left on to block Start. True when the greyed
        switches changed."""
        blocked: dict[str, str] = {}
        for spec in self.specs:
            if spec.kind != "bool":
                continue
            try:
                on = self.rules.option_problem(self._options_with(spec.name, True), self.seat_count)
                off = self.rules.option_problem(self._options_with(spec.name, False), self.seat_count)
            except (TypeError, ValueError):
                continue
            if on and not off:
                blocked[spec.name] = on
                if self.values[spec.name]:
                    self.values[spec.name] = False
        changed = blocked != self.blocked
        self.blocked = blocked
        return changed

    def _options_with(self, name: str, value: Any) -> Any:
        values = dict(self.values)
        values[name] = value
        options = dataclasses.replace(self.base_options, **values)
        if self.panel is not None:
            options = self.panel.apply(options, self.seat_count)
        return options

    # seats -------------------------------------------------------------------------------------------
    def fix_colours(self) -> None:
        """No two seats at the table share a colour: a seat that clashes with an earlier one takes the
        first free colour."""
        used: set[str] = set()
        for draft in self.drafts[: self.seat_count]:
            if draft.colour in used or draft.colour not in SEAT_COLOURS:
                draft.colour = next(c for c in SEAT_COLOURS if c not in used)
            used.add(draft.colour)

    def cycle_colour(self, index: int) -> None:
        taken = {d.colour for i, d in enumerate(self.drafts[: self.seat_count]) if i != index}
        draft = self.drafts[index]
        start = SEAT_COLOURS.index(draft.colour) if draft.colour in SEAT_COLOURS else -1
        for step in range(1, len(SEAT_COLOURS) + 1):
            candidate = SEAT_COLOURS[(start + step) % len(SEAT_COLOURS)]
            if candidate not in taken:
                draft.colour = candidate
                return

    def swap_seats(self, a: int, b: int) -> None:
        drafts = self.drafts
        drafts[a], drafts[b] = drafts[b], drafts[a]
        for i in (a, b):
            if not drafts[i].typed:
                drafts[i].name = drafts[i].default_name(i)

    def set_kind(self, index: int, kind_id: str) -> bool:
        """Seat `index` is a person or a computer of a level; True when its name changed with it (a name
        the player did not type follows the kind)."""
        draft = self.drafts[index]
        was_default = not draft.typed and draft.name == draft.default_name(index)
        if kind_id == "human":
            draft.kind = SeatKind.HUMAN
        else:
            draft.kind = SeatKind.COMPUTER
            draft.level = Level(kind_id)
        if was_default or not draft.name.strip():
            draft.name = draft.default_name(index)
            return True
        return False

    def level_lines(self) -> list[str]:
        """What the computer levels at the table do, one line each, easiest first (none for a table of
        people)."""
        present = {d.level for d in self.drafts[: self.seat_count] if d.kind is SeatKind.COMPUTER}
        return [_(line) for level, line in LEVEL_LINES if level in present]

    # remembered setups -------------------------------------------------------------------------------
    def setup_text(self) -> str:
        """These choices as JSON text (seats and the options that are plain values)."""
        values: dict[str, Any] = {}
        for spec in self.specs:
            value = self.values.get(spec.name)
            if isinstance(value, enum.Enum):
                value = value.value
            if isinstance(value, bool | int | str):
                values[spec.name] = value
        seats = [
            {"name": d.name if d.typed else "", "kind": d.kind_id, "colour": d.colour}
            for d in self.drafts[: self.seat_count]
        ]
        return json.dumps({"seats": seats, "count": self.seat_count, "values": values}, ensure_ascii=False)

    def _restore(self, text: str) -> None:
        """Open as this game was last set up (seats and options); anything that no longer fits is skipped."""
        try:
            body = json.loads(text)
            count = body.get("count")
            seats = body.get("seats", [])
            values = body.get("values", {})
        except (ValueError, AttributeError):
            return
        if isinstance(count, int) and count in self.rules.seat_counts:
            self.seat_count = count
        if isinstance(seats, list):
            for i, seat in enumerate(seats[: len(self.drafts)]):
                if isinstance(seat, dict):
                    self._restore_seat(i, seat)
        if isinstance(values, dict):
            self._restore_values(values)

    def _restore_seat(self, i: int, seat: dict[str, Any]) -> None:
        draft = self.drafts[i]
        kind = seat.get("kind")
        if kind == "human":
            draft.kind = SeatKind.HUMAN
        elif kind in {level.value for level in Level}:
            draft.kind, draft.level = SeatKind.COMPUTER, Level(kind)
        name = seat.get("name")
        if isinstance(name, str) and name.strip():
            draft.name, draft.typed = name[:NAME_LIMIT], True
        else:
            draft.name = draft.default_name(i)
        if seat.get("colour") in SEAT_COLOURS:
            draft.colour = seat["colour"]

    def _restore_values(self, values: dict[str, Any]) -> None:
        for spec in self.specs:
            value = values.get(spec.name)
            current = self.values.get(spec.name)
            try:
                if spec.kind == "enum" and spec.enum_type is not None and value is not None:
                    self.values[spec.name] = spec.enum_type(value)
                elif spec.kind == "bool" and isinstance(value, bool):
                    self.values[spec.name] = value
                elif spec.kind == "int" and isinstance(value, int) and not isinstance(value, bool):
                    low = spec.minimum if spec.minimum is not None else value
                    high = spec.maximum if spec.maximum is not None else value
                    self.values[spec.name] = min(max(value, low), high)
                elif spec.kind == "text" and isinstance(value, str) and isinstance(current, str):
                    self.values[spec.name] = value
            except (ValueError, TypeError):
                continue
