"""namespace-report.json, as namespace-gen's NamespaceReport writes it beside a generated
namespace (profiles/schema/namespace-report.schema.json documents every key): the one place
modeler-py names its keys, checked against the schema when read."""

from __future__ import annotations

from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Any, Final

from mimesis_model.errors import MimesisModelError
from mimesis_model.formats import results_schema

NAMESPACE_REPORT_FILE: Final = "namespace-report.json"


class NamespaceReportError(MimesisModelError):
    """A namespace-report.json is not what `namespace generate` writes."""


@dataclass(frozen=True)
class FileTypeShare:
    """One file type: its share asked for and given, and its depths' KS distance to the target."""

    index: int
    weight: float
    files: int
    share: float
    depth_ks: float | None


@dataclass(frozen=True)
class NamespaceReportFile:
    """A generated namespace's report, read and checked."""

    path: Path
    document: dict[str, Any]

    @classmethod
    def read(cls, directory: str | PathLike[str]) -> NamespaceReportFile:
        """DIRECTORY's namespace-report.json; NamespaceReportError (one line) if it is not one."""
        path = Path(directory) / NAMESPACE_REPORT_FILE
        document = results_schema.read_json(
            path, results_schema.NAMESPACE_REPORT, NamespaceReportError
        )
        return cls(path, document)

    @property
    def seed(self) -> int:
        return int(self.document["seed"])

    @property
    def target(self) -> dict[str, int]:
        """The directories and files asked for."""
        return {str(k): int(v) for k, v in self.document["target"].items()}

    @property
    def generated(self) -> dict[str, int]:
        """Directories, files, max_depth, dirs_with_subdirs, dirs_with_files generated."""
        return {str(k): int(v) for k, v in self.document["generated"].items()}

    @property
    def ks(self) -> dict[str, float | None]:
        """Each preserved distribution's KS distance to its target (None: nothing to measure)."""
        return {str(k): None if v is None else float(v) for k, v in self.document["ks"].items()}

    @property
    def file_types(self) -> list[FileTypeShare]:
        return [
            FileTypeShare(
                index=int(t["index"]),
                weight=float(t["weight"]),
                files=int(t["files"]),
                share=float(t["share"]),
                depth_ks=t.get("depth_ks"),
            )
            for t in self.document["file_types"]
        ]
