"""The title screen's game tiles: a paper card per playable game with the game's own drawing
(`ui/games/<id>/icon.py`), its name, how many play and its tagline. Where the tiles go in the space the
menu leaves, how each tile's words are fitted to it (smaller sizes before anything leaves the card), and how
one is drawn, resting, raised under the pointer or focused. The title screen (`title.py`) hit-tests and
animates them."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from rainbowtable.games.entry import GameEntry
from rainbowtable.ui import draw, theme
from rainbowtable.ui.context import Context
from rainbowtable.ui.i18n import _


@dataclass(eq=False)  # a tile is the one it is (`is self.hovered`); no compiled __eq__ on every start
class Tile:
    game: GameEntry
    rect: pygame.Rect
    lift: float = 0.0  # 0 resting .. 1 raised (hover)
    tag_lines: list[str] = field(default_factory=list)  # the tagline wrapped to the tile, once per layout
    names: list[str] = field(default_factory=list)  # the game's name, one line or two at large text
    fonts: tuple[pygame.font.Font, ...] = ()  # (name, players and tagline, hint), fitted to the tile
    show_hint: bool = True
    icon_side: int = 0


def players_text(game: GameEntry) -> str:
    counts = game.seat_counts
    if len(counts) == 1:
        return _("{n} players").format(n=counts.start)
    return _("{low}–{high} players").format(low=counts.start, high=counts.stop - 1)


def layout_tiles(ctx: Context, area: pygame.Rect) -> list[Tile]:
    """A tile per playable game, as large as `area` (under the heading) allows, in rows of up to three."""
    px = ctx.px
    # A game is shown once it has rules and a table to play them on.
    games = ctx.playable_games()
    count = len(games)
    heading_h = ctx.theme.font(22, "bold").get_linesize() + px(18)
    area = pygame.Rect(area.x, area.y + heading_h, area.w, area.h - heading_h)
    columns = min(count, 3 if area.w >= px(700) else 2 if area.w >= px(440) else 1)
    rows = math.ceil(count / columns)
    gap = px(24)
    tile_w = min((area.w - gap * (columns - 1)) // columns, max(px(400), round(area.h * 0.62)))
    tile_h = min(round(tile_w * 1.3), (area.h - gap * (rows - 1)) // rows)
    tile_w = min(tile_w, round(tile_h / 1.05))
    grid_w = columns * tile_w + (columns - 1) * gap
    grid_h = rows * tile_h + (rows - 1) * gap
    x0 = area.x + (area.w - grid_w) // 2
    y0 = area.y + max(0, (area.h - grid_h) // 2)
    tiles = []
    for index, game in enumerate(games):
        row, col = divmod(index, columns)
        # A last row with fewer tiles is centred under the others.
        in_row = min(columns, count - row * columns)
        row_x0 = x0 + (grid_w - (in_row * tile_w + (in_row - 1) * gap)) // 2
        rect = pygame.Rect(row_x0 + col * (tile_w + gap), y0 + row * (tile_h + gap), tile_w, tile_h)
        tiles.append(_fit_tile(ctx, Tile(game, rect, tag_lines=_tagline(ctx, game, rect))))
    return tiles


def _tile_inner(ctx: Context, rect: pygame.Rect) -> tuple[int, pygame.Rect]:
    """(padding, content rect) of a tile."""
    pad = max(ctx.px(14), rect.w // 16)
    return pad, rect.inflate(-pad * 2, -pad * 2)


def _tagline(ctx: Context, game: GameEntry, rect: pygame.Rect) -> list[str]:
    tagline = _(ctx.game_uis[game.id].tagline) if game.id in ctx.game_uis else ""
    font, width = ctx.theme.font(16), _tile_inner(ctx, rect)[1].w
    if not tagline or max(font.size(word)[0] for word in tagline.split()) > width:
        return []  # a tile too narrow for a word of it shows no tagline rather than half words
    return draw.wrap(font, tagline, width)


def _fit_tile(ctx: Context, tile: Tile) -> Tile:
    """Fit the tile's words to it. At large text a tile is small: the name and the player count take a
    smaller size (the name two lines at the smallest) before anything leaves the card; then the
    tagline gives way (whole, never half a sentence), then the hint, and the picture takes the rest."""
    px, th = ctx.px, ctx.theme
    pad, inner = _tile_inner(ctx, tile.rect)
    sizes = (26, 22, 19, 17, 15) if tile.rect.w > px(300) else (22, 19, 17, 15)
    # The name on one line if it can, else on two but never broken inside a word.
    name_font = th.fitting_font(sizes[:-1], tile.game.title, inner.w, "bold")
    if name_font.size(tile.game.title)[0] > inner.w:
        longest = max(tile.game.title.split(), key=lambda word: name_font.size(word)[0])
        name_font = th.fitting_font(sizes, longest, inner.w, "bold")
    tile.names = draw.wrap(name_font, tile.game.title, inner.w)
    small = th.fitting_font((16, 14, 13), players_text(tile.game), inner.w)
    hint_font = th.fitting_font((15, 13), _("Set up a game"), inner.w, "bold")
    tile.fonts = (name_font, small, hint_font)
    hint_h = hint_font.get_linesize() + px(12)
    base_h = name_font.get_linesize() * len(tile.names) + small.get_linesize() + px(10)
    room = inner.h - px(16) - base_h
    min_icon = px(40)
    tile.show_hint = room - hint_h >= min_icon and hint_font.size(_("Set up a game"))[0] <= inner.w
    if not tile.show_hint:
        hint_h = pad // 2
    if (
        small is not ctx.theme.font(16)
        or room - hint_h - len(tile.tag_lines) * small.get_linesize() < min_icon
    ):
        tile.tag_lines = []
    text_h = base_h + len(tile.tag_lines) * small.get_linesize()
    tile.icon_side = max(px(16), min(inner.w, inner.h - text_h - hint_h - px(16)))
    return tile


def draw_tiles(ctx: Context, surface: pygame.Surface, tiles: list[Tile], focused: int) -> None:
    """The "Choose a game" heading over the tiles, and the tiles (the `focused`-th with the keyboard's
    ring)."""
    heading = ctx.theme.font(22, "bold")
    if tiles:
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
    pad, inner = _tile_inner(ctx, rect)
    name_font, small, hint_font = tile.fonts
    tag_lines, icon_side = tile.tag_lines, tile.icon_side
    icon_rect = pygame.Rect(0, 0, icon_side, icon_side)
    icon_rect.midtop = (inner.centerx, inner.y)
    # A soft wash behind the drawing, like a printed box lid.
    wash = pygame.Rect(rect.x + px(6), rect.y + px(6), rect.w - px(12), icon_rect.bottom - rect.y + px(6))
    pygame.draw.rect(surface, theme.PAPER_SHADE, wash, border_radius=px(12))
    if tile.game.id in ctx.game_uis:
        ctx.game_uis[tile.game.id].draw_icon(surface, icon_rect)
    y = icon_rect.bottom + px(16)
    for name in tile.names:
        draw.text(surface, name_font, name, (inner.x, y), theme.INK)
        y += name_font.get_linesize()
    draw.text(surface, small, players_text(tile.game), (inner.x, y), theme.ACCENT_DARK)
    y += small.get_linesize() + px(10)
    for line in tag_lines:
        draw.text(surface, small, line, (inner.x, y), theme.INK_SOFT)
        y += small.get_linesize()
    if not tile.show_hint:
        return
    hint = _("Set up a game")
    colour = theme.ACCENT_DARK if tile.lift > 0.5 or focused else theme.INK_SOFT
    draw.text(
        surface,
        hint_font,
        hint,
        (inner.right, rect.bottom - pad // 2 - px(4)),
        colour,
        anchor="bottomright",
    )
