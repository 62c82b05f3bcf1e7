"""The words of the table's first screen, measured and rendered, kept between starts (issue 40).

A font loads each glyph the first time it measures or renders it (FreeType's hinting and SDL_ttf's
shaping: about 60 microseconds a glyph here), and every size of every style loads its own. The title asks
about 170 measurements and 45 renderings of ten fonts in its first frame, about 20 ms of it. The theme's
fonts are `KeptFont`s: while the table starts (`begin` to `settle`) their `size` and `render` answer from
the words the last start kept (`picture_cache.read_kept`: one checked file, keyed by pygame's version and
the fonts' files), and record what they had to work out; `settle`, after the first frame, writes what this
start used when it differs from what was kept. After that the theme makes plain fonts: only the fonts
the first screen made are `KeptFont`s, which then answer as plain fonts do.
The answers are the font's own, so the screen is the same pixel for pixel, kept or not.

What is read back is checked where it is decoded: the index's shape, every text's length and characters,
every size's range, every picture's place in the file (`picture_cache.surface_from` checks its pixels);
a file that fails is ignored, and this start's words replace it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from rainbowtable.core.text import text_problem
from rainbowtable.ui import picture_cache

MAX_TEXT = 400
"""No word or line on a start-up screen is longer; a longer one in the file is not ours."""
MAX_ENTRIES = 4000
"""Measurements, and renderings, a file may hold (the title asks about 200 and 45)."""

Colour = tuple[int, ...]
SizeKey = tuple[str, str]
RenderKey = tuple[str, str, bool, Colour]


class _Book:
    """The kept words of one start: what was read, and what this start used."""

    def __init__(self, path: Path, key: bytes) -> None:
        self.path = path
        self.key = key
        self.sizes: dict[SizeKey, tuple[int, int]] = {}
        self.renders: dict[RenderKey, memoryview | pygame.Surface] = {}
        self.used_sizes: dict[SizeKey, tuple[int, int]] = {}
        self.used_renders: dict[RenderKey, pygame.Surface] = {}
        self.learnt = False


_book: _Book | None = None


class KeptFont(pygame.font.Font):
    """A theme font (`Theme.font`): measures and renders from the kept words while the table starts."""

    def __init__(self, file: Path, px: int, role: str) -> None:
        super().__init__(file, px)
        self.file = file
        self.label = f"{role}:{px}"

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        book = _book
        if book is None or not _keepable(text):
            return super().size(text)
        assert isinstance(text, str)
        key = (self.label, text)
        found = book.used_sizes.get(key) or book.sizes.get(key)
        if found is None:
            found = super().size(text)
            book.learnt = True
        book.used_sizes[key] = found
        return found

    def render(
        self, text: Any, antialias: Any, color: Any, bgcolor: Any = None, wraplength: int = 0
    ) -> pygame.Surface:
        book = _book
        # Only the plain calls the table makes (words in a colour on nothing) are kept.
        plain = bgcolor is None and not wraplength and _keepable(text) and _plain(color)
        if book is None or not plain:
            return super().render(text, antialias, color, bgcolor, wraplength)
        key = (self.label, text, bool(antialias), tuple(color))
        found = book.used_renders.get(key)
        if found is None:
            kept = book.renders.get(key)
            found = picture_cache.surface_from(kept) if isinstance(kept, memoryview) else kept
            if found is None:
                found = super().render(text, antialias, color)
                if picture_cache.surface_parts(found) is None:
                    return found  # nothing to keep (no words: an empty surface without alpha)
                book.learnt = True
            book.used_renders[key] = found
        # A caller may change what it is given (its alpha, say): each gets its own copy.
        return found.copy()


def _keepable(text: object) -> bool:
    """Words the next start's checks accept (`_text`): a word with a line break in it, say, is worked out
    afresh at each start rather than spoiling the whole file."""
    return text_problem(text, max_len=MAX_TEXT) is None


def _plain(colour: object) -> bool:
    return isinstance(colour, tuple) and len(colour) in (3, 4) and all(isinstance(c, int) for c in colour)


def starting() -> bool:
    """Whether the table is starting (`begin` to `settle`): only fonts made then are `KeptFont`s; later
    ones are plain fonts, with no layer of ours on every measurement and rendering."""
    return _book is not None


def begin() -> None:
    """From now until `settle`, the theme's fonts answer from the kept words (when a folder keeps them)."""
    global _book
    where = picture_cache.folder()
    if where is None:
        _book = None
        return
    key = picture_cache.key_bytes(("words", pygame.font.get_sdl_ttf_version()))
    _book = _Book(picture_cache.path_for(where, key), key)
    data = picture_cache.read_kept(_book.path, key)
    if data is not None:
        _read_into(_book, data)


