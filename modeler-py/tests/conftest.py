from pathlib import Path

import pytest

from mimesis_model.model.fit import ProfileFitter, read_for_fitting
from test_profile_vectors import SAMPLE_TRACE
from tracefiles import small_trace


@pytest.fixture
def trace_dir(tmp_path: Path) -> Path:
    """A folder holding small_trace()."""
    return small_trace(tmp_path / "trace")


@pytest.fixture(autouse=True)
def _schemas_from_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests find the schemas by the package's own search, not the caller's environment."""
    monkeypatch.delenv("MIMESIS_SCHEMA_DIR", raising=False)


@pytest.fixture(scope="session")
def sample_fitter() -> ProfileFitter:
    """ProfileFitter(random_state=0) fitted to the bundled sample: a k search of about 20 s of CPU
    that five modules share, made once a session (a user that changes it changes a deep copy)."""
    return ProfileFitter(random_state=0).fit(read_for_fitting(SAMPLE_TRACE))
