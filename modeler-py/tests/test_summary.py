from pathlib import Path

from mimesis_model.formats.trace import NAMESPACE_FILE, Trace
from mimesis_model.formats.trace_summary import duration_text, iso_utc, render_text, summarize


def test_summary_counts(trace_dir: Path) -> None:
    summary = summarize(Trace.read(trace_dir))

    assert summary == {
        "trace": str(trace_dir),
        "events": {
            "count": 6,
            "by_op": {"open": 2, "create": 1, "delete": 1, "listStatus": 1, "rename": 1},
            "denied": 1,
            "users": 3,
            "start": "2023-11-14T22:13:20.000Z",
            "end": "2023-11-14T23:15:23.456Z",
            "duration_ms": 3_723_456,
        },
        "files": {"count": 4, "pre_existing": 2, "created": 2, "deleted": 1, "renamed": 1},
        "accesses": {
            "count": 6,
            "by_kind": {"open": 3, "listStatus": 2, "getfileinfo": 1},
            "files_with_0": 1,
            "files_with_1": 1,
            "files_with_many": 2,
        },
        "namespace": {"entries": 7, "directories": 5, "files": 2},
    }


def test_summary_without_namespace(trace_dir: Path) -> None:
    (trace_dir / NAMESPACE_FILE).unlink()
    summary = summarize(Trace.read(trace_dir))

    assert summary["namespace"] is None
    assert "none (no namespace.avro)" in render_text(summary)


def test_text_lines(trace_dir: Path) -> None:
    lines = render_text(summarize(Trace.read(trace_dir))).splitlines()

    assert lines[1].split() == ["events", "6", "1", "denied,", "3", "users"]
    assert lines[2].split() == ["open", "2", "33.3%"]
    assert "duration            01h 02m 03.456s" in lines
    assert lines[-3:] == ["namespace        7  entries", "  directories    5", "  files          2"]


def test_iso_utc_is_exact_to_the_millisecond() -> None:
    assert iso_utc(0) == "1970-01-01T00:00:00.000Z"
    assert iso_utc(1_700_000_000_999) == "2023-11-14T22:13:20.999Z"


def test_duration_text() -> None:
    assert duration_text(0) == "00m 00.000s"
    assert duration_text(61_001) == "01m 01.001s"
    assert duration_text(3_723_456) == "01h 02m 03.456s"
    assert duration_text(2 * 86_400_000 + 5) == "2d 00h 00m 00.005s"
