"""Dice widgets (ui/widgets/die.py, dice_tray.py) and glyphs (ui/glyphs.py), drawn headless.

Pixel checks are sanity checks (more pips => more pip-coloured pixels, glyphs differ), never golden images.
"""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from rainbowtable.core.rng import Rng
from rainbowtable.ui.glyphs import GLYPH_NAMES, RAINBOW, draw_glyph
from rainbowtable.ui.widgets import die
from rainbowtable.ui.widgets.dice_tray import DiceTumble, SettleAnimation, TumbleDie
from rainbowtable.ui.widgets.die import (
    DIE_BODIES,
    DIE_MARKS,
    draw_colour_die,
    draw_pip_die,
    pip_colour_for,
    pip_face,
)

DT = 1 / 60
FELT = (38, 98, 66)


@pytest.fixture(autouse=True, scope="module")
def display() -> None:
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))


def count_near(surface: pygame.Surface, rgb: tuple[int, int, int], tolerance: int = 40) -> int:
    """Pixels within `tolerance` (per channel) of rgb."""
    w, h = surface.get_size()
    n = 0
    for y in range(h):
        for x in range(w):
            c = surface.get_at((x, y))
            if all(abs(c[i] - rgb[i]) <= tolerance for i in range(3)):
                n += 1
    return n


def test_bodies_are_the_dice_box_colours_and_clearly_distinct() -> None:
    assert set(DIE_BODIES) == {"red", "yellow", "blue", "white", "seed"}
    assert set(DIE_MARKS) == set(DIE_BODIES)
    assert len(set(DIE_MARKS.values())) == len(DIE_MARKS)
    for a, b in itertools.combinations(DIE_BODIES.values(), 2):
        assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) > 120


@pytest.mark.parametrize("size", [4, 9, 16, 24, 33, 48, 64, 80, 130, 200])
def test_pip_dice_draw_at_many_sizes_and_options(size: int) -> None:
    surface = pygame.Surface((260, 260))
    surface.fill(FELT)
    for value, (name, body) in itertools.product(range(1, 7), DIE_BODIES.items()):
        draw_pip_die(surface, (130, 130), size, value, body, mark=DIE_MARKS[name])
    rect = draw_pip_die(
        surface,
        (130, 130),
        size,
        6,
        DIE_BODIES["red"],
        angle=33.3,
        lift=0.7,
        highlight=(255, 210, 80),
        dim=True,
    )
    assert rect.width >= size * 0.9
    draw_pip_die(surface, (130, 130), size, 2, DIE_BODIES["blue"], (255, 255, 0), angle=-400.0, lift=5.0)


@pytest.mark.parametrize("size", [5, 20, 48, 96, 160])
def test_colour_dice_draw_at_many_sizes(size: int) -> None:
    surface = pygame.Surface((220, 220))
    for index in range(6):
        draw_colour_die(surface, (110, 110), size, index, angle=index * 17.0, lift=index / 5)
        draw_colour_die(surface, (110, 110), size, index, glyphs=False, highlight=(0, 0, 0), dim=True)


def test_more_pips_mean_more_pip_coloured_pixels() -> None:
    body = DIE_BODIES["red"]
    ink = pip_colour_for(body)
    counts = []
    for value in range(1, 7):
        surface = pygame.Surface((80, 80))
        surface.fill(body)
        draw_pip_die(surface, (40, 40), 72, value, body, shadow=False)
        counts.append(count_near(surface, ink))
    assert counts[0] > 0
    assert counts == sorted(counts) and len(set(counts)) == 6, counts
    assert counts[5] > 4 * counts[0]


def test_pip_colour_contrasts_with_the_body() -> None:
    assert pip_colour_for(DIE_BODIES["white"])[0] < 80
    assert pip_colour_for(DIE_BODIES["yellow"])[0] < 80
    assert pip_colour_for(DIE_BODIES["blue"])[0] > 200
    assert pip_colour_for(DIE_BODIES["red"])[0] > 200


def test_white_die_has_a_visible_outline_on_a_light_board() -> None:
    board = (236, 232, 222)
    surface = pygame.Surface((80, 80))
    surface.fill(board)
    draw_pip_die(surface, (40, 40), 60, 1, DIE_BODIES["white"], shadow=False)
    # Walk in from the left edge along the middle row: the die's edge must be clearly darker than the board.
    row = [surface.get_at((x, 40)) for x in range(0, 30)]
    assert min(sum(c[:3]) for c in row) < sum(board) - 200


