package org.mimesisbench.generator.measure;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * What this JVM had spent at one moment: CPU (all its threads), garbage collections and JIT
 * compilation. Two readings give what a phase cost, e.g. phase 2 of an embedded run, where the
 * NameNode and every local mapper share this JVM: two runs with the same ops/s per CPU second ran
 * the same code at the same cost, so a slower one was given fewer or slower cycles, not more work.
 *
 * @param nanos when it was read (System.nanoTime)
 * @param cpuNanos CPU time of the whole process so far
 * @param collections garbage collections so far (young and old, every collector)
 * @param collectionMillis time the collectors report for them (pauses, and for some collectors
 *     concurrent cycles)
 * @param compilationMillis time the JIT compilers have spent so far, -1 when not reported
 */
public record JvmUse(
    long nanos, long cpuNanos, long collections, long collectionMillis, long compilationMillis) {

  /** The reading now. */
  public static JvmUse now() {
    long collections = 0;
    long collectionMillis = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      collections += Math.max(0, gc.getCollectionCount()); // -1: not reported
      collectionMillis += Math.max(0, gc.getCollectionTime());
    }
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    long compilation =
        jit != null && jit.isCompilationTimeMonitoringSupported()
            ? jit.getTotalCompilationTime()
            : -1;
    return new JvmUse(
        System.nanoTime(), processCpuNanos(), collections, collectionMillis, compilation);
  }

  /** CPU time of the whole process (every thread) so far, in nanoseconds. */
  public static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** What was spent from {@code earlier} to this reading. */
  public JvmUse since(JvmUse earlier) {
    return new JvmUse(
        nanos - earlier.nanos,
        cpuNanos - earlier.cpuNanos,
        collections - earlier.collections,
        collectionMillis - earlier.collectionMillis,
        compilationMillis < 0 || earlier.compilationMillis < 0
            ? -1
            : compilationMillis - earlier.compilationMillis);
  }

  /** Cores kept busy on average: CPU time over wall time (of a span from {@link #since}). */
  public double cores() {
    return nanos > 0 ? (double) cpuNanos / nanos : 0;
  }
}
