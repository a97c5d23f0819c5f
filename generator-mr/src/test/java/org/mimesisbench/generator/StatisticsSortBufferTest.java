package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.op.Op;

/** Phase 2's small map-side sort buffer still holds what a mapper emits. */
class StatisticsSortBufferTest {

  @Test
  void anHourLongMappersStatisticsFitPhaseTwosSortBuffer() throws IOException {
    RunStatistics stats = new RunStatistics();
    SplittableRandom random = new SplittableRandom(1);
    for (int second = 0; second < 3600; second++) {
      for (Op op : Op.values()) { // latencies from 1 us to 100 s fill each histogram's range
        long latencyNanos = (long) Math.pow(10, 3 + 8 * random.nextDouble());
        stats.record(
            op,
            latencyNanos,
            random.nextLong(1_000_000_000L),
            second,
            second % 600 == 0 ? "refused" : null);
      }
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    stats.write(new DataOutputStream(bytes));
    // the record and its accounting share the buffer: a record under a fifth of it is never spilled
    // alone
    long buffer = RunJobs.STATISTICS_SORT_MB * 1024L * 1024;
    assertTrue(
        bytes.size() < buffer / 5, bytes.size() + " bytes against a " + buffer + "-byte buffer");
  }

  @Test
  void aRecordReadsBackAsWrittenWithOnlyTheOpsIssued() throws IOException {
    RunStatistics stats = new RunStatistics();
    for (int second = 0; second < 100; second++) {
      stats.record(Op.OPEN, 1_000 * (second + 1), 10, second, null);
      stats.record(
          Op.SET_PERMISSION, 2_000, 0, second, second == 7 ? "AccessControlException: no" : null);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    stats.write(new DataOutputStream(bytes));
    RunStatistics read = new RunStatistics();
    read.readFields(
        new java.io.DataInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray())));
    for (Op op : Op.values()) {
      assertEquals(stats.count(op), read.count(op), op.label());
      assertEquals(stats.errors(op), read.errors(op), op.label());
      assertEquals(stats.latency(op).getTotalCount(), read.latency(op).getTotalCount(), op.label());
      for (int second = 0; second < 100; second++) {
        assertEquals(
            stats.timeline(second, op), read.timeline(second, op), op.label() + " at " + second);
      }
    }
    assertEquals(1, read.errors(Op.SET_PERMISSION));
  }
}
