from pathlib import Path

import fastavro
import pytest

from mimesis_model import schema
from mimesis_model.errors import ProfileError
from mimesis_model.fit import ProfileFitter, read_for_fitting
from mimesis_model.profile import PROFILE_FILE, PROFILE_JSON, Profile
from test_profile_vectors import SAMPLE_TRACE


@pytest.fixture(scope="module")
def sample_profile() -> Profile:
    return ProfileFitter(n_types=5).fit(read_for_fitting(SAMPLE_TRACE)).profile_


def test_written_profile_reads_back_equal(sample_profile: Profile, tmp_path: Path) -> None:
    sample_profile.write(tmp_path / "profile")
    assert sorted(p.name for p in (tmp_path / "profile").iterdir()) == [PROFILE_FILE, PROFILE_JSON]
    assert Profile.read(tmp_path / "profile").to_record() == sample_profile.to_record()


def test_a_profile_from_a_future_format_is_refused(sample_profile: Profile, tmp_path: Path) -> None:
    record = sample_profile.to_record() | {"formatVersion": 2}
    (tmp_path / "future").mkdir()
    with (tmp_path / "future" / PROFILE_FILE).open("wb") as stream:
        fastavro.writer(stream, schema.load(schema.PROFILE), [record])
    with pytest.raises(ProfileError, match="format version 2 is newer"):
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
    with pytest.raises(OSError, match="disk full"):
        sample_profile.write(tmp_path / "out")
    assert not (tmp_path / "out").exists()
