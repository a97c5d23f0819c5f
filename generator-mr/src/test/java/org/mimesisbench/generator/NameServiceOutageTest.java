package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.tardis.cluster.EmulatedCluster;
import org.mimesisbench.tardis.cluster.NameService;

/**
 * A run on an HA nameservice whose NameNodes go away: it ends with its results, as a run on a
 * single NameNode does (RunFaultsTest). Nothing here is timed closely: it runs beside other tests.
 */
@Tag("slow")
class NameServiceOutageTest {
  /**
   * The active NameNode of an HA nameservice killed with none taking over: HDFS's clients would
   * retry each call through failovers for minutes; the run bounds the retries by its outage limit
   * and stops once no call has ended for it, and ends with its results and the outage named, as
   * when a single NameNode goes.
   */
  @Test
  void anHaNameServiceLeftWithNoActiveNameNodeEndsTheRunAfterTheOutageLimit(@TempDir Path own)
      throws Exception {
    Path out = own.resolve("no-active");
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    long limitMs = 3_000;
    try (EmulatedCluster ha =
        EmulatedCluster.startHa(
            new HdfsConfiguration(),
            Files.createDirectories(own.resolve("ha")).toFile(),
            1,
            0,
            true)) {
      Configuration conf = new HdfsConfiguration();
      conf.addResource(NameService.clientConfiguration(ha.cluster(), false));
      URI ns = URI.create("hdfs://" + NameService.ID);
      CompletableFuture<Integer> run =
          CompletableFuture.supplyAsync(
              () ->
                  new MimesisBench(
                          new PrintStream(printed, true, StandardCharsets.UTF_8),
                          new PrintStream(err, true, StandardCharsets.UTF_8))
                      .execute(
                          conf,
                          new String[] {
                            "run",
                            "--profile",
                            GeneratorVectors.PROFILE.toString(),
                            "-fs",
                            ns.toString(),
                            "--base-dir",
                            "/no-active",
                            "--time-scale",
                            "0.1",
                            "--outage-limit",
                            limitMs + "ms",
                            "--out",
                            out.toString()
                          }));
      try (FileSystem fs = FileSystem.newInstance(ns, conf)) {
        RunChecks.awaitBarrier(fs, "/no-active");
      }
      Thread.sleep(4_000);
      ha.cluster().shutdownNameNode(0); // the active, gone; the standby stays standby
      long killed = System.nanoTime();
      int exit = run.get();
      double seconds = (System.nanoTime() - killed) / 1e9;
      String said = printed.toString(StandardCharsets.UTF_8);
      System.out.printf("active NameNode killed: exit %d %.1f s later%n", exit, seconds);
      assertEquals(1, exit, said + err);
      assertTrue(seconds < limitMs / 1000.0 + 60, "exit " + seconds + " s after the active went");
      JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
      assertFalse(summary.path("valid").asBoolean());
      String why = summary.path("invalidBecause").toString();
      // the calls fail once their bounded failovers are spent, or the watchdog finds none ending:
      // whichever comes first on a loaded machine names the outage
      assertTrue(
          (why.contains("no call ended for ") || why.contains("every call failed for "))
              && why.contains("the --outage-limit"),
          why);
      assertTrue(summary.path("overall").path("count").asLong() > 0, summary.toString());
      assertTrue(said.lines().anyMatch(l -> l.contains("NOT valid") && l.contains("outage")), said);
      assertTrue(Files.notExists(out.resolve(".work")), "its working files are gone");
    }
  }
}
