package org.mimesisbench.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run of the jar killed in phase 2: on SIGTERM it removes its working files and unfinished
 * results and says so in one line; on SIGKILL it leaves them in --out only (never in the temporary
 * directory), and the next run with that --out names them as a killed run's and deletes them with
 * --overwrite.
 */
@Tag("slow")
class KilledRunIT {
  private static final Path JAR = Path.of("target/mimesisbench.jar").toAbsolutePath();
  private static final Path PROFILE = Path.of("../profiles/vectors/profile").toAbsolutePath();
  @TempDir Path dir;

  /** The jar's run with its own java.io.tmpdir, so what it leaves there is its own. */
  private Process start(Path out, Path tmp, String... more) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp,
                "-jar",
                JAR.toString(),
                "run",
                "--profile",
                PROFILE.toString(),
                "--base-dir",
                "/bench",
                "--out",
                out.toString()));
    command.addAll(List.of(more));
    return new ProcessBuilder(command).redirectErrorStream(true).start();
  }

  /**
   * Reads the process's output until a line starts with {@code prefix}; the rest is read in the
   * background.
   */
  private static CompletableFuture<String> readUntil(Process p, String prefix) throws IOException {
    BufferedReader r =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder seen = new StringBuilder();
    for (String line = r.readLine(); line != null; line = r.readLine()) {
      seen.append(line).append('\n');
      if (line.startsWith(prefix)) {
        break;
      }
    }
    assertTrue(seen.toString().contains(prefix), seen.toString());
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            r.lines().forEach(l -> seen.append(l).append('\n'));
          } catch (RuntimeException e) {
            // the stream closes with the process
          }
          return seen.toString();
        });
  }

  private static List<String> names(Path folder) throws IOException {
    if (!Files.exists(folder)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(folder)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /** Every path under {@code folder}, to say what a stopped run left. */
  private static List<String> tree(Path folder) throws IOException {
    if (!Files.exists(folder)) {
      return List.of();
    }
    try (Stream<Path> s = Files.walk(folder)) {
      return s.map(p -> folder.relativize(p).toString()).sorted().toList();
    }
  }

  private static String run(int expected, Process p) throws Exception {
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(300, TimeUnit.SECONDS));
    assertEquals(expected, p.exitValue(), output);
    return output;
  }

  /**
   * What a run stopped by SIGTERM or Ctrl-C printed: its own lines (the start, the plan, progress)
   * and one line saying it was interrupted; no library's log line, no stack trace.
   */
  private static void assertStoppedInOneLine(String printed) {
    List<String> lines = printed.strip().lines().toList();
    System.out.println("console after the interrupt (" + lines.size() + " lines):\n" + printed);
    List<String> stopped =
        lines.stream().filter(l -> l.startsWith("run: interrupted (SIGTERM or Ctrl-C): ")).toList();
    assertEquals(1, stopped.size(), printed);
    assertTrue(
        stopped.get(0).contains("what it measured so far (")
            && stopped.get(0).contains("ops, not valid) in "),
        printed);
    for (String line : lines) {
      assertTrue(
          line.startsWith("no file system configured: ")
              || line.startsWith("run ")
              || line.startsWith("phase 1: ")
              || line.startsWith("phase 2: ")
              || line.startsWith("run: interrupted (SIGTERM or Ctrl-C): "),
          "not the run's own line: " + line + "\n" + printed);
    }
  }

  @Test
  void aRunStoppedBySigtermLeavesNothingAndOneKilledHardIsNamedByTheNext() throws Exception {
    Path out = dir.resolve("run");
    Path stoppedOut = dir.resolve("stopped");
    Path tmp = Files.createDirectories(dir.resolve("jvm-tmp"));

    Process terminated = start(stoppedOut, tmp, "--time-scale", "0.2");
    CompletableFuture<String> rest = readUntil(terminated, "phase 2:");
    assertTrue(
        Files.isDirectory(stoppedOut.resolve(".work")),
        "the running run's working files are in --out");
    long t0 = System.nanoTime();
    // SIGTERM through the handle: Process.destroy would also close the output still to be read
    terminated.toHandle().destroy();
    assertTrue(terminated.waitFor(60, TimeUnit.SECONDS), "still running a minute after SIGTERM");
    assertTrue(terminated.exitValue() != 0, "exit code " + terminated.exitValue());
    System.out.printf(
        "SIGTERM: gone after %.1f s; --out holds %s; java.io.tmpdir holds %s%n",
        (System.nanoTime() - t0) / 1e9, names(stoppedOut), names(tmp));
    // what phase 2 measured until then is kept, not valid; its working files and lease are gone
    List<String> kept = names(stoppedOut);
    assertTrue(
        kept.contains("summary.json")
            && kept.stream().noneMatch(n -> n.startsWith(".") || n.endsWith(".inprogress")),
        "the stopped run's results: " + tree(stoppedOut) + "\n" + rest.get());
    com.fasterxml.jackson.databind.JsonNode summary =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(stoppedOut.resolve("summary.json").toFile());
    assertTrue(!summary.path("valid").asBoolean(true), summary.toString());
    assertTrue(
        summary.path("invalidBecause").path(0).asText().startsWith("interrupted (SIGTERM"),
        summary.toString());
    assertTrue(summary.path("overall").path("count").asLong(-1) >= 0, summary.toString());
    assertEquals(List.of(), names(tmp), "nothing of it in java.io.tmpdir (snappy, jetty)");
    assertStoppedInOneLine(rest.get());

    Process killed = start(out, tmp, "--time-scale", "0.2");
    readUntil(killed, "phase 2:");
    killed.destroyForcibly(); // SIGKILL: no hook runs
    assertTrue(killed.waitFor(60, TimeUnit.SECONDS));
    System.out.printf("SIGKILL: --out holds %s; java.io.tmpdir holds %s%n", names(out), names(tmp));
    assertTrue(names(out).contains(".work"), names(out).toString());
    assertTrue(names(out).contains(".lease"), "its lease stays: " + names(out));
    assertEquals(List.of(), names(tmp), "nothing of it in java.io.tmpdir (snappy, jetty)");

    String refused = run(2, start(out, tmp, "--time-scale", "0.02")).strip();
    System.out.println("the rerun: " + refused);
    assertEquals(1, refused.lines().count(), refused);
    assertTrue(
        refused.contains("holds what a killed run left (its working files (.work, ")
            && refused.contains("give --overwrite to delete it"),
        refused);
    // the killed run's lease named a process gone from this host: the rerun took it, let it go
    assertTrue(names(out).contains(".work") && !names(out).contains(".lease"), names(out) + "");

    // 30 s of the profile's 230: what is checked is what --overwrite deleted and that it is valid
    String rerun =
        run(0, start(out, tmp, "--time-scale", "0.02", "--window", "30s", "--overwrite"));
    assertTrue(
        rerun.contains("run: --overwrite: deleted what a killed run left")
            && rerun.contains(": valid"),
        rerun);
    assertTrue(Files.exists(out.resolve("summary.json")), names(out).toString());
    assertTrue(Files.notExists(out.resolve(".work")), names(out).toString());
    assertTrue(Files.notExists(out.resolve(".lease")), names(out).toString());
    assertEquals(List.of(), names(tmp));

    refused = run(2, start(out, tmp, "--time-scale", "0.02")).strip();
    assertTrue(refused.contains("holds a finished run's results (summary.json)"), refused);
  }
}
