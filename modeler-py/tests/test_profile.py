import io
import json
import math
import zlib
from pathlib import Path
from typing import Any

import fastavro
import pytest

from mimesis_model.errors import ProfileError
from mimesis_model.formats import schema
from mimesis_model.formats.profile import (
    FORMAT_VERSION,
    PROFILE_FILE,
    PROFILE_JSON,
    CallShare,
    Profile,
)
from mimesis_model.model.fit import ProfileFitter, read_for_fitting
from mimesis_model.output import OutputError
from test_profile_vectors import REPOSITORY, SAMPLE_TRACE

NAN = math.nan
INF = math.inf


@pytest.fixture(scope="module")
def sample_profile() -> Profile:
    return ProfileFitter(n_types=5).fit(read_for_fitting(SAMPLE_TRACE)).profile_


def test_written_profile_reads_back_equal(sample_profile: Profile, tmp_path: Path) -> None:
    sample_profile.write(tmp_path / "profile")
    assert sorted(p.name for p in (tmp_path / "profile").iterdir()) == [PROFILE_FILE, PROFILE_JSON]
    assert Profile.read(tmp_path / "profile").to_record() == sample_profile.to_record()


def test_a_profile_from_a_future_format_is_refused(sample_profile: Profile, tmp_path: Path) -> None:
    record = sample_profile.to_record() | {"formatVersion": FORMAT_VERSION + 1}
    (tmp_path / "future").mkdir()
    with (tmp_path / "future" / PROFILE_FILE).open("wb") as stream:
        fastavro.writer(stream, schema.load(schema.PROFILE), [record])
    with pytest.raises(ProfileError, match=f"format version {FORMAT_VERSION + 1} is newer"):
        Profile.read(tmp_path / "future")


