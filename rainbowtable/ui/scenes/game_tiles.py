"""The title screen's game tiles: a paper card per playable game with the game's own drawing
(`ui/games/<id>/icon.py`), its name, how many play and its tagline. Where the tiles go in the space the
menu leaves, and how one is drawn, resting, raised under the pointer or focused. The title screen
(`title.py`) hit-tests and animates them.

Every tile of a grid is laid out alike (`Shape`): the same picture size, the same rows for the name and the
tagline, so names, player counts and taglines start at the same heights side by side. The grid is the one,
of every count of columns, whose pictures are largest with every word whole on its card; portrait cards
(picture over words) when their pictures would not be too small, else landscape rows (picture beside
words), which suit a short wide space. Each word is measured once per layout and lines are counted by
adding widths, so trying the grids costs little (the title's first frame is timed at start-up)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import pygame

from rainbowtable.games.entry import GameEntry
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _

MIN_ICON = 64  # design px: a smaller portrait picture and the tiles are laid out as landscape rows
LEAST_ICON = 24  # design px: no grid with a smaller picture than this is taken
CRAMPED_ICON = 48  # design px: a grid with smaller pictures is worth a narrower menu
# The name's sizes, bold, largest first: the heading's and the menu buttons' fonts, loaded anyway; the
# last only for rows packed close, loaded only then.
NAME_SIZES = (22, 19, 17)
NAME_GIVES = 8  # design px: the smaller name size only for a picture at least this much larger
PORTRAIT_TALLEST = 1.5  # a portrait card at most this many times as tall as wide, not a strip
LANDSCAPE_WIDEST = 720  # design px: a landscape row no wider, its words within a glance


class Room(NamedTuple):
    """How a grid is spaced: cards or rows, their padding, the gap between picture and words and between
    tiles, and whether "Choose a game" heads them."""

    landscape: bool
    pad: int  # 0: a portrait card's, from its width
    word_gap: int
    spacing: int
    heading: bool
    name_sizes: int  # how many of NAME_SIZES it may use


def _rooms(ctx: Context) -> tuple[Room, Room, Room]:
    """Portrait cards, landscape rows, and rows packed closer without the heading (a small window at
    large text)."""
    px = ctx.px
    return (
        Room(False, 0, px(16), px(24), True, 2),
        # A row's words start this far from the picture; its wash reaches 6 px past the picture, so the
        # words keep 16 (10 in the closer rows) clear of it.
        Room(True, px(12), px(22), px(16), True, 2),
        Room(True, px(8), px(16), px(10), False, 3),
    )


class Shape(NamedTuple):
    """What every tile of one grid shares."""

    room: Room
    pad: int
    icon_side: int
    name_rows: int  # lines kept for the name on every tile (two when one name needs two)
    tag_rows: int  # lines kept for the tagline on every tile (0: no tile shows one)
    show_hint: bool
    text_h: int  # the words' height, from the first name line to the hint's line
    fonts: tuple[pygame.font.Font, pygame.font.Font, pygame.font.Font]  # name, players and tagline, hint
    whole: bool = True  # every word whole on its card (False only where no grid could do that)


@dataclass(eq=False)  # a tile is the one it is (`is self.hovered`); no compiled __eq__ on every start
class Tile:
    game: GameEntry
    rect: pygame.Rect
    shape: Shape
    lift: float = 0.0  # 0 resting .. 1 raised (hover)
    names: list[str] = field(default_factory=list)  # the game's name, one line or two
    tag_lines: list[str] = field(default_factory=list)  # the tagline wrapped to the tile


def players_text(game: GameEntry) -> str:
    counts = game.seat_counts
    if len(counts) == 1:
        return _("{n} players").format(n=counts.start)
    return _("{low}–{high} players").format(low=counts.start, high=counts.stop - 1)


class _Fit(NamedTuple):
    """One way to lay the grid out: a card's size and what it shows."""

    icon: int
    w: int
    h: int
    name_font: int  # index into NAME_SIZES
    words_w: int  # the width the words are wrapped to
    shape: Shape


