"""`describe`: a profile as a table of its file types and plots of what it models, written as
PNGs and one index.html that shows them (paper section 2: types, their distributions, and the
popularity fidelity k was chosen by).
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from mimesis_model.figures import legend_beside, new_figure, png_bytes
from mimesis_model.formats.distribution import Distribution
from mimesis_model.formats.profile import DirectoryType, FileType, Profile
from mimesis_model.formats.trace import FILES_FILE
from mimesis_model.model.fidelity import ks_distance
from mimesis_model.model.fit import FittedTrace
from mimesis_model.model.synthesis import synthesize_for_comparison
from mimesis_model.model.trace_commands import generated_commands
from mimesis_model.model.validation import render_unmodeled, unmodeled_list
from mimesis_model.output import AtomicOutputDir
from mimesis_model.units import format_bytes, format_duration

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

INDEX_FILE: Final = "index.html"
SHOWN_TYPES: Final = 10
"""Types drawn one line each in the per-type plots; the rest are pooled into one line."""

_TIME_TICKS_MS: Final = (
    1, 10, 100, 1e3, 1e4, 6e4, 6e5, 3.6e6, 2.16e7, 8.64e7, 6.048e8, 2.592e9,
)  # fmt: skip
_FLOOR_MS: Final = 1.0
"""Times are whole milliseconds: a 0 is drawn at 1 ms on a log axis."""


PLOT_FILES: Final = ("popularity.png", "interarrival.png", "active-span.png", "k-selection.png")


def describe(
    profile: Profile,
    *,
    trace: FittedTrace | None = None,
    out_dir: str | PathLike[str],
    random_state: int = 0,
    option: str | None = None,
) -> Path:
    """Write OUT_DIR/index.html and its PNG plots, all at once; return OUT_DIR/index.html.

    OPTION names OUT_DIR in errors, as the user gave it (e.g. "--out").
    """
    plots: list[tuple[str, str, Figure]] = [
        ("popularity.png", "Accesses per accessed file", _popularity(profile, trace, random_state)),
        ("interarrival.png", "Access interarrivals per type",
         _per_type(profile, "accessInterarrival", "access interarrival")),
        ("active-span.png", "Active span per type",
         _per_type(profile, "activeSpan", "active span (first to last access)")),
    ]  # fmt: skip
    notes = []
    if profile.fit is None:
        notes.append("No k-selection curve: the profile has no fit report (an imported profile).")
    elif not profile.fit.k_search:
        notes.append(f"No k-selection curve: k = {profile.k} was given, not searched.")
    else:
        plots.append(("k-selection.png", "Choice of k", _k_selection(profile)))
    directory = Path(out_dir)
    with AtomicOutputDir(directory, option) as out:
        images = [(name, caption, png_bytes(figure)) for name, caption, figure in plots]
        for name, _, png in images:
            with out.create(name) as stream:
                stream.write(png)
        with out.create(INDEX_FILE) as stream:
            stream.write(_html(profile, images, notes).encode())
    # A plot of an earlier describe that this profile has none of would pass for this one's.
    written = {name for name, _, _ in images}
    for stale in set(PLOT_FILES) - written:
        (directory / stale).unlink(missing_ok=True)
    return directory / INDEX_FILE


def default_trace_dir(profile: Profile) -> Path | None:
    """The trace PROFILE was fitted from, if its source names a trace folder that still exists."""
    source = Path(profile.source)
    return source if (source / FILES_FILE).is_file() else None


# --- the table ----------------------------------------------------------------------------

_COLUMNS: Final = (
    "type", "weight", "files", "pre-existing", "unaccessed", "open share", "accesses/file",
    "active span", "interarrival", "delete share", "removed",
)  # fmt: skip


def render_type_table(profile: Profile) -> str:
    """The profile's overview line and one row per type (medians of the per-type distributions)."""
    rows = [list(_COLUMNS)] + [_type_row(file_type) for file_type in profile.file_types]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    lines = [
        "  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True))
        for row in rows
    ]
    return "\n".join(
        [_overview(profile), "medians per type; accesses/file of accessed files", *lines]
    )