def test_missing_and_foreign_files_are_named(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match="no such profile directory"):
        Profile.read(tmp_path / "nothing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ProfileError, match=r"profile\.avro: missing"):
        Profile.read(tmp_path / "empty")
    (tmp_path / "empty" / PROFILE_FILE).write_bytes(b"not avro")
    with pytest.raises(ProfileError, match="not an Avro container"):
        Profile.read(tmp_path / "empty")


def test_an_invalid_profile_is_not_written(sample_profile: Profile, tmp_path: Path) -> None:
    from dataclasses import replace

    broken = replace(sample_profile, duration_ms=0)
    with pytest.raises(ProfileError, match="durationMs 0"):
        broken.write(tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_failed_write_leaves_no_file(
    sample_profile: Profile, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(*_: object) -> dict[str, object]:
        raise OSError("disk full")

    monkeypatch.setattr(Profile, "summary", fail)
    with pytest.raises(OutputError, match=r"^--out .*/out: cannot write: disk full$"):
        sample_profile.write(tmp_path / "out", "--out")
    assert not (tmp_path / "out").exists()


def _with(record: dict[str, Any], path: list[str | int], value: object) -> dict[str, Any]:
    """A copy of RECORD with the field at PATH (keys and list indexes) set to VALUE."""
    import copy

    changed = copy.deepcopy(record)
    inner: Any = changed
    for key in path[:-1]:
        inner = inner[key]
    inner[path[-1]] = value
    return changed


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (["fileTypes", 1, "accessInterarrival", "values", 0], NAN,
         "file type 1: accessInterarrival: non-finite"),
        (["fileTypes", 0, "weight"], INF, "file type 0: weight inf is not a share in [0, 1]"),
        (["fileTypes", 2, "accessShares", "open"], NAN,
         "file type 2: accessShares.open nan is not a share"),
        (["fileTypes", 0, "centroid", 0], NAN, "file type 0: centroid has non-finite numbers"),
        (["namespace", "filesPerDir", "values", 0], NAN, "namespace: filesPerDir: non-finite"),
        (["namespace", "dirsAtDepth", "cumulative", 0], NAN, "namespace: dirsAtDepth: non-finite"),
        (["mkdirsPerCreate"], NAN, "mkdirsPerCreate nan is not a finite number >= 0"),
        (["renamesPerCreate"], -INF, "renamesPerCreate -inf is not a finite number >= 0"),
    ],
)  # fmt: skip
def test_non_finite_numbers_are_refused_naming_the_type_and_field(
    sample_profile: Profile,
    tmp_path: Path,
    path: list[str | int],
    value: float,
    message: str,
) -> None:
    (tmp_path / "p").mkdir()
    with (tmp_path / "p" / PROFILE_FILE).open("wb") as stream:
        record = _with(sample_profile.to_record(), path, value)
        fastavro.writer(stream, schema.load(schema.PROFILE), [record])
    with pytest.raises(ProfileError) as refused:
        Profile.read(tmp_path / "p")
    assert str(refused.value).startswith(f"{tmp_path / 'p' / PROFILE_FILE}: ")
    assert message in str(refused.value)


def test_a_damaged_block_names_the_file_not_a_stream_object(tmp_path: Path) -> None:
    """A block whose compressed data was cut short: fastavro names the in-memory stream it read
    the block into (<_io.BytesIO object at 0x...>); the message names the file instead."""
    sync = b"0123456789abcdef"
    record = Profile.read(Path(__file__).parent / "data" / "sample-profile").to_record()
    whole = io.BytesIO()
    fastavro.writer(whole, schema.load(schema.PROFILE), [record], codec="deflate", sync_marker=sync)
    data = whole.getvalue()
    start = data.index(sync) + len(sync)  # the block: its count, its size, its data, the sync
    _, size_at = _varint(data, start)
    size, block_at = _varint(data, size_at)
    inflated = zlib.decompress(data[block_at : block_at + size], -zlib.MAX_WBITS)
    squeezer = zlib.compressobj(wbits=-zlib.MAX_WBITS)
    cut = squeezer.compress(inflated[: len(inflated) // 2]) + squeezer.flush()
    damaged = data[:size_at] + _zigzag(len(cut)) + cut + data[block_at + size :]
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / PROFILE_FILE).write_bytes(damaged)
    with pytest.raises(ProfileError) as refused:
        Profile.read(tmp_path / "p")
    assert str(refused.value).startswith(f"{tmp_path / 'p' / PROFILE_FILE}: unreadable after 0 ")
    assert "damaged or truncated data" in str(refused.value)
    assert "object at 0x" not in str(refused.value)


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """The zigzag varint (Avro's long) at AT, and where the next value starts."""
    shift = value = 0
    while True:
        byte = data[at]
        value |= (byte & 0x7F) << shift
        at += 1
        shift += 7
        if not byte & 0x80:
            return (value >> 1) ^ -(value & 1), at


def _zigzag(value: int) -> bytes:
    encoded = (value << 1) ^ (value >> 63)
    out = bytearray()
    while encoded > 0x7F:
        out.append(encoded & 0x7F | 0x80)
        encoded >>= 7
    out.append(encoded)
    return bytes(out)


# What format 1 lacked: the fields added since, each with a default a reader fills in.
LATER_PROFILE_FIELDS = {
    "directoryTypes", "clusterCalls", "unmodeledCommands", "directoryFit", "missingPathProbes",
    "deniedCalls", "preExistingActivation", "dormantSizes",
}  # fmt: skip
LATER_FILE_TYPE_FIELDS = {"calls", "probes", "users", "sizes", "removedShare", "renameDelay"}


def format_1_schema() -> dict[str, Any]:
    """Profile.avsc as a format-1 writer had it: files only."""
    declared = schema.declaration(schema.PROFILE)
    declared["fields"] = [f for f in declared["fields"] if f["name"] not in LATER_PROFILE_FIELDS]
    file_type = next(f for f in declared["fields"] if f["name"] == "fileTypes")["type"]["items"]
    file_type["fields"] = [
        f for f in file_type["fields"] if f["name"] not in LATER_FILE_TYPE_FIELDS
    ]
    return declared


def test_a_profile_of_format_1_reads_with_later_fields_empty(tmp_path: Path) -> None:
    """A profile written as format 1 (files only) reads with every later field's default."""
    shipped = Profile.read(REPOSITORY / "profiles" / "yahoo-2011-demo").to_record()
    old = {name: value for name, value in shipped.items() if name not in LATER_PROFILE_FIELDS}
    old["formatVersion"] = 1
    old["fileTypes"] = [
        {name: value for name, value in t.items() if name not in LATER_FILE_TYPE_FIELDS}
        for t in old["fileTypes"]
    ]
    (tmp_path / "old").mkdir()
    with (tmp_path / "old" / PROFILE_FILE).open("wb") as stream:
        fastavro.writer(stream, fastavro.parse_schema(format_1_schema()), [old])
    profile = Profile.read(tmp_path / "old")
    assert profile.k > 0
    assert profile.directory_types == []
    assert (profile.cluster_calls, profile.unmodeled_commands, profile.directory_fit) == (
        [],
        [],
        None,
    )
    assert profile.pre_existing_activation == "DELAY"
    assert all(t.calls == [] and t.probes is None for t in profile.file_types)
    assert all(t.sizes is None and t.removed_share == 0 for t in profile.file_types)
    assert all(t.rename_delay.is_empty for t in profile.file_types)
    profile.write(tmp_path / "again")
    again = Profile.read(tmp_path / "again")
    assert again.to_record() == profile.to_record()
    assert again.to_record()["formatVersion"] == FORMAT_VERSION == 7


def test_format_2_round_trips_with_its_streams(sample_profile: Profile, tmp_path: Path) -> None:
    assert sample_profile.directory_types
    assert any(t.calls for t in sample_profile.file_types)
    assert any(t.probes is not None for t in sample_profile.file_types)
    assert sample_profile.unmodeled_commands
    sample_profile.write(tmp_path / "p")
    summary = json.loads((tmp_path / "p" / PROFILE_JSON).read_text())
    assert summary["formatVersion"] == FORMAT_VERSION
    first = next(t for t in summary["directoryTypes"] if t["activeSpan"]["count"] > 0)
    assert set(first["activeSpan"]) == {
        "count",
        "points",
        "mean",
        "min",
        "p50",
        "p90",
        "p99",
        "max",
    }
    assert summary["unmodeledCommands"] == [
        {"command": "concat", "calls": 1, "why": "the generator cannot issue it"}
    ]
    denied = summary["deniedCalls"]
    assert [(item["command"], item["calls"]) for item in denied] == [
        ("delete", 1), ("listStatus", 1), ("open", 2), ("setOwner", 1)
    ]  # fmt: skip
    probes = summary["missingPathProbes"]
    assert [(item["command"], item["calls"]) for item in probes] == [
        ("getfileinfo", 114), ("listStatus", 22)
    ]  # fmt: skip
    assert set(probes[0]["interarrival"]) == set(first["activeSpan"])
    read = Profile.read(tmp_path / "p")
    assert [item.calls for item in read.missing_path_probes] == [114, 22]


def test_a_directory_types_problems_are_named(sample_profile: Profile, tmp_path: Path) -> None:
    from dataclasses import replace

    directory_type = sample_profile.directory_types[1]
    broken = replace(
        directory_type, delete_share=1.5, calls=[CallShare("setOwner", -1.0, directory_type.depth)]
    )
    profile = replace(sample_profile, directory_types=[sample_profile.directory_types[0], broken])
    assert profile.problems() == [
        "directory type 1: deleteShare 1.5 is not a share in [0, 1]",
        "directory type 1: a perFile or perCreate that is not a number >= 0",
    ]
    with pytest.raises(ProfileError, match=r"directory type 1: deleteShare 1\.5 is not a share"):
        profile.write(tmp_path / "out")
