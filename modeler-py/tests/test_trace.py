import json
from collections import Counter
from pathlib import Path
from typing import Any

import fastavro
import numpy as np
import pytest

from mimesis_model.formats import schema
from mimesis_model.formats.trace import (
    CONTENT_SUMMARY,
    EVENTS_FILE,
    FILES_FILE,
    GET_FILE_INFO,
    LIST_STATUS,
    NAMESPACE_FILE,
    NO_TIME,
    OPEN,
    Trace,
    TraceError,
    audit_commands,
    read_cluster_events,
    read_directory_timelines,
    read_file_timelines,
)
from test_profile_vectors import SAMPLE_TRACE
from tracefiles import T0, audit_event, directory_timeline, file_timeline, write_avro, write_trace


def test_events_are_columns(trace_dir: Path) -> None:
    events = Trace.read(trace_dir).events

    assert len(events) == 6
    assert events.time.dtype == np.int64
    assert events.time.tolist() == [T0, T0 + 1000, T0 + 2000, T0 + 3000, T0 + 3000, T0 + 3723456]
    assert events.op.names == ("create", "delete", "listStatus", "open", "rename")
    assert events.op.codes.dtype == np.int32
    assert events.op.values() == ["open", "create", "listStatus", "open", "rename", "delete"]
    assert events.op.counts() == {"create": 1, "delete": 1, "listStatus": 1, "open": 2, "rename": 1}
    assert events.allowed.dtype == np.bool_
    assert events.allowed.tolist() == [True, True, True, False, True, True]
    assert events.user.names == ("alice", "bob", "mallory")
    assert events.user.values() == ["alice", "bob", "alice", "mallory", "alice", "bob"]


def test_file_timelines_are_columns(trace_dir: Path) -> None:
    files = Trace.read(trace_dir).files

    assert len(files) == 4
    assert files.id.tolist() == [0, 1, 2, 3]
    assert files.depth.tolist() == [2, 2, 2, 4]
    assert files.pre_existing.tolist() == [True, False, False, True]
    assert files.create_time.tolist() == [NO_TIME, T0 + 1000, T0 + 1500, NO_TIME]
    assert files.delete_time.tolist() == [NO_TIME, T0 + 3723456, NO_TIME, NO_TIME]
    assert files.created.tolist() == [False, True, True, False]
    assert files.deleted.tolist() == [False, True, False, False]
    assert files.renames.tolist() == [0, 0, 2, 0]
    assert [column.dtype for column in (files.id, files.depth, files.renames)] == [
        np.int64, np.int32, np.int32
    ]  # fmt: skip


def test_accesses_are_csr(trace_dir: Path) -> None:
    files = Trace.read(trace_dir).files

    assert files.access_offsets.dtype == np.int64
    assert files.access_offsets.tolist() == [0, 2, 3, 3, 6]
    assert files.accesses_per_file.tolist() == [2, 1, 0, 3]
    assert files.access_times.tolist() == [T0, T0 + 5000, T0 + 2000, T0 + 10, T0 + 10, T0 + 20]
    assert files.access_kinds.dtype == np.uint8
    assert files.access_kinds.tobytes() == b"OOLOLG"
    times, kinds = files.accesses(3)
    assert times.tolist() == [T0 + 10, T0 + 10, T0 + 20]
    assert kinds.tolist() == [OPEN, LIST_STATUS, GET_FILE_INFO]
    assert files.accesses(2)[0].size == 0


def test_namespace_is_columns(trace_dir: Path) -> None:
    namespace = Trace.read(trace_dir).namespace

    assert namespace is not None
    assert namespace.path == ["/", "/data", "/data/f0", "/a", "/a/b", "/a/b/c", "/a/b/c/f3"]
    assert namespace.is_dir.tolist() == [True, True, False, True, True, True, False]
    assert namespace.depth.tolist() == [0, 1, 2, 1, 2, 3, 4]
    assert namespace.size.tolist() == [0, 0, 1024, 0, 0, 0, 7]
    assert namespace.mtime.tolist() == [T0 - 1000] * 7
    assert namespace.atime.tolist() == [0, 0, T0 - 500, 0, 0, 0, T0 - 500]
    assert namespace.replication.tolist() == [0, 0, 3, 0, 0, 0, 2]


def test_trace_without_namespace_file_has_none(trace_dir: Path) -> None:
    (trace_dir / NAMESPACE_FILE).unlink()

    assert Trace.read(trace_dir).namespace is None


