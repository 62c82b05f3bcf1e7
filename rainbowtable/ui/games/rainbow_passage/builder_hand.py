"""Holding and dropping in the Rainbow Passage board builder: a section taken from the box or lifted off the
board (R, the wheel or a right-click turns it, F turns it over), a frame segment taken from the box or lifted
off a side, carried by the mouse or a square at a time by the arrow keys, and put down by a release, a second
click or Enter; the ghost showing where it would go, green or red.

The shared hold-turn-drop controller (`ui.table.hold`) does the holding; `BuilderSource` answers its
questions from the draft (what a drop makes of the draft is the drop's one choice, or why it is refused),
and `BuilderHand` turns what the controller says into the scene's new draft or a message. Legality is the
engine's (`BoardDraft.why_cannot_place`, `why_cannot_add_segment`, `why_illegal_size`).

The frame: a segment dragged from the box onto a side goes in where it is dropped along that side; one
dragged off the frame onto the box comes out. A side may be briefly longer than its opposite while the
frame is being changed (the problem list says so and the board keeps its last legal size); a drop is only
refused when the box could no longer complete the frame, e.g. a side longer than its opposite can ever be.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from rainbowtable.games.rainbow_passage.components import (
    LONG_SEGMENT_LENGTH,
    SHORT_SEGMENT_LENGTH,
    Edge,
    FrameSegment,
    Placement,
)
from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.games.rainbow_passage.frame import Frame, why_illegal_size
from rainbowtable.games.rainbow_passage.problems import ProblemCode
from rainbowtable.geometry.square import Cell
from rainbowtable.ui.games.rainbow_passage.builder_view import Held, HeldSegment
from rainbowtable.ui.i18n import _
from rainbowtable.ui.table.hold import Held as HandHeld
from rainbowtable.ui.table.hold import HoldController, Play, Refuse, Result

if TYPE_CHECKING:
    from rainbowtable.ui.games.rainbow_passage.builder import BoardBuilderScene


def why_frame_cannot_be_finished(frame: Frame) -> str | None:
    """Why the box could no longer complete this frame by adding segments (None if it can), in the
    engine's words: every side needs as many shorts as its opposite, and the smallest frame that gives
    them must be a size the box can make (`why_illegal_size`)."""

    def shorts(edge: Edge) -> int:
        return frame.side(edge).count(FrameSegment.SHORT)

    width = LONG_SEGMENT_LENGTH + SHORT_SEGMENT_LENGTH * max(shorts(Edge.N), shorts(Edge.S))
    height = LONG_SEGMENT_LENGTH + SHORT_SEGMENT_LENGTH * max(shorts(Edge.W), shorts(Edge.E))
    reason = why_illegal_size(width, height)
    if reason is None:
        return None
    differ = [p.message for p in frame.problems() if p.code is ProblemCode.FRAME_OPPOSITE_SIDES_DIFFER]
    return " ".join([*differ, reason])


@dataclass(frozen=True, slots=True)
class SectionPick:
    """A section as it was picked up: its id, which of its squares the hand holds, how it lay (rotation and
    face) and where (None: from the box). The hand's own turns and flips are counted on top."""

    section_id: str
    anchor: int
    rotation: int
    flipped: bool
    origin: Placement | None


def section_in_hand(held: HandHeld) -> Held | None:
    """The section the hand holds, turned and flipped as it is held now, or None (a segment)."""
    pick = held.pick
    if not isinstance(pick, SectionPick):
        return None
    rotation = (pick.rotation + 90 * held.turns) % 360
    return Held(pick.section_id, rotation, pick.flipped != held.flipped, pick.anchor, pick.origin)


