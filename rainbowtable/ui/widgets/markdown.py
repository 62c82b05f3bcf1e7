"""A small renderer for the Markdown our rules pages are written in, and the scroll area it sits in.

Understands what `rules_text.md` files use: `#`/`##`/`###` headings, paragraphs, bullet and numbered lists
(nested by indentation), `> ` notes, `---` rules, simple pipe tables, fenced code/diagram blocks (drawn in a
box on a fixed character grid so that diagrams line up although we ship no monospace font), and inline
`**bold**`, `*italic*` and `` `code` ``. Everything is drawn with `pygame.font` onto one tall surface per
width, cached, so scrolling is a single blit.

`ScrollArea` is the scrolling behaviour shared by the rules page and the saves list: wheel, keys, a
draggable scrollbar and a short glide. Deliberately not here: links, images, HTML, or any pygame_gui widget.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

import pygame

from rainbowtable.ui import draw
from rainbowtable.ui import theme as palette
from rainbowtable.ui.theme import RGB, Theme

CODE_BG: RGB = (241, 234, 219)
CODE_EDGE: RGB = (214, 203, 182)
CODE_INK: RGB = (64, 58, 66)
QUOTE_BAR: RGB = palette.ACCENT
TABLE_HEAD_BG: RGB = (240, 232, 214)

# Box-drawing characters drawn as strokes (Lato has none): which sides of the cell each one reaches.
_BOX_SIDES: dict[str, str] = {
    "─": "lr", "━": "lr", "═": "lr", "│": "ud", "┃": "ud", "║": "ud",
    "┌": "rd", "┐": "ld", "└": "ru", "┘": "lu", "╭": "rd", "╮": "ld", "╰": "ru", "╯": "lu",
    "├": "udr", "┤": "udl", "┬": "lrd", "┴": "lru", "┼": "udlr",
}  # fmt: skip
_ARROW_HEADS: dict[str, str] = {"►": "r", "▶": "r", "◄": "l", "◀": "l", "▲": "u", "▼": "d"}


# --- parsing -----------------------------------------------------------------------------------------

Run = tuple[str, str]
"""(text, style) with style one of regular, bold, italic, code."""

_INLINE = re.compile(
    r"(\*\*(?P<bold>.+?)\*\*"
    r"|__(?P<bold2>.+?)__"
    r"|`(?P<code>[^`]+)`"
    r"|(?<![\w*])\*(?P<italic>[^*\s](?:[^*]*?[^*\s])?)\*(?![\w*])"
    r"|(?<!\w)_(?P<italic2>[^_\s](?:[^_]*?[^_\s])?)_(?!\w))"
)


def parse_inline(text: str) -> list[Run]:
    """Split a line of text into styled runs."""
    runs: list[Run] = []
    pos = 0
    for match in _INLINE.finditer(text):
        if match.start() > pos:
            runs.append((text[pos : match.start()], "regular"))
        if match.group("bold") is not None or match.group("bold2") is not None:
            inner = match.group("bold") or match.group("bold2") or ""
            # Italic inside bold is rare in our pages; keep the words, drop the inner markers.
            runs.append((inner.replace("*", ""), "bold"))
        elif match.group("code") is not None:
            runs.append((match.group("code"), "code"))
        else:
            runs.append((match.group("italic") or match.group("italic2") or "", "italic"))
        pos = match.end()
    if pos < len(text):
        runs.append((text[pos:], "regular"))
    return [run for run in runs if run[0]]


@dataclass
class Block:
    """One block of the document. kind: h1, h2, h3, p, bullet, number, quote, code, table, rule."""

    kind: str
    text: str = ""
    level: int = 0
    marker: str = ""
    lines: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)


_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^(\s*)[-*+]\s+(.*)$")
_NUMBER = re.compile(r"^(\s*)(\d+)[.)]\s+(.*)$")
_RULE = re.compile(r"^\s*(?:-{3,}|\*{3,}|_{3,})\s*$")
_TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")


def _split_row(line: str) -> list[str]:
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|"):
        body = body[:-1]
    return [cell.strip() for cell in body.split("|")]


def _continuation(lines: list[str], i: int, kind: str) -> tuple[list[str], int]:
    """A list item's continuation lines from line `i` on (indented text that is not itself a new item,
    heading or fence), and the line after them."""
    more: list[str] = []
    while i < len(lines):
        follow = lines[i]
        numbered = _NUMBER.match(follow)
        if (
            not follow.strip()
            or _BULLET.match(follow)
            # A number starts a new item after a numbered one, or as "1."; else it is the item's prose
            # wrapped onto a line that happens to begin "8." (CommonMark's rule).
            or (numbered and (kind == "number" or numbered.group(2) == "1"))
            or _HEADING.match(follow.strip())
            or follow.strip().startswith(("```", "~~~", "|", ">"))
            or not follow.startswith(" ")
        ):
            break
        more.append(follow.strip())
        i += 1
    return more, i


def parse_blocks(source: str) -> list[Block]:
    """The block structure of a Markdown document (the subset described in the module docstring)."""
    blocks: list[Block] = []
    lines = source.replace("\r\n", "\n").replace("\t", "    ").split("\n")
    i = 0
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(Block("p", " ".join(part.strip() for part in paragraph)))
            paragraph.clear()

    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith("```") or stripped.startswith("~~~"):
            flush()
            fence = stripped[:3]
            body: list[str] = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith(fence):
                body.append(lines[i].rstrip())
                i += 1
            blocks.append(Block("code", lines=body))
            i += 1
            continue
        if not stripped:
            flush()
            i += 1
            continue
        heading = _HEADING.match(stripped)
        if heading:
            flush()
            depth = min(3, len(heading.group(1)))
            blocks.append(Block(f"h{depth}", heading.group(2)))
            i += 1
            continue
        if _RULE.match(line) and not paragraph:
            blocks.append(Block("rule"))
            i += 1
            continue
        if stripped.startswith("|") and i + 1 < len(lines) and _TABLE_SEPARATOR.match(lines[i + 1]):
            flush()
            rows = [_split_row(line)]
            i += 2
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(_split_row(lines[i]))
                i += 1
            blocks.append(Block("table", rows=rows))
            continue
        bullet = _BULLET.match(line)
        number = _NUMBER.match(line)
        if number and paragraph and number.group(2) != "1":
            # As in CommonMark, only "1." starts a list inside a paragraph: "all\n8. Rows" is prose.
            number = None
        if bullet or number:
            flush()
            if bullet:
                indent, text, kind, marker = bullet.group(1), bullet.group(2), "bullet", ""
            else:
                assert number is not None
                indent, text, kind, marker = number.group(1), number.group(3), "number", number.group(2)
            more, i = _continuation(lines, i + 1, kind)
            blocks.append(Block(kind, " ".join([text, *more]), level=min(3, len(indent) // 2), marker=marker))
            continue
        if stripped.startswith(">"):
            flush()
            quoted = []
            while i < len(lines) and lines[i].strip().startswith(">"):
                quoted.append(lines[i].strip()[1:].strip())
                i += 1
            blocks.append(Block("quote", " ".join(part for part in quoted if part)))
            continue
        paragraph.append(line)
        i += 1
    flush()
    return blocks


# --- layout and drawing ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Piece:
    text: str
    style: str
    width: int


def _font(theme: Theme, size: float, style: str) -> pygame.font.Font:
    role = {"bold": "bold", "italic": "italic"}.get(style, "regular")
    return theme.font(size, role)


class MarkdownView:
    """A Markdown document laid out for a width; `surface_for(width)` is cached per width."""

    def __init__(self, theme: Theme, source: str, *, body_size: float = 17, ink: RGB = palette.INK) -> None:
        self.theme = theme
        self.blocks = parse_blocks(source)
        self.body_size = body_size
        self.ink = ink
        self._cache: dict[int, pygame.Surface] = {}

    @property
    def title(self) -> str:
        """The first top-level heading, or an empty string."""
        for block in self.blocks:
            if block.kind == "h1":
                return "".join(text for text, _ in parse_inline(block.text))
        return ""

    def height_for(self, width: int) -> int:
        return self.surface_for(width).get_height()

    def surface_for(self, width: int) -> pygame.Surface:
        width = max(120, width)
        cached = self._cache.get(width)
        if cached is None:
            self._cache.clear()  # one width at a time: a resize makes the old one useless
            cached = self._render(width)
            self._cache[width] = cached
        return cached

    # rendering ---------------------------------------------------------------------------------------
    def _render(self, width: int) -> pygame.Surface:
        # Two passes: measure (surface None), then draw onto a surface of exactly the right height.
        height = self._draw_all(None, width)
        surface = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        self._draw_all(surface, width)
        return surface

    def _draw_all(self, surface: pygame.Surface | None, width: int) -> int:
        px = self.theme.px
        body = self.body_size
        y = 0
        previous = ""
        for index, block in enumerate(self.blocks):
            gap = self._gap_before(block.kind, previous, index)
            y += px(gap)
            if block.kind in ("h1", "h2", "h3"):
                size = {"h1": body * 1.75, "h2": body * 1.3, "h3": body * 1.08}[block.kind]
                role = "title" if block.kind == "h1" else "bold"
                font = self.theme.font(size, role)
                runs = [(text, "bold") for text, _ in parse_inline(block.text)]
                colour = palette.INK if block.kind != "h3" else palette.ACCENT_DARK
                y = self._flow(surface, runs, 0, y, width, size, colour, font_override=font)
                if block.kind == "h1" and surface is not None:
                    bar = pygame.Rect(0, y + px(4), min(width, px(120)), px(4))
                    draw.rainbow_bar(surface, bar)
                if block.kind == "h1":
                    y += px(8)
            elif block.kind == "p":
                y = self._flow(surface, parse_inline(block.text), 0, y, width, body, self.ink)
            elif block.kind in ("bullet", "number"):
                indent = px(26) * (block.level + 1)
                font = self.theme.font(body)
                line_h = self._line_height(body)
                if surface is not None:
                    if block.kind == "bullet":
                        r = max(2, px(3.2))
                        centre = (indent - px(13), y + line_h // 2)
                        colour = palette.ACCENT_DARK if block.level == 0 else palette.INK_SOFT
                        pygame.draw.circle(surface, colour, centre, r)
                    else:
                        draw.text(
                            surface,
                            self.theme.font(body, "bold"),
                            f"{block.marker}.",
                            (indent - px(7), y + (line_h - font.get_height()) // 2),
                            palette.ACCENT_DARK,
                            anchor="topright",
                        )
                y = self._flow(surface, parse_inline(block.text), indent, y, width - indent, body, self.ink)
            elif block.kind == "quote":
                inner_x = px(18)
                top = y
                y = self._flow(
                    surface,
                    parse_inline(block.text),
                    inner_x,
                    y + px(4),
                    width - inner_x - px(8),
                    body,
                    palette.INK_SOFT,
                    default_style="italic",
                )
                y += px(4)
                if surface is not None:
                    pygame.draw.rect(
                        surface, QUOTE_BAR, pygame.Rect(0, top, px(4), y - top), border_radius=px(2)
                    )
            elif block.kind == "rule":
                if surface is not None:
                    pygame.draw.line(
                        surface, palette.PAPER_LINE, (0, y + px(6)), (width, y + px(6)), max(1, px(1))
                    )
                y += px(12)
            elif block.kind == "code":
                y = self._code(surface, block.lines, y, width)
            elif block.kind == "table":
                y = self._table(surface, block.rows, y, width)
            previous = block.kind
        return y + px(8)

    def _gap_before(self, kind: str, previous: str, index: int) -> float:
        if index == 0:
            return 0
        if kind == "h1":
            return 30
        if kind == "h2":
            return 26
        if kind == "h3":
            return 18
        if kind in ("bullet", "number") and previous in ("bullet", "number"):
            return 5
        if previous in ("h2", "h3"):
            return 8
        return 12

    def _line_height(self, size: float) -> int:
        return round(self.theme.font(size).get_linesize() * 1.28)

    def _flow(
        self,
        surface: pygame.Surface | None,
        runs: list[Run],
        x0: int,
        y: int,
        width: int,
        size: float,
        colour: RGB,
        *,
        font_override: pygame.font.Font | None = None,
        default_style: str = "regular",
    ) -> int:
        """Wrap runs into `width` starting at (x0, y); returns the y below the last line."""
        lines = self._wrap(runs, width, size, font_override, default_style)
        line_h = round((font_override or self.theme.font(size)).get_linesize() * 1.28)
        for line in lines:
            if surface is not None:
                x = x0
                for piece in line:
                    font = font_override or _font(self.theme, size, piece.style)
                    if piece.text.strip() == "":
                        x += piece.width
                        continue
                    baseline_y = y + (line_h - font.get_height()) // 2
                    if piece.style == "code":
                        box = pygame.Rect(
                            x - self.theme.px(2),
                            baseline_y,
                            piece.width + self.theme.px(4),
                            font.get_height(),
                        )
                        pygame.draw.rect(surface, CODE_BG, box, border_radius=self.theme.px(4))
                        draw.text(surface, font, piece.text, (x, baseline_y), CODE_INK)
                    else:
                        draw.text(surface, font, piece.text, (x, baseline_y), colour)
                    x += piece.width
            y += line_h
        return y

    def _wrap(
        self,
        runs: list[Run],
        width: int,
        size: float,
        font_override: pygame.font.Font | None,
        default_style: str,
    ) -> list[list[_Piece]]:
        # Words are lists of pieces glued together (e.g. a bold word followed by a comma); lines break only
        # at spaces.
        words: list[list[_Piece]] = []
        spaces: list[int] = []
        glue = False
        for text, style in runs:
            style = default_style if style == "regular" else style
            font = font_override or _font(self.theme, size, style)
            for token in re.findall(r"\S+|\s+", text):
                if token.isspace():
                    glue = False
                    continue
                piece = _Piece(token, style, font.size(token)[0])
                if glue and words:
                    words[-1].append(piece)
                else:
                    words.append([piece])
                    spaces.append(font.size(" ")[0])
                glue = True
            if text and text[-1].isspace():
                glue = False
        lines: list[list[_Piece]] = []
        line: list[_Piece] = []
        line_w = 0
        for word, space in zip(words, spaces, strict=True):
            word_w = sum(piece.width for piece in word)
            if line and line_w + space + word_w > width:
                lines.append(line)
                line, line_w = [], 0
            if line:
                line.append(_Piece(" ", "regular", space))
                line_w += space
            line.extend(word)
            line_w += word_w
        if line or not lines:
            lines.append(line)
        return lines

    def _code(self, surface: pygame.Surface | None, lines: list[str], y: int, width: int) -> int:
        px = self.theme.px
        pad = px(14)
        longest = max((len(line) for line in lines), default=1)
        size = self.body_size * 0.95
        font = self.theme.font(size)
        cell = _cell_width(font)
        # Shrink the font until the longest line fits the box (down to a readable floor).
        while longest * cell > width - pad * 2 and size > 10:
            size -= 0.5
            font = self.theme.font(size)
            cell = _cell_width(font)
        line_h = round(font.get_linesize() * 1.18)
        height = line_h * max(1, len(lines)) + pad * 2
        if surface is not None:
            box = pygame.Rect(0, y, width, height)
            pygame.draw.rect(surface, CODE_BG, box, border_radius=px(8))
            pygame.draw.rect(surface, CODE_EDGE, box, width=1, border_radius=px(8))
            ty = y + pad
            for line in lines:
                # Box lines and arrowheads are drawn in their cells; a word is drawn whole from its first
                # cell, so diagrams keep their columns and prose in them is not letter-spaced.
                for col, token in _code_tokens(line):
                    cell_rect = pygame.Rect(pad + col * cell, ty, cell, line_h)
                    sides = _BOX_SIDES.get(token)
                    if sides is not None:
                        _box_stroke(surface, cell_rect, sides, CODE_INK, max(1, px(1.5)))
                    elif token in _ARROW_HEADS:
                        _arrow_head(surface, cell_rect, _ARROW_HEADS[token], CODE_INK)
                    else:
                        draw.text(surface, font, token, (cell_rect.x, cell_rect.centery), CODE_INK, "midleft")
                ty += line_h
        return y + height

    def _table(self, surface: pygame.Surface | None, rows: list[list[str]], y: int, width: int) -> int:
        px = self.theme.px
        columns = max(len(row) for row in rows)
        rows = [row + [""] * (columns - len(row)) for row in rows]
        size = self.body_size * 0.94
        pad_x, pad_y = px(10), px(6)
        natural = [0] * columns
        for row in rows:
            for c, cell in enumerate(row):
                words = [
                    piece
                    for line in self._wrap(parse_inline(cell), 10**6, size, None, "regular")
                    for piece in line
                ]
                natural[c] = max(natural[c], sum(piece.width for piece in words) + pad_x * 2)
        total = sum(natural)
        if total > width:
            # Share the width by natural size, but never squeeze a column below a few words.
            floor = min(px(90), width // columns)
            widths = [max(floor, round(n * width / total)) for n in natural]
            widths[-1] = max(floor, width - sum(widths[:-1]))
        else:
            widths = natural
        table_w = sum(widths)
        top = y
        for r, row in enumerate(rows):
            style_runs = [
                [(text, "bold" if r == 0 else style) for text, style in parse_inline(cell)] for cell in row
            ]
            heights = [
                len(self._wrap(runs, widths[c] - pad_x * 2, size, None, "regular")) * self._line_height(size)
                for c, runs in enumerate(style_runs)
            ]
            row_h = max(heights) + pad_y * 2
            if surface is not None:
                if r == 0:
                    pygame.draw.rect(
                        surface,
                        TABLE_HEAD_BG,
                        pygame.Rect(0, y, table_w, row_h),
                        border_top_left_radius=px(6),
                        border_top_right_radius=px(6),
                    )
                x = 0
                for c, runs in enumerate(style_runs):
                    self._flow(surface, runs, x + pad_x, y + pad_y, widths[c] - pad_x * 2, size, self.ink)
                    x += widths[c]
                if r > 0:
                    pygame.draw.line(surface, palette.PAPER_LINE, (0, y), (table_w, y), 1)
            y += row_h
        if surface is not None:
            pygame.draw.rect(
                surface,
                palette.PAPER_LINE,
                pygame.Rect(0, top, table_w, y - top),
                width=1,
                border_radius=px(6),
            )
        return y


def _cell_width(font: pygame.font.Font) -> int:
    # Digits are the widest common characters in our diagrams; wider letters (m, W) overlap a hair.
    return max(font.size(ch)[0] for ch in "0123456789#.") + 1


def _code_tokens(line: str) -> list[tuple[int, str]]:
    """(column, token) of a code line: each box-drawing character or arrowhead alone, each mark of a grid
    row (". + A B") alone; other text in runs that break at two or more spaces (a single space is a word
    gap in prose, more are alignment)."""
    tokens: list[tuple[int, str]] = []
    for match in re.finditer(r"\S+(?: \S+)*", line):
        start = match.start()
        text = match.group()
        run = 0
        for offset, char in enumerate([*text, " "]):
            if offset == len(text) or char in _BOX_SIDES or char in _ARROW_HEADS:
                piece = text[run:offset]
                if all(len(word) == 1 for word in piece.split()):
                    # A row of a grid (". + A B"): every mark in its own cell.
                    tokens += [(start + run + i, c) for i, c in enumerate(piece) if c != " "]
                else:
                    tokens.append((start + run + len(piece) - len(piece.lstrip()), piece.strip()))
                if offset < len(text):
                    tokens.append((start + offset, char))
                run = offset + 1
    return tokens


def _arrow_head(surface: pygame.Surface, rect: pygame.Rect, direction: str, colour: RGB) -> None:
    """A filled triangle pointing `direction` (r, l, u, d) in the cell: the text fonts have no arrowheads."""
    cx, cy = rect.center
    r = max(3, min(rect.w, rect.h) * 2 // 5)
    points = {
        "r": [(cx - r, cy - r), (cx + r, cy), (cx - r, cy + r)],
        "l": [(cx + r, cy - r), (cx - r, cy), (cx + r, cy + r)],
        "u": [(cx - r, cy + r), (cx, cy - r), (cx + r, cy + r)],
        "d": [(cx - r, cy - r), (cx, cy + r), (cx + r, cy - r)],
    }[direction]
    pygame.draw.polygon(surface, colour, points)


def _box_stroke(surface: pygame.Surface, rect: pygame.Rect, sides: str, colour: RGB, width: int) -> None:
    cx, cy = rect.center
    ends = {"l": (rect.left, cy), "r": (rect.right, cy), "u": (cx, rect.top), "d": (cx, rect.bottom)}
    for side in sides:
        pygame.draw.line(surface, colour, (cx, cy), ends[side], width)


# --- scrolling ---------------------------------------------------------------------------------------


class ScrollArea:
    """Vertical scrolling of content taller than its view: wheel, keys, a draggable bar, a short glide.

    The owner sets `view` (the visible rect on screen) and `content_height`, forwards events to
    `handle_event`, calls `update(dt)` each frame and reads `offset` (pixels scrolled, an int) to draw.
    """

    GLIDE_PER_S = 18.0  # how fast the shown offset closes on the target (exponential approach)

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.view = pygame.Rect(0, 0, 1, 1)
        self.content_height = 0
        self.target = 0.0
        self.shown = 0.0
        self.line_step = theme.px(48)
        self.dragging_from: tuple[int, float] | None = None
        self.hover_bar = False

    # geometry ----------------------------------------------------------------------------------------
    def set_bounds(self, view: pygame.Rect, content_height: int) -> None:
        self.view = pygame.Rect(view)
        self.content_height = content_height
        self.target = self._clamp(self.target)
        self.shown = self._clamp(self.shown)

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.view.h)

    @property
    def offset(self) -> int:
        return round(self.shown)

    @property
    def can_scroll(self) -> bool:
        return self.max_offset > 0

    def _clamp(self, value: float) -> float:
        return max(0.0, min(float(self.max_offset), value))

    def track_rect(self) -> pygame.Rect:
        w = self.theme.px(8)
        return pygame.Rect(self.view.right + self.theme.px(8), self.view.y, w, self.view.h)

    def thumb_rect(self) -> pygame.Rect:
        track = self.track_rect()
        if not self.can_scroll:
            return track
        h = max(self.theme.px(36), round(track.h * self.view.h / self.content_height))
        y = track.y + round((track.h - h) * self.shown / self.max_offset)
        return pygame.Rect(track.x, y, track.w, h)

    # changing ----------------------------------------------------------------------------------------
    def scroll_by(self, dy: float) -> None:
        self.target = self._clamp(self.target + dy)

    def scroll_to(self, y: float, *, instant: bool = False) -> None:
        self.target = self._clamp(y)
        if instant:
            self.shown = self.target

    def reveal(self, top: int, bottom: int) -> None:
        """Scroll just enough that content rows top..bottom are visible."""
        if top < self.target:
            self.target = self._clamp(top)
        elif bottom > self.target + self.view.h:
            self.target = self._clamp(bottom - self.view.h)

    def handle_event(
        self, event: pygame.event.Event, *, keys: bool = True, wheel_anywhere: bool = False
    ) -> bool:
        """Use a wheel, key or scrollbar event; True when it was used."""
        if event.type == pygame.MOUSEWHEEL:
            hit_area = self.view.union(self.track_rect()).inflate(self.theme.px(24), self.theme.px(24))
            if wheel_anywhere or hit_area.collidepoint(pygame.mouse.get_pos()):
                self.scroll_by(-event.y * self.line_step * 1.5)
                return True
            return False
        if keys and event.type == pygame.KEYDOWN:
            page = max(self.line_step, self.view.h - self.line_step)
            moves = {
                pygame.K_DOWN: self.line_step,
                pygame.K_UP: -self.line_step,
                pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page,
                pygame.K_SPACE: page,
            }
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return True
            if event.key == pygame.K_HOME:
                self.scroll_to(0)
                return True
            if event.key == pygame.K_END:
                self.scroll_to(self.max_offset)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.can_scroll:
            track = self.track_rect().inflate(self.theme.px(10), 0)
            if not track.collidepoint(event.pos):
                return False
            thumb = self.thumb_rect()
            if not thumb.inflate(self.theme.px(10), 0).collidepoint(event.pos):
                # A click on the track jumps a page towards it.
                page = self.view.h - self.line_step
                self.scroll_by(page if event.pos[1] > thumb.centery else -page)
            self.dragging_from = (event.pos[1], self.shown)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_bar = self.track_rect().inflate(self.theme.px(10), 0).collidepoint(event.pos)
            if self.dragging_from is not None:
                start_y, start_offset = self.dragging_from
                track, thumb = self.track_rect(), self.thumb_rect()
                free = max(1, track.h - thumb.h)
                self.target = self._clamp(start_offset + (event.pos[1] - start_y) * self.max_offset / free)
                self.shown = self.target
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging_from is not None:
            self.dragging_from = None
            return True
        return False

    def update(self, dt: float) -> bool:
        """Glide towards the target; True while moving."""
        gap = self.target - self.shown
        if abs(gap) < 0.5:
            self.shown = self.target
            return False
        self.shown += gap * min(1.0, dt * self.GLIDE_PER_S)
        return True

    @property
    def is_moving(self) -> bool:
        return abs(self.target - self.shown) >= 0.5

    # drawing -----------------------------------------------------------------------------------------
    def draw_bar(self, surface: pygame.Surface, *, on_paper: bool = True) -> None:
        if not self.can_scroll:
            return
        track, thumb = self.track_rect(), self.thumb_rect()
        radius = track.w // 2
        track_colour = palette.PAPER_SHADE if on_paper else palette.FELT_EDGE
        thumb_colour = (
            palette.ACCENT
            if (self.hover_bar or self.dragging_from)
            else (palette.PAPER_LINE if on_paper else palette.ON_FELT_SOFT)
        )
        pygame.draw.rect(surface, track_colour, track, border_radius=radius)
        pygame.draw.rect(surface, thumb_colour, thumb, border_radius=radius)

    def draw_edges(self, surface: pygame.Surface, fill: RGB) -> None:
        """Soft fades at the top and bottom edges of the view while there is more to scroll to."""
        fade = self.theme.px(18)
        if self.offset > 0:
            _fade(surface, pygame.Rect(self.view.x, self.view.y, self.view.w, fade), fill, downwards=True)
        if self.offset < self.max_offset:
            _fade(
                surface,
                pygame.Rect(self.view.x, self.view.bottom - fade, self.view.w, fade),
                fill,
                downwards=False,
            )


def _fade(surface: pygame.Surface, rect: pygame.Rect, fill: RGB, *, downwards: bool) -> None:
    surface.blit(_fade_image(rect.size, fill, downwards), rect)


@functools.lru_cache(maxsize=8)
def _fade_image(size: tuple[int, int], fill: RGB, downwards: bool) -> pygame.Surface:
    # Built once per size: the fades are drawn on every frame of a scroll.
    h = max(1, size[1])
    strip = pygame.Surface((1, h), pygame.SRCALPHA)
    for i in range(h):
        t = i / max(1, h - 1)
        alpha = round(255 * ((1 - t) if downwards else t) ** 1.5)
        strip.set_at((0, i), (*fill, alpha))
    return pygame.transform.scale(strip, (max(1, size[0]), h))


def draw_scrolled(surface: pygame.Surface, content: pygame.Surface, scroll: ScrollArea) -> None:
    """Blit the visible part of `content` into the scroll area's view."""
    area = pygame.Rect(0, scroll.offset, scroll.view.w, scroll.view.h)
    surface.blit(content, scroll.view.topleft, area)
