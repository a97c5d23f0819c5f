"""import-mimesis: reading the original MimesisBench prototype's properties profiles."""

from __future__ import annotations

import zipfile
from pathlib import Path

import numpy as np
import pytest

from mimesis_model.cli.main import build_parser
from mimesis_model.errors import ProfileError
from mimesis_model.formats.distribution import Distribution
from mimesis_model.formats.import_mimesis import (
    NEVER_DELETED_MS,
    accesses_per_file,
    read_mimesis_profile,
    sample_size,
)
from mimesis_model.formats.profile import Profile

# The original prototype's Yahoo profile: optional data beside the repository, not part of it.
YAHOO_ZIP = (
    Path(__file__).resolve().parents[2].parent
    / "shared/data/yahoo-workload-profile/nnmetadata.properties.zip"
)
PREFIX = "nnmetadata.properties"

# Two types. Type 1: 2 pre-existing files, 4 created (activation weights are quarters), one of
# them deleted. Type 2: 1 pre-existing, 2 created, never deleted. CLUSTER_WEIGHTS = files / 9.
COMMON = """\
# the prototype's common file
PRE_EXISTING_FILES1 = 2
PRE_EXISTING_FILES2 = 1
FILES_AT_DEPTH_KEYS = 2, 3
FILES_AT_DEPTH_WEIGHTS = 0.25, 0.75
MAX_TIME = 600000
TARGET_CREATES = 100
FILE_TYPES = 2
CLUSTER_WEIGHTS = 0.6666666666666666, 0.3333333333333333
"""

TYPE_1 = """\
AOD_CLUSTER1_KEYS = 500
AOD_CLUSTER1_WEIGHTS = 1.0
OPEN_INTERARRIVAL_CLUSTER1_KEYS = 0, 1
OPEN_INTERARRIVAL_CLUSTER1_WEIGHTS = 0.5, 0.5
OPEN_INTERARRIVAL_CLUSTER1_PER_FILE_KEYS = 100
OPEN_INTERARRIVAL_CLUSTER1_PER_FILE_WEIGHTS = 1.0
ACTIVATION_TIME_CLUSTER1_KEYS = 10, 20, 30
ACTIVATION_TIME_CLUSTER1_WEIGHTS = 0.25, 0.5, 0.25
DEACTIVATION_TIME_CLUSTER1_KEYS = 0, 250
DEACTIVATION_TIME_CLUSTER1_WEIGHTS = 0.5, 0.5
AOA_CLUSTER1_KEYS = 5
AOA_CLUSTER1_WEIGHTS = 1.0
CREATE_INTERARRIVAL_CLUSTER1_KEYS = 1000, 2000, 3000
CREATE_INTERARRIVAL_CLUSTER1_WEIGHTS = 0.3333333333333333, 0.3333333333333333, \\
    0.3333333333333333
"""

TYPE_2 = f"""\
AOD_CLUSTER2_KEYS = {NEVER_DELETED_MS}
AOD_CLUSTER2_WEIGHTS = 1.0000000000000000
OPEN_INTERARRIVAL_CLUSTER2_PER_FILE_KEYS = 0, 50
OPEN_INTERARRIVAL_CLUSTER2_PER_FILE_WEIGHTS = 0.5, 0.5
ACTIVATION_TIME_CLUSTER2_KEYS = 100, 200
ACTIVATION_TIME_CLUSTER2_WEIGHTS = 0.5, 0.5
DEACTIVATION_TIME_CLUSTER2_KEYS = 1000, 3000
DEACTIVATION_TIME_CLUSTER2_WEIGHTS = 0.5, 0.5
CREATE_INTERARRIVAL_CLUSTER2_KEYS = 30000
CREATE_INTERARRIVAL_CLUSTER2_WEIGHTS = 1.0
"""

NAMESPACE = "/\n/a/\n/a/b/\n/a/c/\n/d/\n"