def test_columns_are_read_only(trace_dir: Path) -> None:
    trace = Trace.read(trace_dir)

    with pytest.raises(ValueError, match="read-only"):
        trace.events.time[0] = 0
    with pytest.raises(ValueError, match="read-only"):
        trace.files.access_offsets[0] = 1


def test_trace_may_have_no_files(tmp_path: Path) -> None:
    trace = Trace.read(write_trace(tmp_path, [audit_event(T0, "mkdirs", "/d")], []))

    assert len(trace.files) == 0
    assert trace.files.access_offsets.tolist() == [0]
    assert trace.files.accesses_per_file.size == 0


def test_reads_deflate_files(tmp_path: Path) -> None:
    write_trace(tmp_path, [audit_event(T0, "open")], [file_timeline(0, [(T0, "O")])])
    write_avro(tmp_path / EVENTS_FILE, schema.AUDIT_EVENT, [audit_event(T0, "open")], "deflate")

    assert Trace.read(tmp_path).events.time.tolist() == [T0]


def _write_with_schema(path: Path, name: str, edit: Any, records: list[dict[str, Any]]) -> None:
    """Write RECORDS with our schema NAME after EDIT(fields) changed its field list."""
    avsc = json.loads((schema.schema_dir() / f"{name}.avsc").read_text())
    avsc["fields"] = edit(avsc["fields"])
    with path.open("wb") as stream:
        fastavro.writer(stream, fastavro.parse_schema(avsc), records)


def test_writer_may_have_extra_fields(tmp_path: Path) -> None:
    write_trace(tmp_path, [], [file_timeline(0)])
    _write_with_schema(
        tmp_path / EVENTS_FILE, schema.AUDIT_EVENT,
        lambda fields: [*fields, {"name": "tag", "type": "string"}],
        [audit_event(T0, "open", tag="x")],
    )  # fmt: skip

    assert Trace.read(tmp_path).events.op.values() == ["open"]


def test_writer_may_lack_fields_that_have_defaults(tmp_path: Path) -> None:
    write_trace(tmp_path, [], [file_timeline(0)])
    event = audit_event(T0, "open")
    del event["callerContext"]
    _write_with_schema(
        tmp_path / EVENTS_FILE, schema.AUDIT_EVENT,
        lambda fields: [field for field in fields if field["name"] != "callerContext"],
        [event],
    )  # fmt: skip

    assert Trace.read(tmp_path).events.time.tolist() == [T0]


def test_writer_field_of_another_type_is_an_error(tmp_path: Path) -> None:
    write_trace(tmp_path, [audit_event(T0, "open")], [])
    _write_with_schema(
        tmp_path / FILES_FILE, schema.FILE_TIMELINE,
        lambda fields: [
            field | {"type": "string"} if field["name"] == "depth" else field for field in fields
        ],
        [file_timeline(0, depth="2")],
    )  # fmt: skip

    with pytest.raises(TraceError, match=r"files\.avro: .*depth is \"string\", ours \"int\""):
        Trace.read(tmp_path)


def _error(trace_dir: Path) -> str:
    with pytest.raises(TraceError) as raised:
        Trace.read(trace_dir)
    message = str(raised.value)
    assert "\n" not in message
    return message


def test_missing_directory(tmp_path: Path) -> None:
    assert _error(tmp_path / "nope") == f"{tmp_path / 'nope'}: no such trace directory"


