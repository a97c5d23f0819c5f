package org.mimesisbench.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.audit.testing.Traces;
import org.mimesisbench.trace.AuditEvent;

/**
 * The repository's own audit lines in every format variant (src/test/resources/audit-variants,
 * README.md there) parse end to end: each well-formed line is the event {@code expected.tsv} says,
 * field by field, and exactly the known damaged lines are counted as malformed.
 */
class AuditVariantsTest {
  static final Path VARIANTS = Traces.auditVariants();

  @TempDir Path dir;

  @Test
  void everyVariantLineIsTheExpectedEventAndOnlyTheDamagedOnesAreNot() throws Exception {
    List<String> logs = Traces.auditVariantLogs();
    assertEquals(8, logs.size(), "every variant file (README.md)");
    ParseOptions options =
        new ParseOptions(
            logs,
            null,
            dir.resolve("trace"),
            ZoneId.of("UTC"),
            0.2,
            "deflate-1",
            ParseOptions.MAX_LINE_BYTES_DEFAULT);
    ParseReport report = new TraceParse(options, new Configuration(), null).run();

    Path damaged = VARIANTS.resolve("damaged.log");
    assertEquals(
        List.of(
            damaged + ":2: no cmd= field",
            damaged + ":3: audit record without a timestamp",
            damaged + ":4: not an audit line",
            damaged + ":5: audit record without a timestamp"),
        report.malformedSamples);
    assertEquals(report.lines - 4, report.events);

    Map<Long, AuditEvent> byTime = new HashMap<>();
    for (AuditEvent e :
        Traces.read(dir.resolve("trace").resolve(TraceParse.EVENTS), AuditEvent.class)) {
      byTime.put(e.getTime(), e);
    }
    List<String> rows =
        Files.readAllLines(VARIANTS.resolve("expected.tsv"), StandardCharsets.UTF_8);
    assertEquals(report.events, rows.size() - 1, "expected.tsv has a row per event");
    for (String row : rows.subList(1, rows.size())) {
      String[] f = row.split("\t", -1);
      String where = f[0] + ":" + f[1];
      AuditEvent e = byTime.get(Instant.parse(f[2]).toEpochMilli());
      assertNotNull(e, where + ": no event at " + f[2]);
      assertEquals(Boolean.parseBoolean(f[3]), e.getAllowed(), where + " allowed");
      assertEquals(f[4], e.getUser(), where + " user");
      assertEquals(orNull(f[5]), e.getAuth(), where + " auth");
      assertEquals(orNull(f[6]), e.getRealUser(), where + " realUser");
      assertEquals(orNull(f[7]), e.getIp(), where + " ip");
      assertEquals(f[8], e.getCmd(), where + " cmd");
      assertEquals(f[9], e.getOp(), where + " op");
      assertEquals(orNull(f[10]), e.getSrc(), where + " src");
      assertEquals(orNull(f[11]), e.getDst(), where + " dst");
      assertEquals(orNull(f[12]), e.getPerm(), where + " perm");
      assertEquals(orNull(f[13]), e.getProto(), where + " proto");
      assertEquals(orNull(f[14]), e.getCallerContext(), where + " callerContext");
    }
  }

  private static String orNull(String field) {
    return field.isEmpty() ? null : field;
  }
}
