"""What the table asks of a game's view, in parts, with defaults: a game implements only what it uses.

A game's view (`GameView`) is composed of four parts, the same in every game folder under `ui/games/<id>/`:

- `layout.py`, **where things are**: a frozen `BoardLayout` computed by a pure function of the board's
  rectangle and the UI scale (`place`), with the geometry that follows from it (a cell's rectangle, a tray's
  slots). No drawing, no state: the layout audit and tests read it without a screen.
- `drawing.py`, **how the state looks** (`BoardDrawing`): given the layout, draws the state (what the viewing
  seat may see: the table passes `rules.observe(...)`) and the look on top of it, the piece in hand and the
  game's part of a seat card. A replay draws with this part alone.
- `input.py`, **what the pointer and keys mean** (`BoardInput`): the piece under the pointer, the target,
  the action a drop or click means, and the game's buttons. A lesson asks this part what a move means
  without owning the turn.
- `motion.py`, **how an action moves and sounds** (`BoardMotion`): the animation and the sound of an action.

`view.py` composes them (`<Game>View(GameView)`), and `__init__.py` exports the folder's `GameUI`. The parts
hold no rules: legality always comes from the rules' `legal_actions` and `why_illegal`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

import pygame

from rainbowtable.ui.theme import Theme


@dataclass
class Look:
    """What the table wants shown on top of the state: glowing targets, the piece in hand, pieces hidden
    because an animation draws them, the seat whose turn it is and the seats whose eyes the table shows."""

    highlights: frozenset[Hashable] = frozenset()
    dragging: Hashable | None = None
    selected: Hashable | None = None
    hover_target: Hashable | None = None
    refused_target: Hashable | None = None
    hidden: frozenset[Hashable] = frozenset()
    acting_seat: int | None = None
    viewer_seats: tuple[int, ...] = ()
    glyphs: bool = True
    seat_names: tuple[str, ...] = ()
    hint: Any | None = None
    """An action the Hint button suggests: the view makes its piece and target glow."""
    extra: dict[str, Any] = field(default_factory=dict)
    last_actions: tuple[tuple[int, Any], ...] = ()
    """(seat, action) of each seat's latest decision, newest last: the view outlines what each moved (the
    newest most clearly), so who did what can be seen at a glance."""
    marked: Any | None = None
    """An action the player points at in the move log: the view highlights what it moved."""
    marked_before: Any | None = None
    """The state `marked` was played in (as the seat to act saw it), so a view can light where a piece
    came from as well as where it went ("c1 → c2")."""
    focus: Hashable | None = None
    """The piece or target under the keyboard focus ring (the table draws the ring; views may use it)."""
    takes_moves: bool = True
    """The table plays what the pointer does (False in a replay and at a table of computers: a view's
    how-to-move words stay away)."""
    landing: Any | None = None
    """The position the side panel and the move log still show while a step's animation plays (None when
    nothing is landing, and in a replay, whose panel shows the new position at once). A view's parts that
    speak for the panel (a seat's figures, whose hand or supply is out) show it, so that they change with
    the panel when the piece lands, not when it sets off."""
    player_moves: bool = False
    """The seat to act is a person at this table (not a computer, a demo's seat or a replay): a view's
    how-to-move words are for them. It holds while their move animates, so the words stay put."""

    def key(self) -> Hashable:
        """Everything this look shows, for views whose parts depend on all of it."""
        return (
            self.highlights,
            self.dragging,
            self.selected,
            self.hover_target,
            self.refused_target,
            self.hidden,
            self.acting_seat,
            self.viewer_seats,
            self.glyphs,
            repr(self.hint),
            repr(self.last_actions),
            repr(self.marked),
            self.focus,
            self.takes_moves,
            id(self.landing),
            self.player_moves,
        )


class Animation(Protocol):
    @property
    def done(self) -> bool: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Draw this frame; return the rects drawn on (the table restores exactly those next frame)."""
        ...

    def hides(self) -> frozenset[Hashable]:
        """Pieces the view must not draw while this animation draws them."""
        ...


class SeatColour(NamedTuple):
    """What a seat calls "my colour" in a game: a colour and the glyph shown on it (see ui/glyphs.py)."""

    rgb: tuple[int, int, int]
    glyph: int
    name: str = ""


@dataclass(frozen=True, slots=True)
class TakeChance:
    """A button's action meaning "let the pending chance event happen now": a roll that is the player's own
    act (a stuck player's re-roll). The table resolves the chance event; the rules stay as they are."""


TAKE_CHANCE = TakeChance()


@dataclass(frozen=True, slots=True)
class TableButton:
    """A decision that is not a drag (End turn, Pass, Re-roll): shown as a button under the status.

    `action` is played as it is; `enabled` False shows the button greyed with `tip` saying why. `apart`
    puts it on a row of its own after the others (a button that ends the game, away from the moves).
    `quiet`: a way out (pass, give up), never given the main look that marks the move the table expects.
    """

    label: str
    action: Any
    tip: str = ""
    key: int | None = None
    enabled: bool = True
    apart: bool = False
    quiet: bool = False


@dataclass(frozen=True)
class BoardLayout:
    """Where things are: the board's rectangle and the UI scale. A game's layout subclasses it with the
    rectangles it derives (`place` is a pure function of the rectangle and the scale)."""

    rect: pygame.Rect
    scale: float

    @classmethod
    def place(cls, rect: pygame.Rect, th: Theme) -> BoardLayout:
        return cls(pygame.Rect(rect), th.scale)

    def px(self, design_px: float) -> int:
        """A design pixel (at 100 %) in screen pixels, as `Theme.px` counts it."""
        return max(1, round(design_px * self.scale))


class _Part:
    """What every part of a view knows: the layout it was last given and the theme (fonts, scale)."""

    where: Any
    theme: Theme

    def __init__(self) -> None:
        self.theme = Theme()
        self.where = BoardLayout(pygame.Rect(0, 0, 0, 0), 1.0)

    def relayout(self, where: Any, th: Theme) -> None:
        """Take a new layout (every window size or UI scale change); a part drops what it cached for the
        old one here."""
        self.where = where
        self.theme = th


class BoardDrawing(_Part):
    """How the state looks: the board, the state on it, the piece in hand, the game's part of a seat card."""

    def draw_static(self, surface: pygame.Surface) -> None:
        """What stays put while the layout holds (the board, its frame): the table draws it once per
        layout onto the felt and keeps it, so redrawing the board costs only what changes."""

    def draw(self, surface: pygame.Surface, state: Any, look: Look) -> None:
        """Everything that depends on the state or the look, over what `draw_static` drew, within the
        surface's clip (the table draws one part at a time)."""

    def parts(self, state: Any, look: Look) -> dict[str, tuple[pygame.Rect, Hashable]]:
        """Rectangles covering everything `draw` paints, each with a key of all its picture shows. The
        table keeps each part's picture and draws it again only when its key changes. The default is one
        part, the whole board, redrawn whenever the state or the look changes."""
        animating = "animation" in look.extra
        return {"board": (self.where.rect, (id(state), look.key(), animating and object()))}

    def draw_in_hand(
        self, surface: pygame.Surface, state: Any, pick: Hashable, pos: tuple[int, int], look: Look
    ) -> pygame.Rect:
        """Draw the piece being dragged at pos; returns the rect drawn on."""
        return pygame.Rect(pos, (0, 0))

    def draw_seat_extra(
        self, surface: pygame.Surface, rect: pygame.Rect, state: Any, seat: int, look: Look
    ) -> None:
        """The game's part of a seat card in the side panel (colours scored, cards held)."""

    def score_caption(self) -> str:
        """What the number on a seat's card counts, in a word ("bank", "captures"): drawn small under it
        and over the result card's totals, so that a number no game names is not left to guess. Empty
        (the default): nothing under the number."""
        return ""

    def team_count(self, state: Any) -> str | None:
        """A cooperative game's one count for the whole table, in words ("Team: 3 of 12 rainbows"): the
        game draws it once, on its board, and the seat cards show no number (every card repeated the
        team's). None (the default): each seat has its own number."""
        return None

    def seat_colours(self, state: Any, seat: int) -> Sequence[SeatColour]:
        """What `seat` calls "my colour" in this game (Dice Box: the colour or colours it scores), used by
        the seat's token, its card and the result card. Empty (the default): the table's seat palette."""
        return ()

    def colours_to_come(self, state: Any) -> bool:
        """True where the game deals the seats' colours as it starts and `state` is from before that deal
        (Dice Box's first position in a replay): the tokens are blank, not the table's palette, which
        this game does not use. False (the default): `seat_colours` says everything."""
        return False

    def draw_seat_mark(
        self, surface: pygame.Surface, seat: int, centre: tuple[int, int], radius: int
    ) -> bool:
        """Draw the seat's token as the game's own piece (Rainbow Passage's star), so a seat looks the same on
        the new-game screen, its seat card, the board and the result card. False (the default): the table
        draws a token of `seat_colours`."""
        return False

    def setup_colours(self, options: Any, seat_count: int) -> Sequence[Sequence[SeatColour]] | None:
        """Before the game (the new-game screen): the colour(s) each seat position will call its own under
        these options, one entry per seat, empty where they are dealt at the start (random); players choose
        a colour by taking that seat. None (the default): the game has no colours of its own and the table
        shows its seat palette."""
        return None


class BoardInput(_Part):
    """What the pointer and keys mean: pieces, targets, the action a drop or a click means, buttons."""

    def pick_at(self, state: Any, pos: tuple[int, int], seat: int) -> Hashable | None:
        """The piece `seat` may pick up at pos, or None."""
        return None

    def pick_rect(self, state: Any, pick: Hashable) -> pygame.Rect | None:
        """Where a piece that may be picked up is drawn (keyboard focus ring, tests), or None."""
        return None

    def target_at(self, state: Any, pos: tuple[int, int]) -> Hashable | None:
        """The drop target under pos (a cell, a square, a row of kept cards), or None."""
        return None

    def target_rect(self, state: Any, target: Hashable) -> pygame.Rect | None:
        """Where a drop target is drawn (keyboard focus ring, tests), or None."""
        return None

    def action_for(self, state: Any, pick: Hashable, target: Hashable) -> Any | None:
        """The action that dropping `pick` on `target` means, legal or not (None: means nothing). The
        table asks the rules why it is illegal when it is not among the legal actions."""
        return None

    def target_of(self, action: Any) -> tuple[Hashable, Hashable] | None:
        """(pick, target) of a legal action, so the table can make targets glow for the piece in hand.
        Several legal actions with the same pair are offered as a choice on the drop."""
        return None

    def marks_for(self, state: Any, action: Any) -> frozenset[Hashable]:
        """Pieces or targets an action moved (what a hovered log line or the last move outlines); the default
        is the target of `target_of`."""
        pair = self.target_of(action)
        return frozenset({pair[1]}) if pair is not None else frozenset()

    def click_action(self, state: Any, pos: tuple[int, int], seat: int) -> Any | None:
        """An action chosen by a plain click (a draft pick, a flip), or None."""
        return None

    def click_rects(self, state: Any, seat: int) -> Sequence[pygame.Rect]:
        """Where the plain clicks of `click_action` can be made now (a draft pool's dice), so the keyboard
        focus ring can reach them too: Enter clicks the middle of the focused one. Default: none."""
        return ()

    def buttons(self, state: Any, seat: int) -> Sequence[TableButton]:
        """Decisions shown as buttons for the acting human seat (End turn, Pass)."""
        return ()

    def choice_label(self, state: Any, action: Any) -> str | None:
        """Words for one of several actions offered on one drop (None: the rules' log line)."""
        return None

    def actor_of(self, state: Any, action: Any, seat: int) -> int:
        """The seat whose decision `action` is, when several seats may act at once (a cooperative game with
        no fixed order: the owner of the piece moved); `seat`, the first acting human, by default."""
        return seat

    def chance_by(self, state: Any) -> int | None:
        """The seat whose own act sets off the pending chance event (a stuck player's re-roll), or None.
        For a human seat the table then waits for a button whose action is `TAKE_CHANCE` (see `buttons`);
        computer seats roll at once. The default: every chance event happens by itself."""
        return None

    def nowhere_reason(self, state: Any, pick: Hashable) -> str | None:
        """Why a piece just picked up has no legal target anywhere, in the player's words (None: the
        table's general words)."""
        return None

    def handle_event(self, event: Any, state: Any) -> bool:
        """Events the game handles itself before the table does (panning, zooming); True if consumed."""
        return False


class BoardMotion(_Part):
    """How an action moves and sounds on the table."""

    def animation_for(
        self, before: Any, action: Any, after: Any, speed: float, look: Look
    ) -> Animation | None:
        """The animation that shows `action` turning `before` into `after` at `speed` (None: none)."""
        return None

    def sound_for(self, action: Any) -> str | None:
        """Which table sound an action makes ("roll", "place"), or None for a silent one."""
        return None


class GameView:
    """A game's table side composed of its parts. The table lays it out (`layout`) and then asks the part
    that knows: `drawing`, `input` or `motion`; `where` is the layout they were all given."""

    def __init__(
        self,
        place: Callable[[pygame.Rect, Theme], BoardLayout],
        drawing: BoardDrawing,
        input: BoardInput,
        motion: BoardMotion,
    ) -> None:
        self.place = place
        self.drawing = drawing
        self.input = input
        self.motion = motion
        self.where: BoardLayout = BoardLayout(pygame.Rect(0, 0, 0, 0), 1.0)

    @property
    def rect(self) -> pygame.Rect:
        return self.where.rect

    def layout(self, rect: pygame.Rect, th: Theme) -> None:
        """Place the board in `rect` (called on every window size or UI scale change) and hand the new
        layout to every part."""
        self.where = self.place(pygame.Rect(rect), th)
        for part in (self.drawing, self.input, self.motion):
            part.relayout(self.where, th)
