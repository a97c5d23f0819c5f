package org.mimesisbench.audit.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.audit.testing.Traces;

/**
 * The local parse's k-way merge and the MapReduce parse's sort (by each file's running maximum
 * time, file, line: EventOrderKey) put events in the same order, also when a file logs some lines
 * out of time order.
 */
class MergeOrderProperties {

  @Provide
  Arbitrary<List<List<Integer>>> files() {
    Arbitrary<List<Integer>> seconds = Arbitraries.integers().between(0, 40).list().ofMaxSize(25);
    return seconds.list().ofMinSize(1).ofMaxSize(5);
  }

  @Property(tries = 1000)
  void kWayMergeEqualsSortByRunningMaximum(@ForAll("files") List<List<Integer>> files)
      throws Exception {
    List<AuditLogSource> sources = new ArrayList<>();
    List<long[]> expected = new ArrayList<>(); // {running max, file, line}
    for (int f = 0; f < files.size(); f++) {
      StringBuilder log = new StringBuilder();
      int max = Integer.MIN_VALUE;
      for (int l = 0; l < files.get(f).size(); l++) {
        int s = files.get(f).get(l);
        max = Math.max(max, s);
        log.append(Traces.line(s, "u", "open", "/" + f + "/" + (l + 1), null)).append('\n');
        expected.add(new long[] {max, f, l + 1});
      }
      sources.add(
          new AuditLogSource(
              "f" + f,
              new ByteArrayInputStream(log.toString().getBytes(StandardCharsets.UTF_8)),
              4096));
    }
    expected.sort(
        Comparator.<long[]>comparingLong(k -> k[0])
            .thenComparingLong(k -> k[1])
            .thenComparingLong(k -> k[2]));
    List<String> merged = new ArrayList<>();
    try (TimeOrderedAuditReader reader =
        new TimeOrderedAuditReader(sources, ZoneId.of("UTC"), new ParseReport())) {
      reader.readAll(r -> merged.add(r.source + "/" + r.line));
    }
    assertEquals(expected.stream().map(k -> k[1] + "/" + k[2]).toList(), merged);
  }
}