def test_faces_are_cached() -> None:
    first = pip_face(50, 4, DIE_BODIES["blue"])
    assert pip_face(50, 4, DIE_BODIES["blue"]) is first
    assert pip_face(50, 4, DIE_BODIES["blue"], dim=True) is not first
    with pytest.raises(ValueError):
        pip_face(50, 7, DIE_BODIES["blue"])


def test_thirty_dice_draw_without_error_on_a_full_hd_surface() -> None:
    """Resting dice are one cached face and one cached shadow each (timing is measured by hand)."""
    surface = pygame.Surface((1920, 1080))
    for i in range(30):
        name = list(DIE_BODIES)[i % 5]
        draw_pip_die(surface, (100 + i * 60, 500), 56, i % 6 + 1, DIE_BODIES[name], mark=DIE_MARKS[name])


def glyph_mask(index: int) -> pygame.mask.Mask:
    surface = pygame.Surface((40, 40))
    surface.fill((0, 0, 0))
    draw_glyph(surface, index, (0, 0, 40, 40), (255, 255, 255))
    surface.set_colorkey((0, 0, 0))
    return pygame.mask.from_surface(surface, 128)


def test_the_glyphs_are_distinct_shapes_of_similar_weight() -> None:
    """Six glyphs for the six rainbow colours, and a seventh, the plus, for Rainbow Passage's cyan (its
    pieces are stars, so no square of its board wears one)."""
    assert len(RAINBOW) == 6 and len(GLYPH_NAMES) == 7 and GLYPH_NAMES[6] == "plus"
    masks = [glyph_mask(i) for i in range(7)]
    areas = [m.count() for m in masks]
    assert min(areas) > 0.3 * max(areas), areas
    for a, b in itertools.combinations(range(7), 2):
        overlap = masks[a].overlap_area(masks[b], (0, 0))
        differing = areas[a] + areas[b] - 2 * overlap
        assert differing > 60, (GLYPH_NAMES[a], GLYPH_NAMES[b], differing)


def test_glyph_outline_and_index_wraps() -> None:
    surface = pygame.Surface((30, 30))
    draw_glyph(surface, 10, (2, 2, 26, 26), RAINBOW[4], outline=(0, 0, 0))
    assert glyph_mask(8).count() == glyph_mask(1).count()


def test_colour_die_shows_its_colour_and_its_glyph() -> None:
    surfaces = []
    for index in range(6):
        surface = pygame.Surface((70, 70))
        surface.fill(FELT)
        draw_colour_die(surface, (35, 35), 64, index, shadow=False)
        assert count_near(surface, RAINBOW[index], 30) > 300
        surfaces.append(surface)
    plain = pygame.Surface((70, 70))
    plain.fill(FELT)
    draw_colour_die(plain, (35, 35), 64, 0, glyphs=False, shadow=False)
    # The glyph covers part of the colour panel.
    assert count_near(plain, RAINBOW[0], 30) > count_near(surfaces[0], RAINBOW[0], 30) + 100


def make_dice(kind: str = "pips") -> list[TumbleDie]:
    faces = [6, 1, 3, 5, 2, 4] if kind == "pips" else [0, 5, 2, 1, 4, 3]
    return [
        TumbleDie(
            key=("die", i),
            kind="pips" if kind == "pips" else "colour",
            final_face=face,
            start=(10.0 + i, 300.0),
            end=(100.0 + 70 * i, 120.0),
            size=48,
            body=list(DIE_BODIES.values())[i % 5],
        )
        for i, face in enumerate(faces)
    ]


def run(tumble: DiceTumble, dice: list[TumbleDie], max_frames: int = 600) -> list[tuple[int, ...]]:
    """Step to the end, recording every die's face per frame."""
    history = []
    frames = 0
    while not tumble.done:
        tumble.update(DT)
        history.append(tuple(tumble.face_of(d.key) for d in dice))
        frames += 1
        assert frames < max_frames
    return history


