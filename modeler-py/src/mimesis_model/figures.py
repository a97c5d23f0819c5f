"""Matplotlib figures drawn off-screen (no pyplot, no global backend) and rendered as PNG bytes:
what describe, compare and report draw with."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def new_figure(width: float = 8.0, height: float = 5.0) -> Figure:
    """A figure of WIDTH x HEIGHT inches with its own Agg canvas."""
    # Imported here: matplotlib takes long to import and only the plotting commands draw.
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def png_bytes(figure: Figure) -> bytes:
    """FIGURE as a PNG image."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110)
    return buffer.getvalue()


def legend_beside(axis: Axes, **options: Any) -> None:
    """AXIS's legend outside it, on its right: it hides no data, and no place is searched for it
    (matplotlib's default, loc="best", scans every point drawn, and warns when that takes over a
    second, as it did on a loaded machine for a long run's timeline)."""
    axis.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), **options)
