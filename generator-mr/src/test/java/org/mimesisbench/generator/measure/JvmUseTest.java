package org.mimesisbench.generator.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("paced") // its assertions time what it runs: generator-mr runs it alone
class JvmUseTest {
  @Test
  void aSpanCountsTheCpuAndCollectionsSpentInIt() {
    // against this thread's own CPU, not the wall clock: on a loaded machine the loop gets little
    // of a core
    java.lang.management.ThreadMXBean threads =
        java.lang.management.ManagementFactory.getThreadMXBean();
    long threadBefore = threads.getCurrentThreadCpuTime();
    JvmUse before = JvmUse.now();
    long sink = 0;
    long end = System.nanoTime() + 200_000_000L;
    while (System.nanoTime() < end) { // 0.2 s on this thread, making garbage
      sink += new byte[4096].length;
    }
    long threadCpu = threads.getCurrentThreadCpuTime() - threadBefore;
    System.gc();
    JvmUse spent = JvmUse.now().since(before);
    assertTrue(sink > 0);
    assertTrue(spent.nanos() >= 200_000_000L, spent.toString());
    assertTrue(threadCpu > 0, "the loop ran");
    // the process's CPU holds the busy thread's (its clock ticks coarser: allow 10 ms)
    assertTrue(
        spent.cpuNanos() >= threadCpu - 10_000_000L,
        "a busy thread's CPU counts: " + spent + ", thread " + threadCpu);
    assertTrue(spent.collections() >= 1, "System.gc() is a collection: " + spent);
    assertEquals(spent.cpuNanos() / (double) spent.nanos(), spent.cores(), 1e-9, spent.toString());
  }

  @Test
  void sinceSubtractsEachReading() {
    JvmUse a = new JvmUse(1_000, 5_000, 2, 30, 400);
    JvmUse b = new JvmUse(3_000, 9_000, 5, 70, 900);
    assertEquals(new JvmUse(2_000, 4_000, 3, 40, 500), b.since(a));
    assertEquals(2.0, b.since(a).cores(), 1e-12);
    assertEquals(
        -1,
        new JvmUse(3_000, 9_000, 5, 70, -1).since(a).compilationMillis(),
        "not reported stays so");
  }
}