def test_directory_that_is_a_file(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")

    assert _error(tmp_path / "plain") == f"{tmp_path / 'plain'}: not a directory"


@pytest.mark.parametrize("name", [EVENTS_FILE, FILES_FILE])
def test_missing_file(trace_dir: Path, name: str) -> None:
    (trace_dir / name).unlink()

    assert _error(trace_dir) == f"{trace_dir / name}: missing"


@pytest.mark.parametrize("name", [EVENTS_FILE, FILES_FILE, NAMESPACE_FILE])
def test_empty_file(trace_dir: Path, name: str) -> None:
    (trace_dir / name).write_bytes(b"")

    assert _error(trace_dir) == f"{trace_dir / name}: empty file, not an Avro container"


@pytest.mark.parametrize("name", [EVENTS_FILE, FILES_FILE, NAMESPACE_FILE])
def test_file_that_is_not_avro(trace_dir: Path, name: str) -> None:
    (trace_dir / name).write_text("2024-01-01 00:00:00,000 INFO FSNamesystem.audit: allowed=true")

    assert _error(trace_dir) == f"{trace_dir / name}: not an Avro container file"


def test_damaged_header(trace_dir: Path) -> None:
    (trace_dir / EVENTS_FILE).write_bytes(b"Obj\x01\x02")

    assert _error(trace_dir).startswith(f"{trace_dir / EVENTS_FILE}: damaged Avro header: ")


def test_truncated_file(trace_dir: Path) -> None:
    events = trace_dir / EVENTS_FILE
    events.write_bytes(events.read_bytes()[:-40])

    assert _error(trace_dir).startswith(f"{events}: truncated: the block at byte ")


def test_file_of_another_schema(trace_dir: Path) -> None:
    write_avro(trace_dir / FILES_FILE, schema.AUDIT_EVENT, [audit_event(T0, "open")])

    assert _error(trace_dir) == (
        f"{trace_dir / FILES_FILE}: holds org.mimesisbench.trace.AuditEvent records, "
        "expected org.mimesisbench.trace.FileTimeline"
    )


def test_events_file_without_events(tmp_path: Path) -> None:
    write_trace(tmp_path, [], [])

    assert _error(tmp_path) == f"{tmp_path / EVENTS_FILE}: no events"


def test_namespace_file_without_entries(tmp_path: Path) -> None:
    write_trace(tmp_path, [audit_event(T0, "open")], [], namespace=[])

    assert _error(tmp_path).startswith(f"{tmp_path / NAMESPACE_FILE}: no entries")


def test_events_a_log_wrote_out_of_time_order_are_kept_in_trace_order(tmp_path: Path) -> None:
    write_trace(tmp_path, [audit_event(T0, "open"), audit_event(T0 - 1, "open")], [])

    assert list(Trace.read(tmp_path).events.time) == [T0, T0 - 1]


@pytest.mark.parametrize(
    ("timeline", "message"),
    [
        (file_timeline(7, [(T0, "O")], accessKinds="OL"), "has 1 accessTimes but 2 accessKinds"),
        (file_timeline(7, [(T0, "O"), (T0, "X")]), "has an access kind other than O/L/G"),
        (file_timeline(7, [(T0, "O"), (T0, "é")]), "has an access kind other than O/L/G"),
        (file_timeline(7, [(T0, "O"), (T0 - 1, "O")]), "has accessTimes out of order"),
    ],
)  # fmt: skip
def test_bad_accesses(tmp_path: Path, timeline: dict[str, Any], message: str) -> None:
    files = [
        file_timeline(5, [(T0 + 9, "O")]),
        file_timeline(6),
        timeline,
        file_timeline(8, [(T0, "L")]),
    ]
    write_trace(tmp_path, [audit_event(T0, "open")], files)

    assert _error(tmp_path).startswith(f"{tmp_path / FILES_FILE}: file id 7 {message}")


def test_access_times_may_fall_between_files(tmp_path: Path) -> None:
    files = [file_timeline(0, [(T0 + 9, "O")]), file_timeline(1), file_timeline(2, [(T0, "O")])]
    write_trace(tmp_path, [audit_event(T0, "open")], files)

    assert Trace.read(tmp_path).files.access_times.tolist() == [T0 + 9, T0]


@pytest.mark.slow
def test_large_trace_matches_its_records(tmp_path: Path) -> None:
    rng = np.random.default_rng(7)
    counts = rng.geometric(0.2, size=20_000) - 1
    kinds = np.frombuffer(b"OLG", dtype=np.uint8)
    timelines = []
    for file_id, count in enumerate(counts.tolist()):
        times = np.sort(rng.integers(T0, T0 + 86_400_000, size=count)).tolist()
        letters = kinds[rng.integers(0, 3, size=count)].tobytes().decode()
        timelines.append(file_timeline(file_id, list(zip(times, letters, strict=True))))
    ops = ["open", "listStatus", "create", "delete"]
    events = [audit_event(T0 + i, ops[i % 4], user=f"u{i % 37}") for i in range(100_000)]
    trace = Trace.read(write_trace(tmp_path, events, timelines))

    assert trace.events.user.counts() == {
        f"u{i}": 100_000 // 37 + (i < 100_000 % 37) for i in range(37)
    }
    assert trace.files.accesses_per_file.tolist() == counts.tolist()
    for row in rng.integers(0, len(timelines), size=200).tolist():
        times, kinds_of_file = trace.files.accesses(row)
        assert times.tolist() == timelines[row]["accessTimes"]
        assert kinds_of_file.tobytes().decode() == timelines[row]["accessKinds"]


def test_the_samples_timelines_hold_deletes_probes_and_calls() -> None:
    """The real sample (MapReduce jobs on HDFS): what the parse wrote beyond the accesses."""
    files = read_file_timelines(SAMPLE_TRACE)
    names = audit_commands()
    assert (len(files), int(files.deleted.sum()), int(files.deleted_itself.sum())) == (404, 67, 10)
    assert int(files.probes_per_file.sum()) == 21
    assert Counter(names[code] for code in files.call_codes.tolist()) == {
        "append": 15, "setReplication": 11, "setTimes": 2, "truncate": 1, "concat": 1,
    }  # fmt: skip
    directories = read_directory_timelines(SAMPLE_TRACE)
    assert directories is not None
    assert (len(directories), int(directories.deleted_itself.sum())) == (122, 30)
    assert int(directories.subtree_files.sum()) == 49
    assert int(directories.subtree_directories.sum()) == 45
    assert int(directories.probes_per_file.sum()) == 30
    assert sorted(names[code] for code in directories.call_codes.tolist()) == [
        "setOwner", "setOwner", "setPermission", "setSpaceQuota",
    ]  # fmt: skip
    assert set(directories.access_kinds.tobytes()) == {LIST_STATUS, GET_FILE_INFO, CONTENT_SUMMARY}


def test_a_trace_without_dirs_avro_has_no_directory_timelines(trace_dir: Path) -> None:
    assert read_directory_timelines(trace_dir) is None


def test_take_keeps_each_files_accesses_probes_and_calls() -> None:
    files = read_file_timelines(SAMPLE_TRACE)
    rows = np.flatnonzero(files.calls_per_file + files.probes_per_file > 0)[::-1].copy()
    taken = files.take(rows)
    for new, old in enumerate(rows.tolist()):
        assert taken.accesses(new)[0].tolist() == files.accesses(old)[0].tolist()
        for offsets, values, taken_offsets, taken_values in [
            (files.probe_offsets, files.probe_times, taken.probe_offsets, taken.probe_times),
            (files.call_offsets, files.call_codes, taken.call_offsets, taken.call_codes),
        ]:
            assert (
                taken_values[taken_offsets[new] : taken_offsets[new + 1]].tolist()
                == values[offsets[old] : offsets[old + 1]].tolist()
            )
    assert taken.deleted_itself.tolist() == files.deleted_itself[rows].tolist()


def test_a_call_that_is_no_command_is_refused(tmp_path: Path) -> None:
    bad = file_timeline(7, callTimes=[T0], calls=[len(audit_commands())])
    write_trace(tmp_path, [audit_event(T0, "open")], [file_timeline(6), bad])

    assert _error(tmp_path).startswith(
        f"{tmp_path / FILES_FILE}: file id 7 has 1 callTimes for 1 calls, or a call that is not "
        "an AuditCommand"
    )


def test_a_directorys_access_kinds_are_l_g_c(tmp_path: Path) -> None:
    write_trace(
        tmp_path, [audit_event(T0, "open")], [],
        directories=[directory_timeline(3, [(T0, "L"), (T0 + 1, "O")])],
    )  # fmt: skip

    with pytest.raises(TraceError, match="directory id 3 has an access kind other than L/G/C"):
        read_directory_timelines(tmp_path)


def test_cluster_events_are_the_path_less_ones(tmp_path: Path) -> None:
    events = [
        audit_event(T0, "open"),
        audit_event(T0 + 5, "datanodeReport", None),
        audit_event(T0 + 9, "datanodeReport", None),
        audit_event(T0 + 9, "listCachePools", None, allowed=False),
    ]
    cluster = read_cluster_events(write_trace(tmp_path, events, []))

    assert cluster.time.tolist() == [T0 + 5, T0 + 9]
    assert cluster.command.values() == ["datanodeReport", "datanodeReport"]
    assert cluster.denied == {"listCachePools": 1}


def test_the_end_image_reads_with_blocks() -> None:
    """The bundled sample was parsed with --fsimage-end: both images carry each file's blocks
    and block size, and the summary counts the end image (data/README.md: 62 directories and
    339 files)."""
    from mimesis_model.formats.trace_summary import render_text, summarize

    sample = Path(__file__).resolve().parents[2] / "tests" / "sample-trace" / "trace"
    trace = Trace.read(sample)
    assert trace.namespace is not None
    assert trace.namespace_end is not None
    for image in (trace.namespace, trace.namespace_end):
        files = ~image.is_dir
        assert (image.block_size[files] == 1024 * 1024).all()
        assert ((image.blocks[files] > 0) == (image.size[files] > 0)).all()
        assert (image.blocks[image.is_dir] == 0).all()
    summary = summarize(trace)
    assert summary["namespace_end"] == {"entries": 401, "directories": 62, "files": 339}
    assert "namespace at end" in render_text(summary)
