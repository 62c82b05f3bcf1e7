"""The one place text from outside the app is checked: names, titles and ids read from saves, board files,
settings and file names (issue 9).

Anything a file or the command line hands us is either *checked* where it is decoded (`check_text`, which
refuses with a `TextProblem` naming where and what is wrong) or *cleaned* before it is shown (`clean_text`,
which replaces what cannot be drawn). Error messages quote outside text only through `excerpt`, a short
cleaned quote, so a 30,000-character id can never reach the drawing code. Headless: imports no pygame.

Refused everywhere: control characters (C0 and C1, NUL included; tab and newline only where a caller
allows line breaks), lone surrogates (what Python makes of undecodable bytes and broken JSON escapes) and
the Unicode line and paragraph separators; and text longer than the caller's maximum.
"""

from __future__ import annotations

import functools
import re
import reprlib

from rainbowtable.core.i18n import _

# Maximum lengths, in characters, for text decoded from files. The new-game screen allows shorter names;
# these leave room for hand-edited files while keeping every line drawable.
MAX_NAME_LEN = 40
"""A seat or player name."""
MAX_TITLE_LEN = 80
"""A match title, a board name."""
MAX_ID_LEN = 64
"""A game id, an action or piece type, a colour key: short machine words."""
MAX_TEXT_LEN = 2000
"""A longer free text (a board's description or notes)."""
EXCERPT_LEN = 40
"""How many characters of outside text an error message quotes at most."""

# Never drawable, in any text: C0 and C1 controls except tab/newline/CR, lone surrogates, U+2028/U+2029.
_ALWAYS_BAD = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029"
_PATTERNS = {"line": f"[\t\n\r{_ALWAYS_BAD}]", "block": f"[{_ALWAYS_BAD}]", "breaks": "[\t\n\r\u2028\u2029]"}


@functools.cache
def _pattern(kind: str) -> re.Pattern[str]:
    """Compiled on first use: the surrogate range takes about a millisecond to compile, and text that
    `str.isprintable` passes never needs it (every character these match is a control character, a
    surrogate or a line or paragraph separator, none of which is printable)."""
    return re.compile(_PATTERNS[kind])


_REPLACEMENT = "\ufffd"
_ELLIPSIS = "…"

_repr = reprlib.Repr()
_repr.maxstring = EXCERPT_LEN
_repr.maxother = EXCERPT_LEN
_repr.maxlong = EXCERPT_LEN


class TextProblem(ValueError):
    """Outside text that may not be used. `where` names the field (`seats[0].name`, may be empty),
    `detail` says what is wrong in the player's words; `str()` is `"<where>: <detail>"`."""

    def __init__(self, where: str, detail: str) -> None:
        super().__init__(f"{where}: {detail}" if where else detail)
        self.where = where
        self.detail = detail


def text_problem(value: object, *, max_len: int, allow_newlines: bool = False) -> str | None:
    """Why `value` is not acceptable outside text (in the player's words), or None when it is.
    Linear in the length, and the length is checked before anything is scanned."""
    if not isinstance(value, str):
        return _("expected text, found {kind}").format(kind=_kind(value))
    if len(value) > max_len:
        return _("the text is {length} characters long, more than the {limit} allowed").format(
            length=len(value), limit=max_len
        )
    if value.isprintable():
        return None
    bad = _pattern("block" if allow_newlines else "line").search(value)
    if bad is None:
        return None
    char = bad.group()
    code = f"U+{ord(char):04X}"
    if "\ud800" <= char <= "\udfff":
        return _("the text holds a broken character ({code}, a lone surrogate) at position {at}").format(
            code=code, at=bad.start()
        )
    if _pattern("breaks").fullmatch(char):
        return _("the text holds a line break ({code}) at position {at}").format(code=code, at=bad.start())
    return _("the text holds a control character ({code}) at position {at}").format(code=code, at=bad.start())


def all_fit(texts: list[str], *, max_len: int) -> bool:
    """Whether every one of `texts` passes `text_problem` with `max_len` (one line each): the answer for a
    whole file's strings at once, one length pass and one scan of them all joined (joining cannot make a
    bad character, each is one code point). A caller that finds False asks `text_problem` for the why."""
    if max(map(len, texts), default=0) > max_len:
        return False
    joined = "".join(texts)
    return joined.isprintable() or _pattern("line").search(joined) is None


def check_text(value: object, *, max_len: int, where: str = "", allow_newlines: bool = False) -> str:
    """`value` itself when it is text of at most `max_len` characters with nothing undrawable in it;
    otherwise raises `TextProblem(where, why)`."""
    problem = text_problem(value, max_len=max_len, allow_newlines=allow_newlines)
    if problem is not None:
        raise TextProblem(where, problem)
    assert isinstance(value, str)
    return value


def clean_text(value: str, max_len: int | None = None) -> str:
    """`value` made safe to draw: line breaks and tabs become spaces, other control characters and lone
    surrogates (undecodable bytes of a file name) become U+FFFD, and text longer than `max_len` is cut
    with an ellipsis. Cuts before scanning, so it is cheap on any length."""
    if max_len is not None and len(value) > max_len:
        value = value[: max(max_len - 1, 0)] + _ELLIPSIS
    if value.isprintable() or _pattern("line").search(value) is None:
        return value
    value = _pattern("breaks").sub(" ", value)
    return _pattern("line").sub(_REPLACEMENT, value)


def excerpt(value: object, n: int = EXCERPT_LEN) -> str:
    """A short, cleaned quote of outside `value` for an error message: text in double quotes, cut to `n`
    characters with an ellipsis; anything else as a bounded representation."""
    if isinstance(value, str):
        return f'"{clean_text(value, n)}"'
    return clean_text(_repr.repr(value), n)


def _kind(value: object) -> str:
    if value is None:
        return _("nothing")
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, list | tuple):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return type(value).__name__
