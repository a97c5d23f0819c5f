"""The names of the files in the folders the commands leave for each other: a trace folder, a
run's results folder and a sweep's, as profiles/schema/Folders.avsc declares them for both
languages (core's TraceFolder and ResultsFolder read the same), so each name is written once."""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from mimesis_model.errors import SchemaError
from mimesis_model.formats.schema import declaration

_FOLDERS: Final = "Folders"


@cache
def _roles(folder: str) -> dict[str, Any]:
    roles = declaration(_FOLDERS).get(folder)
    if not isinstance(roles, dict):
        raise SchemaError(f"{_FOLDERS}.avsc declares no folder {folder!r}")
    return roles


def file_name(folder: str, role: str) -> str:
    """The file of ROLE in FOLDER ("trace", "run" or "sweep"), e.g. ("run", "fidelity")."""
    declared = _roles(folder).get(role)
    if not isinstance(declared, dict) or not isinstance(declared.get("file"), str):
        raise SchemaError(f"{_FOLDERS}.avsc declares no file {folder}.{role}")
    return str(declared["file"])


def written_by(folder: str, role: str) -> str:
    """The command that writes ROLE's file in FOLDER, e.g. "mimesis-model fidelity"."""
    return str(_roles(folder)[role]["writtenBy"])


def run_files() -> set[str]:
    """Every file of a run's results folder, the jar's and the modeler's."""
    return {file_name("run", role) for role in _roles("run")}
