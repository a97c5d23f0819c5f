"""The whole workload's command mix, on real traces: the bundled sample (real MapReduce jobs) and
the Java parser's vectors (a trash rename with options, a denied open)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from mimesis_model.formats import schema
from mimesis_model.formats.avro_file import read_records
from mimesis_model.formats.parse_report import TraceWindow
from mimesis_model.formats.trace import EVENTS_FILE
from mimesis_model.model.command_mix import (
    CommandCounts,
    mix_distance,
    never_issued,
    total_variation,
    whole_workload,
)
from test_java_vectors import REPOSITORY_VECTORS
from test_profile_vectors import SAMPLE_TRACE


def logged(trace_dir: Path) -> tuple[Counter[str], Counter[str], int]:
    """Every event's cmd as written, its op, and how many were denied, read from events.avro."""
    events = list(read_records(trace_dir / EVENTS_FILE, schema.load(schema.AUDIT_EVENT)))
    return (
        Counter(event["cmd"] for event in events),
        Counter(event["op"] for event in events),
        sum(1 for event in events if not event["allowed"]),
    )


def test_the_parse_report_counts_every_logged_command_folded_as_the_events_op() -> None:
    """fit and validate read the counts from parse-report.json, not the large events.avro: they
    must be the events' own, every call allowed or not."""
    _, by_op, denied = logged(SAMPLE_TRACE)
    window = TraceWindow.read(SAMPLE_TRACE)
    assert window.op_counts == dict(by_op)
    assert window.denied == denied == 5
    assert sum(window.op_counts.values()) == 6_789
    assert len(window.op_counts) == 16


def test_rename_options_fold_into_rename() -> None:
    """The vectors' `rename (options=[TO_TRASH])` is a rename, as the parser's op says."""
    by_cmd, by_op, denied = logged(REPOSITORY_VECTORS)
    assert by_cmd["rename (options=[TO_TRASH])"] == 1
    counts = CommandCounts.of_log(by_cmd, denied)
    assert counts.calls == dict(by_op)
    assert counts.calls["rename"] == 2
    assert counts.denied == 1
    # Without a parse report the window is counted from events.avro: the same.
    window = TraceWindow.read(REPOSITORY_VECTORS)
    assert window.op_counts == counts.calls
    assert window.denied == 1


def test_distances_over_the_union_of_commands() -> None:
    trace = CommandCounts.of_log(TraceWindow.read(SAMPLE_TRACE).op_counts, 5)
    files_only = CommandCounts({"open": 3_182, "getfileinfo": 1_661, "create": 264})
    assert total_variation(trace, trace) == 0
    # Every share the files-only side lacks is distance: exactly the calls it does not make.
    missing = 6_789 - (3_182 + 1_661 + 264)
    share = (3_182 + 1_661 + 264) / 6_789
    expected = 0.5 * (missing / 6_789 + sum(abs(n / 6_789 - n / (share * 6_789))
                                            for n in (3_182, 1_661, 264)))  # fmt: skip
    assert total_variation(files_only, trace) == pytest.approx(expected)
    assert mix_distance(files_only, trace).coverage == pytest.approx(share)
    assert mix_distance(files_only, trace, comparable=False).coverage is None
    assert mix_distance(files_only, CommandCounts({})).command_mix_tv is None
    missing_commands = never_issued(files_only, trace)
    assert [item.command for item in missing_commands][:3] == [
        "listStatus", "rename", "delete"
    ]  # fmt: skip
    assert {item.command for item in missing_commands if not item.flagged} == {
        "setOwner", "setTimes", "concat", "setPermission", "setSpaceQuota", "truncate"
    }  # fmt: skip
    whole = whole_workload({"trace": trace, "run": files_only}, "run", "trace").to_json()
    assert whole["calls"] == {"trace": 6_789, "run": 5_107}
    assert whole["commands"][0] == {"command": "open", "trace": 3_182, "run": 3_182}
    assert whole["commands"][-1]["run"] == 0
