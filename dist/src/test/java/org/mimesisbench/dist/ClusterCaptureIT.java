package org.mimesisbench.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.run.RunOp;

/**
 * A run against {@code cluster} started apart, as a user's would be: the cluster keeps its
 * NameNode's audit log and prints the {@code --capture-audit} to give, and the run given it
 * captures its own trace, so {@code fidelity} can score it.
 */
class ClusterCaptureIT {
  private static final Path JAR = Path.of("target/mimesisbench.jar").toAbsolutePath();
  private static final Path PROFILE = Path.of("../profiles/vectors/profile").toAbsolutePath();
  private static final Pattern CAPTURE = Pattern.compile("run --capture-audit (\\S+?);");
  private static final String JAVA =
      Path.of(System.getProperty("java.home"), "bin", "java").toString();

  @TempDir Path dir;

  @Test
  @Timeout(600)
  void aRunAgainstTheClusterCapturesItsAuditLogAsItsOwnTrace() throws Exception {
    Process cluster =
        new ProcessBuilder(
                JAVA,
                "-jar",
                JAR.toString(),
                "cluster",
                "--datanodes",
                "2",
                "--base-dir",
                dir.resolve("cluster").toString())
            .redirectOutput(ProcessBuilder.Redirect.PIPE)
            .redirectError(ProcessBuilder.Redirect.PIPE)
            .start();
    try {
      String uri =
          new BufferedReader(
                  new InputStreamReader(cluster.getInputStream(), StandardCharsets.UTF_8))
              .readLine();
      assertNotNull(uri, "the cluster printed no address");
      String auditLog = null;
      BufferedReader err =
          new BufferedReader(
              new InputStreamReader(cluster.getErrorStream(), StandardCharsets.UTF_8));
      StringBuilder said = new StringBuilder();
      for (String line = err.readLine(); line != null && auditLog == null; ) {
        said.append(line).append('\n');
        Matcher m = CAPTURE.matcher(line);
        auditLog = m.find() ? m.group(1) : null;
        line = auditLog == null ? err.readLine() : line;
      }
      assertNotNull(auditLog, "the cluster names no audit log:\n" + said);
      Path out = dir.resolve("run");
      Process run =
          new ProcessBuilder(
                  JAVA,
                  "-jar",
                  JAR.toString(),
                  "run",
                  "--profile",
                  PROFILE.toString(),
                  "-fs",
                  uri,
                  "--base-dir",
                  "/bench",
                  "--time-scale",
                  "0",
                  "--duration",
                  "15s",
                  "--capture-audit",
                  auditLog,
                  "--out",
                  out.toString())
              .redirectErrorStream(true)
              .start();
      String printed = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(run.waitFor(300, TimeUnit.SECONDS));
      assertEquals(0, run.exitValue(), printed);
      assertTrue(printed.contains("captured the NameNode's audit log"), printed);
      for (String file : List.of("summary.json", "trace/events.avro", "trace/parse-report.json")) {
        assertTrue(Files.size(out.resolve(file)) > 0, file + "\n" + printed);
      }
      ObjectMapper json = new ObjectMapper();
      JsonNode summary = json.readTree(out.resolve("summary.json").toFile());
      JsonNode parsed = json.readTree(out.resolve("trace/parse-report.json").toFile());
      long issued = summary.path("overall").path("count").asLong();
      assertTrue(issued > 0, printed);
      // every op the run issued is an audited call of its trace (phase 1's calls come on top)
      assertTrue(parsed.path("events").asLong() >= issued, parsed + "\n" + printed);
      // the cluster logs caller contexts: each call says when it was due and began
      String prefix = RunOp.getClassSchema().getProp("callerContextPrefix");
      assertTrue(
          Files.readString(Path.of(auditLog)).contains("callerContext=" + prefix),
          "no call of the run named its due and begin time in " + auditLog);
    } finally {
      cluster.destroy(); // SIGTERM: the cluster's shutdown hook stops every server
      assertTrue(cluster.waitFor(60, TimeUnit.SECONDS), "the cluster did not stop");
    }
  }
}
