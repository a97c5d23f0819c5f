"""`fidelity`'s sizes: the files at a run's end (its results' namespace-end.tsv, those under its
namespace root) against the trace's at its end (the trace's namespace-end.avro): all files, and
the files each side created in its window and kept to its end.

Totals are judged per file: a run at another span or type scale creates another number of
files, so the ratio of its total bytes (and blocks) to the trace's is divided by the ratio of
their created files (count_factor)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from pathlib import Path
from typing import Final

import numpy as np

from mimesis_model.formats.fidelity_report import Bar, SizeComparison, Sizes
from mimesis_model.formats.image_delimited import NAMESPACE_END_TSV, read_delimited
from mimesis_model.formats.image_files import NAMESPACE_END_FILE, ImageFiles, read_namespace_files
from mimesis_model.formats.trace import NO_TIME, read_file_timelines
from mimesis_model.model.fidelity import ks_distance
from mimesis_model.runs.run_trace import RunTrace

SIZE_KS_BAR: Final = 0.1
"""the largest KS distance of all files' sizes, run against trace, that meets the bar"""
BLOCKS_PER_FILE_BAR: Final = 0.1
"""the largest relative difference of the mean blocks per file that meets the bar"""
QUANTILE_STEPS: Final = 100
"""a side's sizes are kept as their 0th to 100th percentiles, enough to draw their CDF"""


def score_sizes(results_dir: Path | None, run: RunTrace, trace_dir: Path | None) -> Sizes:
    """The sizes section of a run's fidelity: RESULTS_DIR's namespace-end.tsv against TRACE_DIR's
    namespace-end.avro; "not_scored" says why when either is missing."""
    tsv = None if results_dir is None else results_dir / NAMESPACE_END_TSV
    avro = None if trace_dir is None else trace_dir / NAMESPACE_END_FILE
    reason = None
    if tsv is None:
        reason = "RUN is a trace folder; a results folder holds the namespace at the run's end"
    elif not tsv.is_file():
        reason = (
            f"{tsv} is missing (a run made before the namespace at its end was recorded, or "
            "one that could not record it: see summary.json's notes)"
        )
    elif avro is None:
        reason = "no original trace (--against TRACE_DIR)"
    elif not avro.is_file():
        reason = f"{avro} is missing (parse the trace with --fsimage-end)"
    if reason is not None or tsv is None or avro is None or trace_dir is None:
        return not_scored(reason or "", tsv, avro)
    scored = compare_sizes(
        read_delimited(tsv).under(run.namespace_root),
        read_namespace_files(avro),
        run.created_paths,
        _trace_created(trace_dir),
    )
    return replace(scored, run=str(tsv), trace=str(avro))


def not_scored(reason: str, tsv: Path | None = None, avro: Path | None = None) -> Sizes:
    """A sizes section that scores nothing, for REASON."""
    return Sizes(
        not_scored=reason,
        run=None if tsv is None else str(tsv),
        trace=None if avro is None else str(avro),
        all_files=None,
        created=None,
        bars=_bars(None),
        notes=(),
    )


def compare_sizes(
    run: ImageFiles, trace: ImageFiles, run_created: Collection[str], trace_created: Collection[str]
) -> Sizes:
    """RUN's files against TRACE's, all of them and those of RUN_CREATED and TRACE_CREATED
    (paths: each side's created files)."""
    all_files = _compare(run, trace, "no file under the run's namespace root")
    created = _compare(
        run.of(run_created), trace.of(trace_created), "no created file kept to the end"
    )
    notes = []
    if len(run) and not run.size.any() and trace.size.any():
        notes.append(
            "every file of the run is empty (a --zero-size run, or a profile without sizes) "
            f"while the trace's files hold {int(trace.size.sum()):,} bytes: its sizes are scored "
            "as they are"
        )
    return Sizes(
        not_scored=None,
        run=None,
        trace=None,
        all_files=all_files,
        created=created,
        bars=_bars(all_files),
        notes=tuple(notes),
    )