def _overview(profile: Profile) -> str:
    return (
        f"k={profile.k}  files {profile.files:,}  dormant files {profile.dormant_files:,}  "
        f"window {format_duration(profile.duration_ms)}"
    )


_DIRECTORY_COLUMNS: Final = (
    "type", "weight", "dirs", "pre-existing", "unaccessed", "list share", "accesses/dir",
    "active span", "interarrival", "delete share", "subtree files",
)  # fmt: skip


def render_workload(profile: Profile) -> str:
    """What the profile models beyond the file types' accesses (format 2): the directory types,
    each type's other calls and probes, the cluster calls and the unmodeled commands."""
    lines = render_sizes(profile)
    if profile.directory_types:
        rows = [list(_DIRECTORY_COLUMNS)]
        rows += [_directory_row(t) for t in profile.directory_types]
        lines += [f"directory types: {profile.directory_k}, {profile.directories:,} directories"]
        lines += _aligned(rows)
    else:
        lines.append("directory types: none")
    calls = [
        f"  {name}: {_calls_text(t)}"
        for name, t in [(f"type {t.index}", t) for t in profile.file_types]
        + [(f"d{t.index}", t) for t in profile.directory_types]
        if t.calls or t.probes is not None
    ]
    lines += ["other calls and probes per type:", *calls] if calls else ["other calls: none"]
    if profile.cluster_calls:
        lines.append("cluster calls (no path):")
        lines += [
            f"  {item.command}: {item.calls:,} calls, median interarrival "
            f"{_median(item.interarrival, format_duration)}"
            for item in profile.cluster_calls
        ]
    else:
        lines.append("cluster calls: none")
    lines += _missing_path_probe_lines(profile)
    lines += _denied_call_lines(profile)
    lines += render_unmodeled(unmodeled_list(profile))
    return "\n".join(lines)


_CREATED_FROM: Final = {
    "END_IMAGE": "the trace's end fsimage",
    "START_IMAGE": "the start fsimage, standing in: the trace had no end fsimage "
    "(parse --fsimage-end), so created files are assumed sized like pre-existing ones",
    "ASSUMED": "assumed from a published figure (see the profile's README)",
}
"""Where a type's created sizes come from, as describe says it."""


def render_sizes(profile: Profile) -> list[str]:
    """Each type's size model: median and mean bytes, blocks per file, where created sizes
    come from; or that the profile's files are empty."""
    if all(file_type.sizes is None for file_type in profile.file_types):
        return ["file sizes: none; every file is empty (the MimesisBench paper's design)"]
    lines = ["file sizes per type (bytes of one file: median / mean, blocks per file):"]
    for file_type in profile.file_types:
        sizes = file_type.sizes
        if sizes is None:
            lines.append(f"  type {file_type.index}: empty files")
            continue
        parts = []
        for name, label in (("preExisting", "pre-existing"), ("created", "created")):
            distribution = sizes.distributions[name]
            blocks = sizes.blocks_per_file(name)
            parts.append(
                f"{label} none seen" if distribution.is_empty or blocks is None
                else f"{label} {format_bytes(float(distribution.quantile(0.5)))} / "
                f"{format_bytes(distribution.mean)}, {blocks:.2f} blocks"
            )  # fmt: skip
        append = sizes.append_bytes
        parts.append(
            "append: median of created" if append.is_empty
            else f"append +{format_bytes(float(append.quantile(0.5)))}"
        )  # fmt: skip
        parts.append(f"block size {_median(sizes.block_size, format_bytes)}")
        parts.append(f"replication {_median(sizes.replication, lambda x: f'{x:g}')}")
        lines.append(f"  type {file_type.index}: " + "; ".join(parts))
    sources = sorted({t.sizes.created_from for t in profile.file_types if t.sizes is not None})
    lines += [f"  created sizes from {_CREATED_FROM.get(source, source)}" for source in sources]
    return lines


