package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mimesisbench.generator.RunChecks.PROFILE;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mimesisbench.generator.RunChecks.Outcome;

/**
 * A user's files in or beside the base directory survive every combination of --reuse and
 * --cleanup, on the local file system and on HDFS: the benchmark deletes only what it made.
 */
@Tag("slow")
class ForeignFilesTest {
  @TempDir static Path tmp;
  static MiniDFSCluster dfs;

  /** The user's files, by path under the base, with their contents. */
  static final Map<String, String> FOREIGN =
      Map.of("data/keep.txt", "the user's data\n", "notes.txt", "notes\n", ".hidden/x", "x\n");

  @BeforeAll
  static void start() throws IOException {
    dfs =
        new MiniDFSCluster.Builder(new Configuration(), tmp.resolve("dfs").toFile())
            .numDataNodes(1)
            .build();
    dfs.waitActive();
  }

  @AfterAll
  static void stop() {
    if (dfs != null) {
      dfs.shutdown(true);
    }
  }

  static Stream<Arguments> fileSystems() {
    return Stream.of(Arguments.of("file"), Arguments.of("hdfs"));
  }

  /**
   * A base on {@code kind} ("file" or "hdfs") named {@code name}, as a URI, and its file system.
   */
  private static org.apache.hadoop.fs.Path base(String kind, String name) throws IOException {
    if (kind.equals("file")) {
      return new org.apache.hadoop.fs.Path(
          Files.createDirectories(tmp.resolve("local")).toUri() + name);
    }
    return new org.apache.hadoop.fs.Path(dfs.getURI() + "/" + name);
  }

  private static void putForeign(FileSystem fs, org.apache.hadoop.fs.Path base) throws IOException {
    for (Map.Entry<String, String> f : FOREIGN.entrySet()) {
      try (OutputStream o = fs.create(new org.apache.hadoop.fs.Path(base, f.getKey()), false)) {
        o.write(f.getValue().getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  private static void assertForeignIntact(
      FileSystem fs, org.apache.hadoop.fs.Path base, String when) throws IOException {
    for (Map.Entry<String, String> f : FOREIGN.entrySet()) {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(base, f.getKey());
      assertTrue(fs.exists(p), when + ": " + p + " is gone");
      try (InputStream in = fs.open(p)) {
        assertEquals(
            f.getValue(), new String(in.readAllBytes(), StandardCharsets.UTF_8), when + ": " + p);
      }
    }
  }

  private static Outcome run(
      String kind, org.apache.hadoop.fs.Path base, String name, String... extra) {
    List<String> argv =
        new ArrayList<>(
            List.of(
                "--profile",
                PROFILE.toString(),
                "--time-scale",
                "0", // the ops back to back: what is checked is the files, not the timing
                // a fifth of the files, empty, over 20 s of the profile: every kind of entry is
                // still made and deleted; what is checked is the user's files, not the run's
                "--type-scale",
                "all=0.2",
                "--window",
                "20s",
                "--zero-size",
                "--base-dir",
                base.toString(),
                "--out",
                tmp.resolve("results-" + kind + "-" + name).toString()));
    argv.addAll(List.of(extra));
    return RunChecks.run(new Configuration(), argv.toArray(new String[0]));
  }

  /** The names directly under {@code base}. */
  private static TreeSet<String> children(FileSystem fs, org.apache.hadoop.fs.Path base)
      throws IOException {
    TreeSet<String> names = new TreeSet<>();
    for (FileStatus s : fs.listStatus(base)) {
      names.add(s.getPath().getName());
    }
    return names;
  }

  @ParameterizedTest
  @MethodSource("fileSystems")
  void reuseAndCleanupNeverTouchTheUsersFiles(String kind) throws IOException {
    org.apache.hadoop.fs.Path base = base(kind, "foreign");
    FileSystem fs = base.getFileSystem(new Configuration());
    putForeign(fs, base);

    Outcome refused = run(kind, base, "refused");
    assertEquals(2, refused.exitCode(), refused.both());
    assertForeignIntact(fs, base, "refused without --reuse");
    assertEquals(new TreeSet<>(List.of(".hidden", "data", "notes.txt")), children(fs, base));

    Outcome reused = run(kind, base, "reuse", "--reuse");
    assertEquals(0, reused.exitCode(), reused.both());
    assertForeignIntact(fs, base, "--reuse");

    Outcome both = run(kind, base, "reuse-cleanup", "--reuse", "--cleanup");
    assertEquals(0, both.exitCode(), both.both());
    assertForeignIntact(fs, base, "--reuse --cleanup");
    assertTrue(both.out().contains("left 3 entries it did not make"), both.out());
    // the base is as the user had it: the benchmark's own folder went with its namespace
    assertEquals(new TreeSet<>(List.of(".hidden", "data", "notes.txt")), children(fs, base));

    Outcome again = run(kind, base, "reuse-again", "--reuse");
    assertEquals(0, again.exitCode(), again.both());
    Outcome cleanup =
        run(kind, base, "cleanup", "--cleanup"); // the marker says reused: no --reuse needed
    assertEquals(0, cleanup.exitCode(), cleanup.both());
    assertForeignIntact(fs, base, "--cleanup of a reused base");
    assertEquals(new TreeSet<>(List.of(".hidden", "data", "notes.txt")), children(fs, base));
  }

  @ParameterizedTest
  @MethodSource("fileSystems")
  void cleanupOfABaseTheBenchmarkMadeKeepsWhatWasPutThereSince(String kind) throws IOException {
    org.apache.hadoop.fs.Path base = base(kind, "made");
    FileSystem fs = base.getFileSystem(new Configuration());
    Outcome first = run(kind, base, "made");
    assertEquals(0, first.exitCode(), first.both());
    TreeSet<String> benchmarks = children(fs, base);
    assertEquals(2, benchmarks.size(), "the marker's folder and the namespace root: " + benchmarks);
    putForeign(fs, base);

    Outcome cleanup = run(kind, base, "made-cleanup", "--cleanup");
    assertEquals(0, cleanup.exitCode(), cleanup.both());
    assertForeignIntact(fs, base, "--cleanup of a base the benchmark made");
    assertEquals(
        new TreeSet<>(List.of(".hidden", ".mimesisbench", "data", "notes.txt")),
        children(fs, base));
    assertTrue(
        fs.exists(new org.apache.hadoop.fs.Path(base, ".mimesisbench/marker")),
        "kept for the next run");
    assertFalse(fs.exists(new org.apache.hadoop.fs.Path(base, ".mimesisbench/runs")));
  }
}
