"""A throwaway sixth game for the table tests: Nim with a secret. Three heaps of stones; a turn takes one to
three stones from one heap; whoever takes the last stone wins. At the start each seat is dealt a secret
lucky number that only it may see (the game hides information), so the table must draw and the computer
must decide from `observe`. It lives in the tests: the table meets it only through the two lists.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pygame

from rainbowtable.core.game import (
    Chance,
    Finished,
    IllegalAction,
    Outcome,
    Players,
    RulesBase,
    ToAct,
    Words,
    say,
)
from rainbowtable.core.match import Match
from rainbowtable.core.options import option
from rainbowtable.core.rng import Rng
from rainbowtable.core.seats import Level, Seat, SeatKind
from rainbowtable.games.entry import GameEntry, Loaded
from rainbowtable.ui import draw, theme
from rainbowtable.ui.table.entry import GameUI
from rainbowtable.ui.table.view import (
    BoardDrawing,
    BoardInput,
    BoardLayout,
    BoardMotion,
    GameView,
    Look,
    TableButton,
)

HIDDEN = 0  # a secret nobody may see here


class HeapSize(enum.Enum):
    SMALL = "small"
    LARGE = "large"


@dataclass(frozen=True, slots=True)
class NimOptions:
    heaps: HeapSize = option(HeapSize.SMALL, "Heaps", "Small heaps (3, 4, 5) or large ones (5, 7, 9).")
    misere: bool = option(False, "Misère", "Whoever takes the last stone loses.")


@dataclass(frozen=True, slots=True)
class NimState:
    options: NimOptions
    seat_count: int
    heaps: tuple[int, ...]
    current: int
    secrets: tuple[int, ...]  # each seat's lucky number; 0 until dealt, or hidden from the viewer
    dealt: bool = False
    winner: int | None = None


@dataclass(frozen=True, slots=True)
class TakeStones:
    heap: int
    count: int


@dataclass(frozen=True, slots=True)
class SecretsDealt:
    secrets: tuple[int, ...]


class NimRules(RulesBase[NimState, Any, NimOptions]):
    id = "nim"
    title = "Nim"
    seat_counts = range(2, 4)
    rules_version = 1
    options_type = NimOptions
    state_type = NimState
    action_types = (TakeStones, SecretsDealt)
    hides_information = True

    def default_options(self) -> NimOptions:
        return NimOptions()

    def new_game(self, options: NimOptions, seat_count: int) -> NimState:
        heaps = (3, 4, 5) if options.heaps is HeapSize.SMALL else (5, 7, 9)
        return NimState(options, seat_count, heaps, 0, (HIDDEN,) * seat_count)

    def to_act(self, state: NimState) -> ToAct:
        if not state.dealt:
            return Chance("the secrets", caption="Dealing")
        if state.winner is not None:
            scores = tuple(1 if s == state.winner else 0 for s in range(state.seat_count))
            return Finished(Outcome(scores, frozenset({state.winner}), say(state.winner, " wins.")))
        return Players((state.current,), "Take one to three stones from a heap.")

    def legal_actions(self, state: NimState) -> list[Any]:
        if not isinstance(self.to_act(state), Players):
            return []
        return [TakeStones(h, n) for h, size in enumerate(state.heaps) for n in range(1, min(3, size) + 1)]

    def why_illegal(self, state: NimState, action: Any) -> str | None:
        who = self.to_act(state)
        if isinstance(action, SecretsDealt):
            return None if isinstance(who, Chance) else "The secrets are dealt already."
        if not isinstance(who, Players):
            return "Nobody may take stones now."
        if not 0 <= action.heap < len(state.heaps):
            return "There is no such heap."
        if not 1 <= action.count <= 3:
            return "Take one to three stones."
        if action.count > state.heaps[action.heap]:
            return "That heap has fewer stones."
        return None

    def apply(self, state: NimState, action: Any) -> NimState:
        reason = self.why_illegal(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        if isinstance(action, SecretsDealt):
            return replace(state, secrets=action.secrets, dealt=True)
        heaps = list(state.heaps)
        heaps[action.heap] -= action.count
        winner = None
        if not any(heaps):
            winner = (state.current + 1) % state.seat_count if state.options.misere else state.current
        return replace(
            state, heaps=tuple(heaps), current=(state.current + 1) % state.seat_count, winner=winner
        )

    def sample_chance(self, state: NimState, rng: Rng) -> Any:
        return SecretsDealt(tuple(rng.below(9) + 1 for _ in range(state.seat_count)))

    def observe(self, state: NimState, seat: int | None) -> NimState:
        secrets = tuple(s if seat == i else HIDDEN for i, s in enumerate(state.secrets))
        return replace(state, secrets=secrets)

    def determinise(self, observed: NimState, seat: int, rng: Rng) -> NimState:
        secrets = tuple(s if s != HIDDEN else rng.below(9) + 1 for s in observed.secrets)
        return replace(observed, secrets=secrets)

    def describe(self, state: NimState, action: Any) -> Words:
        if isinstance(action, SecretsDealt):
            return say("Everyone is dealt a secret lucky number.")
        return say(state.current, f" takes {action.count} from heap {action.heap + 1}.")

    def seat_summary(self, state: NimState, seat: int) -> str:
        return f"lucky {state.secrets[seat]}" if state.secrets[seat] else "secret"

    def scores(self, state: NimState) -> tuple[int, ...]:
        return tuple(1 if s == state.winner else 0 for s in range(state.seat_count))


RULES = NimRules()


def finished_match(seed: int = 7) -> Match:
    """A game of Nim between a person and a computer at Hard, each taking the first legal action, played
    to its end (issue 43's replay tests: each seat's lucky number stays hidden until it is over)."""
    seats = (Seat("Ada"), Seat("Bo", SeatKind.COMPUTER, Level.HARD, "teal"))
    match = Match(RULES, RULES.default_options(), seats, seed)
    match.advance()
    while not match.is_finished:
        match.play(RULES.legal_actions(match.state)[0])
        match.advance()
    return match


def choose_action(state: NimState, seat: int, level: Level, rng: Rng) -> Any:
    """The winning move where there is one (nim-sum), else a random take; it sees no other seat's secret."""
    assert state.secrets.count(HIDDEN) >= state.seat_count - 1, "the computer saw another seat's secret"
    legal = RULES.legal_actions(state)
    for action in legal:
        after = list(state.heaps)
        after[action.heap] -= action.count
        nim_sum = 0
        for heap in after:
            nim_sum ^= heap % 4
        if nim_sum == 0:
            return action
    return rng.choice(legal)


