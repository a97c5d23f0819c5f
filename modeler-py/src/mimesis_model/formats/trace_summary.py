"""What a trace holds, in numbers: the `summary` command's content and its text form."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np

from mimesis_model.formats.trace import ACCESS_KIND_NAMES, Namespace, Trace

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def summarize(trace: Trace) -> dict[str, Any]:
    """The trace's counts as a JSON-ready dict (keys documented in the README)."""
    events, files = trace.events, trace.files
    start, end = int(events.time[0]), int(events.time[-1])
    per_file = files.accesses_per_file
    kind_counts = np.bincount(files.access_kinds, minlength=256)
    by_op = sorted(events.op.counts().items(), key=lambda item: (-item[1], item[0]))
    summary: dict[str, Any] = {
        "trace": str(trace.directory),
        "events": {
            "count": len(events),
            "by_op": dict(by_op),
            "denied": int(np.count_nonzero(~events.allowed)),
            "users": len(events.user.names),
            "start": iso_utc(start),
            "end": iso_utc(end),
            "duration_ms": end - start,
        },
        "files": {
            "count": len(files),
            "pre_existing": int(np.count_nonzero(files.pre_existing)),
            "created": int(np.count_nonzero(files.created)),
            "deleted": int(np.count_nonzero(files.deleted)),
            "renamed": int(np.count_nonzero(files.renames)),
        },
        "accesses": {
            "count": len(files.access_times),
            "by_kind": {name: int(kind_counts[kind]) for kind, name in ACCESS_KIND_NAMES.items()},
            "files_with_0": int(np.count_nonzero(per_file == 0)),
            "files_with_1": int(np.count_nonzero(per_file == 1)),
            "files_with_many": int(np.count_nonzero(per_file > 1)),
        },
        "namespace": None,
    }
    if trace.namespace is not None:
        summary["namespace"] = _namespace_counts(trace.namespace)
    if trace.namespace_end is not None:
        summary["namespace_end"] = _namespace_counts(trace.namespace_end)
    return summary


def _namespace_counts(namespace: Namespace) -> dict[str, int]:
    directories = int(np.count_nonzero(namespace.is_dir))
    return {
        "entries": len(namespace),
        "directories": directories,
        "files": len(namespace) - directories,
    }


def render_text(summary: dict[str, Any]) -> str:
    """SUMMARY as aligned lines for a terminal."""
    events, files, accesses = summary["events"], summary["files"], summary["accesses"]
    rows: list[tuple[str, int | str, str]] = [
        ("trace", "", summary["trace"]),
        ("events", events["count"], f"{events['denied']:,} denied, {events['users']:,} users"),
    ]
    rows += [(f"  {op}", n, _share(n, events["count"])) for op, n in events["by_op"].items()]
    rows += [
        ("start", "", events["start"]),
        ("end", "", events["end"]),
        ("duration", "", duration_text(events["duration_ms"])),
        ("files", files["count"], ""),
        ("  pre-existing", files["pre_existing"], _share(files["pre_existing"], files["count"])),
        ("  created", files["created"], _share(files["created"], files["count"])),
        ("  deleted", files["deleted"], _share(files["deleted"], files["count"])),
        ("  renamed", files["renamed"], _share(files["renamed"], files["count"])),
        ("accesses", accesses["count"], ""),
    ]
    rows += [
        (f"  {kind}", n, _share(n, accesses["count"])) for kind, n in accesses["by_kind"].items()
    ]
    for label, key in [("0", "files_with_0"), ("1", "files_with_1"), ("2+", "files_with_many")]:
        rows.append((f"  files with {label}", accesses[key], _share(accesses[key], files["count"])))
    namespace = summary["namespace"]
    if namespace is None:
        rows.append(("namespace", "", "none (no namespace.avro)"))
    else:
        rows += [
            ("namespace", namespace["entries"], "entries"),
            ("  directories", namespace["directories"], ""),
            ("  files", namespace["files"], ""),
        ]
    end = summary.get("namespace_end")
    if end is not None:
        rows += [
            ("namespace at end", end["entries"], "entries"),
            ("  directories", end["directories"], ""),
            ("  files", end["files"], ""),
        ]
    label_width = max(len(label) for label, _, _ in rows)
    numbers = [f"{value:,}" if isinstance(value, int) else value for _, value, _ in rows]
    number_width = max(len(number) for number in numbers)
    lines = [
        f"{label:<{label_width}}  {number:>{number_width}}  {note}".rstrip()
        for (label, _, note), number in zip(rows, numbers, strict=True)
    ]
    return "\n".join(lines)


def iso_utc(epoch_ms: int) -> str:
    """EPOCH_MS as ISO 8601 UTC with milliseconds, e.g. 2024-01-31T23:59:59.999Z."""
    moment = _EPOCH + timedelta(milliseconds=epoch_ms)  # exact, unlike a float timestamp
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def duration_text(milliseconds: int) -> str:
    """e.g. 2d 03h 04m 05.006s; 04m 05.006s under an hour."""
    seconds, ms = divmod(milliseconds, 1000)
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    text = f"{minutes:02d}m {seconds:02d}.{ms:03d}s"
    if days or hours:
        text = f"{hours:02d}h {text}"
    if days:
        text = f"{days}d {text}"
    return text


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else ""
