package org.mimesisbench.generator.sweep;

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
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.generator.BenchmarkRun;
import org.mimesisbench.generator.GeneratorVectors;
import org.mimesisbench.generator.infra.EmbeddedCluster;

@Tag("slow")
@Tag("paced") // its assertions time what it runs: generator-mr runs it alone
class SweepTest {
  @TempDir Path dir;

  @Test
  void aSweepRunsEveryTimeScaleRepeatedlyAndListsThePoints() throws Exception {
    Path out = dir.resolve("sweep");
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    int exit;
    try (EmbeddedCluster cluster =
        EmbeddedCluster.start(
            new Configuration(), dir.resolve("dfs"), dir.resolve("audit.log"), 1)) {
      exit =
          new MimesisBench(new PrintStream(printed, true, StandardCharsets.UTF_8), System.err)
              .execute(
                  new Configuration(),
                  new String[] {
                    "sweep",
                    "--profile",
                    GeneratorVectors.PROFILE.toString(),
                    "--time-scale",
                    "0.04,0",
                    "--repeat",
                    "2",
                    "--warm-up",
                    "3s",
                    "--base-dir",
                    "/sweep",
                    "--capture-audit",
                    dir.resolve("audit.log").toString(),
                    "--out",
                    out.toString(),
                    "-fs",
                    cluster.uri().toString()
                  });
      // the sweep held the base's lease through its runs (they took it again) and let it go
      try (FileSystem fs = FileSystem.newInstance(cluster.uri(), new Configuration())) {
        assertTrue(fs.exists(new org.apache.hadoop.fs.Path("/sweep/.mimesisbench/marker")));
        assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/sweep/.mimesisbench/lease")));
      }
    }
    String output = printed.toString(StandardCharsets.UTF_8);
    assertEquals(0, exit, output);
    JsonNode sweep = new ObjectMapper().readTree(out.resolve(SweepFile.NAME).toFile());
    JsonNode points = sweep.path("points");
    assertEquals(4, points.size(), output);
    long ops = -1;
    for (JsonNode p : points) {
      assertTrue(p.path("valid").asBoolean(), p.toString());
      assertTrue(
          Files.exists(out.resolve(p.path("results").asText()).resolve("summary.json")),
          p.toString());
      long count = 0;
      for (JsonNode op : p.path("ops")) {
        count += op.path("count").asLong();
        assertTrue(op.path("responseMicros").path("p50").asLong() > 0, p.toString());
      }
      assertTrue(ops < 0 || ops == count, "the same seed gives the same ops at every point");
      ops = count;
    }
    assertEquals(0.04, points.get(0).path("timeScale").asDouble());
    double paced = points.get(0).path("opsPerSecond").asDouble();
    double backToBack = points.get(2).path("opsPerSecond").asDouble();
    // the vector profile's file and directory types run on 26 mappers, on 2 cores; 0.04 asks for
    // about 740 ops/s, under what back to back reaches even on a loaded machine (0.02 asked for
    // 1,470 and a loaded machine's ceiling was lower)
    assertTrue(backToBack > paced, "time scale 0 issues faster: " + paced + " vs " + backToBack);
    assertTrue(output.contains("sweep: 4 runs"), output);
    // the warm-up ran first, is named in sweep.json, and left nothing behind
    assertTrue(output.indexOf("sweep: warm-up") < output.indexOf("sweep: run 1 of 4"), output);
    // its audit log is not parsed; the recorded runs' are
    String unparsed =
        "audit log is not parsed into trace/ (" + BenchmarkRun.PARSE_AUDIT + "=false)";
    assertTrue(output.contains(unparsed), output);
    assertTrue(output.lastIndexOf(unparsed) < output.indexOf("sweep: run 1 of 4"), output);
    assertTrue(
        output.lastIndexOf("captured the NameNode's audit log")
            > output.indexOf("sweep: run 1 of 4"),
        output);
    // the trace's path as it is once the sweep ends, not the run's folder in progress
    assertTrue(output.contains("events in " + out.resolve("ts-0-r2").resolve("trace")), output);
    assertFalse(output.contains(".inprogress/trace"), output);
    assertEquals(3000, sweep.path("warmUpMs").asLong());
    try (var left = Files.list(out)) {
      assertEquals( // no lease left either
          List.of("sweep.json", "ts-0-r1", "ts-0-r2", "ts-0.04-r1", "ts-0.04-r2"),
          left.map(p -> p.getFileName().toString()).sorted().toList());
    }
  }

  @Test
  void aWarmUpThatIsNotAPositiveTimeIsAOneLineError() {
    for (String warmUp : List.of("0s", "90", "soon")) {
      String message = refusedSweep("--time-scale", "0", "--warm-up", warmUp);
      assertEquals(1, message.strip().lines().count(), message);
      assertTrue(message.contains("sweep: --warm-up " + warmUp), message);
      assertTrue(Files.notExists(dir.resolve("s")));
    }
  }

  @Test
  void badSweepOptionsAreOneLineErrors() {
    String message = refusedSweep("--time-scale", "1,-0.5");
    assertTrue(message.contains("sweep: --time-scale -0.5: must be >= 0"), message);
    assertTrue(Files.notExists(dir.resolve("s")));
    // a run option given to a sweep: the error names the command the user typed
    message = refusedSweep("--time-scale", "0", "--duration", "5");
    assertTrue(message.contains("sweep: --duration 5: give a unit"), message);
    assertTrue(Files.notExists(dir.resolve("s")));
    // the audit logs to capture are checked before the warm-up
    message = refusedSweep("--time-scale", "0", "--warm-up", "60s", "--capture-audit", "x.log");
    assertTrue(
        message.contains("sweep: --capture-audit is for runs on a cluster; an embedded run"),
        message);
    assertTrue(Files.notExists(dir.resolve("s")));
  }

  /**
   * Its usage says --time-scale is required: without it a sweep is not one (it ran full windows).
   */
  @Test
  void aSweepWithoutTimeScalesIsRefused() {
    for (String[] scales :
        List.of(
            new String[0], new String[] {"--time-scale", ""}, new String[] {"--time-scale", ","})) {
      String message = refusedSweep(scales);
      assertEquals(1, message.strip().lines().count(), message);
      assertTrue(
          message.contains(
              scales.length == 0 ? "sweep: --time-scale is required" : "--time-scale '"),
          message);
      assertTrue(Files.notExists(dir.resolve("s")));
    }
  }

  /** {@link #refused} of a sweep of the test profile into {@code dir/s}, with {@code options}. */
  private String refusedSweep(String... options) {
    List<String> argv =
        new ArrayList<>(List.of("sweep", "--profile", GeneratorVectors.PROFILE.toString()));
    argv.addAll(List.of(options));
    argv.addAll(List.of("--out", dir.resolve("s").toString()));
    return refused(argv);
  }

  /** Runs {@code argv}, which must be refused as bad input (exit 2); what it printed on stderr. */
  private static String refused(List<String> argv) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        new MimesisBench(
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .execute(new Configuration(), argv.toArray(new String[0]));
    String message = err.toString(StandardCharsets.UTF_8);
    assertEquals(2, exit, message);
    return message;
  }
}
