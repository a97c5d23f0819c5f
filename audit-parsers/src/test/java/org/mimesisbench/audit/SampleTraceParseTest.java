package org.mimesisbench.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.audit.testing.Traces;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;

/**
 * The bundled sample (tests/sample-trace/data: a real NameNode's audit log and fsimage, made by
 * real MapReduce jobs and client calls) parses completely and exactly.
 */
class SampleTraceParseTest {
  private static final Path DATA = Traces.repo().resolve("tests/sample-trace/data");
  @TempDir Path dir;

  static Path startImage() throws Exception {
    try (Stream<Path> files = Files.list(DATA.resolve("fsimage"))) {
      return files
          .filter(p -> p.getFileName().toString().matches("fsimage_\\d+"))
          .findFirst()
          .orElseThrow();
    }
  }

  @Test
  void byCmdEqualsCountingCmdValuesInTheLog() throws Exception {
    Map<String, Long> counted = new HashMap<>();
    long lines = 0;
    Pattern cmd = Pattern.compile("\tcmd=([^\t]*)\t");
    try (Stream<Path> logs = Files.list(DATA.resolve("audit"))) {
      for (Path log : logs.toList()) {
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
          lines++;
          Matcher m = cmd.matcher(line);
          assertTrue(m.find(), line);
          counted.merge(m.group(1), 1L, Long::sum);
        }
      }
    }
    ParseOptions options =
        new ParseOptions(
            List.of(DATA.resolve("audit").toString()),
            startImage(),
            dir.resolve("trace"),
            ZoneId.of("UTC"),
            0.0,
            "snappy",
            ParseOptions.MAX_LINE_BYTES_DEFAULT);
    ParseReport report = new TraceParse(options, new Configuration(), null).run();
    assertEquals(counted, report.byCmd);
    assertEquals(lines, report.lines);
    assertEquals(lines, report.events);
    assertEquals(0, report.malformed);
    assertTrue(report.allowedFalse > 0, "the sample has denied requests");
    List<FileTimeline> files = Traces.read(dir.resolve("trace/files.avro"), FileTimeline.class);
    assertEquals(report.files.get("files"), files.size());
    assertTrue(
        files.stream().anyMatch(FileTimeline::getPreExisting),
        "files from before the trace are read");
    assertTrue(files.stream().anyMatch(f -> !f.getPreExisting()), "files are created");
    assertTrue(files.stream().anyMatch(f -> f.getRenames() > 0), "output committers rename");
    assertTrue(
        files.stream().anyMatch(f -> f.getDeleteTime() != null), "temporary files are deleted");
    assertTrue(files.stream().anyMatch(f -> f.getAccessKinds().contains("L")), "files are listed");
    assertTrue(files.stream().anyMatch(f -> f.getAccessKinds().contains("O")), "files are opened");
    assertTrue(files.stream().anyMatch(f -> f.getAccessTimes().size() >= 50), "some files are hot");
    assertEquals(
        0,
        report.files.get("pre_existing_not_in_fsimage"),
        "every pre-existing file is in the fsimage");
    // MapReduce jobs list their directories and probe paths before they make them
    List<DirectoryTimeline> dirs =
        Traces.read(dir.resolve("trace/dirs.avro"), DirectoryTimeline.class);
    assertEquals(report.directories.get("directories"), dirs.size());
    assertTrue(
        dirs.stream().anyMatch(d -> d.getAccessKinds().contains("L")), "directories are listed");
    assertTrue(
        dirs.stream().anyMatch(DirectoryTimeline::getDeletedItself),
        "job directories are deleted whole");
    assertTrue(
        report.byTarget.get("directory").get("listStatus")
            > report.byTarget.get("file").get("listStatus"),
        report.byTarget.toString());
    assertTrue(
        report.byTarget.get("missing").get("getfileinfo") > 0, "probes of paths not yet made");
    long byTarget =
        report.byTarget.values().stream()
            .flatMap(m -> m.values().stream())
            .mapToLong(Long::longValue)
            .sum();
    assertEquals(report.events, byTarget, "every event has a target");
  }

  /**
   * modeler-py's tests fit the committed parse (tests/sample-trace/trace); it must stay current.
   */
  @Test
  void freshParseEqualsTheCommittedTrace() throws Exception {
    ParseOptions options =
        new ParseOptions(
            List.of(DATA.resolve("audit").toString()),
            startImage(),
            Traces.binaryImage(DATA.resolve("fsimage-end")),
            dir.resolve("trace"),
            ZoneId.of("UTC"),
            0.0,
            "snappy",
            ParseOptions.MAX_LINE_BYTES_DEFAULT);
    new TraceParse(options, new Configuration(), null).run();
    Traces.assertSameTrace(
        DATA.resolveSibling("trace"),
        dir.resolve("trace"),
        "tests/sample-trace/parse-sample-trace");
  }
}
