package org.mimesisbench.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.audit.testing.Traces;

/**
 * Every public audit-log sample (../shared/data/public-audit-samples beside the repository, every
 * format variant from Hadoop 1 to 3, mangled copies and the JSON wrapper) parses: each well-formed
 * line an event, and exactly the known bad lines counted as malformed. Skipped where the samples
 * are absent; {@link AuditVariantsTest} covers the same variants with the repository's own lines.
 */
class PublicAuditSamplesTest {
  @TempDir Path dir;

  @Test
  void everyWellFormedLineIsAnEventAndOnlyTheKnownBadLinesAreNot() throws Exception {
    Path samples = Traces.publicSamples();
    List<String> logs;
    try (Stream<Path> files = Files.list(samples)) {
      logs =
          files
              .map(Path::toString)
              .filter(p -> p.endsWith(".log") || p.endsWith(".txt") || p.endsWith(".json"))
              .sorted()
              .toList();
    }
    assertEquals(24, logs.size(), "every audit sample (SOURCES.md 1a)");
    ParseOptions options =
        new ParseOptions(
            logs,
            null,
            dir.resolve("trace"),
            ZoneId.of("UTC"),
            0.01,
            "snappy",
            ParseOptions.MAX_LINE_BYTES_DEFAULT);
    ParseReport report = new TraceParse(options, new Configuration(), null).run();
    assertEquals(
        List.of(
            samples.resolve("apache-eagle__userprofile-hdfs-audit4.txt")
                + ":2378: not an audit line",
            samples.resolve("apache-eagle__userprofile-hdfs-audit4.txt")
                + ":2379: audit record without a timestamp",
            samples.resolve("apache-hadoop__pr3538-rbf-callerContext-clientIp-clientPort.log")
                + ":1: audit record without a timestamp"),
        report.malformedSamples);
    assertEquals(3, report.malformed);
    assertEquals(report.lines - 3, report.events);
    for (ParseReport.Source s : report.sources) {
      long expectedBad = s.file.endsWith("audit4.txt") ? 2 : s.file.contains("pr3538") ? 1 : 0;
      assertEquals(expectedBad, s.malformed, s.file);
    }
  }
}
