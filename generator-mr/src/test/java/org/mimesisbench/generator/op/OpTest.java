package org.mimesisbench.generator.op;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.mimesisbench.run.RunOp;
import org.mimesisbench.trace.AuditCommand;

/**
 * The run's ops are RunOp.avsc's, one for one, with the audit commands and groups the schema gives.
 */
class OpTest {
  @Test
  void everyRunOpSymbolIsOneOpInTheSchemasOrder() {
    assertEquals(
        Arrays.stream(RunOp.values()).map(Enum::name).toList(),
        Arrays.stream(Op.values()).map(Op::label).toList());
  }

  @Test
  void auditCommandsAreTheSchemasOrTheOpsOwnName() {
    Set<String> commands =
        new TreeSet<>(Arrays.stream(AuditCommand.values()).map(Enum::name).toList());
    commands.addAll(
        List.of(
            "datanodeReport",
            "listCachePools",
            "listCacheDirectives",
            "getErasureCodingPolicies",
            "getErasureCodingCodecs",
            "listSnapshottableDirectory", // path-less: not in a timeline's calls
            "listEncryptionZones")); // path-less too, and only a replay issues it
    for (Op op : Op.values()) {
      assertTrue(commands.contains(op.auditCommand()), op + " logs as " + op.auditCommand());
    }
    assertEquals("getfileinfo", Op.GET_FILE_INFO.auditCommand());
    assertEquals("delete", Op.DELETE_RECURSIVE.auditCommand());
    assertEquals("create", Op.CREATE.auditCommand());
  }

  @Test
  void groupsComeFromTheSchemas() {
    assertEquals(EnumSet.range(Op.CREATE, Op.RENAME), Op.BASE);
    assertEquals(EnumSet.range(Op.DATANODE_REPORT, Op.LIST_SNAPSHOTTABLE_DIRECTORY), Op.CLUSTER);
    assertArrayEquals(new Op[] {Op.OPEN, Op.LIST_STATUS, Op.GET_FILE_INFO}, Op.ACCESSES);
    assertArrayEquals(
        new Op[] {Op.LIST_STATUS, Op.GET_FILE_INFO, Op.CONTENT_SUMMARY}, Op.DIRECTORY_ACCESSES);
    assertEquals(Op.GET_FILE_INFO_PROBE, Op.ofProbe("getfileinfo"));
    assertEquals(Op.LIST_STATUS_PROBE, Op.ofProbe("listStatus"));
    assertNull(Op.ofProbe("open"));
    assertEquals(Op.GET_FILE_INFO, Op.ofCall("getfileinfo"));
  }
}
