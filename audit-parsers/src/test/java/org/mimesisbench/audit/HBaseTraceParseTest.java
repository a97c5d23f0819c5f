package org.mimesisbench.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.audit.testing.Traces;
import org.mimesisbench.trace.FileTimeline;

/**
 * The HBase trace (tests/hbase-trace/data: real HBase on a real NameNode, no fsimage) parses
 * completely, follows a WAL into oldWALs and an HFile out of .tmp, and its committed parse (trace/)
 * is current.
 */
class HBaseTraceParseTest {
  private static final Path DATA = Traces.repo().resolve("tests/hbase-trace/data");
  @TempDir Path dir;

  private ParseReport parse() throws Exception {
    return Traces.parseCommitted(DATA, dir.resolve("trace"));
  }

  @Test
  void everyLineParsesAndWalsAndStoreFilesAreFollowed() throws Exception {
    ParseReport report = parse();
    assertEquals(0, report.malformed);
    assertEquals(report.lines, report.events);
    List<FileTimeline> files = Traces.read(dir.resolve("trace/files.avro"), FileTimeline.class);
    // a WAL is one file from its create under WALs/ to its archive in oldWALs/
    assertTrue(
        files.stream()
            .anyMatch(
                f ->
                    f.getPath().startsWith("/hbase/WALs/")
                        && f.getFinalPath().startsWith("/hbase/oldWALs/")
                        && f.getCreateTime() != null),
        "WALs followed into oldWALs");
    // a flush's or compaction's HFile: written under .tmp, renamed into its family
    assertTrue(
        files.stream()
            .anyMatch(
                f ->
                    f.getPath().contains("/.tmp/")
                        && !f.getFinalPath().contains("/.tmp/")
                        && f.getRenames() > 0),
        "HFiles renamed out of .tmp");
  }

  /** The committed parse (tests/hbase-trace/trace) must stay current. */
  @Test
  void freshParseEqualsTheCommittedTrace() throws Exception {
    parse();
    Traces.assertSameTrace(
        DATA.resolveSibling("trace"), dir.resolve("trace"), "tests/hbase-trace/parse-hbase-trace");
  }
}