def _widths(font: pygame.font.Font, words: list[str]) -> list[int]:
    return [font.size(word)[0] for word in words]


def _lines(widths: list[int], space: int, width: int) -> list[int] | None:
    """How many words go on each line when words of `widths` are wrapped to `width` pixels, greedily;
    None when a word alone is wider. A word can measure a pixel more within a line than alone, so each
    counts one more: what is measured to fit fits when drawn."""
    lines: list[int] = []
    used = 0
    for w in widths:
        if w + 1 > width:
            return None
        if lines and used + space + w + 1 <= width:
            used += space + w + 1
            lines[-1] += 1
        else:
            lines.append(1)
            used = w + 1
    return lines


class _Words:
    """Every tile's words, measured once per layout; how many lines they take at a width, remembered."""

    def __init__(self, ctx: Context, games: list[GameEntry]) -> None:
        th = ctx.theme
        self.theme = th
        self.small, self.hint_font = th.font(16), th.font(15, "bold")
        self.titles = [game.title.split() for game in games]
        self._names: dict[int, tuple[pygame.font.Font, list[list[int]], int]] = {}
        taglines = [_(ctx.game_uis[g.id].tagline) if g.id in ctx.game_uis else "" for g in games]
        # A tagline on every tile or on none.
        self.tags = [line.split() for line in taglines] if all(taglines) else []
        self.tag_widths = [_widths(self.small, words) for words in self.tags]
        self.space = self.small.size(" ")[0]
        self.players = max(self.small.size(players_text(game))[0] for game in games)
        self.hint = self.hint_font.size(_("Set up a game"))[0]
        self._rows: dict[tuple[int, int], int] = {}

    def name(self, size: int) -> tuple[pygame.font.Font, list[list[int]], int]:
        """The `size`-th name font, each name's word widths in it, and a space's: measured on first use."""
        found = self._names.get(size)
        if found is None:
            font = self.theme.font(NAME_SIZES[size], "bold")
            found = font, [_widths(font, words) for words in self.titles], font.size(" ")[0]
            self._names[size] = found
        return found

    def rows(self, kind: int, width: int) -> int:
        """The most lines a name (`kind` the name font's index) or, kind -1, a tagline takes at `width`;
        0 when a word of one is wider."""
        key = (kind, width)
        found = self._rows.get(key)
        if found is None:
            if kind < 0:
                widths, space = self.tag_widths, self.space
            else:
                _font, widths, space = self.name(kind)
            counts = [_lines(each, space, width) for each in widths]
            found = 0 if any(c is None for c in counts) else max((len(c) for c in counts if c), default=0)
            self._rows[key] = found
        return found

    def wrapped(self, index: int, fit: _Fit) -> tuple[list[str], list[str]]:
        """The `index`-th game's name and tagline in lines, as `fit` counted them."""
        _font, widths, space = self.name(fit.name_font)
        name = _lines(widths[index], space, fit.words_w)
        if name is None or len(name) > fit.shape.name_rows:
            name = [len(self.titles[index])]
        names = _joined(self.titles[index], name)
        if not fit.shape.tag_rows:
            return names, []
        tag = _lines(self.tag_widths[index], self.space, fit.words_w)
        return names, _joined(self.tags[index], tag or [])


def _joined(words: list[str], counts: list[int]) -> list[str]:
    out, start = [], 0
    for count in counts:
        out.append(" ".join(words[start : start + count]))
        start += count
    return out