def _compare(run: ImageFiles, trace: ImageFiles, none: str) -> SizeComparison:
    """The files of RUN against TRACE's: KS of bytes and of blocks per file, means and totals on
    each side, the totals' ratio per file, and each side's size percentiles."""
    empty = [side for side, files in (("run", run), ("trace", trace)) if not len(files)]
    if empty:
        return SizeComparison(f"{none} on the {' and '.join(empty)} side{'s' * (len(empty) > 1)}")
    sides = {"run": run, "trace": trace}
    totals = {side: (int(f.size.sum()), int(f.blocks.sum())) for side, f in sides.items()}
    count_factor = len(run) / len(trace)

    def per_file(index: int) -> float | None:
        theirs = totals["trace"][index]
        return None if theirs == 0 else totals["run"][index] / theirs / count_factor

    return SizeComparison(
        not_scored=None,
        files={side: len(f) for side, f in sides.items()},
        bytes_ks=ks_distance(run.size, trace.size),
        blocks_ks=ks_distance(run.blocks, trace.blocks),
        mean_bytes={side: float(f.size.mean()) for side, f in sides.items()},
        blocks_per_file={side: float(f.blocks.mean()) for side, f in sides.items()},
        total_bytes={side: total[0] for side, total in totals.items()},
        total_blocks={side: total[1] for side, total in totals.items()},
        count_factor=count_factor,
        bytes_ratio=per_file(0),
        blocks_ratio=per_file(1),
        quantiles={
            side: [
                int(q)
                for q in np.quantile(
                    f.size, np.linspace(0, 1, QUANTILE_STEPS + 1), method="inverted_cdf"
                )
            ]
            for side, f in sides.items()
        },
    )


def _bars(all_files: SizeComparison | None) -> dict[str, Bar]:
    """The bars of the run's files at its end: sizes within SIZE_KS_BAR (KS) of the trace's,
    blocks per file within BLOCKS_PER_FILE_BAR of the trace's (value: |ratio - 1|)."""
    scored = all_files is not None and all_files.not_scored is None
    ks = all_files.bytes_ks if scored and all_files else None
    ratio = all_files.blocks_ratio if scored and all_files else None
    off = None if ratio is None else abs(ratio - 1)
    return {
        "bytes_ks": Bar(SIZE_KS_BAR, ks, None if ks is None else ks <= SIZE_KS_BAR),
        "blocks_per_file": Bar(
            BLOCKS_PER_FILE_BAR, off, None if off is None else off <= BLOCKS_PER_FILE_BAR
        ),
    }


def _trace_created(trace_dir: Path) -> list[str]:
    """The final paths of the files TRACE_DIR's window created and did not delete."""
    files = read_file_timelines(trace_dir, paths=True)
    assert files.final_path is not None  # asked for
    kept = (files.create_time != NO_TIME) & (files.delete_time == NO_TIME)
    return [files.final_path[row] for row in np.flatnonzero(kept)]


def render_sizes(sizes: Sizes) -> list[str]:
    """The sizes' lines: per set of files (all, created) its files, distances and per-file
    figures on each side, then the bars and notes; or why nothing is scored."""
    if sizes.not_scored is not None:
        return [f"sizes at the end: not scored: {sizes.not_scored}"]
    lines = [
        f"sizes at the end: run {sizes.run} against trace {sizes.trace}",
        f"{'':<10} {'files run':>10} {'trace':>8} {'bytes KS':>9} {'blocks KS':>9} "
        f"{'mean bytes run':>15} {'trace':>13} {'blocks/file run':>15} {'trace':>7} "
        f"{'bytes ratio':>11} {'blocks ratio':>12}",
    ]
    for name, item in (("all files", sizes.all_files), ("created", sizes.created)):
        if item is None or item.not_scored is not None:
            lines.append(f"{name:<10} not scored: {'-' if item is None else item.not_scored}")
            continue
        lines.append(
            f"{name:<10} {item.files['run']:>10,} {item.files['trace']:>8,} "
            f"{_figure(item.bytes_ks, 4):>9} {_figure(item.blocks_ks, 4):>9} "
            f"{item.mean_bytes['run']:>15,.0f} {item.mean_bytes['trace']:>13,.0f} "
            f"{item.blocks_per_file['run']:>15.3f} {item.blocks_per_file['trace']:>7.3f} "
            f"{_figure(item.bytes_ratio, 3):>11} {_figure(item.blocks_ratio, 3):>12}"
        )
    lines.append(
        "ratios: the run's total over the trace's, divided by their files' ratio (per file)"
    )
    for name, bar in sizes.bars.items():
        met = "-" if bar.met is None else ("met" if bar.met else "NOT met")
        lines.append(f"bar {name:<16} {_figure(bar.value, 4):>7} (limit {bar.limit:g}): {met}")
    lines += [f"note: {note}" for note in sizes.notes]
    return lines


def _figure(value: float | None, digits: int) -> str:
    return "-" if value is None else f"{value:.{digits}f}"
