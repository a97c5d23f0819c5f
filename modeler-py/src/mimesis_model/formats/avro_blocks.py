"""Whether an Avro container file is whole, block by block, without decoding its records.

fastavro, like Avro's Java reader, ends quietly when the file ends where a block's count would
start, so a cut file can read as a shorter one: every block must be complete and followed by
the header's sync marker, and the last must end where the file ends. A cut exactly after a
block's sync marker still reads as whole: the trace's manifest (trace_manifest) tells that one.
The same walk as core's org.mimesisbench.trace.AvroBlocks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Final

from mimesis_model.errors import TraceError

_MAGIC: Final = b"Obj\x01"
_SYNC_SIZE: Final = 16


@dataclass(frozen=True)
class Whole:
    """The records and size of a whole Avro file."""

    records: int
    size: int


class _Ends(Exception):
    """The file ends inside what is being read."""


def check(path: Path) -> Whole:
    """The records of the Avro file PATH, its blocks checked whole; TraceError naming PATH when
    it is short or damaged."""
    with path.open("rb") as stream:
        return _walk(path, stream, path.stat().st_size)


def _walk(path: Path, stream: BinaryIO, length: int) -> Whole:
    if stream.read(len(_MAGIC)) != _MAGIC:
        raise TraceError(f"{path}: not an Avro container file")
    try:
        _skip_metadata(stream, length)
        sync = _read_exactly(stream, _SYNC_SIZE)
    except _Ends:
        raise TraceError(f"{path}: its header ends early (byte {length})") from None
    records = 0
    while (at := stream.tell()) < length:
        try:
            count = _read_long(stream)
            size = _read_long(stream)
        except _Ends:
            raise _cut(path, at, length) from None
        if count < 0 or size < 0:
            raise TraceError(f"{path}: the block at byte {at} has a negative count or size")
        if stream.tell() + size + _SYNC_SIZE > length:
            raise _cut(path, at, length)
        stream.seek(size, 1)
        if stream.read(_SYNC_SIZE) != sync:
            raise TraceError(
                f"{path}: the block at byte {at} is not followed by the file's sync marker"
            )
        records += count
    return Whole(records, length)


def _cut(path: Path, at: int, length: int) -> TraceError:
    return TraceError(
        f"{path}: truncated: the block at byte {at} ends past the file's end (byte {length})"
    )


def _skip_metadata(stream: BinaryIO, length: int) -> None:
    """The header's metadata map (Avro's map encoding: blocks of key and value byte strings)."""
    while (count := _read_long(stream)) != 0:
        if count < 0:
            count = -count
            _read_long(stream)  # the block's size in bytes, which a reader may use to skip it
        for _ in range(2 * count):
            size = _read_long(stream)
            if size < 0 or stream.tell() + size > length:
                raise _Ends
            stream.seek(size, 1)


def _read_long(stream: BinaryIO) -> int:
    """A zig-zag variable-length long, as Avro's binary encoding writes one."""
    raw = 0
    for shift in range(0, 64, 7):
        byte = stream.read(1)
        if not byte:
            raise _Ends
        raw |= (byte[0] & 0x7F) << shift
        if not byte[0] & 0x80:
            return (raw >> 1) ^ -(raw & 1)
    raise _Ends  # more than ten bytes: no number Avro writes


def _read_exactly(stream: BinaryIO, size: int) -> bytes:
    data = stream.read(size)
    if len(data) != size:
        raise _Ends
    return data