def layout_tiles(ctx: Context, area: pygame.Rect) -> list[Tile]:
    """A tile per playable game, laid out alike, as large as `area` (the heading's line included)
    allows."""
    px = ctx.px
    # A game is shown once it has rules and a table to play them on.
    games = ctx.playable_games()
    if not games:
        return []
    heading_h = ctx.theme.font(22, "bold").get_linesize() + px(18)
    words = _Words(ctx, games)
    count = len(games)
    portrait, rows_, tight = _rooms(ctx)
    below = pygame.Rect(area.x, area.y + heading_h, area.w, area.h - heading_h)
    # Rows packed closer, without the heading, only when no grid under the heading has every word whole.
    chosen = _choose(ctx, words, below, count, (portrait, rows_)) or _choose(
        ctx, words, area, count, (tight,)
    )
    fit, columns = chosen or (_fallback(ctx, words, area, count, tight), 1)
    if fit.shape.room.heading:
        area = below
    gap = fit.shape.room.spacing
    rows = -(-count // columns)
    grid_w = columns * fit.w + (columns - 1) * gap
    grid_h = rows * fit.h + (rows - 1) * gap
    x0 = area.x + (area.w - grid_w) // 2
    y0 = area.y + max(0, (area.h - grid_h) // 2)
    tiles = []
    for index, game in enumerate(games):
        row, col = divmod(index, columns)
        # A last row with fewer tiles is centred under the others.
        in_row = min(columns, count - row * columns)
        row_x0 = x0 + (grid_w - (in_row * fit.w + (in_row - 1) * gap)) // 2
        rect = pygame.Rect(row_x0 + col * (fit.w + gap), y0 + row * (fit.h + gap), fit.w, fit.h)
        names, tag_lines = words.wrapped(index, fit)
        tiles.append(Tile(game, rect, fit.shape, names=names, tag_lines=tag_lines))
    return tiles


def cramped(ctx: Context, tiles: list[Tile]) -> bool:
    """Whether the tiles have small pictures, or words not whole: worth trying a narrower menu for."""
    return bool(tiles) and (not tiles[0].shape.whole or tiles[0].shape.icon_side < ctx.px(CRAMPED_ICON))


def better_grid(tiles: list[Tile], than: list[Tile]) -> bool:
    """Whether `tiles` have every word whole where `than` do not, else larger pictures."""
    new, old = tiles[0].shape, than[0].shape
    return (new.whole, new.icon_side) > (old.whole, old.icon_side)


def _choose(
    ctx: Context, words: _Words, area: pygame.Rect, count: int, rooms: tuple[Room, ...]
) -> tuple[_Fit, int] | None:
    """The grid (a card's fit, columns) of `rooms` with the largest pictures; None when no grid has every
    word whole. While the pictures would be smaller than `MIN_ICON` the words give way in turn: the "Set
    up a game" hint, then the tagline (whole, on every tile) with the hint back, then both. At each, portrait
    cards when theirs are large enough, else the larger of them and landscape rows."""
    px = ctx.px
    best: tuple[_Fit, int] | None = None
    for tagline, hint in ((True, True), (True, False), (False, True), (False, False)):
        if tagline and not words.tags:
            continue
        for room in rooms:
            gap = room.spacing
            for columns in range(1, (min(2, count) if room.landscape else count) + 1):
                rows = -(-count // columns)
                cell_w = (area.w - gap * (columns - 1)) // columns
                cell_h = (area.h - gap * (rows - 1)) // rows
                way = _landscape if room.landscape else _portrait
                fit = way(ctx, words, room, cell_w, cell_h, tagline, hint)
                if fit is not None and (best is None or fit.icon > best[0].icon):
                    best = fit, columns
            if best is not None and best[0].icon >= px(MIN_ICON):
                return best
    return best


def _text_h(ctx: Context, words: _Words, name_font: int, name_rows: int, tag_rows: int, hint: bool) -> int:
    """The words' height: the name's rows, the player count, the tagline's rows and the hint's line."""
    px, small = ctx.px, words.small.get_linesize()
    height = words.name(name_font)[0].get_linesize() * name_rows + small
    if tag_rows:
        height += px(10) + tag_rows * small
    if hint:
        height += px(12) + words.hint_font.get_linesize()
    return height


def _fit(
    ctx: Context,
    words: _Words,
    room: Room,
    *,
    size: tuple[int, int],
    icon: int,
    font: int,
    tagline: bool,
    hint: bool,
) -> _Fit:
    """A grid's cards `size` (width, padding) with `icon`-sided pictures and the name in the `font`-th
    size: the words wrapped to what the picture leaves, and the card's height."""
    w, pad = size
    words_w = w - 2 * pad - (icon + room.word_gap if room.landscape else 0)
    name_rows = words.rows(font, words_w)
    tag_rows = words.rows(-1, words_w) if tagline else 0
    text_h = _text_h(ctx, words, font, name_rows, tag_rows, hint)
    fonts = (words.name(font)[0], words.small, words.hint_font)
    shape = Shape(room, pad, icon, name_rows, tag_rows, hint, text_h, fonts)
    h = 2 * pad + (max(icon, text_h) if room.landscape else icon + _under_picture(room, pad, hint, text_h))
    return _Fit(icon, w, h, font, words_w, shape)


def _under_picture(room: Room, pad: int, hint: bool, text_h: int) -> int:
    """A portrait card's height below its picture: a gap, the words, and without the hint half a pad."""
    return room.word_gap + text_h + (0 if hint else pad // 2)


def _portrait(
    ctx: Context, words: _Words, room: Room, cell_w: int, cell_h: int, tagline: bool, hint: bool
) -> _Fit | None:
    """A card with the picture over the words, as wide as the cell allows (and no wider than tall)."""
    px = ctx.px
    w = min(cell_w, round(cell_h / 1.05))
    pad = max(px(14), w // 16)
    inner_w = w - 2 * pad
    if inner_w <= 0 or words.players > inner_w or (hint and words.hint > inner_w):
        return None
    tag_rows = words.rows(-1, inner_w) if tagline else 0
    if tagline and not tag_rows:
        return None
    best: _Fit | None = None
    for font in range(room.name_sizes):
        name_rows = words.rows(font, inner_w)
        if not 0 < name_rows <= 2:
            continue
        below = _under_picture(room, pad, hint, _text_h(ctx, words, font, name_rows, tag_rows, hint))
        icon = min(inner_w, cell_h - 2 * pad - below, int(w * PORTRAIT_TALLEST) - 2 * pad - below)
        if icon >= px(LEAST_ICON) and (best is None or icon >= best.icon + px(NAME_GIVES)):
            best = _fit(ctx, words, room, size=(w, pad), icon=icon, font=font, tagline=tagline, hint=hint)
    return best


def _landscape(
    ctx: Context, words: _Words, room: Room, cell_w: int, cell_h: int, tagline: bool, hint: bool
) -> _Fit | None:
    """A row with the picture left of the words: the largest picture that leaves the words room."""
    px = ctx.px
    w = min(cell_w, px(LANDSCAPE_WIDEST))
    pad, gap = room.pad, room.word_gap
    inner_w, inner_h = w - 2 * pad, cell_h - 2 * pad
    least = max(words.players, words.hint if hint else 0)
    best: _Fit | None = None
    for font in range(room.name_sizes):

        def fits(icon: int, font: int = font) -> bool:
            words_w = inner_w - gap - icon
            if words_w < least:
                return False
            name_rows = words.rows(font, words_w)
            tag_rows = words.rows(-1, words_w) if tagline else 0
            if not 0 < name_rows <= 2 or (tagline and not tag_rows):
                return False
            return _text_h(ctx, words, font, name_rows, tag_rows, hint) <= inner_h

        low, high = px(LEAST_ICON), min(inner_h, inner_w - gap - least)
        if high < low or not fits(low):
            continue
        while low < high:  # the largest picture whose words still fit (fewer lines the wider they are)
            middle = (low + high + 1) // 2
            if fits(middle):
                low = middle
            else:
                high = middle - 1
        if best is None or low >= best.icon + px(NAME_GIVES):
            best = _fit(ctx, words, room, size=(w, pad), icon=low, font=font, tagline=tagline, hint=hint)
    return best


def _fallback(ctx: Context, words: _Words, area: pygame.Rect, count: int, room: Room) -> _Fit:
    """No grid has every word whole (a window smaller than the table allows): one column of rows as tall
    as the space shares out, each name on one line."""
    last = len(NAME_SIZES) - 1
    h = max(1, (area.h - room.spacing * (count - 1)) // count)
    icon = max(1, h - 2 * room.pad)
    w = min(area.w, ctx.px(LANDSCAPE_WIDEST))
    fonts = (words.name(last)[0], words.small, words.hint_font)
    shape = Shape(room, room.pad, icon, 1, 0, False, _text_h(ctx, words, last, 1, 0, False), fonts, False)
    return _Fit(icon, w, h, last, max(1, w - 2 * room.pad - room.word_gap - icon), shape)


def draw_tiles(ctx: Context, surface: pygame.Surface, tiles: list[Tile], focused: int) -> None:
    """The "Choose a game" heading over the tiles, and the tiles (the `focused`-th with the keyboard's
    ring)."""
    heading = ctx.theme.font(22, "bold")
    if tiles and tiles[0].shape.room.heading:
        first = min(tile.rect.y for tile in tiles)
        left = min(tile.rect.x for tile in tiles)
        draw.text(
            surface,
            heading,
            _("Choose a game"),
            (left, first - ctx.px(14)),
            theme.ON_FELT,
            anchor="bottomleft",
        )
    for index, tile in enumerate(tiles):
        _draw_tile(ctx, surface, tile, focused=index == focused)


def _draw_tile(ctx: Context, surface: pygame.Surface, tile: Tile, *, focused: bool) -> None:
    px = ctx.px
    ease = 1 - (1 - tile.lift) ** 2
    rect = tile.rect.move(0, -round(px(6) * ease))
    lift = px(4) + round(px(8) * ease)
    ring = theme.ACCENT if (tile.lift > 0.01 or focused) else None
    draw.card(surface, rect, radius=px(16), lift=lift, highlight=ring)
    shape = tile.shape
    inner = rect.inflate(-shape.pad * 2, -shape.pad * 2)
    name_font, small, hint_font = shape.fonts
    icon_rect = pygame.Rect(0, 0, shape.icon_side, shape.icon_side)
    # A soft wash behind the drawing, like a printed box lid: across the top of a card, down the left of
    # a row.
    if shape.room.landscape:
        icon_rect.midleft = (inner.x, inner.centery)
        wash = pygame.Rect(rect.x + px(6), rect.y + px(6), icon_rect.right - rect.x + px(6), rect.h - px(12))
        x, y = icon_rect.right + shape.room.word_gap, inner.y + (inner.h - shape.text_h) // 2
    else:
        icon_rect.midtop = (inner.centerx, inner.y)
        wash = pygame.Rect(rect.x + px(6), rect.y + px(6), rect.w - px(12), icon_rect.bottom - rect.y + px(6))
        x, y = inner.x, icon_rect.bottom + shape.room.word_gap
    pygame.draw.rect(surface, theme.PAPER_SHADE, wash, border_radius=px(12))
    if tile.game.id in ctx.game_uis:
        ctx.game_uis[tile.game.id].draw_icon(surface, icon_rect)
    # The same rows on every tile, so the words of tiles side by side start at the same heights.
    for row, name in enumerate(tile.names):
        draw.text(surface, name_font, name, (x, y + row * name_font.get_linesize()), theme.INK)
    y += shape.name_rows * name_font.get_linesize()
    draw.text(surface, small, players_text(tile.game), (x, y), theme.ACCENT_DARK)
    y += small.get_linesize() + px(10)
    for row, line in enumerate(tile.tag_lines):
        draw.text(surface, small, line, (x, y + row * small.get_linesize()), theme.INK_SOFT)
    if not shape.show_hint:
        return
    colour = theme.ACCENT_DARK if tile.lift > 0.5 or focused else theme.INK_SOFT
    # At the foot of the card (of its words, in a row).
    foot = (
        inner.y + (inner.h + shape.text_h) // 2
        if shape.room.landscape
        else rect.bottom - shape.pad // 2 - px(4)
    )
    draw.text(surface, hint_font, _("Set up a game"), (inner.right, foot), colour, anchor="bottomright")
