package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.generator.mr.CounterNames;
import org.mimesisbench.generator.results.RunResults;

/**
 * What the end-to-end run tests share: running the CLI, reading a results folder, listing a file
 * system.
 */
final class RunChecks {
  /** The small profile every end-to-end test replays (8 file types, a 230 s window). */
  static final Path PROFILE = repository().resolve("profiles/vectors/profile");

  private RunChecks() {}

  /** One {@code run} through the command line; its exit code and what it printed. */
  record Outcome(int exitCode, String out, String err) {
    String both() {
      return "exit " + exitCode + "\n--- out\n" + out + "\n--- err\n" + err;
    }
  }

  static Outcome run(Configuration conf, String... argv) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] all = new String[argv.length + 2];
    all[0] = "run";
    System.arraycopy(argv, 0, all, 1, argv.length);
    all[all.length - 1] = "--verbose";
    int rc =
        new MimesisBench(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .execute(conf, all);
    return new Outcome(
        rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  static JsonNode json(Path results, String file) throws IOException {
    return new ObjectMapper().readTree(results.resolve(file).toFile());
  }

  /**
   * The run in {@code results} is valid, issued exactly what was scheduled with no errors, and the
   * phase-2 MapReduce counters add up to the summary, op by op. Returns the summary.
   */
  static JsonNode assertValidAndComplete(Path results, Outcome outcome) throws IOException {
    return assertValidAndComplete(results, outcome, java.util.Set.of());
  }

  /** As above, the run's errors allowed when they are all of {@code allowed} exception classes. */
  static JsonNode assertValidAndComplete(
      Path results, Outcome outcome, java.util.Set<String> allowed) throws IOException {
    assertEquals(0, outcome.exitCode(), outcome.both());
    JsonNode summary = json(results, RunResults.SUMMARY);
    assertEquals(
        "",
        ResultsSchemas.problems("summary", results.resolve(RunResults.SUMMARY)),
        "summary.schema.json");
    assertTrue(summary.path("valid").asBoolean(), summary.path("invalidBecause").toString());
    JsonNode overall = summary.path("overall");
    assertTrue(overall.path("scheduled").asLong() > 1000, overall.toString());
    assertEquals(
        overall.path("scheduled").asLong(), overall.path("count").asLong(), overall.toString());
    long disallowed = overall.path("errors").asLong();
    for (String c : allowed) {
      disallowed -= overall.path("errorsByClass").path(c).asLong();
    }
    assertEquals(0, disallowed, summary.path("errorSamples").toString());
    assertEquals(summary.path("workload").path("mappers").asInt(), overall.path("mappers").asInt());

    JsonNode ours = json(results, RunResults.COUNTERS).path("phase2").path("MimesisBench");
    long ops = 0;
    long errors = 0;
    for (Iterator<Map.Entry<String, JsonNode>> it = ours.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> c = it.next();
      if (c.getKey().equals(CounterNames.ISSUED)) {
        assertEquals(
            overall.path("count").asLong(),
            c.getValue().asLong(),
            "the live counter of ops issued");
      } else if (c.getKey().equals(CounterNames.FAILED)) {
        assertEquals(
            overall.path("errors").asLong(),
            c.getValue().asLong(),
            "the live counter of ops failed");
      } else if (c.getKey().equals(CounterNames.BYTES_WRITTEN)
          || c.getKey().equals(CounterNames.BYTES_READ)) {
        continue; // data, not ops
      } else if (c.getKey().endsWith(" errors")) {
        errors += c.getValue().asLong();
      } else {
        ops += c.getValue().asLong();
        assertEquals(
            summary.path("ops").path(c.getKey()).path("count").asLong(),
            c.getValue().asLong(),
            "counter " + c.getKey());
        assertEquals(
            summary.path("ops").path(c.getKey()).path("scheduled").asLong(),
            c.getValue().asLong(),
            "counter " + c.getKey());
      }
    }
    assertEquals(overall.path("count").asLong(), ops, ours.toString());
    assertEquals(overall.path("errors").asLong(), errors, ours.toString());
    return summary;
  }

  /**
   * Every path on {@code fs} from {@code top} down, except those at or under one of {@code except}.
   */
  static TreeSet<String> treeOutside(
      FileSystem fs, org.apache.hadoop.fs.Path top, org.apache.hadoop.fs.Path... except)
      throws IOException {
    TreeSet<String> paths = new TreeSet<>();
    List<String> skip = new ArrayList<>();
    for (org.apache.hadoop.fs.Path p : except) {
      skip.add(fs.makeQualified(p).toUri().getPath());
    }
    walk(fs, fs.makeQualified(top), skip, paths);
    return paths;
  }

  private static void walk(
      FileSystem fs, org.apache.hadoop.fs.Path dir, List<String> skip, TreeSet<String> into)
      throws IOException {
    for (FileStatus s : fs.listStatus(dir)) {
      String p = s.getPath().toUri().getPath();
      if (skip.stream().anyMatch(k -> p.equals(k) || p.startsWith(k + "/"))) {
        continue;
      }
      into.add(p + (s.isDirectory() ? "/" : ""));
      if (s.isDirectory()) {
        walk(fs, s.getPath(), skip, into);
      }
    }
  }

  private static Path repository() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("profiles/schema"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("no profiles/schema above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }

  /** Waits until a run under {@code base} passed its start barrier (phase 2 began). */
  static void awaitBarrier(FileSystem fs, String base) throws Exception {
    long deadline = System.currentTimeMillis() + 120_000;
    org.apache.hadoop.fs.Path barrier =
        new org.apache.hadoop.fs.Path(base + "/.mimesisbench/runs/*/barrier/*");
    while (System.currentTimeMillis() < deadline && fs.globStatus(barrier).length == 0) {
      Thread.sleep(200);
    }
  }
}