def settle() -> None:
    """The table has started: keep what this start used, when it differs from what was kept, and let the
    fonts work on their own from now on."""
    global _book
    book, _book = _book, None
    if book is None:
        return
    same = len(book.used_sizes) == len(book.sizes) and len(book.used_renders) == len(book.renders)
    if same and not book.learnt:
        return
    index: dict[str, list[Any]] = {"sizes": [], "renders": []}
    blobs: list[bytes] = []
    offset = 0
    # No more entries than the next start's checks accept (a start-up asks a few hundred).
    for (label, text), (w, h) in list(book.used_sizes.items())[:MAX_ENTRIES]:
        index["sizes"].append([label, text, w, h])
    for (label, text, antialias, colour), surface in list(book.used_renders.items())[:MAX_ENTRIES]:
        parts = picture_cache.surface_parts(surface)
        if parts is None:
            continue
        length = len(parts[0]) + len(parts[1])
        index["renders"].append([label, text, antialias, list(colour), offset, length])
        blobs.extend(parts)
        offset += length
    head = json.dumps(index, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    picture_cache.write_kept(book.path, book.key, len(head).to_bytes(4, "little"), head, *blobs)


def _read_into(book: _Book, data: memoryview) -> None:
    """Fill `book` from a kept file's contents; nothing at all when any part fails its check."""
    try:
        length = int.from_bytes(data[:4], "little")
        index = json.loads(bytes(data[4 : 4 + length]))
        blob = data[4 + length :]
        sizes = {_size_entry(entry) for entry in _list(index, "sizes")}
        renders = dict(_render_entry(entry, blob) for entry in _list(index, "renders"))
    except (ValueError, TypeError, KeyError, IndexError):
        return
    book.sizes = {(label, text): (w, h) for label, text, w, h in sizes}
    book.renders = dict(renders)


def _list(index: object, name: str) -> list[Any]:
    if not isinstance(index, dict):
        raise ValueError("not an index")
    entries = index[name]
    if not isinstance(entries, list) or len(entries) > MAX_ENTRIES:
        raise ValueError(f"bad {name}")
    return entries


def _text(value: object) -> str:
    if not _keepable(value):
        raise ValueError("bad text")
    assert isinstance(value, str)
    return value


def _size_entry(entry: object) -> tuple[str, str, int, int]:
    if not isinstance(entry, list) or len(entry) != 4:
        raise ValueError("bad size")
    label, text, w, h = entry
    if not (isinstance(w, int) and isinstance(h, int) and 0 <= w <= 100_000 and 0 <= h <= 10_000):
        raise ValueError("bad size")
    return _text(label), _text(text), w, h


def _render_entry(entry: object, blob: memoryview) -> tuple[RenderKey, memoryview]:
    if not isinstance(entry, list) or len(entry) != 6:
        raise ValueError("bad render")
    label, text, antialias, colour, offset, length = entry
    if not (isinstance(antialias, bool) and isinstance(colour, list) and _plain(tuple(colour))):
        raise ValueError("bad render")
    if not (isinstance(offset, int) and isinstance(length, int) and offset >= 0 and length > 0):
        raise ValueError("bad render")
    if offset + length > len(blob) or not all(0 <= c <= 255 for c in colour):
        raise ValueError("bad render")
    return (_text(label), _text(text), antialias, tuple(colour)), blob[offset : offset + length]
