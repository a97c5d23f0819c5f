package org.mimesisbench.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.audit.testing.Traces;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;

/**
 * The warehouse trace (tests/warehouse-trace/data: Hive-like loads, DistCp backups and partition
 * scans on a real NameNode) parses completely, and its committed parse (trace/) is current.
 */
class WarehouseTraceParseTest {
  private static final Path DATA = Traces.repo().resolve("tests/warehouse-trace/data");
  @TempDir Path dir;

  private ParseReport parse() throws Exception {
    return Traces.parseCommitted(DATA, dir.resolve("trace"));
  }

  @Test
  void everyLineParsesAndDirectoriesCarryTheWork() throws Exception {
    ParseReport report = parse();
    assertEquals(0, report.malformed);
    assertEquals(report.lines, report.events);
    long byTarget =
        report.byTarget.values().stream()
            .flatMap(m -> m.values().stream())
            .mapToLong(Long::longValue)
            .sum();
    assertEquals(report.events, byTarget, "every event has a target");
    // DistCp reads the source through a snapshot (/warehouse/sales.db/.snapshot/backup-N/...):
    // those paths are in no fsimage; every other file met before its creation must be.
    List<FileTimeline> files = Traces.read(dir.resolve("trace/files.avro"), FileTimeline.class);
    long throughSnapshots =
        files.stream()
            .filter(f -> f.getPreExisting() && f.getPath().contains("/.snapshot/"))
            .count();
    assertEquals(
        throughSnapshots,
        report.files.get("pre_existing_not_in_fsimage"),
        "pre-existing files that are not in the fsimage, other than snapshot paths");
    List<DirectoryTimeline> dirs =
        Traces.read(dir.resolve("trace/dirs.avro"), DirectoryTimeline.class);
    assertTrue(
        dirs.stream().anyMatch(DirectoryTimeline::getDeletedItself),
        "partitions are dropped whole");
    assertTrue(
        report.byTarget.get("directory").get("rename") > 0, "partitions are renamed into tables");
    assertTrue(report.byTarget.get("directory").get("contentSummary") > 0, "tables are summed up");
    // listings are of directories (no one lists a file path here)
    assertTrue(
        report.byTarget.get("directory").get("listStatus")
            > report.byTarget.get("file").getOrDefault("listStatus", 0L),
        report.byTarget.toString());
  }

  /** The committed parse (tests/warehouse-trace/trace) must stay current. */
  @Test
  void freshParseEqualsTheCommittedTrace() throws Exception {
    parse();
    Traces.assertSameTrace(
        DATA.resolveSibling("trace"),
        dir.resolve("trace"),
        "tests/warehouse-trace/parse-warehouse-trace");
  }
}
