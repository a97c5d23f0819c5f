from pathlib import Path

import pytest

from mimesis_model.errors import SchemaError
from mimesis_model.formats import schema

REPOSITORY_SCHEMAS = Path(__file__).resolve().parents[2] / "profiles" / "schema"


def test_finds_the_repository_schema_folder() -> None:
    assert schema.schema_dir().resolve() == REPOSITORY_SCHEMAS


TRACE_SCHEMAS = [
    schema.AUDIT_EVENT, schema.FILE_TIMELINE, schema.DIRECTORY_TIMELINE, schema.NAMESPACE_ENTRY
]  # fmt: skip


@pytest.mark.parametrize("name", TRACE_SCHEMAS)
def test_loads_each_trace_schema(name: str) -> None:
    loaded = schema.load(name)

    assert schema.full_name(loaded) == f"org.mimesisbench.trace.{name}"
    assert schema.field_names(loaded)


def test_field_names_follow_the_avsc() -> None:
    assert schema.field_names(schema.load(schema.FILE_TIMELINE)) == [
        "id", "path", "finalPath", "depth", "preExisting", "createTime", "deleteTime",
        "deletedItself", "renames", "renameTimes", "accessTimes", "accessKinds", "probeTimes",
        "callTimes",
        "calls", "users", "userEvents",
    ]  # fmt: skip


def test_environment_overrides_the_search(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    avsc = (REPOSITORY_SCHEMAS / "AuditEvent.avsc").read_text()
    (tmp_path / "AuditEvent.avsc").write_text(avsc.replace("org.mimesisbench.trace", "elsewhere"))
    monkeypatch.setenv(schema.SCHEMA_DIR_ENV, str(tmp_path))

    assert schema.schema_dir() == tmp_path
    assert schema.full_name(schema.load(schema.AUDIT_EVENT)) == "elsewhere.AuditEvent"


def test_environment_naming_a_folder_without_schemas(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(schema.SCHEMA_DIR_ENV, str(tmp_path))

    with pytest.raises(SchemaError, match=rf"^MIMESIS_SCHEMA_DIR={tmp_path}: no AuditEvent\.avsc"):
        schema.schema_dir()


def test_missing_schema_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "AuditEvent.avsc").write_text((REPOSITORY_SCHEMAS / "AuditEvent.avsc").read_text())
    monkeypatch.setenv(schema.SCHEMA_DIR_ENV, str(tmp_path))

    with pytest.raises(SchemaError, match=r"FileTimeline\.avsc: no such schema file"):
        schema.load(schema.FILE_TIMELINE)


def test_malformed_schema_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "AuditEvent.avsc").write_text('{"type": "record", "name": "AuditEvent"')
    monkeypatch.setenv(schema.SCHEMA_DIR_ENV, str(tmp_path))

    with pytest.raises(SchemaError, match=r"AuditEvent\.avsc: not a valid Avro schema"):
        schema.load(schema.AUDIT_EVENT)
