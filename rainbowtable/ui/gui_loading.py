"""How pygame_gui loads the fonts and images its theme names: here, in the calling thread.

pygame_gui's default loader starts five threads, hands them the theme's fonts and images, and blocks until
they are done. The work holds the interpreter lock (FreeType and PNG decoding run under it), so the threads
add only their start-up and hand-overs: several milliseconds of the table's start, each time a manager is
made (at start-up and on every change of UI scale). This loader does the same loads in the same order, in
the thread that asked, and reports a failed load as the default loader does (a warning; the widget then
falls back to pygame_gui's default font).

Imported only where the manager is made (`ui/boot.py`), after the first frame: it imports pygame_gui.
"""

from __future__ import annotations

import warnings
from typing import Any

from pygame_gui.core.resource_loaders import IResourceLoader
from pygame_gui.core.utility import FontResource, ImageResource, SurfaceResource

Resource = FontResource | ImageResource | SurfaceResource


class LoadHere(IResourceLoader):
    """A pygame_gui resource loader that loads everything in the calling thread, on `update`: fonts and
    images first, then the surfaces cut from those images (as the default loader orders them)."""

    def __init__(self) -> None:
        self._first: list[Resource] = []
        self._then: list[Resource] = []
        self._started = False

    def add_resource(self, resource: Resource) -> None:
        if self._started:
            raise ValueError("Too late to add this resource to the loader")
        if isinstance(resource, (ImageResource, FontResource)):
            self._first.append(resource)
        else:
            self._then.append(resource)

    def start(self) -> None:
        self._started = True

    def started(self) -> bool:
        return self._started

    def update(self) -> tuple[bool, float]:
        for resource in (*self._first, *self._then):
            error: Any = resource.load()
            if error is not None:
                warnings.warn(str(error), stacklevel=2)
        self._first.clear()
        self._then.clear()
        return True, 1.0