def write_profile(root: Path, files: dict[str, str] | None = None) -> Path:
    """A prototype profile folder under ROOT, with FILES replacing or adding properties files."""
    folder = root / PREFIX
    folder.mkdir(parents=True)
    contents = {
        f"{PREFIX}.common": COMMON, f"{PREFIX}.1": TYPE_1, f"{PREFIX}.2": TYPE_2,
        f"{PREFIX}.namespace": NAMESPACE,
    }  # fmt: skip
    for name, text in (contents | (files or {})).items():
        (folder / name).write_text(text)
    return folder


def test_reads_types_counts_and_window(tmp_path: Path) -> None:
    profile = read_mimesis_profile(write_profile(tmp_path))
    first, second = profile.file_types
    assert profile.k == 2
    assert (first.files, first.pre_existing, first.created) == (6, 2, 4)
    assert (second.files, second.pre_existing, second.created) == (3, 1, 2)
    assert first.weight == pytest.approx(6 / 9)
    assert profile.duration_ms == 60_000  # (3 + 1) creates' gaps of 2 s, to the nearest minute
    assert profile.fit is None
    assert profile.dormant_files == 0
    # activation delays of created files only: pre-existing files are first opened across the window
    assert profile.pre_existing_activation == "UNIFORM"
    assert (profile.mkdirs_per_create, profile.renames_per_create) == (0.0, 0.0)
    assert first.access_shares == {"open": 1.0, "listStatus": 0.0, "getFileInfo": 0.0}
    assert first.unaccessed_share == 0.0
    assert profile.source == f"MimesisBench prototype profile {PREFIX} (imported)"


def test_tables_become_distributions_with_their_sample_sizes(tmp_path: Path) -> None:
    first = read_mimesis_profile(write_profile(tmp_path)).file_types[0]
    activation = first["activationDelay"]
    assert activation.values.tolist() == [10, 20, 30]
    assert activation.cumulative.tolist() == [0.25, 0.75, 1.0]
    assert activation.count == 4
    assert first["activeSpan"].values.tolist() == [0, 250]
    assert first["accessInterarrival"].values.tolist() == [100]  # the _PER_FILE table
    assert first["createInterarrival"].count == 3
    assert first.depth.values.tolist() == [2, 3]


def test_accesses_per_file_follow_the_span_and_gaps(tmp_path: Path) -> None:
    first = read_mimesis_profile(write_profile(tmp_path)).file_types[0]
    # Span 0: one access. Span 250 with 100 ms gaps: at 0, 100 and 200.
    counts = first["accessesPerFile"]
    assert counts.values.tolist() == [1, 3]
    assert counts.cumulative[0] == pytest.approx(0.5, abs=0.03)


def test_accesses_per_file_simulation() -> None:
    rng = np.random.default_rng(0)
    gaps = Distribution.of_weights([100.0], [1.0], 1)
    spans = np.array([0.0, 99.0, 100.0, 1000.0, 1e6])
    assert accesses_per_file(spans, gaps, rng).tolist() == [1, 1, 2, 11, 10_001]


def test_deletes_from_age_at_deletion(tmp_path: Path) -> None:
    first, second = read_mimesis_profile(write_profile(tmp_path)).file_types
    assert first.delete_share == pytest.approx(1 / 6)  # one deleted file over the type's six
    # Deleted at 500 ms of age, after activation (10-30) + span (0 or 250): 220 to 490 ms later.
    delays = first["deleteDelay"]
    assert delays.count == 1
    assert delays.values[0] >= 220
    assert delays.values[-1] <= 490
    assert second.delete_share == 0.0
    assert second["deleteDelay"].is_empty


def test_namespace_from_directory_paths(tmp_path: Path) -> None:
    namespace = read_mimesis_profile(write_profile(tmp_path)).namespace
    assert namespace is not None
    assert namespace.directories == 4  # the root is not counted
    assert namespace.files == 3  # the pre-existing files
    assert namespace.dirs_at_depth.values.tolist() == [1, 2]
    assert namespace.dirs_at_depth.cumulative.tolist() == [0.5, 1.0]
    # The root holds /a and /d, /a holds /a/b and /a/c.
    assert namespace.subdirs_per_dir.values.tolist() == [2]
    assert namespace.files_at_depth.values.tolist() == [2, 3]
    assert namespace.files_per_dir.is_empty


