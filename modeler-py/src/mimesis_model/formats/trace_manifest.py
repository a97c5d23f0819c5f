"""A trace folder's manifest (profiles/schema/TraceManifest.avsc, in Avro's JSON encoding): the
records and size of each Avro file as `parse` wrote it, checked by every reader of the folder so
a file cut at a block boundary is told from the one written. core's TraceManifests reads and
writes the same file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mimesis_model.errors import TraceError
from mimesis_model.formats.avro_blocks import Whole
from mimesis_model.formats.folders import file_name
from mimesis_model.formats.schema import field_declaration

_MANIFEST: str = "TraceManifest"


def manifest_file() -> str:
    """The manifest's name in a trace folder, as Folders.avsc declares it."""
    return file_name("trace", "manifest")


def check(path: Path, whole: Whole) -> None:
    """TraceError naming PATH when its folder's manifest lists other records or bytes for it;
    nothing when the folder has no manifest (a trace of an older parse, a profile folder)."""
    manifest = path.parent / manifest_file()
    if not manifest.is_file():
        return
    listed = _files(manifest).get(path.name)
    if listed is None:
        raise TraceError(f"{path}: not in the trace's {manifest}")
    records, size = listed
    if (records, size) != (whole.records, whole.size):
        raise TraceError(
            f"{path}: {whole.records} records in {whole.size} bytes, but parse wrote {records} "
            f"in {size} ({manifest}): truncated or replaced"
        )


def _files(manifest: Path) -> dict[str, tuple[int, int]]:
    """The manifest's files: name -> (records, bytes), checked; TraceError naming it otherwise."""
    try:
        document: Any = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise TraceError(f"{manifest}: not a trace manifest: {error}") from error
    current = int(field_declaration(_MANIFEST, "formatVersion")["current"])
    version = document.get("formatVersion") if isinstance(document, dict) else None
    if not isinstance(version, int) or not 1 <= version <= current:
        raise TraceError(
            f"{manifest}: formatVersion {version} is not one this version reads (1 to {current})"
        )
    files = document.get("files")
    if not isinstance(files, dict):
        raise TraceError(f"{manifest}: not a trace manifest: no files map")
    counts = {}
    for name, count in files.items():
        if not (
            isinstance(count, dict)
            and all(isinstance(count.get(key), int) for key in ("records", "bytes"))
        ):
            raise TraceError(f"{manifest}: files.{name}: records and bytes are expected")
        counts[name] = (int(count["records"]), int(count["bytes"]))
    return counts