class BuilderSource:
    """The builder's answers to the shared hold-turn-drop controller: what may be picked up where, and
    what a drop makes of the draft (the new draft is the drop's one choice), or why not."""

    def __init__(self, scene: BoardBuilderScene) -> None:
        self.scene = scene
        self._segment_drop: (
            tuple[BoardDraft, tuple[Edge, int] | None, BoardDraft | None, str | None] | None
        ) = None

    def why_no_pick(self, pos: tuple[int, int]) -> str | None:
        """Why a press on the box at `pos` picks nothing up (none left of that kind), or None."""
        scene = self.scene
        segment = scene.tray.segment_at(pos)
        if segment is not None and scene.draft.frame.count(segment) >= segment.in_box:
            return _("No {kind} frame pieces left: all {n} are in the frame.").format(
                kind=segment.value, n=segment.in_box
            )
        kind = scene.tray.kind_at(pos)
        if kind is not None:
            reason = scene.draft.why_cannot_take(kind)
            if reason is not None or scene.draft.next_unused(kind) is None:
                return reason or _("None left.")
        return None

    def pick_at(self, pos: tuple[int, int]) -> HandHeld | None:
        scene = self.scene
        draft = scene.draft
        segment = scene.tray.segment_at(pos)
        if segment is not None:
            if draft.frame.count(segment) >= segment.in_box:
                return None
            return HandHeld(HeldSegment(segment, None))
        kind = scene.tray.kind_at(pos)
        if kind is not None:
            section_id = draft.next_unused(kind)
            if draft.why_cannot_take(kind) is not None or section_id is None:
                return None
            return HandHeld(SectionPick(section_id, len(kind.cells) // 2, 0, False, None))
        view = scene.board_view
        if not view.reach.collidepoint(pos):
            return None
        if view.grid.collidepoint(pos):
            cell = view.cell_at(pos)
            section_id = draft.section_at(cell)
            placement = draft.placement_of(section_id) if section_id is not None else None
            if section_id is None or placement is None:
                return None
            pick = SectionPick(
                section_id, placement.cells.index(cell), placement.rotation, placement.flipped, placement
            )
            return HandHeld(pick)
        on_frame = view.segment_at(draft.frame, pos)
        if on_frame is None:
            return None
        edge, index = on_frame
        return HandHeld(HeldSegment(draft.frame.side(edge)[index], on_frame))

    def target_at(self, pos: tuple[int, int], held: HandHeld | None) -> Hashable | None:
        scene = self.scene
        if held is None:
            return None
        if scene.tray.rect.collidepoint(pos):
            return "box"
        if isinstance(held.pick, HeldSegment):
            side = scene.board_view.side_target(scene.draft.frame, pos)
            return ("side", *side) if side is not None else None
        in_hand = section_in_hand(held)
        assert in_hand is not None
        return ("cell", in_hand.origin_for(scene.board_view.cell_at(pos)))

    def drops(self, held: HandHeld) -> Mapping[Hashable, Sequence[Any]]:
        return {}  # every legal square would cost a placement check each: the ghost shows green or red

    def _outcome(self, held: HandHeld, target: Hashable) -> tuple[BoardDraft | None, str | None]:
        draft = self.scene.draft
        if target == "box":
            if isinstance(held.pick, HeldSegment):
                source = held.pick.source
                return (draft.without_frame_segment(*source) if source is not None else None), None
            pick = held.pick
            assert isinstance(pick, SectionPick)
            return (draft.with_removed(pick.section_id) if pick.origin is not None else None), None
        if isinstance(held.pick, HeldSegment):
            assert isinstance(target, tuple) and target[0] == "side"
            return self.segment_drop(held.pick, (target[1], target[2]))
        in_hand = section_in_hand(held)
        assert in_hand is not None and isinstance(target, tuple)
        origin = target[1]
        if in_hand.origin_placement == Placement(
            in_hand.section_id, origin, in_hand.rotation, in_hand.flipped
        ):
            return None, None  # put back exactly where it was: nothing to undo
        reason = draft.why_cannot_place(in_hand.section_id, origin, in_hand.rotation, in_hand.flipped)
        if reason is not None:
            return None, reason
        return draft.with_placed(in_hand.section_id, origin, in_hand.rotation, in_hand.flipped), None

    def choices(self, held: HandHeld, target: Hashable) -> Sequence[Any]:
        after, _reason = self._outcome(held, target)
        return (after,) if after is not None else ()

    def why_not(self, held: HandHeld, target: Hashable) -> str | None:
        return self._outcome(held, target)[1]

    def click(self, pos: tuple[int, int]) -> Any | None:
        return None

    def can_turn(self, held: HandHeld) -> bool:
        return isinstance(held.pick, SectionPick)

    def segment_drop(
        self, held: HeldSegment | None, target: tuple[Edge, int] | None
    ) -> tuple[BoardDraft | None, str | None]:
        """What dropping the segment in hand on `target` would make, or why it is refused (None, None for
        no change). Remembered for the last target, so the ghost's tint costs nothing per frame."""
        draft = self.scene.draft
        memo = self._segment_drop
        if memo is not None and memo[0] is draft and memo[1] == target:
            return memo[2], memo[3]
        result: tuple[BoardDraft | None, str | None] = (None, None)
        if held is not None and target is not None:
            result = self._segment_result(draft, held, target)
        self._segment_drop = (draft, target, *result)
        return result

    @staticmethod
    def _segment_result(
        draft: BoardDraft, held: HeldSegment, target: tuple[Edge, int]
    ) -> tuple[BoardDraft | None, str | None]:
        edge, index = target
        base = draft
        if held.source is not None:
            from_edge, from_index = held.source
            if from_edge is edge and index in (from_index, from_index + 1):
                return None, None  # put back where it was
            base = base.without_frame_segment(from_edge, from_index)
            if from_edge is edge and index > from_index:
                index -= 1
        reason = base.why_cannot_add_segment(edge, held.segment)
        if reason is not None:
            return None, reason
        after = base.with_frame_segment(edge, index, held.segment)
        reason = why_frame_cannot_be_finished(after.frame)
        if reason is not None:
            return None, reason
        return after, None


ARROW_STEPS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


class BuilderHand:
    """The builder's hand: the controller holding a section or a frame segment, where the pointer is, and
    the draft as drawn under the hand (what was lifted gone from its place)."""

    def __init__(self, scene: BoardBuilderScene) -> None:
        self.scene = scene
        self.controller = HoldController()
        self.source = BuilderSource(scene)
        self.mouse = (0, 0)
        self._shown: tuple[BoardDraft, object, BoardDraft] | None = None
        self._legal: tuple[BoardDraft, tuple[str, Cell, int, bool], bool] | None = None

    @property
    def held(self) -> HandHeld | None:
        """Whatever is in hand (a section or a frame segment), or None."""
        return self.controller.held

    @property
    def section(self) -> Held | None:
        """The section in hand, turned and flipped as the hand holds it, or None."""
        held = self.controller.held
        return section_in_hand(held) if held is not None else None

    @property
    def segment(self) -> HeldSegment | None:
        """The frame segment in hand, or None."""
        held = self.controller.held
        return held.pick if held is not None and isinstance(held.pick, HeldSegment) else None

    def cancel(self) -> None:
        """Put what is in hand back where it came from."""
        self.controller.cancel()

    def motion(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        self.controller.motion(self.source, pos)

    def turn(self, quarter_turns: int) -> None:
        if self.controller.turn(self.source, quarter_turns):
            self.scene.dirty = True

    def flip(self) -> None:
        """Turn the section in hand over."""
        self.controller.flip(self.source)
        self.scene.dirty = True

    def pick_up(self, pos: tuple[int, int]) -> bool:
        """Take a frame segment or the next section of a kind from the tray, or lift a placed section or a
        frame segment off the board; with something already in hand, a press elsewhere puts it down there
        (click, then click where it goes)."""
        scene = self.scene
        if self.held is not None and self.source.pick_at(pos) is None:
            self.resolve(self.controller.press(self.source, pos))
            return True
        reason = self.source.why_no_pick(pos)
        if reason is not None:
            scene.ctx.notify(reason, "error")
            return True
        self.controller.press(self.source, pos)
        scene.refresh_buttons()
        scene.dirty = True
        return self.held is not None

    def release(self, pos: tuple[int, int]) -> None:
        """The mouse button let go with something in hand: a drag ends where it is dropped; a click that
        picked it up leaves it in hand."""
        self.mouse = pos
        self.resolve(self.controller.release(self.source, pos) if self.controller.dragging else None)

    def drop(self, pos: tuple[int, int]) -> None:
        """Put what is in hand down at `pos` (a section on the board or the box, a segment on a side); off
        every target it goes back where it came from."""
        self.mouse = pos
        held = self.held
        if held is None:
            return
        target = self.source.target_at(pos, held)
        if target is None:
            self.controller.cancel()
            self.resolve(None)
            return
        self.resolve(self.controller.drop_on(self.source, target))

    def resolve(self, result: Result) -> None:
        """A drop's outcome: the new draft (and, when the frame settles on a new size, that size), or why
        it was refused."""
        scene = self.scene
        scene.refresh_buttons()
        scene.dirty = True
        if isinstance(result, Play):
            after = result.action
            assert isinstance(after, BoardDraft)
            before_size = scene.draft.size
            scene.set_draft(after)
            if isinstance(result.target, tuple) and result.target[0] == "side":
                size = after.frame.size
                if size is not None and after.size != before_size:
                    scene.ctx.notify(_("The frame is now {w}×{h}.").format(w=size[0], h=size[1]), "good")
        elif isinstance(result, Refuse):
            scene.ctx.notify(result.reason, "error")

    def key(self, event: pygame.event.Event) -> bool:
        """The keys that act on what is in hand: the arrows move it a square, Enter puts it down, R turns
        (Shift+R back) and F turns over the section in hand. True if the key was one of them."""
        if self.held is not None and event.key in ARROW_STEPS:
            # The piece in hand moves a square at a time under the keys (the mouse need not move).
            dx, dy = ARROW_STEPS[event.key]
            cell = self.scene.board_view.cell
            self.motion((self.mouse[0] + dx * cell, self.mouse[1] + dy * cell))
            self.scene.dirty = True
            return True
        if self.held is not None and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.drop(self.mouse)
            return True
        if self.section is not None and event.key == pygame.K_r:
            self.turn(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if self.section is not None and event.key == pygame.K_f:
            self.flip()
            return True
        return False

    def origin(self) -> Cell | None:
        """Where the section in hand would be placed (its origin square) with the pointer where it is."""
        section = self.section
        if section is None:
            return None
        return section.origin_for(self.scene.board_view.cell_at(self.mouse))

    @property
    def carrying_back(self) -> bool:
        """What is in hand was lifted off the board (not taken from the box)."""
        section, segment = self.section, self.segment
        return (section is not None and section.origin_placement is not None) or (
            segment is not None and segment.source is not None
        )

    def shown_draft(self) -> BoardDraft:
        """The draft as drawn under the hand: a lifted section or frame segment leaves its place. Made once
        per lift (not per frame) so the cached images stay valid during the drag."""
        draft = self.scene.draft
        section, segment = self.section, self.segment
        lift: object = None
        if section is not None and section.origin_placement is not None:
            lift = ("section", section.section_id)
        elif segment is not None and segment.source is not None:
            lift = ("segment", segment.source)
        if lift is None:
            return draft
        if self._shown is None or self._shown[0] is not draft or self._shown[1] != lift:
            if section is not None and section.origin_placement is not None:
                shown = draft.with_removed(section.section_id)
            else:
                assert segment is not None and segment.source is not None
                shown = draft.without_frame_segment(*segment.source)
                if shown.size != draft.size:
                    shown = draft  # the frame would settle on a new size: keep it drawn as it is
            self._shown = (draft, lift, shown)
        return self._shown[2]

    def _may_place(self, section: Held, origin: Cell) -> bool:
        """Whether the section in hand may go down at `origin`, kept until the hand or the draft moves on:
        a drag redraws the same snapped spot for several frames, and asking the draft looks at every
        section on the board."""
        draft = self.scene.draft
        spot = (section.section_id, origin, section.rotation, section.flipped)
        if self._legal is None or self._legal[0] is not draft or self._legal[1] != spot:
            legal = draft.why_cannot_place(*spot) is None
            self._legal = (draft, spot, legal)
        return self._legal[2]

    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The ghost of what is in hand: a section snapped to the grid, or a frame segment following the
        pointer with its place on the side under it, tinted by whether it may go there; where it drew."""
        scene = self.scene
        view = scene.board_view
        segment = self.segment
        if segment is not None:
            target = view.side_target(scene.draft.frame, self.mouse)
            _after, reason = self.source.segment_drop(segment, target)
            return view.draw_held_segment(
                surface, self.shown_draft().frame, segment, self.mouse, target, reason is None
            )
        section = self.section
        origin = self.origin()
        if section is None or origin is None:
            return None
        clip = surface.get_clip()
        area = scene.board_area.union(view.reach).inflate(scene.ctx.px(200), scene.ctx.px(80))
        surface.set_clip(area)
        drawn = view.draw_held(surface, scene.draft, section, origin, self._may_place(section, origin))
        surface.set_clip(clip)
        return drawn.clip(area)
