package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.generator.infra.EmbeddedCluster;

/**
 * Faults of the file system under test: permission denied up front; a NameNode restarted midway
 * (the run goes on, the failed calls counted); a NameNode killed midway (the run stops after the
 * outage limit and still writes its summary, not valid).
 */
@Tag("slow")
@Tag("paced") // its assertions time what it runs: generator-mr runs it alone
class RunFaultsTest {
  @TempDir static Path dir;
  private static EmbeddedCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster =
        EmbeddedCluster.start(new Configuration(), dir.resolve("dfs"), dir.resolve("audit.log"), 1);
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  private static int run(ByteArrayOutputStream err, String... args) {
    return run(cluster, new ByteArrayOutputStream(), err, args);
  }

  private static int run(
      EmbeddedCluster target,
      ByteArrayOutputStream out,
      ByteArrayOutputStream err,
      String... args) {
    java.util.List<String> argv =
        new java.util.ArrayList<>(
            java.util.List.of(
                "run",
                "--profile",
                GeneratorVectors.PROFILE.toString(),
                "-fs",
                target.uri().toString()));
    argv.addAll(java.util.List.of(args));
    return new MimesisBench(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8))
        .execute(new Configuration(), argv.toArray(new String[0]));
  }

  /**
   * What reaches the root logger, so the terminal, while it is open: the events logged with a stack
   * trace.
   */
  private static final class Console extends AppenderSkeleton implements AutoCloseable {
    private final List<String> traces = new ArrayList<>();

    Console() {
      Logger.getRootLogger().addAppender(this);
    }

    @Override
    protected synchronized void append(LoggingEvent event) {
      String from = event.getLoggerName();
      // the NameNode under test shares this JVM: its own log is not the run's
      boolean server =
          from.startsWith("org.apache.hadoop.ipc.Server")
              || from.startsWith("org.apache.hadoop.hdfs.server");
      if (event.getThrowableInformation() != null && !server) {
        traces.add(event.getLoggerName() + ": " + event.getRenderedMessage());
      }
    }

    synchronized List<String> traces() {
      return List.copyOf(traces);
    }

    @Override
    public void close() {
      Logger.getRootLogger().removeAppender(this);
    }

    @Override
    public boolean requiresLayout() {
      return false;
    }
  }

  /**
   * Waits until the run in {@code base} is in phase 2 (its mappers are at the start barrier), then
   * {@code ms} more.
   */
  private static void inPhase2(EmbeddedCluster target, String base, long ms) throws Exception {
    try (FileSystem fs = FileSystem.newInstance(target.uri(), new Configuration())) {
      RunChecks.awaitBarrier(fs, base);
    }
    Thread.sleep(ms);
  }

  @Test
  void permissionDeniedOnTheBaseIsBadInputAndCreatesNothing() throws Exception {
    FileSystem admin = FileSystem.get(cluster.uri(), new Configuration());
    admin.mkdirs(new org.apache.hadoop.fs.Path("/locked"), new FsPermission((short) 0700));
    admin.setPermission(new org.apache.hadoop.fs.Path("/locked"), new FsPermission((short) 0700));
    Path out = dir.resolve("denied");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        UserGroupInformation.createRemoteUser("alice")
            .doAs(
                (PrivilegedExceptionAction<Integer>)
                    () -> run(err, "--base-dir", "/locked/bench", "--out", out.toString()));
    String message = err.toString(StandardCharsets.UTF_8).strip();
    assertEquals(2, exit, message);
    assertTrue(message.contains("/locked/bench") && message.contains("permission denied"), message);
    assertEquals(1, message.lines().count(), message);
    assertFalse(Files.exists(out));
    assertEquals(0, admin.listStatus(new org.apache.hadoop.fs.Path("/locked")).length);
  }

  @Test
  void aNameNodeRestartedMidRunIsCountedAndTheRunGoesOnToItsEnd() throws Exception {
    Path out = dir.resolve("restart");
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CompletableFuture<Integer> run =
        CompletableFuture.supplyAsync(
            () ->
                run(
                    cluster,
                    printed,
                    err,
                    "--base-dir",
                    "/restart",
                    "--time-scale",
                    "0.05",
                    "--out",
                    out.toString()));
    inPhase2(cluster, "/restart", 4_000); // the start barrier's lead, then a few seconds of ops
    cluster.restartNameNode(); // the same storage and port
    int exit = run.get();
    String said = printed.toString(StandardCharsets.UTF_8);
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    JsonNode overall = summary.path("overall");
    System.out.println(
        "NameNode restarted: exit "
            + exit
            + " "
            + summary.path("invalidBecause")
            + " "
            + overall
            + " "
            + summary.path("outages"));
    assertEquals(
        overall.path("scheduled").asLong(),
        overall.path("count").asLong(),
        "every op issued: " + overall);
    // the restart took seconds: an outage, so the run does not count, and says so in one line
    assertEquals(1, exit, said + err);
    assertFalse(summary.path("valid").asBoolean());
    assertTrue(
        summary.path("invalidBecause").get(0).asText().startsWith("outage: every call failed for "),
        summary.path("invalidBecause").toString());
    assertTrue(
        said.lines()
            .anyMatch(l -> l.contains("NOT valid") && l.contains("outage: every call failed")),
        said);
    // the calls made while the NameNode was away failed, each counted by op and by exception class
    assertTrue(overall.path("errors").asLong() > 0, overall.toString());
    long byOp = 0;
    for (JsonNode op : summary.path("ops")) {
      byOp += op.path("errors").asLong();
    }
    assertEquals(overall.path("errors").asLong(), byOp);
    long byClass = 0;
    for (JsonNode n : overall.path("errorsByClass")) {
      byClass += n.asLong();
    }
    assertEquals(
        overall.path("errors").asLong(), byClass, overall.path("errorsByClass").toString());
    assertTrue(
        summary.path("notes").toString().contains("ops failed"), summary.path("notes").toString());
    assertTrue(said.contains("errors by class: "), said);
    assertEquals("", err.toString(StandardCharsets.UTF_8).strip(), "nothing on stderr");
  }

  @Test
  void aPhaseThatFailsStillEndsWithASummaryAndAOneLineReason() throws Exception {
    Path out = dir.resolve("failed");
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    // a setting only phase 2's map output buffer reads, and refuses: each of its tasks fails as it
    // starts
    int exit;
    try (Console console = new Console()) {
      exit =
          run(
              cluster,
              printed,
              err,
              "--base-dir",
              "/failed",
              "--time-scale",
              "0.05",
              "--out",
              out.toString(),
              "-D",
              "mapreduce.map.sort.spill.percent=2.0");
      assertEquals(List.of(), console.traces(), "no stack trace on the terminal without --verbose");
    }
    String said = printed.toString(StandardCharsets.UTF_8);
    assertEquals(1, exit, said + err);
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertFalse(summary.path("valid").asBoolean());
    String why = summary.path("invalidBecause").get(0).asText();
    assertTrue(
        why.matches(
            "phase 2 failed at \\d\\d:\\d\\d:\\d\\d, \\d+ s after its start: .*spill.percent.*"),
        why);
    assertTrue(
        summary
            .path("notes")
            .toString()
            .contains("phase 2 failed: ops and errors are from the job's counters"),
        summary.path("notes").toString());
    assertEquals(
        "",
        err.toString(StandardCharsets.UTF_8).strip(),
        "nothing on stderr: the task's trace is not shown");
    assertEquals(
        1,
        said.lines().filter(l -> l.contains("NOT valid") && l.contains("spill.percent")).count(),
        said);
  }

  @Test
  void aNameNodeKilledMidRunEndsItAfterTheOutageLimitWithASummary(@TempDir Path own)
      throws Exception {
    Path out = own.resolve("killed");
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    long limitMs = 3_000;
    try (EmbeddedCluster doomed =
            EmbeddedCluster.start(
                new Configuration(), own.resolve("dfs"), own.resolve("audit.log"), 1);
        Console console = new Console()) {
      CompletableFuture<Integer> run =
          CompletableFuture.supplyAsync(
              () ->
                  run(
                      doomed,
                      printed,
                      err,
                      "--base-dir",
                      "/killed",
                      "--time-scale",
                      "0.1",
                      "--outage-limit",
                      limitMs + "ms",
                      "--out",
                      out.toString()));
      inPhase2(doomed, "/killed", 4_000);
      doomed.cluster().shutdownNameNode(0); // gone, and nothing comes back on its port
      long killed = System.nanoTime();
      int exit = run.get();
      double seconds = (System.nanoTime() - killed) / 1e9;
      String said = printed.toString(StandardCharsets.UTF_8);
      assertEquals(1, exit, said + err);
      assertTrue(seconds < limitMs / 1000.0 + 60, "exit " + seconds + " s after the NameNode went");
      System.out.printf(
          "NameNode killed: exit %d %.1f s later (outage limit %d ms)%n", exit, seconds, limitMs);

      JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
      System.out.println(
          summary.path("invalidBecause")
              + " "
              + summary.path("overall")
              + " "
              + summary.path("notes"));
      assertFalse(summary.path("valid").asBoolean());
      String why = summary.path("invalidBecause").toString();
      assertTrue(outageSeconds(why) >= 3 && why.contains("the --outage-limit (first: "), why);
      JsonNode overall = summary.path("overall");
      long count = overall.path("count").asLong();
      long errors = overall.path("errors").asLong();
      assertTrue(
          count > errors && errors > 0,
          "ops issued before the outage, and the failed ones: " + overall);
      assertTrue(
          overall.path("errorsByClass").path("ConnectException").asLong() > 0, overall.toString());
      long failedOps = 0;
      for (JsonNode op : summary.path("ops")) {
        failedOps += op.path("errors").asLong() > 0 ? 1 : 0;
        long byClass = 0;
        for (JsonNode n : op.path("errorsByClass")) {
          byClass += n.asLong();
        }
        assertEquals(op.path("errors").asLong(), byClass, op.toString());
      }
      assertTrue(failedOps > 0, "errors counted per op: " + summary.path("ops"));
      // each mapper's outage lasts the limit, or longer when a call was blocked when it began (a
      // loaded machine)
      assertTrue(
          outageSeconds(summary.path("outages").get(0).asText()) >= 3,
          summary.path("outages").toString());
      // one line says what happened; no stack trace anywhere
      assertEquals("", err.toString(StandardCharsets.UTF_8).strip(), "nothing on stderr");
      assertEquals(List.of(), console.traces(), "no stack trace on the terminal without --verbose");
      assertFalse(said.contains("\tat "), said);
      assertEquals(1, said.lines().filter(l -> l.contains("NOT valid")).count(), said);
      assertTrue(said.lines().anyMatch(l -> l.contains("NOT valid") && l.contains("outage")), said);
      assertTrue(
          Files.exists(out.resolve("counters.json")) && Files.notExists(out.resolve(".work")));
    }
  }

  /** The seconds in "... every call failed for 3.4 s ...". */
  private static double outageSeconds(String text) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("every call failed for (\\d+(\\.\\d+)?) s").matcher(text);
    assertTrue(m.find(), text);
    return Double.parseDouble(m.group(1));
  }
}
