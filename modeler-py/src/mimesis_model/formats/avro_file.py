"""Reading one Avro container file of a trace, checked against our schema."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Final, cast

import fastavro
from fastavro.read import SchemaResolutionError
from fastavro.schema import to_parsing_canonical_form
from fastavro.types import Schema

from mimesis_model.errors import TraceError
from mimesis_model.formats import avro_blocks, trace_manifest
from mimesis_model.formats.schema import field_names, full_name

if TYPE_CHECKING:
    from fastavro._read import reader as AvroReader

# fastavro messages can hold whole schemas; a one-line error keeps only the start.
_MAX_CAUSE_CHARS = 160
_OBJECT_REPR: Final = re.compile(r"\s*(?:from|in|of)?\s*<[\w.]+ object at 0x[0-9a-fA-F]+>")
# Every Avro object container file starts with these four bytes (Avro spec).
_MAGIC = b"Obj\x01"


def read_records(path: Path, schema: Schema) -> Iterator[dict[str, Any]]:
    """Yield the records of the Avro file PATH, read as SCHEMA.

    The file's writer schema must be a record of the same full name; fields
    are resolved by Avro's rules (ours may add fields with defaults). The file
    is checked whole first (avro_blocks, and the trace's manifest when its folder
    has one). Every failure, however deep in the file, becomes a TraceError naming PATH.
    """
    stream = _open(path)
    with stream:
        reader = _reader(path, stream, schema)
        # before the first record: a cut file would otherwise read as a shorter one
        whole = avro_blocks.check(path)
        trace_manifest.check(path, whole)
        count = 0
        try:
            for record in cast(Iterator[dict[str, Any]], reader):  # a record schema's items
                yield record
                count += 1
        except SchemaResolutionError as error:
            raise _unresolvable(path, reader.writer_schema, schema) from error
        except Exception as error:  # a damaged block fails in zlib, struct, EOF, ...
            raise TraceError(
                f"{path}: unreadable after {count} records: {_cause(error)}"
            ) from error
        if count != whole.records:
            raise TraceError(f"{path}: {count} records read of the {whole.records} its blocks hold")


def check_whole(path: Path) -> int:
    """The records of the Avro file PATH, checked whole without decoding them (every block
    complete, and as the trace's manifest lists it when its folder has one); TraceError naming
    PATH otherwise."""
    with _open(path) as stream:
        _header(path, stream)  # a file that is not Avro is named as a read names it
    whole = avro_blocks.check(path)
    trace_manifest.check(path, whole)
    return whole.records


def _open(path: Path) -> BinaryIO:
    if not path.is_file():
        what = "not a file" if path.exists() else "missing"
        raise TraceError(f"{path}: {what}")
    try:
        stream = path.open("rb")
    except OSError as error:
        raise TraceError(f"{path}: cannot open: {error.strerror}") from error
    if path.stat().st_size == 0:
        stream.close()
        raise TraceError(f"{path}: empty file, not an Avro container")
    return stream


def _header(path: Path, stream: BinaryIO) -> AvroReader:
    """A reader of STREAM, its header read; TraceError naming PATH when it is not Avro."""
    if stream.read(len(_MAGIC)) != _MAGIC:
        raise TraceError(f"{path}: not an Avro container file")
    stream.seek(0)
    try:
        return fastavro.reader(stream)
    except Exception as error:
        raise TraceError(f"{path}: damaged Avro header: {_cause(error)}") from error


def _reader(path: Path, stream: BinaryIO, schema: Schema) -> AvroReader:
    reader = _header(path, stream)
    writer = reader.writer_schema
    if full_name(writer) != full_name(schema):
        raise TraceError(f"{path}: holds {full_name(writer)} records, expected {full_name(schema)}")
    if to_parsing_canonical_form(writer) == to_parsing_canonical_form(schema):
        return reader  # same fields: reading without resolution is twice as fast
    stream.seek(0)
    try:
        return fastavro.reader(stream, reader_schema=schema)
    except SchemaResolutionError as error:
        raise _unresolvable(path, writer, schema) from error


def _unresolvable(path: Path, writer: Schema | None, ours: Schema) -> TraceError:
    return TraceError(
        f"{path}: its {full_name(ours)} fields cannot be read as ours "
        f"({_field_differences(writer, ours)})"
    )


def _field_differences(writer: Schema | None, ours: Schema) -> str:
    """A short account of why the writer's fields do not resolve to ours."""
    if not isinstance(writer, dict) or not isinstance(ours, dict):
        return "not records"
    theirs = {field["name"]: field for field in writer.get("fields", [])}
    notes = []
    for field in ours.get("fields", []):
        name = field["name"]
        if name not in theirs:
            if "default" not in field:
                notes.append(f"{name} missing")
        elif _type_text(theirs[name]["type"]) != _type_text(field["type"]):
            notes.append(
                f"{name} is {_type_text(theirs[name]['type'])}, ours {_type_text(field['type'])}"
            )
    return _shortened("; ".join(notes) or f"fields {', '.join(field_names(writer))}")


def _type_text(avro_type: Any) -> str:
    return json.dumps(avro_type, separators=(",", ":"))


def _cause(error: BaseException) -> str:
    if not str(error):
        return "the data ends early" if isinstance(error, EOFError) else "damaged data"
    # fastavro names the in-memory block it read from ("from <_io.BytesIO object at 0x...>"):
    # nothing a user can look at; the file is named by the caller
    text = str(error).splitlines()[0]
    if _OBJECT_REPR.search(text):
        text = f"damaged or truncated data ({_OBJECT_REPR.sub('', text).strip()})"
    return _shortened(text)


def _shortened(text: str) -> str:
    return text if len(text) <= _MAX_CAUSE_CHARS else text[:_MAX_CAUSE_CHARS] + "..."
