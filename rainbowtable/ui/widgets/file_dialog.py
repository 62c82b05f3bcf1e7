"""pygame_gui's file dialog at the table's scale and in the player's language.

`UIFileDialog` lays its buttons, path line and list out in fixed pixels (20-pixel icons, 30-pixel buttons,
20-pixel rows) and labels them from pygame_gui's own catalogue, which has no Dutch: at 150 % its rows
overlapped and "Cancel" stayed English. This keeps the dialog's behaviour and places the same elements at
`px` sizes with our words. The delete button (deleting any file on the disk) is kept hidden: a board
library has no business there.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IUIElementInterface
from pygame_gui.elements import UIButton, UISelectionList, UITextEntryLine
from pygame_gui.windows import UIFileDialog

from rainbowtable.ui.i18n import _

Anchors = dict[str, str | IUIElementInterface]
"""pygame_gui's anchors: a side's name, or the element another side keeps to."""


class FileDialog(UIFileDialog):
    def __init__(
        self,
        rect: pygame.Rect,
        manager: pygame_gui.UIManager,
        px: Callable[[float], int],
        *,
        title: str,
        start: str,
        suffixes: set[str] | None,
        existing_only: bool,
    ) -> None:
        self._px = px  # read by _setup_ui_elements, which the base class's __init__ calls
        super().__init__(
            rect,
            manager,
            window_title=title,
            initial_file_path=start,
            allowed_suffixes=suffixes,
            allow_existing_files_only=existing_only,
        )

    def _setup_ui_elements(self) -> None:
        px = self._px
        gap, icon, button_w, button_h = px(10), px(34), px(130), px(40)
        corner: Anchors = {"left": "right", "right": "right", "top": "bottom", "bottom": "bottom"}
        self.cancel_button = UIButton(
            pygame.Rect(-(button_w + gap), -(button_h + gap), button_w, button_h),
            _("Cancel"),
            self.ui_manager,
            container=self,
            object_id="#cancel_button",
            anchors=corner,
        )
        self.ok_button = UIButton(
            pygame.Rect(-(button_w + gap), -(button_h + gap), button_w, button_h),
            _("OK"),
            self.ui_manager,
            container=self,
            object_id="#ok_button",
            anchors={**corner, "right_target": self.cancel_button},
        )
        if self.current_file_path is not None and not self._validate_file_path(self.current_file_path):
            self.ok_button.disable()
        top_left: Anchors = {"left": "left", "right": "left", "top": "top", "bottom": "top"}

        def icon_button(index: int, text: str, tip: str, object_id: str) -> UIButton:
            return UIButton(
                pygame.Rect(gap + index * (icon + px(4)), gap, icon, icon),
                text,
                self.ui_manager,
                container=self,
                tool_tip_text=tip,
                object_id=object_id,
                anchors=top_left,
            )

        self.home_button = icon_button(0, "⌂", _("Your home folder"), "#home_icon_button")
        self.parent_directory_button = icon_button(1, "↑", _("The folder above"), "#parent_icon_button")
        self.refresh_button = icon_button(2, "⇪", _("Read the folder again"), "#refresh_icon_button")
        self.delete_button = icon_button(3, "⌧", "", "#delete_icon_button")
        self.delete_button.disable()
        self.delete_button.hide()
        width, height = self.get_container().get_size()
        line_top = gap * 2 + icon
        self.file_path_text_line = UITextEntryLine(
            pygame.Rect(gap, line_top, width - 2 * gap, -1),
            self.ui_manager,
            container=self,
            object_id="#file_path_text_line",
            anchors={"left": "left", "right": "right", "top": "top", "bottom": "top"},
        )
        if self.current_file_path is not None:
            self.file_path_text_line.set_text(str(self.current_file_path))
            self._highlight_file_name_for_editing()
        else:
            self.file_path_text_line.set_text(str(self.current_directory_path))
        list_top = line_top + self.file_path_text_line.rect.h + gap
        self.file_selection_list = UISelectionList(
            pygame.Rect(gap, list_top, width - 2 * gap, height - list_top - button_h - 2 * gap),
            item_list=self.current_file_list,
            manager=self.ui_manager,
            container=self,
            object_id="#file_display_list",
            anchors={"left": "left", "right": "right", "top": "top", "bottom": "bottom"},
        )
