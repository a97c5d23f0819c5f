from pathlib import Path

import pytest

from tracefiles import small_trace


@pytest.fixture
def trace_dir(tmp_path: Path) -> Path:
    """A folder holding small_trace()."""
    return small_trace(tmp_path / "trace")


@pytest.fixture(autouse=True)
def _schemas_from_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests find the schemas by the package's own search, not the caller's environment."""
    monkeypatch.delenv("MIMESIS_SCHEMA_DIR", raising=False)
