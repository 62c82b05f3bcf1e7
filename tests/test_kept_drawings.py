"""Issue 40: what every start draws alike is kept between starts (`ui/picture_cache.py`, `ui/text_cache.py`).
The title looks the same pixel for pixel whether it was drawn, kept or read back; a kept file that is cut
short, damaged, foreign or filed under another key is drawn again and replaced; a folder that cannot be
written only costs the drawing; and nothing is kept unless the app names a folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from rainbowtable.ui import picture_cache, text_cache
from rainbowtable.ui.scenes import navigation
from rainbowtable.ui.theme import Theme


@pytest.fixture(autouse=True)
def nothing_kept_after() -> Iterator[None]:
    pygame.font.init()
    yield
    text_cache.settle()
    picture_cache.keep_in(None)


def test_after_the_start_pictures_are_drawn_not_written(tmp_path: Path) -> None:
    """A window dragged through many sizes after the start writes no file for each."""
    folder = tmp_path / "cache"
    calls: list[int] = []
    picture_cache.keep_in(folder)
    kept = picture_cache.picture(("probe", 1), _counting(calls))
    picture_cache.settle()
    assert picture_cache.picture(("probe", 1), _counting(calls)) is kept  # still held in memory
    picture_cache.picture(("probe", 2), _counting(calls))
    assert calls == [1, 1]
    assert len(_kept_files(folder)) == 1


def _drawing(colour: tuple[int, int, int, int] = (200, 40, 60, 128)) -> pygame.Surface:
    image = pygame.Surface((30, 20), pygame.SRCALPHA)
    image.fill((0, 0, 0, 0))
    pygame.draw.circle(image, colour, (15, 10), 8)
    return image


def _counting(calls: list[int], colour: tuple[int, int, int, int] = (200, 40, 60, 128)) -> Any:
    def make() -> pygame.Surface:
        calls.append(1)
        return _drawing(colour)

    return make


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_nothing_is_kept_without_a_folder(tmp_path: Path) -> None:
    calls: list[int] = []
    picture_cache.keep_in(None)
    picture_cache.picture(("probe", 1), _counting(calls))
    picture_cache.picture(("probe", 1), _counting(calls))
    assert len(calls) == 2
    assert not any(tmp_path.iterdir())


def test_a_picture_is_drawn_once_then_read_back_the_same(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    calls: list[int] = []
    picture_cache.keep_in(folder)
    drawn = picture_cache.picture(("probe", 1), _counting(calls))
    assert picture_cache.picture(("probe", 1), _counting(calls)) is drawn  # held in memory
    picture_cache.keep_in(folder)  # as the next start: memory empty, the file there
    read = picture_cache.picture(("probe", 1), _counting(calls))
    assert calls == [1]
    assert _same(read, drawn)
    # Another key is another picture, never the first one's file.
    other = picture_cache.picture(("probe", 2), _counting(calls, (10, 200, 10, 255)))
    assert calls == [1, 1] and not _same(other, drawn)


def _kept_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*" + picture_cache.SUFFIX))


@pytest.mark.parametrize("damage", ["cut short", "flipped bit", "foreign", "empty", "another key"])
def test_a_damaged_or_foreign_file_is_drawn_again_and_replaced(tmp_path: Path, damage: str) -> None:
    folder = tmp_path / "cache"
    picture_cache.keep_in(folder)
    good = picture_cache.picture(("probe", 1), _counting([]))
    (path,) = _kept_files(folder)
    data = path.read_bytes()
    if damage == "cut short":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flipped bit":
        path.write_bytes(data[:-5] + bytes([data[-5] ^ 1]) + data[-4:])
    elif damage == "foreign":
        path.write_bytes(b'{"format": "rainbowtable-save"}' + data[40:])
    elif damage == "empty":
        path.write_bytes(b"")
    else:  # a file under the same name for another key (a checksum collision) is not this picture
        key = picture_cache.key_bytes(("picture", ("probe", 9)))
        picture_cache.write_kept(path, key, *picture_cache.surface_parts(_drawing((1, 2, 3, 255))) or ())
    calls: list[int] = []
    picture_cache.keep_in(folder)
    again = picture_cache.picture(("probe", 1), _counting(calls))
    assert calls == [1] and _same(again, good)
    picture_cache.keep_in(folder)
    assert _same(picture_cache.picture(("probe", 1), _counting(calls)), good)
    assert calls == [1]  # the replaced file reads back


def test_a_header_claiming_a_huge_picture_is_refused() -> None:
    header = picture_cache.PICTURE.pack(100_000, 100_000)
    assert picture_cache.surface_from(memoryview(header + b"\0" * 64)) is None
    assert picture_cache.surface_from(memoryview(picture_cache.PICTURE.pack(4, 4) + b"\0" * 63)) is None


def test_a_folder_that_cannot_be_written_only_costs_the_drawing(tmp_path: Path) -> None:
    blocked = tmp_path / "cache"
    blocked.write_text("a file where the folder should be")
    calls: list[int] = []
    picture_cache.keep_in(blocked)
    text_cache.begin()
    picture_cache.picture(("probe", 1), _counting(calls))
    Theme(1.0).font(16).size("words")
    text_cache.settle()
    assert calls == [1]
    assert blocked.read_text() == "a file where the folder should be"


def test_the_folder_keeps_a_bounded_number_of_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(picture_cache, "KEEP_FILES", 3)
    folder = tmp_path / "cache"
    picture_cache.keep_in(folder)
    for n in range(6):
        picture_cache.picture(("probe", n), _counting([]))
    assert len(_kept_files(folder)) == 3


def test_the_fonts_answer_from_the_kept_words_while_the_table_starts(tmp_path: Path) -> None:
    picture_cache.keep_in(tmp_path / "cache")
    text_cache.begin()
    font = Theme(1.0).font(16)
    measured = font.size("Choose a game")
    rendered = font.render("Choose a game", True, (20, 30, 40))
    book = text_cache._book
    assert book is not None and book.learnt
    # A kept answer is the one given at the next start: make it recognisable.
    assert isinstance(font, text_cache.KeptFont)
    book.used_sizes[(font.label, "Choose a game")] = (777, 7)
    text_cache.settle()
    assert font.size("Choose a game") == measured  # after start-up: the font's own answers

    picture_cache.keep_in(tmp_path / "cache")
    text_cache.begin()
    again = Theme(1.0).font(16)
    assert again.size("Choose a game") == (777, 7)
    assert _same(again.render("Choose a game", True, (20, 30, 40)), rendered)
    assert again.size("not kept") == pygame.font.Font(regular_file(), 16).size("not kept")
    book = text_cache._book
    assert book is not None and book.learnt  # "not kept" was worked out, so the next start keeps it
    text_cache.settle()


def test_after_start_up_the_theme_makes_plain_fonts(tmp_path: Path) -> None:
    """Review of issue 40: the kept words serve the first frame only; a font first made after `settle` does
    not go through `KeptFont`'s layer."""
    picture_cache.keep_in(tmp_path / "cache")
    text_cache.begin()
    theme = Theme(1.0)
    first = theme.font(16)
    assert isinstance(first, text_cache.KeptFont)
    text_cache.settle()
    assert theme.font(16) is first  # the first screen's font stays, with the renderings cached with it
    later = theme.font(17)
    assert type(later) is pygame.font.Font
    assert theme.font_file(first) == theme.font_file(later) == regular_file()
    assert type(Theme(1.25).font(16)) is pygame.font.Font