ENTRY = GameEntry("nim", "Nim", range(2, 4), lambda: Loaded(RULES, choose_action))


# The table side, in the same parts as every game folder under `rainbowtable/ui/games/<id>/` (a real game
# keeps each in its own module: layout.py, drawing.py, input.py, motion.py, and view.py composing them).


@dataclass(frozen=True)
class NimLayout(BoardLayout):
    """Where things are: the heaps side by side and the bin under them, from the rectangle alone."""

    bin: pygame.Rect

    @classmethod
    def place(cls, rect: pygame.Rect, th: theme.Theme) -> NimLayout:
        bin_rect = pygame.Rect(0, 0, rect.w // 4, rect.h // 6)
        bin_rect.midbottom = (rect.centerx, rect.bottom - 20)
        return cls(pygame.Rect(rect), th.scale, bin_rect)

    def heap_rect(self, heap: int) -> pygame.Rect:
        width = self.rect.w // 4
        return pygame.Rect(
            self.rect.x + width // 2 + heap * width, self.rect.y + 40, width - 20, self.rect.h // 2
        )


class NimDrawing(BoardDrawing):
    """How the heaps look: stones on paper, the heap in hand lit, the bin glowing as a target."""

    where: NimLayout

    def draw(self, surface: pygame.Surface, state: Any, look: Look) -> None:
        font = self.theme.font(18, "bold")
        for heap, size in enumerate(state.heaps):
            rect = self.where.heap_rect(heap)
            colour = theme.ACCENT if heap == look.selected or heap == look.dragging else theme.PAPER
            pygame.draw.rect(surface, colour, rect, border_radius=12)
            for stone in range(size):
                centre = (rect.centerx, rect.bottom - 20 - stone * 26)
                pygame.draw.circle(surface, theme.INK, centre, 11)
            draw.text(surface, font, str(size), (rect.centerx, rect.y + 8), theme.INK, anchor="midtop")
        glow = theme.ACCENT if "bin" in look.highlights else theme.PAPER_SHADE
        pygame.draw.rect(surface, glow, self.where.bin, border_radius=12)
        draw.text(surface, font, "bin", self.where.bin.center, theme.INK, anchor="center")
        secrets = " ".join(str(s) if s else "?" for s in state.secrets)
        corner = (self.where.rect.x + 10, self.where.rect.y + 8)
        draw.text(surface, font, f"secrets: {secrets}", corner, theme.ON_FELT)


class NimInput(BoardInput):
    """What the pointer means: a heap is a piece (its top stones), the bin the one target."""

    where: NimLayout

    def pick_at(self, state: Any, pos: tuple[int, int], seat: int) -> Hashable | None:
        for heap, size in enumerate(state.heaps):
            if size and self.where.heap_rect(heap).collidepoint(pos):
                return heap
        return None

    def pick_rect(self, state: Any, pick: Hashable) -> pygame.Rect | None:
        return self.where.heap_rect(pick) if isinstance(pick, int) else None

    def target_at(self, state: Any, pos: tuple[int, int]) -> Hashable | None:
        return "bin" if self.where.bin.collidepoint(pos) else None

    def target_rect(self, state: Any, target: Hashable) -> pygame.Rect | None:
        return self.where.bin if target == "bin" else None

    def target_of(self, action: Any) -> tuple[Hashable, Hashable] | None:
        return (action.heap, "bin") if isinstance(action, TakeStones) else None

    def choice_label(self, state: Any, action: Any) -> str | None:
        return f"Take {action.count}" if isinstance(action, TakeStones) else None

    def buttons(self, state: Any, seat: int) -> Sequence[TableButton]:
        largest = max(range(len(state.heaps)), key=lambda h: state.heaps[h])
        return (TableButton("Take one", TakeStones(largest, 1), "from the largest heap", key=pygame.K_t),)


class NimView(GameView):
    """Heaps of stones side by side; drag the top stone of a heap to the bin (or use the buttons). Takes
    are neither animated nor heard, so the motion part is the default one."""

    def __init__(self) -> None:
        super().__init__(NimLayout.place, NimDrawing(), NimInput(), BoardMotion())


def _icon(side: int) -> pygame.Surface:
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.circle(image, theme.INK, (side // 2, side // 2), side // 4)
    return image


UI = GameUI("nim", "Take the last stone.", make_view=NimView, icon=_icon)
