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
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.generator.infra.EmbeddedCluster;

/** Faults of the file system under test: permission denied up front, a NameNode restart midway. */
@Tag("slow")
class RunFaultsTest {
  @TempDir static Path dir;
  private static EmbeddedCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster = EmbeddedCluster.start(new Configuration(), dir.resolve("dfs"), dir.resolve("audit.log"), 1);
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  private static int run(ByteArrayOutputStream err, String... args) {
    java.util.List<String> argv = new java.util.ArrayList<>(java.util.List.of("run", "--profile",
        GeneratorVectors.PROFILE.toString(), "-fs", cluster.uri().toString()));
    argv.addAll(java.util.List.of(args));
    return new MimesisBench(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8))
        .execute(new Configuration(), argv.toArray(new String[0]));
  }

  @Test
  void permissionDeniedOnTheBaseIsBadInputAndCreatesNothing() throws Exception {
    FileSystem admin = FileSystem.get(cluster.uri(), new Configuration());
    admin.mkdirs(new org.apache.hadoop.fs.Path("/locked"), new FsPermission((short) 0700));
    admin.setPermission(new org.apache.hadoop.fs.Path("/locked"), new FsPermission((short) 0700));
    Path out = dir.resolve("denied");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = UserGroupInformation.createRemoteUser("alice").doAs((PrivilegedExceptionAction<Integer>) () ->
        run(err, "--base-dir", "/locked/bench", "--out", out.toString()));
    String message = err.toString(StandardCharsets.UTF_8).strip();
    assertEquals(2, exit, message);
    assertTrue(message.contains("/locked/bench") && message.contains("permission denied"), message);
    assertEquals(1, message.lines().count(), message);
    assertFalse(Files.exists(out));
    assertEquals(0, admin.listStatus(new org.apache.hadoop.fs.Path("/locked")).length);
  }

  @Test
  void aNameNodeRestartMidRunIsCountedAndTheSummarySaysWhatHappened() throws Exception {
    Path out = dir.resolve("restart");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() ->
        run(err, "--base-dir", "/restart", "--time-scale", "0.1", "--out", out.toString()));
    // restart once phase 2 is under way: its start barrier is on the file system
    FileSystem fs = FileSystem.get(cluster.uri(), new Configuration());
    long deadline = System.currentTimeMillis() + 120_000;
    while (System.currentTimeMillis() < deadline && fs.globStatus(new org.apache.hadoop.fs.Path("/restart/.mimesisbench/runs/*/barrier/*")) .length == 0) {
      Thread.sleep(200);
    }
    Thread.sleep(5_000);
    cluster.restartNameNode();
    int exit = run.get();
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertTrue(exit == 0 || exit == 1, "exit " + exit + ": " + err);
    long issued = summary.path("overall").path("count").asLong();
    assertTrue(issued > 0 && issued <= summary.path("overall").path("scheduled").asLong(), summary.toString());
    // what happened is in the summary: failed ops counted with samples, or mappers stopped for drift
    boolean told = summary.path("overall").path("errors").asLong() > 0 && summary.path("errorSamples").size() > 0
        || summary.path("stoppedEarly").size() > 0 || summary.path("driftMicros").path("max").asLong() > 1_000_000;
    assertTrue(told, summary.toString());
    assertEquals(exit == 0, summary.path("valid").asBoolean());
  }
}
