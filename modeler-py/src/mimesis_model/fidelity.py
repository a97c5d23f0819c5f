"""How close a synthetic workload is to a trace: a Kolmogorov-Smirnov distance per dimension
(paper section 2: the popularity CDF is the one k is chosen by), and the total variation
distance of the op mix; overall and per file type.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from mimesis_model.file_behaviour import FileBehaviour
from mimesis_model.file_types import create_interarrivals
from mimesis_model.synthesis import SyntheticWorkload

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]

DIMENSIONS: Final = (
    "popularity", "interarrival", "active_span", "create_interarrival", "files_per_depth",
)  # fmt: skip
OPS: Final = ("create", "delete", "open", "listStatus", "getFileInfo", "mkdirs", "rename")


def ks_distance(trace: npt.ArrayLike, model: npt.ArrayLike) -> float | None:
    """Largest gap between the two samples' empirical CDFs; None when either is empty."""
    # Imported here: scipy.stats takes half a second to import, and most commands never compare.
    from scipy.stats import ks_2samp

    left, right = np.asarray(trace, dtype=np.float64), np.asarray(model, dtype=np.float64)
    if len(left) == 0 or len(right) == 0:
        return None
    return float(ks_2samp(left, right, method="asymp").statistic)


def total_variation(trace: dict[str, int], model: dict[str, int]) -> float | None:
    """Half the L1 distance between the two op shares; None when either has no op."""
    left = np.array([trace.get(op, 0) for op in OPS], dtype=np.float64)
    right = np.array([model.get(op, 0) for op in OPS], dtype=np.float64)
    if left.sum() == 0 or right.sum() == 0:
        return None
    return float(0.5 * np.abs(left / left.sum() - right / right.sum()).sum())


def popularity_ks(behaviour: FileBehaviour, labels: Ints, model: SyntheticWorkload) -> float:
    """The KS distance of accesses per accessed file: the one the k search is bounded by."""
    trace = behaviour.accesses[(labels >= 0) & behaviour.accessed]
    distance = ks_distance(trace, model.accesses[model.accesses > 0])
    return 1.0 if distance is None else distance


def interarrival_ks(behaviour: FileBehaviour, model: SyntheticWorkload) -> float | None:
    """The KS distance of pooled access interarrivals."""
    gaps = behaviour.interarrival
    return ks_distance(gaps[~np.isnan(gaps)], model.interarrival)


def compare(
    behaviour: FileBehaviour,
    labels: Ints,
    trace_ops: dict[str, int],
    model: SyntheticWorkload,
    k: int,
) -> dict[str, Any]:
    """Every distance, overall and per type (types by LABELS on the trace's side).

    TRACE_OPS: the trace's op counts for mkdirs and rename (the files give the others).
    """
    typed = labels >= 0
    create_gaps = [
        create_interarrivals(behaviour.create_time[labels == label]) for label in range(k)
    ]
    per_type: list[dict[str, Any]] = []
    for label in range(k):
        per_type.append(
            {"type": label} | _distances(behaviour, labels == label, create_gaps[label], None,
                                         model, model.file_type == label, label)
        )  # fmt: skip
    overall = _distances(
        behaviour, typed, np.concatenate(create_gaps) if k else np.zeros(0), trace_ops,
        model, np.ones(len(model), dtype=np.bool_), None,
    )  # fmt: skip
    return {"overall": overall, "per_type": per_type}


def trace_op_counts(
    behaviour: FileBehaviour, rows: npt.NDArray[np.bool_], trace_ops: dict[str, int] | None
) -> dict[str, int]:
    """The trace's ops that the model generates: per-file ones from ROWS, the rest by ratio."""
    counts = {
        "create": int(np.count_nonzero(rows & behaviour.created)),
        "delete": int(np.count_nonzero(rows & behaviour.deleted)),
    } | behaviour.kind_counts(rows)
    if trace_ops is not None:
        counts |= {"mkdirs": trace_ops.get("mkdirs", 0), "rename": trace_ops.get("rename", 0)}
    return counts


def _distances(
    behaviour: FileBehaviour,
    rows: npt.NDArray[np.bool_],
    trace_create_gaps: Floats,
    trace_ops: dict[str, int] | None,
    model: SyntheticWorkload,
    model_rows: npt.NDArray[np.bool_],
    label: int | None,
) -> dict[str, Any]:
    accessed = rows & behaviour.accessed
    gaps = behaviour.interarrival[rows[behaviour.access_file]]
    model_gaps = (
        model.interarrival
        if label is None
        else model.interarrival[model.interarrival_type == label]
    )
    model_creates = (
        model.create_interarrival
        if label is None
        else model.create_interarrival[model.create_interarrival_type == label]
    )
    model_counts = model.accesses[model_rows]
    model_ops = model.op_counts(model_rows, with_ratios=trace_ops is not None)
    return {
        "files": {"trace": int(np.count_nonzero(rows)), "model": int(np.count_nonzero(model_rows))},
        "ks": {
            "popularity": ks_distance(behaviour.accesses[accessed], model_counts[model_counts > 0]),
            "interarrival": ks_distance(gaps[~np.isnan(gaps)], model_gaps),
            "active_span": ks_distance(
                behaviour.active_span[accessed], _finite(model.active_span[model_rows])
            ),
            "create_interarrival": ks_distance(trace_create_gaps, model_creates),
            "files_per_depth": ks_distance(behaviour.depth[rows], model.depth[model_rows]),
            "op_mix": total_variation(trace_op_counts(behaviour, rows, trace_ops), model_ops),
        },
    }


def _finite(values: Floats) -> Floats:
    return values[np.isfinite(values)]
