"""The figures' legends have a place of their own: matplotlib's default, loc="best", searches
every point drawn for one and warns when that takes over a second, which made a report fail on a
loaded machine (the test suite turns warnings into errors)."""

from __future__ import annotations

import ast
from pathlib import Path

from mimesis_model.figures import legend_beside, new_figure

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "mimesis_model"


def test_every_legend_is_given_its_place() -> None:
    searched = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "legend"
            ):
                loc = next((k.value for k in node.keywords if k.arg == "loc"), None)
                if not isinstance(loc, ast.Constant) or loc.value == "best":
                    searched.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    # legend_beside's own call names its place by a constant
    assert searched == [], f"legends placed by a search (use figures.legend_beside): {searched}"


def test_a_legend_beside_its_axes_is_outside_them() -> None:
    figure = new_figure()
    axis = figure.subplots()
    axis.plot(range(100_000), label="many points")
    legend_beside(axis, fontsize=8)
    figure.canvas.draw()
    legend = axis.get_legend()
    assert legend is not None
    assert legend.get_window_extent().x0 > axis.get_window_extent().x1