def test_without_namespace_file(tmp_path: Path) -> None:
    folder = write_profile(tmp_path)
    (folder / f"{PREFIX}.namespace").unlink()
    assert read_mimesis_profile(folder).namespace is None


def test_accepts_the_parent_folder(tmp_path: Path) -> None:
    write_profile(tmp_path)
    assert read_mimesis_profile(tmp_path).files == 9


def test_extra_files_of_the_weights_are_pre_existing(tmp_path: Path) -> None:
    # A third type whose weight says more files than its counts, as Yahoo's type 15 does; the
    # first two types agree on N = 30 files.
    common = (
        COMMON.replace("FILE_TYPES = 2", "FILE_TYPES = 3").replace(
            "CLUSTER_WEIGHTS = 0.6666666666666666, 0.3333333333333333",
            "CLUSTER_WEIGHTS = 0.2, 0.1, 0.7",
        )
        + "PRE_EXISTING_FILES3 = 5\n"
    )
    third = TYPE_2.replace("CLUSTER2", "CLUSTER3")
    folder = write_profile(tmp_path, {f"{PREFIX}.common": common, f"{PREFIX}.3": third})
    types = read_mimesis_profile(folder).file_types
    assert [t.files for t in types] == [6, 3, 21]  # N = 30 from types 1 and 2
    assert types[2].pre_existing == 19  # 5 counted + 14 accessed but neither created nor counted
    assert [t.weight for t in types] == pytest.approx([0.2, 0.1, 0.7])


