package org.mimesisbench.tracemakers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The warehouse trace (tests/warehouse-trace/data) is complete, agrees with its manifest, and holds
 * the directory work it was made for.
 */
class WarehouseTraceDataTest extends TraceDataChecks {

  WarehouseTraceDataTest() {
    super(new File("../warehouse-trace/data"));
  }

  private List<String> lines() throws IOException {
    List<String> all = new ArrayList<>();
    for (File f : Manifest.auditFilesOldestFirst(new File(data, "audit"), "hdfs-audit.log")) {
      all.addAll(Files.readAllLines(f.toPath(), StandardCharsets.UTF_8));
    }
    return all;
  }

  private static long count(List<String> lines, Predicate<String> p) {
    return lines.stream().filter(p).count();
  }

  @Test
  void isTheWarehouseWorkloadWithEveryJobDone() {
    assertTrue(manifest.contains("\"workload\": \"warehouse\""), "not the warehouse workload");
    assertEquals(0, number("unexpected_errors"), "some actions failed while it was made");
    assertTrue(!manifest.contains("\"success\": false"), "a job failed");
    Map<String, Long> cmds = block("cmd_counts");
    for (String cmd :
        new String[] {
          "contentSummary",
          "setPermission",
          "setOwner",
          "setTimes",
          "createSnapshot",
          "deleteSnapshot",
          "allowSnapshot",
          "disallowSnapshot"
        }) {
      assertTrue(cmds.getOrDefault(cmd, 0L) > 0, "no " + cmd + " in the audit log");
    }
    assertTrue(block("lines_per_ugi").size() >= 6, "too few users: " + block("lines_per_ugi"));
  }

  @Test
  void hasTheDirectoryWorkOfAWarehouse() throws IOException {
    List<String> lines = lines();
    // The move task renames a staged partition directory into the table.
    assertTrue(
        count(
                lines,
                l ->
                    l.contains("\tcmd=rename\t")
                        && l.contains("/.hive-staging_hive_")
                        && l.matches(".*\tdst=/warehouse/[^\t]*/dt=[^/\t]*(/hr=\\d\\d)?\t.*"))
            >= 3,
        "no partition renamed out of a Hive staging directory");
    assertTrue(
        count(
                lines,
                l ->
                    l.contains("\tcmd=delete\t")
                        && l.contains("src=/warehouse/sales.db/orders/dt="))
            >= 1,
        "no partition dropped");
    assertTrue(
        count(
                lines,
                l ->
                    l.contains("\tcmd=rename (options=[TO_TRASH])\t")
                        && l.contains("/.Trash/Current/"))
            >= 1,
        "nothing moved to the trash");
    assertTrue(
        count(lines, l -> l.contains("\tcmd=create\t") && l.contains("/.distcp.tmp.")) >= 3,
        "DistCp copied nothing");
    assertTrue(
        count(lines, l -> l.contains("\tcmd=listStatus\t") && l.contains("/.snapshot/")) >= 1,
        "DistCp did not read a snapshot");
    assertTrue(
        count(lines, l -> l.contains("\tcmd=create\t") && l.contains("._COPYING_")) >= 2,
        "no hadoop fs -put");
    assertTrue(count(lines, l -> l.endsWith("\tcallerContext=CLI")) > 0, "no hadoop fs command");
  }
}
