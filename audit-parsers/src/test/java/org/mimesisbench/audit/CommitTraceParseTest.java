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
 * The commit trace (tests/commit-trace/data: MapReduce jobs on YARN committing through
 * FileOutputCommitter on a real NameNode) parses completely, and its committed parse (trace/) is
 * current.
 */
class CommitTraceParseTest {
  private static final Path DATA = Traces.repo().resolve("tests/commit-trace/data");
  @TempDir Path dir;

  private ParseReport parse() throws Exception {
    return Traces.parseCommitted(DATA, dir.resolve("trace"));
  }

  @Test
  void everyLineParsesAndAttemptFilesAreFollowedIntoPlace() throws Exception {
    ParseReport report = parse();
    assertEquals(0, report.malformed);
    assertEquals(report.lines, report.events);
    long byTarget =
        report.byTarget.values().stream()
            .flatMap(m -> m.values().stream())
            .mapToLong(Long::longValue)
            .sum();
    assertEquals(report.events, byTarget, "every event has a target");
    // a task attempt's file is one file from its create under _temporary to its final name
    List<FileTimeline> files = Traces.read(dir.resolve("trace/files.avro"), FileTimeline.class);
    assertTrue(
        files.stream()
            .anyMatch(
                f ->
                    f.getPath().contains("/_temporary/")
                        && f.getPath().contains("/attempt_")
                        && !f.getFinalPath().contains("/_temporary/")
                        && f.getRenames() > 0),
        "attempt files renamed into the output");
    // the failed and the killed attempts' files end with their attempt directory
    assertTrue(
        files.stream()
            .anyMatch(
                f ->
                    f.getPath().contains("/attempt_")
                        && f.getRenames() == 0
                        && f.getDeleteTime() != null
                        && !f.getDeletedItself()),
        "attempt files removed with their directory");
    assertTrue(report.byTarget.get("directory").get("delete") > 0, "_temporary is deleted whole");
  }

  /** The committed parse (tests/commit-trace/trace) must stay current. */
  @Test
  void freshParseEqualsTheCommittedTrace() throws Exception {
    parse();
    Traces.assertSameTrace(
        DATA.resolveSibling("trace"),
        dir.resolve("trace"),
        "tests/commit-trace/parse-commit-trace");
  }
}