@pytest.mark.parametrize("seed", range(25))
@pytest.mark.parametrize("kind", ["pips", "colour"])
def test_tumble_settles_on_the_given_faces_whatever_the_cosmetic_rng(seed: int, kind: str) -> None:
    dice = make_dice(kind)
    tumble = DiceTumble(dice, Rng.from_seed(seed))
    history = run(tumble, dice)
    assert 40 <= len(history) <= 60  # 0.9 s at 60 fps
    for d in dice:
        assert tumble.face_of(d.key) == d.final_face
        assert tumble.position_of(d.key) == d.end
        assert tumble.angle_of(d.key) == 0.0
        assert tumble.lift_of(d.key) == 0.0


def test_tumble_shows_other_faces_on_the_way() -> None:
    dice = make_dice()
    history = run(DiceTumble(dice, Rng.from_seed(3)), dice)
    for i, d in enumerate(dice):
        shown = [frame[i] for frame in history]
        assert len(set(shown)) >= 3
        assert shown[0] != d.final_face or len(set(shown)) > 1


def test_same_cosmetic_seed_gives_the_same_tumble_frame_by_frame() -> None:
    dice = make_dice()
    a, b = DiceTumble(dice, Rng.from_seed(42)), DiceTumble(dice, Rng.from_seed(42))
    c = DiceTumble(dice, Rng.from_seed(43))
    frames_a, frames_b, frames_c = run(a, dice), run(b, dice), run(c, dice)
    assert frames_a == frames_b
    assert frames_a != frames_c


def test_speed_scales_the_tumble_but_not_its_random_choices() -> None:
    dice = make_dice()
    slow, fast = DiceTumble(dice, Rng.from_seed(9)), DiceTumble(dice, Rng.from_seed(9), speed=2.0)
    slow_frames = run(slow, dice)
    fast_frames = run(fast, dice)
    assert len(fast_frames) < len(slow_frames)
    # Same faces in the same order, just sooner (consecutive duplicates removed).
    for i in range(len(dice)):
        seq_slow = [k for k, _ in itertools.groupby(f[i] for f in slow_frames)]
        seq_fast = [k for k, _ in itertools.groupby(f[i] for f in fast_frames)]
        assert set(seq_fast) <= set(seq_slow)
        assert seq_fast[-1] == seq_slow[-1] == dice[i].final_face


def test_speed_zero_tumble_is_done_at_once_on_the_final_faces() -> None:
    dice = make_dice()
    tumble = DiceTumble(dice, Rng.from_seed(1), speed=0.0)
    assert tumble.done
    for d in dice:
        assert tumble.face_of(d.key) == d.final_face
        assert tumble.position_of(d.key) == d.end
    tumble.draw(pygame.Surface((600, 400)))


def test_tumble_draws_mid_way_and_finish_skips() -> None:
    mixed = [*make_dice(), TumbleDie("c", "colour", 4, (0.0, 0.0), (300.0, 300.0), 40)]
    tumble = DiceTumble(mixed, Rng.from_seed(5), duration_s=0.5)
    surface = pygame.Surface((640, 400))
    for _ in range(12):
        tumble.update(DT)
        tumble.draw(surface)
    assert any(tumble.lift_of(d.key) > 0.0 for d in mixed)
    tumble.finish()
    assert tumble.done and tumble.face_of("c") == 4


def test_tumble_refuses_bad_input() -> None:
    with pytest.raises(ValueError):
        TumbleDie(1, "pips", 0, (0, 0), (1, 1), 40)
    with pytest.raises(ValueError):
        TumbleDie(1, "colour", 6, (0, 0), (1, 1), 40)
    with pytest.raises(ValueError):
        DiceTumble([TumbleDie(1, "pips", 2, (0, 0), (1, 1), 40)] * 2, Rng.from_seed(1))
    tumble = DiceTumble(make_dice(), Rng.from_seed(1))
    with pytest.raises(KeyError):
        tumble.face_of("nope")


def test_settle_animation_comes_to_rest() -> None:
    settle = SettleAnimation("pips", 5, (50.0, 50.0), 40, DIE_BODIES["blue"], from_angle=12.0, mark=4)
    surface = pygame.Surface((100, 100))
    assert settle.lift > 0.0
    frames = 0
    while not settle.done:
        settle.update(DT)
        settle.draw(surface)
        frames += 1
        assert frames < 100
    assert settle.lift == 0.0 and settle.angle == 0.0
    instant = SettleAnimation("colour", 3, (50.0, 50.0), 40, speed=0.0)
    assert instant.done and instant.lift == 0.0
    instant.draw(surface)


