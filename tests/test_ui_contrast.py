"""Words and numbers stand out from what they are drawn on (WCAG's contrast ratio). Both screen reviews found
Rainbows' yellow card numbers on the cream card (2.1:1) and the white "READY" on the library's green badge
(2.9:1) hard to read."""

from __future__ import annotations

from rainbowtable.ui import theme
from rainbowtable.ui.games.rainbows.art import PAPER, tint
from rainbowtable.ui.glyphs import RAINBOW, contrast_ratio, readable_on


def test_the_contrast_ratio_is_wcags() -> None:
    assert round(contrast_ratio((0, 0, 0), (255, 255, 255)), 1) == 21.0
    assert contrast_ratio((120, 120, 120), (120, 120, 120)) == 1.0
    assert round(contrast_ratio((118, 118, 118), (255, 255, 255)), 1) == 4.5  # the usual 4.5:1 grey


def test_every_card_number_reads_on_its_card() -> None:
    """Each colour's big number (its own colour, darkened where it must be) stands 3:1 on the card."""
    for rgb in RAINBOW:
        shade = readable_on(tint(rgb, 0.15, (0, 0, 0)), PAPER)
        assert contrast_ratio(shade, PAPER) >= 3.0, (rgb, shade)
        assert shade[0] <= rgb[0] and shade[1] <= rgb[1] and shade[2] <= rgb[2], "only ever darker"
    dark_already = (46, 110, 198)
    assert readable_on(dark_already, PAPER) == dark_already, "a colour that reads keeps its shade"


def test_the_good_green_reads_under_white_words_and_on_paper() -> None:
    assert contrast_ratio(theme.GOOD, (255, 255, 255)) >= 4.5
    assert contrast_ratio(theme.GOOD, theme.PAPER) >= 4.0
