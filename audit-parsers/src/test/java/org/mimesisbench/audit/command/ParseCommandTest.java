package org.mimesisbench.audit.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.testing.Traces;
import org.mimesisbench.cli.MimesisBench;

/** The parse command as a user meets it: exit codes, one-line errors, nothing half-written. */
class ParseCommandTest {
  @TempDir Path dir;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return new MimesisBench(new PrintStream(out, true), new PrintStream(err, true))
        .execute(new Configuration(), args);
  }

  private String error() {
    return err.toString(StandardCharsets.UTF_8);
  }

  private void assertOneLineError(int code, String contains) {
    assertEquals(2, code, error());
    String[] lines = error().strip().split("\n");
    assertEquals(1, lines.length, error());
    assertTrue(lines[0].startsWith("mimesisbench: ") && lines[0].contains(contains), lines[0]);
    assertFalse(error().contains("\tat "), "no stack trace");
  }

  private boolean outputWritten() throws Exception {
    Path out = dir.resolve("trace");
    if (!Files.exists(out)) {
      return false;
    }
    try (Stream<Path> files = Files.list(out)) {
      return files.findAny().isPresent();
    }
  }

  @Test
  void parsesAndPrintsASummary() throws Exception {
    Path log =
        Traces.write(
            dir,
            "a.log",
            List.of(
                Traces.line(0, "u", "create", "/f", null),
                Traces.line(1, "u", "open", "/f", null)));
    assertEquals(
        0,
        run(
            "parse",
            "--audit",
            log.toString(),
            "--out",
            dir.resolve("trace").toString(),
            "-D",
            "some.key=1"),
        error());
    String summary = out.toString(StandardCharsets.UTF_8);
    assertTrue(summary.contains("parsed 2 lines: 2 events, 0 malformed"), summary);
    for (String f : List.of("events.avro", "files.avro", "parse-report.json")) {
      assertTrue(Files.exists(dir.resolve("trace").resolve(f)), f);
    }
  }

  @Test
  void badOptionsAreOneLineErrorsWithExitCode2() throws Exception {
    assertOneLineError(
        run("parse", "--out", dir.resolve("trace").toString()), "--audit is required");
    err.reset();
    assertOneLineError(
        run("parse", "--audit", dir.resolve("missing.log").toString(), "--out", "x"),
        "no such file");
    err.reset();
    Path log = Traces.write(dir, "a.log", List.of(Traces.line(0, "u", "open", "/f", null)));
    assertOneLineError(
        run("parse", "--audit", log.toString(), "--out", "x", "--tz", "Mars/Olympus"),
        "unknown time zone");
    err.reset();
    assertOneLineError(
        run("parse", "--audit", log.toString(), "--out", "x", "--max-malformed", "2"),
        "--max-malformed");
    err.reset();
    assertOneLineError(run("nosuchcommand"), "unknown command");
    assertFalse(outputWritten());
  }

  @Test
  void tooManyMalformedLinesStopNamingFileAndLineAndWriteNothing() throws Exception {
    Path log =
        Traces.write(
            dir,
            "mixed.log",
            List.of(
                Traces.line(0, "u", "open", "/f", null),
                "garbage",
                Traces.line(1, "u", "open", "/f", null)));
    assertOneLineError(
        run("parse", "--audit", log.toString(), "--out", dir.resolve("trace").toString()),
        "mixed.log:2: not an audit line");
    assertFalse(outputWritten(), "nothing half-written");
    err.reset();
    assertEquals(
        0,
        run(
            "parse",
            "--audit",
            log.toString(),
            "--out",
            dir.resolve("trace").toString(),
            "--max-malformed",
            "0.5"),
        error());
  }

  @Test
  void binaryAndEmptyFilesAreClearErrors() throws Exception {
    byte[] noise = new byte[1 << 20];
    new Random(7).nextBytes(noise);
    Path binary = Files.write(dir.resolve("binary.log"), noise);
    assertOneLineError(
        run("parse", "--audit", binary.toString(), "--out", dir.resolve("trace").toString()),
        "lines malformed");
    err.reset();
    Path empty = Files.createFile(dir.resolve("empty.log"));
    assertOneLineError(
        run("parse", "--audit", empty.toString(), "--out", dir.resolve("trace").toString()),
        "empty input");
    assertFalse(outputWritten());
  }

  @Test
  void helpListsEveryOptionWithAnExample() {
    assertEquals(0, run("parse", "--help"));
    String help = out.toString(StandardCharsets.UTF_8);
    for (String option :
        List.of(
            "--audit", "--fsimage", "--out", "--tz", "--max-malformed", "--mapreduce", "Example")) {
      assertTrue(help.contains(option), option);
    }
  }

  @Test
  void nonUtf8PathsHugeLinesAndTruncatedGzipAreCountedLines() throws Exception {
    Path log = dir.resolve("odd.log");
    try (var out = Files.newOutputStream(log)) {
      for (int i = 0; i < 200; i++) {
        out.write(
            (Traces.line(i, "u", "open", "/ok/" + i, null) + "\n")
                .getBytes(StandardCharsets.UTF_8));
      }
      out.write(
          Traces.line(201, "u", "open", "/bad-", null)
              .replace("/bad-", "/bad-\u0001")
              .getBytes(StandardCharsets.UTF_8));
      String[] around = Traces.line(202, "u", "open", "/latin1-XX", null).split("XX");
      out.write(("\n" + around[0]).getBytes(StandardCharsets.UTF_8));
      out.write(new byte[] {(byte) 0xE9, (byte) 0xFF}); // not UTF-8, inside the src value
      out.write((around[1] + "\n").getBytes(StandardCharsets.UTF_8));
      out.write(("x".repeat(1 << 20) + "\n").getBytes(StandardCharsets.UTF_8)); // a 1 MB line
    }
    Path gz = dir.resolve("cut.log.gz");
    byte[] full;
    try (var bytes = new java.io.ByteArrayOutputStream();
        var z = new java.util.zip.GZIPOutputStream(bytes)) {
      for (int i = 0; i < 20_000; i++) {
        z.write(
            (Traces.line(i % 86400, "u", "getfileinfo", "/g/" + i, null) + "\n")
                .getBytes(StandardCharsets.UTF_8));
      }
      z.finish();
      full = bytes.toByteArray();
    }
    Files.write(
        gz, java.util.Arrays.copyOf(full, full.length - 100)); // cut short, as a copied live log
    assertEquals(
        0,
        run(
            "parse",
            "--audit",
            log.toString(),
            gz.toString(),
            "--out",
            dir.resolve("trace").toString()),
        error());
    String report = Files.readString(dir.resolve("trace/parse-report.json"));
    assertTrue(report.contains("odd.log:202: src= is not UTF-8"), report);
    assertTrue(report.contains("odd.log:203: line longer than the maximum line length"), report);
    assertTrue(
        report.contains("cut.log.gz:") && report.contains("truncated or corrupt compressed data"),
        report);
    assertTrue(report.contains("\"malformed\" : 3"), report);
  }

  @Test
  void aBinaryFsimageOrADamagedGzipHeaderIsNamedWithItsProblem() throws Exception {
    Path log = Traces.write(dir, "a.log", List.of(Traces.line(0, "u", "open", "/f", null)));
    byte[] noise = new byte[4096];
    new Random(3).nextBytes(noise);
    noise[0] = (byte) 0xC3; // neither HDFSIMG1 nor '<': read as Delimited text, which it is not
    Path image = Files.write(dir.resolve("fsimage_0001"), noise);
    assertOneLineError(
        run(
            "parse",
            "--audit",
            log.toString(),
            "--fsimage",
            image.toString(),
            "--out",
            dir.resolve("trace").toString()),
        "--fsimage " + image + ": not an fsimage (no HDFSIMG1 header)");
    err.reset();
    byte[] gz;
    try (var bytes = new ByteArrayOutputStream();
        var z = new java.util.zip.GZIPOutputStream(bytes)) {
      z.write(Files.readAllBytes(log));
      z.finish();
      gz = bytes.toByteArray();
    }
    gz[3] =
        (byte)
            0xFF; // the flag byte: every optional header field "present", and the header runs out
    Path damaged = Files.write(dir.resolve("audit.log.gz"), gz);
    assertOneLineError(
        run("parse", "--audit", damaged.toString(), "--out", dir.resolve("trace").toString()),
        "--audit " + damaged + ": cannot read: damaged gzip header (");
    assertFalse(error().contains("null"), error());
    err.reset();
    assertOneLineError(
        run("parse", "--audit", "", "--out", dir.resolve("trace").toString()),
        "--audit: an empty path");
    assertFalse(outputWritten());
  }

  @Test
  void theTraceIsNeverWrittenIntoAnAuditInput() throws Exception {
    Path logs = Files.createDirectories(dir.resolve("logs"));
    Traces.write(logs, "a.log", List.of(Traces.line(0, "u", "open", "/f", null)));
    for (String[] given :
        List.of(
            new String[] {logs.toString(), "trace"},
            new String[] {logs.toString(), "x/trace"},
            new String[] {logs + "/*", "trace"},
            new String[] {logs.toString(), "."},
            new String[] {logs + "/*", "."},
            new String[] {logs + "/*.log", "."},
            new String[] {dir + "/*/a.log", "."})) {
      err.reset();
      Path target = logs.resolve(given[1]).normalize();
      assertOneLineError(
          run("parse", "--audit", given[0], "--out", target.toString()),
          "parse: --out " + target + ": inside the --audit input " + given[0]);
    }
    try (Stream<Path> left = Files.list(logs)) {
      assertEquals(List.of(logs.resolve("a.log")), left.toList(), "nothing made in the input");
    }
    err.reset();
    assertEquals(
        0,
        run(
            "parse",
            "--audit",
            logs.resolve("a.log").toString(),
            "--out",
            dir.resolve("trace").toString()),
        error());
  }
}
