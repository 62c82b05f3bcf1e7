"""A button whose tip shows while it is greyed out too.

pygame_gui hovers enabled buttons only, so a greyed button's tip never showed, and that tip is where the
table says why a button is greyed ("You have two actions; the first cannot be declined", "Examples cannot be
renamed"). A greyed `TipButton` with a tip is hovered for its tip alone: it keeps its greyed look and is
never pressed (pygame_gui presses enabled buttons only).
"""

from __future__ import annotations

from pygame_gui.elements import UIButton


class TipButton(UIButton):
    def can_hover(self) -> bool:
        if self.is_enabled:
            return bool(super().can_hover())
        return self.tool_tip_text is not None and not self.held

    def on_hovered(self) -> None:
        super().on_hovered()
        if not self.is_enabled and self.drawable_shape is not None:
            self.drawable_shape.set_active_state("disabled")

    def enable(self) -> None:
        """Enabled under the pointer: it looks hovered at once, as it would had the pointer just come."""
        super().enable()
        if self.hovered and self.drawable_shape is not None:
            self.drawable_shape.set_active_state("hovered")