def _directory_row(directory_type: DirectoryType) -> list[str]:
    return [
        f"d{directory_type.index}", f"{directory_type.weight:.3f}",
        f"{directory_type.directories:,}", f"{directory_type.pre_existing:,}",
        _percent(directory_type.unaccessed_share),
        "-" if directory_type.unaccessed_share >= 1
        else _percent(directory_type.access_shares["listStatus"]),
        _median(directory_type.entity_accesses, lambda x: f"{x:g}"),
        _median(directory_type["activeSpan"], format_duration),
        _median(directory_type["accessInterarrival"], format_duration),
        _percent(directory_type.delete_share),
        _median(directory_type.subtree_files, lambda x: f"{x:g}"),
    ]  # fmt: skip


def _missing_path_probe_lines(profile: Profile) -> list[str]:
    """The streams of calls on paths nothing makes (probes, deletes), one line each."""
    if not profile.missing_path_probes:
        return ["calls on paths nothing makes: none"]
    return ["calls on paths nothing makes (probes; deletes, audited as denied):"] + [
        f"  {item.command}: {item.calls:,} calls, median interarrival "
        f"{_median(item.interarrival, format_duration)}"
        for item in profile.missing_path_probes
    ]


def _denied_call_lines(profile: Profile) -> list[str]:
    """The streams of calls the NameNode denies, one line each."""
    if not profile.denied_calls:
        return ["denied calls: none"]
    return ["denied calls (issued where the NameNode denies them):"] + [
        f"  {item.command}: {item.calls:,} calls, median interarrival "
        f"{_median(item.interarrival, format_duration)}"
        for item in profile.denied_calls
    ]


def _calls_text(modeled: FileType | DirectoryType) -> str:
    per = "dir" if isinstance(modeled, DirectoryType) else "file"
    # a call the generator has no op for is in the profile, but a run does not issue it
    parts = [
        f"{call.command} {call.per_file:.3g}/{per} (median at "
        f"{_median(call.offset, format_duration)}"
        + ("" if call.command in generated_commands() else "; not issued: see unmodeled")
        + ")"
        for call in modeled.calls
    ]
    probes = modeled.probes
    if probes is not None:
        parts.append(
            f"probes {probes.per_create:.3g}/create ({_percent(probes.list_status_share)} "
            f"listStatus, median lead {_median(probes.lead, format_duration)})"
        )
    return ", ".join(parts)


def _aligned(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True))
        for row in rows
    ]


def _type_row(file_type: FileType) -> list[str]:
    return [
        str(file_type.index), f"{file_type.weight:.3f}", f"{file_type.files:,}",
        f"{file_type.pre_existing:,}", _percent(file_type.unaccessed_share),
        # A type never accessed has no access mix to speak of.
        "-" if file_type.unaccessed_share >= 1 else _percent(file_type.access_shares["open"]),
        _median(file_type["accessesPerFile"], lambda x: f"{x:g}"),
        _median(file_type["activeSpan"], format_duration),
        _median(file_type["accessInterarrival"], format_duration),
        _percent(file_type.delete_share), _percent(file_type.removed_share),
    ]  # fmt: skip


def _median(distribution: Distribution, render: Callable[[float], str]) -> str:
    return "-" if distribution.is_empty else render(float(distribution.quantile(0.5)))


def _percent(share: float) -> str:
    return f"{100 * share:.1f} %"


# --- the plots ----------------------------------------------------------------------------


