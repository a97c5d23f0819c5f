package org.mimesisbench.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded mimesisbench.jar as users run it: {@code java -jar}, and {@code hadoop jar}, which is
 * Hadoop's RunJar (it unpacks the jar and runs its main class), with generic options.
 */
class PackagedJarIT {
  private static final Path JAR = Path.of("target/mimesisbench.jar").toAbsolutePath();
  private static final Path INPUT = Path.of("../profiles/vectors/input").toAbsolutePath();
  private static final Path PROFILE = Path.of("../profiles/vectors/profile").toAbsolutePath();
  private static final Path SAMPLE = Path.of("../tests/sample-trace/trace").toAbsolutePath();
  @TempDir Path dir;

  private static String run(int expectedCode, String... args) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(300, TimeUnit.SECONDS));
    assertEquals(expectedCode, p.exitValue(), output);
    return output;
  }

  @Test
  void javaDashJarParsesWithGenericOptionsAfterTheCommand() throws Exception {
    String out =
        run(
            0,
            "-jar",
            JAR.toString(),
            "parse",
            "--audit",
            INPUT.resolve("audit.log").toString(),
            "--fsimage",
            INPUT.resolve("fsimage.xml").toString(),
            "--out",
            dir.resolve("t").toString(),
            "-D",
            "fs.defaultFS=file:///");
    assertTrue(out.contains("parsed 21 lines: 21 events, 0 malformed"), out);
    assertTrue(Files.exists(dir.resolve("t/namespace.avro")));
  }

  @Test
  void hadoopJarRunsTheSameCommands() throws Exception {
    String out =
        run(
            0,
            "-cp",
            JAR.toString(),
            "org.apache.hadoop.util.RunJar",
            JAR.toString(),
            "-D",
            "fs.defaultFS=file:///",
            "parse",
            "--audit",
            INPUT.resolve("audit.log").toString(),
            "--out",
            dir.resolve("t").toString());
    assertTrue(out.contains("parsed 21 lines"), out); // RunJar unpacks the whole jar: one run only
  }

  @Test
  void theEmbeddedDefaultRunsTheBenchmarkAndCapturesItsOwnTrace() throws Exception {
    Path out = dir.resolve("run");
    String printed =
        run(
            0,
            "-jar",
            JAR.toString(),
            "run",
            "--profile",
            PROFILE.toString(),
            "--time-scale",
            "0.02",
            // 30 s of the profile's 230: what is checked is the console and the files, not counts
            "--window",
            "30s",
            "--base-dir",
            "/bench",
            "--out",
            out.toString());
    assertTrue(
        printed.contains("starting an embedded HDFS") && printed.contains(": valid"), printed);
    assertTrue(printed.contains("captured the NameNode's audit log"), printed);
    assertQuiet(printed);
    assertTrue(Files.isRegularFile(out.resolve("hadoop.log")), "Hadoop's log is in the results");
    for (String file :
        List.of(
            "summary.json",
            "namenode-audit.log",
            "trace/events.avro",
            "trace/files.avro",
            "trace/parse-report.json")) {
      assertTrue(Files.size(out.resolve(file)) > 0, file);
    }
    assertTrue(Files.notExists(out.resolve(".work")), "the embedded cluster's storage is gone");
  }

  /**
   * The bundled sample replayed, embedded: the DataNode pipeline's recovery warnings of its appends
   * go to the results' hadoop.log; the console holds only the replay's own lines.
   */
  @Test
  void aReplayOfTheBundledSamplePrintsNoWarningOrStackTrace() throws Exception {
    Path out = dir.resolve("replay");
    String printed =
        run(
            0,
            "-jar",
            JAR.toString(),
            "replay",
            "--trace",
            SAMPLE.toString(),
            "--time-scale",
            "0",
            "--out",
            out.toString());
    assertTrue(printed.contains(": valid"), printed);
    assertQuiet(printed);
    assertTrue(Files.isRegularFile(out.resolve("hadoop.log")), "Hadoop's log is in the results");
  }

  /** No line of a library's log (" WARN ") and no stack trace line on the console. */
  static void assertQuiet(String printed) {
    for (String line : printed.lines().toList()) {
      assertFalse(line.contains(" WARN ") || STACK_LINE.matcher(line).lookingAt(), printed);
    }
  }

  /** A line of a stack trace: "at " after leading whitespace. */
  static final java.util.regex.Pattern STACK_LINE = java.util.regex.Pattern.compile("\\s+at ");

  /**
   * namespace image's disk filling up as it writes the image (ulimit -f, as below): one line naming
   * the option and the name directory, and no half-written name directory beside it.
   */
  @Test
  void aDiskThatFillsWhileWritingAnImageNamesTheOptionAndPath() throws Exception {
    Path out = dir.resolve("nn");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                "bash",
                "-c",
                "ulimit -f 3000 && exec \"$0\" \"$@\"",
                java,
                "-jar",
                JAR.toString(),
                "namespace",
                "image",
                "--stats",
                PROFILE.toString(),
                "--dirs",
                "60000",
                "--quiet",
                "--out",
                out.toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(300, TimeUnit.SECONDS));
    assertEquals(2, p.exitValue(), output);
    assertEquals(
        "mimesisbench: namespace image: --out " + out + ": cannot write: File too large",
        output.strip());
    try (var left = Files.list(dir)) {
      assertEquals(List.of(), left.toList(), "nothing half-written");
    }
  }

  /**
   * A disk that fills up while a command writes: a real write failure, under a file size limit
   * (ulimit -f: the JVM ignores SIGXFSZ, so the write fails with EFBIG, as a full disk fails with
   * ENOSPC); 3 MB lets the native snappy library unpack, not the 4 MB namespace.
   */
  @Test
  void aDiskThatFillsWhileWritingIsOneLineAndExitCode2() throws Exception {
    Path out = dir.resolve("ns");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                "bash",
                "-c",
                "ulimit -f 3000 && exec \"$0\" \"$@\"",
                java,
                "-jar",
                JAR.toString(),
                "namespace",
                "generate",
                "--stats",
                PROFILE.toString(),
                "--dirs",
                "400000",
                "--codec",
                "null",
                "--quiet",
                "--out",
                out.toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(300, TimeUnit.SECONDS));
    assertEquals(2, p.exitValue(), output);
    assertEquals(
        "mimesisbench: namespace generate: --out " + out + ": cannot write: File too large",
        output.strip());
    assertTrue(Files.notExists(out), "nothing half-written");
  }

  @Test
  void anUnreachableNameNodeIsOneLineWithNothingElseOnTheConsole() throws Exception {
    int port;
    try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
      port = free.getLocalPort();
    }
    String out =
        run(
            2,
            "-jar",
            JAR.toString(),
            "namespace",
            "materialize",
            "--stats",
            PROFILE.toString(),
            "--dirs",
            "9",
            "--base",
            "hdfs://127.0.0.1:" + port + "/m");
    assertEquals(
        "mimesisbench: namespace materialize: cannot reach the file system hdfs://127.0.0.1:"
            + port
            + " (connection refused: is the NameNode running, and is that its RPC port?)",
        out.strip());
  }

  @Test
  void badInputIsOneLineAndExitCode2() throws Exception {
    String out =
        run(
            2,
            "-jar",
            JAR.toString(),
            "parse",
            "--audit",
            dir.resolve("none.log").toString(),
            "--out",
            dir.resolve("t").toString());
    assertTrue(
        out.strip().startsWith("mimesisbench: --audit ") && out.strip().lines().count() == 1, out);
  }
}
