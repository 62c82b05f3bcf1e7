"""The review graph's legend (issue 43): names stay whole while the marks beside them can shrink."""

from __future__ import annotations

from typing import Any

from rainbowtable.ui.widgets.chance_graph import ChanceGraph, Line

TITLE = "Chance of winning after each move"
NAMES = ("Maya", "Ada", "Ben", "Cas")


def _graph(ctx: Any) -> ChanceGraph:
    ctx.theme.scale = 1.5
    graph = ChanceGraph(ctx.theme)
    lines = [Line((0.25, 0.25), (10 * i, 20, 30), i, (), name) for i, name in enumerate(NAMES)]
    graph.set_data(TITLE, lines, (), 1)
    return graph


def test_the_marks_shrink_before_a_name_is_cut(ctx: Any) -> None:
    """At 150 % in the 1280x720 replay, 'Maya' was cut to 'Ma…' beside full-length marks, and the fit left out
    the gap between the title and the legend: now a width one pixel short of the full legend keeps every
    name whole with shorter marks, and only a header too narrow for the smallest marks cuts names."""
    graph = _graph(ctx)
    th = ctx.theme
    title_w = th.font(14, "bold").size(TITLE)[0]
    names_w = sum(th.font(13).size(name)[0] for name in NAMES)
    full = title_w + names_w + len(NAMES) * (th.px(34) + th.px(12)) + th.px(12)

    title, mark_w, _gap, names = graph.header_plan(full)
    assert (title, mark_w, names) == (TITLE, th.px(34), list(NAMES))

    title, mark_w, _gap, names = graph.header_plan(full - 1)
    assert title == TITLE and names == list(NAMES)
    assert mark_w < th.px(34)

    title, mark_w, _gap, names = graph.header_plan(title_w)
    assert mark_w == th.px(20)
    assert any(name.endswith("…") for name in names)


def test_a_single_line_has_no_legend(ctx: Any) -> None:
    graph = _graph(ctx)
    graph.set_data(TITLE, graph.lines[:1], (), 1)
    title, _mark_w, _gap, names = graph.header_plan(200)
    assert names == [] and title.endswith("…")
