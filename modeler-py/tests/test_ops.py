"""The run's op names and the profile's access kinds come from profiles/schema, as Java's do."""

from mimesis_model.formats import ops, schema
from mimesis_model.formats.profile import ACCESS_KINDS, DIRECTORY_ACCESS_KINDS
from mimesis_model.model.fidelity import OPS
from mimesis_model.model.file_behaviour import DIRECTORY_KINDS, FILE_KINDS


def test_base_ops_and_access_kinds_are_the_schemas() -> None:
    base = ("create", "open", "listStatus", "getFileInfo", "delete", "mkdirs", "rename")
    assert base == ops.BASE_OPS
    assert OPS == ops.BASE_OPS
    assert set(ops.BASE_OPS) <= set(ops.RUN_OPS)
    assert ACCESS_KINDS == ops.ACCESS_KINDS == ("open", "listStatus", "getFileInfo")
    assert DIRECTORY_ACCESS_KINDS == ("listStatus", "getFileInfo", "contentSummary")
    assert tuple(FILE_KINDS.values()) == ACCESS_KINDS
    assert tuple(DIRECTORY_KINDS.values()) == DIRECTORY_ACCESS_KINDS
    assert set(ACCESS_KINDS) | set(DIRECTORY_ACCESS_KINDS) <= set(ops.RUN_OPS)


def test_every_op_logs_as_a_command_the_generator_is_declared_to_issue() -> None:
    declared = schema.declaration(schema.AUDIT_COMMAND)
    generated = set(declared["generated"]) | set(declared["generatedClusterCommands"])
    logged = {ops.audit_command(op) for op in ops.RUN_OPS}
    assert generated <= logged
    replayed_only = {ops.audit_command(op) for op in ops.REPLAYED_ONLY}
    assert logged - generated == replayed_only  # a replay's own calls
    assert not replayed_only & generated
    assert set(ops.AUDIT_COMMANDS) <= set(ops.RUN_OPS)
    assert ops.audit_command("getFileInfo") == "getfileinfo"
    assert ops.audit_command("getFileInfoProbe") == "getfileinfo"
    assert ops.audit_command("deleteRecursive") == "delete"
    assert ops.audit_command("mkdirs") == "mkdirs"