def test_sample_size() -> None:
    assert sample_size([0.25, 0.5, 0.25]) == 4
    assert sample_size([1 / 3, 2 / 3]) == 3
    assert sample_size([0.2, 0.2, 0.6]) == 5
    assert sample_size([1.0]) == 1
    assert sample_size([np.pi, 1.0]) == 2  # no small N fits: the number of keys


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        (".common", "CLUSTER_WEIGHTS = 0.6666666666666666, 0.3333333333333333\n", "",
         r"nnmetadata\.properties\.common: missing key CLUSTER_WEIGHTS"),
        (".1", "ACTIVATION_TIME_CLUSTER1_KEYS = 10, 20, 30\n", "",
         r"nnmetadata\.properties\.1: missing key ACTIVATION_TIME_CLUSTER1_KEYS"),
        (".1", "ACTIVATION_TIME_CLUSTER1_KEYS = 10, 20, 30",
         "ACTIVATION_TIME_CLUSTER1_KEYS = 10, 20",
         r"\.1: ACTIVATION_TIME_CLUSTER1_KEYS has 2 items but ACTIVATION_TIME_CLUSTER1_WEIGHTS 3"),
        (".2", "DEACTIVATION_TIME_CLUSTER2_KEYS = 1000, 3000",
         "DEACTIVATION_TIME_CLUSTER2_KEYS = 1000, 3s",
         r"\.2: DEACTIVATION_TIME_CLUSTER2_KEYS: item 2, '3s', is not a number"),
        (".2", "ACTIVATION_TIME_CLUSTER2_WEIGHTS = 0.5, 0.5",
         "ACTIVATION_TIME_CLUSTER2_WEIGHTS = 0.5, nan",
         r"\.2: ACTIVATION_TIME_CLUSTER2_WEIGHTS: item 2 is not finite"),
        (".2", "ACTIVATION_TIME_CLUSTER2_WEIGHTS = 0.5, 0.5",
         "ACTIVATION_TIME_CLUSTER2_WEIGHTS = 0.5, -0.5",
         r"\.2: ACTIVATION_TIME_CLUSTER2_WEIGHTS: negative, or all 0"),
        (".common", "FILE_TYPES = 2", "FILE_TYPES = two",
         r"\.common: FILE_TYPES: item 1, 'two', is not a number"),
        (".common", "PRE_EXISTING_FILES1 = 2", "PRE_EXISTING_FILES1 = 2.5",
         r"\.common: PRE_EXISTING_FILES1: '2.5' is not a whole number"),
        (".common", "FILE_TYPES = 2", "FILE_TYPES = 3",
         r"CLUSTER_WEIGHTS: expected 3 weights"),
        (".2", "OPEN_INTERARRIVAL_CLUSTER2_PER_FILE_KEYS = 0, 50",
         "OPEN_INTERARRIVAL_CLUSTER2_PER_FILE_KEYS = 0, 0",
         r"\.2: OPEN_INTERARRIVAL_CLUSTER2_PER_FILE_KEYS: no gap > 0"),
    ],
)  # fmt: skip
def test_bad_input_names_file_and_key(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    text = {".common": COMMON, ".1": TYPE_1, ".2": TYPE_2}[file]
    assert old in text
    folder = write_profile(tmp_path, {f"{PREFIX}{file}": text.replace(old, new)})
    with pytest.raises(ProfileError, match=message):
        read_mimesis_profile(folder)


def test_missing_type_file(tmp_path: Path) -> None:
    folder = write_profile(tmp_path)
    (folder / f"{PREFIX}.2").unlink()
    with pytest.raises(ProfileError, match=r"properties\.2: missing \(FILE_TYPES is 2\)"):
        read_mimesis_profile(folder)


def test_no_profile_here(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match="no MimesisBench profile"):
        read_mimesis_profile(tmp_path)
    with pytest.raises(ProfileError, match="no such directory"):
        read_mimesis_profile(tmp_path / "absent")


def test_command_writes_a_profile_that_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "profile"
    args = build_parser().parse_args(
        ["import-mimesis", str(write_profile(tmp_path)), "--out", str(out)]
    )
    assert args.verbose is False
    assert args.run(args) == 0
    assert "2 file types, 9 files (3 pre-existing), window 1 min" in capsys.readouterr().out
    profile = Profile.read(out)
    assert [t.files for t in profile.file_types] == [6, 3]
    assert (out / "profile.json").is_file()
    assert all(t.sizes is None for t in profile.file_types), "no sizes unless asked for"


def test_assumed_sizes_give_every_type_the_published_figure(tmp_path: Path) -> None:
    out = tmp_path / "profile"
    args = build_parser().parse_args(
        ["import-mimesis", str(write_profile(tmp_path)), "--assumed-sizes", "--out", str(out)]
    )
    assert args.run(args) == 0
    for file_type in Profile.read(out).file_types:
        sizes = file_type.sizes
        assert sizes is not None
        assert sizes.created_from == "ASSUMED"
        assert sizes.blocks_per_file("created") == pytest.approx(1.5)  # of 128 MiB blocks
        assert sizes.block_size.values.tolist() == [128 * 2**20]


@pytest.mark.slow
@pytest.mark.skipif(
    not YAHOO_ZIP.is_file(), reason=f"optional data beside the repository absent: {YAHOO_ZIP}"
)
def test_imports_the_yahoo_profile(tmp_path: Path) -> None:
    with zipfile.ZipFile(YAHOO_ZIP) as archive:
        archive.extractall(tmp_path / "yahoo")
    profile = read_mimesis_profile(tmp_path / "yahoo")
    assert profile.k == 30
    assert profile.duration_ms == 3_600_000
    files = [t.files for t in profile.file_types]
    # CLUSTER_WEIGHTS * 3,492,853; each is also the type's accesses (AOA's sample) minus its
    # per-file gaps (OPEN_INTERARRIVAL_..._PER_FILE's sample).
    assert profile.files == 3_492_853
    assert (files[0], files[14], files[29]) == (20_703, 2_816_193, 27_166)
    assert profile.file_types[0].pre_existing == 18_112  # PRE_EXISTING_FILES1
    assert profile.file_types[14].created == 59_805
    assert profile.file_types[14].weight == pytest.approx(0.8062729808554783)
    assert profile.file_types[0]["activationDelay"].count == 2_591
    assert profile.file_types[14]["deleteDelay"].count == 4_428
    assert profile.file_types[1].delete_share == 0.0  # AOD is the never-deleted sentinel
    assert all(t.access_shares["open"] == 1.0 for t in profile.file_types)
    assert profile.namespace is not None
    assert profile.namespace.directories == 112_791
    profile.write(tmp_path / "profile")
    again = Profile.read(tmp_path / "profile")
    assert [t.files for t in again.file_types] == files
    assert again.duration_ms == profile.duration_ms
