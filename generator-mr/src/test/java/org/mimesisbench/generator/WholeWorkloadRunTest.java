package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.generator.RunChecks.Outcome;
import org.mimesisbench.generator.infra.EmbeddedCluster;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.results.RunResults;
import org.mimesisbench.generator.schedule.ClusterSchedule;

/**
 * A run of a format-2 profile (calls, probes, cluster calls) against a real NameNode: it issues
 * exactly what it scheduled, with no error (the probes find nothing, as they should), and the
 * NameNode's audit log shows each command as many times as the summary counts it.
 */
@Tag("slow")
class WholeWorkloadRunTest {
  @TempDir static Path dir;
  static EmbeddedCluster cluster;
  static Path audit;

  @BeforeAll
  static void start() throws Exception {
    audit = dir.resolve("audit.log");
    cluster = EmbeddedCluster.start(new Configuration(), dir.resolve("dfs"), audit, 1);
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  void callsProbesAndClusterCallsAreIssuedAsScheduledAndAudited() throws Exception {
    Path profile =
        GeneratorVectors.write(
            GeneratorVectors.profileWithCallsAndProbes(), dir.resolve("profile"));
    Path results = dir.resolve("results");
    int auditBefore = Files.readAllLines(audit).size();
    Outcome o =
        RunChecks.run(
            new Configuration(),
            "--profile",
            profile.toString(),
            "--time-scale",
            "0.02",
            // empty files: a run with data first counts the live DataNodes (datanodeReport,
            // audited)
            "--zero-size",
            "--base-dir",
            "/whole",
            "--out",
            results.toString(),
            "-fs",
            cluster.uri().toString());
    JsonNode summary = RunChecks.assertValidAndComplete(results, o);
    JsonNode ops = summary.path("ops");
    for (String label :
        List.of(
            "setPermission",
            "setReplication",
            "getFileInfoProbe",
            "listStatusProbe",
            "datanodeReport",
            "contentSummary",
            "deleteRecursive")) {
      assertTrue(ops.path(label).path("count").asLong() > 0, label + " issued: " + ops);
      assertEquals(
          0,
          ops.path(label).path("errors").asLong(),
          label + " errors: " + summary.path("errorSamples"));
    }
    assertTrue(summary.path("byType").has("cluster"), summary.path("byType").toString());
    assertTrue(summary.path("byType").has("d0"), summary.path("byType").toString());
    Thread.sleep(500); // the audit log may lag
    Map<String, Long> audited = new HashMap<>();
    List<String> lines = Files.readAllLines(audit);
    for (String line : lines.subList(auditBefore, lines.size())) {
      String cmd = null;
      String src = null;
      for (String f : line.split("\t")) {
        cmd = f.startsWith("cmd=") ? f.substring(4) : cmd;
        src = f.startsWith("src=") ? f.substring(4) : src;
      }
      // phase 1 makes the denied calls' folder its user's only (setPermission): not the workload's
      boolean denialSetUp = src != null && src.endsWith(ClusterSchedule.DENIED);
      boolean workload = src != null && src.contains("/ns-") && !denialSetUp || "null".equals(src);
      if (workload) {
        audited.merge(cmd, 1L, Long::sum);
      }
    }
    Map<String, Long> issued = new HashMap<>();
    for (Op op : Op.values()) {
      if (!Op.BASE.contains(op)) {
        issued.merge(op.auditCommand(), ops.path(op.label()).path("count").asLong(), Long::sum);
      }
    }
    for (String command :
        List.of("setPermission", "setReplication", "datanodeReport", "contentSummary")) {
      assertEquals(
          issued.get(command), audited.getOrDefault(command, 0L), command + " in the audit log");
    }
    JsonNode counters =
        RunChecks.json(results, RunResults.COUNTERS).path("phase2").path("MimesisBench");
    assertEquals(
        ops.path("setPermission").path("count").asLong(), counters.path("setPermission").asLong());
  }
}
