"""pygame_gui's theme resources loaded in the calling thread (`ui/gui_loading.py`): the same fonts as
pygame_gui's own threaded loader, and a failed load reported as that loader reports it."""

from __future__ import annotations

import warnings
from typing import Any

import pygame
import pytest


def _loaded_fonts(manager: Any) -> dict[str, tuple[int, int]]:
    fonts = manager.get_theme().get_font_dictionary().loaded_fonts
    return {key: resource.loaded_font.size("Rainbow 123") for key, resource in fonts.items()}


def test_the_table_manager_loads_the_same_fonts_as_pygame_gui_would(ctx: Any) -> None:
    import pygame_gui

    from rainbowtable.ui.boot import make_manager

    ours = make_manager(ctx)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = pygame_gui.UIManager(ctx.size, ctx.theme.gui_theme(), enable_live_theme_updates=False)
    assert _loaded_fonts(ours) == _loaded_fonts(theirs)
    assert len(_loaded_fonts(ours)) > 1  # the theme's fonts, not only pygame_gui's default


def test_a_resource_that_fails_to_load_is_a_warning_and_the_rest_still_load() -> None:
    from rainbowtable.ui.gui_loading import LoadHere

    loaded: list[str] = []

    class Resource:
        def __init__(self, name: str, error: Exception | None) -> None:
            self.name, self.error = name, error

        def load(self) -> Exception | None:
            loaded.append(self.name)
            return self.error

    loader = LoadHere()
    # Plain objects count as the "load after the images" kind, in the order given.
    loader.add_resource(Resource("a", FileNotFoundError("no such font")))
    loader.add_resource(Resource("b", None))
    loader.start()
    assert loader.started()
    with pytest.warns(UserWarning, match="no such font"):
        assert loader.update() == (True, 1.0)
    assert loaded == ["a", "b"]
    with pytest.raises(ValueError):
        loader.add_resource(Resource("c", None))


def test_colosseum_corner_letter_is_pygames_default_font(ctx: Any) -> None:
    """The counters' corner letter opens pygame's default font by its path (cheaper at start-up) and must
    draw exactly what `Font(None, n)` draws (pygame scales its default font by 0.6875)."""
    from rainbowtable.ui.games.colosseum_offcuts import tiles

    for px in (12, 13, 17, 25, 40, 64):
        for dark in (True, False):
            ours = tiles._side_letter(px, dark)
            letter, colour = ("A", tiles.LIGHT_FACE) if dark else ("M", (110, 100, 90))
            theirs = pygame.font.Font(None, px).render(letter, True, colour)
            assert ours.get_size() == theirs.get_size()
            assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(theirs, "RGBA")
