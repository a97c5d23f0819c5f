package org.mimesisbench.generator.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.mimesisbench.generator.op.Op;

/** What statistics cost to make and merge: mappers make counts-only ones every second. */
class RunStatisticsTest {

  @Test
  void statisticsWithoutValuesHoldNoHistograms() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    new RunStatistics(); // classes loaded before counting
    long before = threads.getCurrentThreadAllocatedBytes();
    RunStatistics merged = new RunStatistics();
    for (int i = 0; i < 100; i++) {
      RunStatistics counts = new RunStatistics();
      counts.add(new RunStatistics());
      merged.add(counts);
    }
    long perStatistics = (threads.getCurrentThreadAllocatedBytes() - before) / 201;
    // an empty HdrHistogram is 16 KB, and there are two per op: 1.3 MB each when made eagerly
    assertTrue(perStatistics < 16 * 1024, perStatistics + " bytes for one empty statistics");
  }

  @Test
  void mergingKeepsEveryOpsValuesAndAnOpNeverIssuedReadsAsEmpty() {
    RunStatistics a = new RunStatistics();
    a.record(Op.OPEN, 2_000_000, 3_000_000, 1_000_000, 0, null, null);
    RunStatistics b = new RunStatistics();
    b.record(Op.MKDIRS, 5_000_000, 5_000_000, 0, 0, null, null);
    RunStatistics all = new RunStatistics();
    all.add(a);
    all.add(new RunStatistics());
    all.add(b);
    assertEquals(1, all.latency(Op.OPEN).getTotalCount());
    assertEquals(3_000, all.response(Op.OPEN).getMaxValue(), 3);
    assertEquals(5_000, all.latency(Op.MKDIRS).getMaxValue(), 5);
    assertEquals(2, all.lateness().getTotalCount());
    assertEquals(0, all.latency(Op.DELETE).getTotalCount());
    assertEquals(0, new RunStatistics().lateness().getTotalCount());
  }
}