def regular_file() -> Path:
    from rainbowtable.ui.theme import FONT_FILES

    return Theme(1.0).fonts_dir / FONT_FILES["regular"]


@pytest.mark.parametrize(
    "index",
    [
        {"sizes": [["regular:16", "bell\u0007", 5, 5]], "renders": []},
        {"sizes": [["regular:16", "x" * 5000, 5, 5]], "renders": []},
        {"sizes": [["regular:16", "x", -5, 5]], "renders": []},
        {"sizes": [], "renders": [["regular:16", "x", True, [1, 2, 3], 0, 10**9]]},
        {"sizes": [], "renders": [["regular:16", "x", True, [1, 2, 300], 0, 4]]},
        {"sizes": "all of them"},
        ["not", "an", "index"],
    ],
    ids=[
        "control character",
        "too long",
        "negative size",
        "past the end",
        "bad colour",
        "bad list",
        "a list",
    ],
)
def test_a_bad_words_file_is_ignored(tmp_path: Path, index: object) -> None:
    import json

    folder = tmp_path / "cache"
    picture_cache.keep_in(folder)
    key = picture_cache.key_bytes(("words", pygame.font.get_sdl_ttf_version()))
    head = json.dumps(index).encode()
    path = picture_cache.path_for(folder, key)
    picture_cache.write_kept(path, key, len(head).to_bytes(4, "little"), head, b"abcd")
    text_cache.begin()
    book = text_cache._book
    assert book is not None and book.sizes == {} and book.renders == {}
    font = Theme(1.0).font(16)
    assert font.size("x") == pygame.font.Font(regular_file(), 16).size("x")


def _title_pixels(ctx: Any) -> bytes:
    navigation.open_title(ctx)
    ctx.scenes.top.draw(ctx.screen)
    return pygame.image.tobytes(ctx.screen, "RGB")


def test_the_title_is_the_same_drawn_kept_or_read_back(ctx: Any, tmp_path: Path) -> None:
    drawn = _title_pixels(ctx)
    folder = tmp_path / "cache"
    for _start in range(2):  # the first start keeps, the second reads back
        picture_cache.keep_in(folder)
        text_cache.begin()
        ctx.theme = Theme(ctx.theme.scale)  # a start's own fonts
        assert _title_pixels(ctx) == drawn
        text_cache.settle()
    assert len(_kept_files(folder)) == 6  # five games' drawings and the words


def test_words_the_checks_would_refuse_are_not_kept(tmp_path: Path) -> None:
    picture_cache.keep_in(tmp_path / "cache")
    text_cache.begin()
    font = Theme(1.0).font(16)
    font.size("two\nlines")
    font.size("x" * (text_cache.MAX_TEXT + 1))
    font.size("fine")
    text_cache.settle()
    picture_cache.keep_in(tmp_path / "cache")
    text_cache.begin()
    book = text_cache._book
    assert book is not None
    assert set(book.sizes) == {("regular:16", "fine")}


def test_a_start_that_asks_nothing_new_writes_nothing(tmp_path: Path) -> None:
    """Words that cannot be kept (none at all, a line break) do not make every start write the file."""
    for _start in range(3):
        picture_cache.keep_in(tmp_path / "cache")
        text_cache.begin()
        font = Theme(1.0).font(16)
        font.render("", True, (1, 2, 3))
        font.size("two\nlines")
        font.render("kept", True, (1, 2, 3))
        book = text_cache._book
        assert book is not None
        learnt = book.learnt
        text_cache.settle()
    assert not learnt


def test_no_more_words_are_written_than_are_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(text_cache, "MAX_ENTRIES", 3)
    picture_cache.keep_in(tmp_path / "cache")
    text_cache.begin()
    font = Theme(1.0).font(16)
    for word in ("one", "two", "three", "four", "five"):
        font.size(word)
    text_cache.settle()
    picture_cache.keep_in(tmp_path / "cache")
    text_cache.begin()
    book = text_cache._book
    assert book is not None and len(book.sizes) == 3