def _popularity(profile: Profile, trace: FittedTrace | None, random_state: int) -> Figure:
    # As validate synthesizes it, so that the KS in the title is the one validate reports.
    workload, replicas = synthesize_for_comparison(profile, random_state=random_state)
    model = workload.accesses[workload.accesses > 0]
    figure = new_figure()
    axes = figure.add_subplot()
    samples = [model]
    if trace is None:
        axes.set_title("File popularity of the model (no trace: model only)")
        _ecdf(axes, model, f"model ({len(model):,} accessed files, {replicas:.3g} replicas)", "C1")
    else:
        observed = trace.behaviour.accesses[trace.behaviour.accessed]
        samples.append(observed)
        distance = ks_distance(observed, model)
        ks = "-" if distance is None else f"{distance:.4f}"
        axes.set_title("File popularity: trace vs model")
        _ecdf(axes, observed, f"trace {trace.source} ({len(observed):,} accessed files)", "C0")
        _ecdf(axes, model, f"model ({len(model):,} accessed files), KS distance {ks}", "C1")
    values = np.concatenate(samples)
    if len(values) and values.max() >= 100 * max(values.min(), 1):
        from matplotlib.ticker import FuncFormatter

        axes.set_xscale("log")
        axes.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:,.0f}"))
    axes.set_xlabel("accesses per accessed file (in the profile's window)")
    axes.set_ylabel("fraction of accessed files with at most x accesses")
    axes.set_ylim(0, 1.02)
    axes.grid(alpha=0.3)
    if axes.get_lines():
        legend_beside(axes)
    return figure


def _ecdf(axes: Axes, sample: npt.NDArray[Any], label: str, color: str) -> None:
    if len(sample):
        values, counts = np.unique(sample, return_counts=True)
        axes.step(values, np.cumsum(counts) / len(sample), where="post", label=label, color=color)


def _per_type(profile: Profile, name: str, what: str) -> Figure:
    """One CDF line per type for the SHOWN_TYPES heaviest types, the others pooled into one."""
    with_data = [t for t in profile.file_types if not t[name].is_empty]
    by_weight = sorted(with_data, key=lambda t: (-t.weight, t.index))
    shown, pooled = by_weight[:SHOWN_TYPES], by_weight[SHOWN_TYPES:]
    figure = new_figure(9.5, 5.5)
    axes = figure.add_subplot()
    for position, file_type in enumerate(shown):
        label = f"type {file_type.index} ({100 * file_type.weight:.1f} % of files)"
        _cdf(axes, file_type[name], label, f"C{position}", "-")
    if pooled:
        share = sum(t.weight for t in pooled)
        label = f"other {len(pooled)} types, pooled ({100 * share:.1f} %)"
        _cdf(axes, _pool([t[name] for t in pooled]), label, "black", "--")
    _time_axis(axes, [t[name] for t in with_data])
    axes.set_xlabel(f"{what} (log scale; 0 ms drawn at 1 ms)")
    axes.set_ylabel("cumulative probability")
    axes.set_ylim(0, 1.02)
    axes.grid(alpha=0.3)
    missing = [str(t.index) for t in profile.file_types if t[name].is_empty]
    title = f"{what[0].upper()}{what[1:]} per file type (profile's distributions)"
    if missing:
        more = f" and {len(missing) - 12} more" if missing[12:] else ""
        listed = ", ".join(missing[:12]) + more
        title += f"\nno data for type(s) {listed} (never or once accessed)"
    axes.set_title(title)
    if shown:
        figure.legend(loc="outside right upper", title="by weight", fontsize="small")
    return figure


def _cdf(axes: Axes, distribution: Distribution, label: str, color: str, style: str) -> None:
    values = np.maximum(distribution.values, _FLOOR_MS)
    # Start at 0 so every line climbs from the axis, like an empirical CDF.
    x = np.concatenate(([values[0]], values))
    y = np.concatenate(([0.0], distribution.cumulative))
    axes.step(x, y, where="post", label=label, color=color, linestyle=style)


def _pool(distributions: list[Distribution]) -> Distribution:
    """The distribution of all DISTRIBUTIONS' observations together (each weighted by its count)."""
    values = np.concatenate([d.values for d in distributions])
    weights = np.concatenate([d.probabilities * d.count for d in distributions])
    return Distribution.of_weights(values, weights, sum(d.count for d in distributions))


