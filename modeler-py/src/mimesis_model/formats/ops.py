"""The names of a run's operations and of a profile's access kinds, read from profiles/schema
(RunOp.avsc, and Profile.avsc's AccessShares): the one definition Java's op.Op is made of."""

from __future__ import annotations

from typing import Any, Final

from mimesis_model.errors import SchemaError
from mimesis_model.formats import schema

RUN_OP: Final = "RunOp"


def _declared() -> dict[str, Any]:
    return schema.declaration(RUN_OP)


def _share_fields(record: str) -> tuple[str, ...]:
    """The field names of the Profile.avsc record RECORD (e.g. AccessShares), in order."""
    found: list[str] = []

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("type") == "record" and node.get("name") == record:
                found.extend(str(field["name"]) for field in node["fields"])
                return
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(schema.declaration(schema.PROFILE))
    if not found:
        raise SchemaError(f"Profile.avsc: no record {record}")
    return tuple(found)


RUN_OPS: Final = tuple(str(symbol) for symbol in _declared()["symbols"])
"""Every op a run issues, as its results (summary.json's ops, timeline.csv) name them."""
BASE_OPS: Final = tuple(str(op) for op in _declared()["base"])
"""Every run's ops, always in its results."""
REPLAYED_ONLY: Final = tuple(str(op) for op in _declared()["replayedOnly"])
"""The ops only a replay issues: no profile's call is one."""
AUDIT_COMMANDS: Final = {str(op): str(cmd) for op, cmd in _declared()["auditCommands"].items()}
"""An op's command as an audit log names it, where that is not the op's own name."""
CALLER_CONTEXT_PREFIX: Final = str(_declared()["callerContextPrefix"])
RENAME_SUFFIX: Final = str(_declared()["renameSuffix"])
"""a renamed run file's name: its path, this, and the rename's number"""
"""What a run's calls' caller contexts begin with, before the epoch microsecond each began."""
ACCESS_KINDS: Final = _share_fields("AccessShares")
"""A file's accesses, in the profile's order (its accessShares)."""
DIRECTORY_ACCESS_KINDS: Final = _share_fields("DirectoryAccessShares")
"""A directory's accesses, in the profile's order."""


def audit_command(op: str) -> str:
    """OP's cmd= in a NameNode audit log (getFileInfo: getfileinfo)."""
    return AUDIT_COMMANDS.get(op, op)


def command_of(cmd: str) -> str:
    """CMD as the log wrote it, without its options: what the parser stores as the event's op."""
    return cmd.split(" ", 1)[0]