def test_prewarm_and_clear_cache() -> None:
    die.prewarm_pip_faces(30, DIE_BODIES["seed"], mark=3)
    assert pip_face(30, 6, DIE_BODIES["seed"], mark=3) is pip_face(30, 6, DIE_BODIES["seed"], mark=3)
    die.clear_cache()


@pytest.mark.parametrize("angle", [0, 90, 180, 270])
def test_a_die_in_flight_carries_its_mark_where_a_resting_die_has_it(angle: int) -> None:
    """In flight the mark badge is drawn apart from the turning face; it must sit on the same corner as on
    a die lying at that angle (the corner turns anticlockwise with the die)."""
    size = 90
    body = DIE_BODIES["blue"]
    flying = pygame.Surface((300, 300))
    resting = pygame.Surface((300, 300))
    for surface in (flying, resting):
        surface.fill((30, 30, 30))
    draw_pip_die(flying, (150, 150), size, 5, body, angle=angle, mark=4, moving=True, shadow=False)
    draw_pip_die(resting, (150, 150), size, 5, body, angle=angle, mark=4, moving=False, shadow=False)
    # The badge's light ring, on the corner the angle turned the top-left one to.
    corners = {0: (-1, -1), 90: (-1, 1), 180: (1, 1), 270: (1, -1)}
    dx, dy = corners[angle]
    reach = round(0.44 * size)
    for surface in (flying, resting):
        ring = surface.get_at((150 + dx * reach, 150 + dy * reach - round(0.185 * size) + 2))
        assert min(ring[:3]) > 200, (angle, ring)


def test_a_turned_shadow_cut_to_what_shows_lands_on_the_same_pixels() -> None:
    """A turned shadow is kept cut to its visible pixels (turning leaves clear corners); drawn, a die's
    shadow gives the same pixels as the whole turned image centred where the shadow goes."""
    from rainbowtable.ui.widgets import die

    for lift_q, angle in ((0, 0.0), (4, 30.0), (10, 70.0)):
        cut, centre = die._turned_shadow(60, lift_q, angle)
        step = round(angle / die._SHADOW_STEP_DEG) % (90 // die._SHADOW_STEP_DEG)
        whole = die._uncut_turned_shadow(60, lift_q, step)
        assert cut.get_width() * cut.get_height() <= whole.get_width() * whole.get_height()
        if step:
            assert cut.get_width() < whole.get_width()  # the clear corners are gone
        pictures = []
        for image, rect in (
            (whole, whole.get_rect(center=(101, 99))),
            (cut, cut.get_rect(topleft=(101 - centre[0], 99 - centre[1]))),
        ):
            surface = pygame.Surface((200, 200))
            surface.fill((40, 120, 60))
            surface.blit(image, rect)
            pictures.append(pygame.image.tobytes(surface, "RGB"))
        assert pictures[0] == pictures[1]


def test_rainbow_passage_squares_and_dice_wear_no_star() -> None:
    """Rainbow Passage's pieces are stars: with glyph i for colour i its cyan squares wore the star, and a
    board of them read as a board of pieces. Its colours wear the other games' glyphs where they share the
    colour (red circle, green diamond, yellow square, magenta as violet's hexagon), cyan a plus, blue a
    triangle; its dice show the glyph its squares show."""
    from rainbowtable.games.rainbow_passage.colours import PassageColour
    from rainbowtable.ui.games.rainbow_passage.pieces import GLYPH_OF, SQUARE_RGB
    from rainbowtable.ui.widgets.die import colour_face

    assert GLYPH_NAMES.index("star") not in GLYPH_OF and len(set(GLYPH_OF)) == len(GLYPH_OF) == 6
    named = {colour.name: GLYPH_NAMES[GLYPH_OF[i]] for i, colour in enumerate(PassageColour)}
    assert named == {
        "RED": "circle",
        "GREEN": "diamond",
        "BLUE": "triangle",
        "YELLOW": "square",
        "CYAN": "plus",
        "MAGENTA": "hexagon",
    }
    cyan = list(PassageColour).index(PassageColour.CYAN)
    plain = colour_face(64, cyan, palette=SQUARE_RGB)
    marked = colour_face(64, cyan, palette=SQUARE_RGB, glyph_of=GLYPH_OF)
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(marked, "RGBA")