def _time_axis(axes: Axes, distributions: list[Distribution]) -> None:
    """A log time axis whose ticks are round human units (1 ms, 1 s, 1 min, 1 h, ...)."""
    from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator

    axes.set_xscale("log")
    if distributions:
        low = max(min(float(d.values[0]) for d in distributions), _FLOOR_MS)
        high = max(max(float(d.values[-1]) for d in distributions), low * 10)
        axes.set_xlim(low / 1.5, high * 1.5)
        ticks = [t for t in _TIME_TICKS_MS if low / 1.5 <= t <= high * 1.5]
        if len(ticks) >= 3:  # else matplotlib's decades, still in human units
            axes.xaxis.set_major_locator(FixedLocator(ticks))
            axes.xaxis.set_minor_locator(NullLocator())
    axes.xaxis.set_major_formatter(FuncFormatter(format_duration))


def _k_selection(profile: Profile) -> Figure:
    from matplotlib.ticker import MaxNLocator

    assert profile.fit is not None
    steps = profile.fit.k_search
    figure = new_figure(7.0, 4.5)
    axes = figure.add_subplot()
    ks = [step.k for step in steps]
    distances = [step.popularity_ks for step in steps]
    axes.plot(ks, distances, "o-", color="C0", label="popularity KS of k types")
    timings = [
        ("interarrival KS", [step.interarrival_ks for step in steps], "C1"),
        ("active span KS", [step.active_span_ks for step in steps], "C4"),
    ]
    for name, maybe, color in timings:
        values = [value for value in maybe if value is not None]
        if len(values) == len(steps):
            axes.plot(ks, values, ".--", color=color, label=name)
            distances += values
    axes.axhline(profile.fit.max_ks, color="C3", linestyle="--",
                 label=f"bound max_ks = {profile.fit.max_ks:g}")  # fmt: skip
    chosen = [step for step in steps if step.k == profile.k]
    if chosen:
        axes.plot([profile.k], [chosen[0].popularity_ks], "*", color="C2", markersize=16,
                  label=f"chosen k = {profile.k}")  # fmt: skip
    passed = any(step.distance(profile.fit.criterion) <= profile.fit.max_ks for step in steps)
    axes.set_title(
        f"k search: the smallest k whose synthetic {profile.fit.criterion} is within the bound"
        if passed
        else "k search: no k reached the bound; the closest k was chosen"
    )
    axes.set_xlabel("k (number of file types)")
    axes.set_ylabel("KS distance (trace vs synthetic)")
    axes.set_ylim(0, max([*distances, profile.fit.max_ks]) * 1.15)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.grid(alpha=0.3)
    axes.legend(loc="upper right")
    return figure


# --- the page -----------------------------------------------------------------------------


def _html(profile: Profile, plots: list[tuple[str, str, bytes]], notes: list[str]) -> str:
    """The page; images are embedded so it can be moved alone, and link to their PNG files."""
    head = "".join(f"<th>{html.escape(name)}</th>" for name in _COLUMNS)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in _type_row(t)) + "</tr>"
        for t in profile.file_types
    )
    figures = "".join(
        f'<figure><a href="{name}"><img alt="{html.escape(caption)}" '
        f'src="data:image/png;base64,{base64.b64encode(png).decode()}"></a>'
        f"<figcaption>{html.escape(caption)} ({name})</figcaption></figure>"
        for name, caption, png in plots
    )
    remarks = "".join(f"<p class=note>{html.escape(note)}</p>" for note in notes)
    remarks += f"<pre>{html.escape(render_workload(profile))}</pre>"
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        f"<title>Profile {html.escape(profile.source)}</title><style>"
        "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
        "img{max-width:100%}.note{color:#a40}</style></head><body>"
        f"<h1>Profile of {html.escape(profile.source)}</h1>"
        f"<p>{html.escape(_overview(profile))}</p>"
        "<p>Medians per type; accesses/file counts accessed files only.</p>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        f"{remarks}{figures}</body></html>\n"
    )
