package org.mimesisbench.generator.issue;

import org.apache.hadoop.ipc.CallerContext;
import org.mimesisbench.run.RunOp;

/**
 * Marks each call with the epoch microseconds it was due and began, as Hadoop's caller context: a
 * NameNode that logs caller contexts ({@code hadoop.caller.context.enabled}, on in the embedded
 * one) then records in its audit log how late each call began and how long it took to reach the
 * log, which the run's fidelity reads to tell the schedule, the issuing and the NameNode apart.
 */
final class CallBeginContext {
  /** RunOp.avsc's {@code callerContextPrefix}: Python reads the same. */
  static final String PREFIX = RunOp.getClassSchema().getProp("callerContextPrefix");

  private final long wallMicrosAtStart;
  private final long nanosAtStart;

  /** Relates {@link System#nanoTime} to the wall clock the audit log uses, from now on. */
  CallBeginContext() {
    java.time.Instant now = java.time.Instant.now();
    this.nanosAtStart = System.nanoTime();
    this.wallMicrosAtStart = now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }

  /**
   * Sets this thread's caller context for the call due at {@code dueNanos} that begins at {@code
   * beginNanos}: {@code <prefix><due epoch µs>_<begin epoch µs>}.
   */
  void mark(long dueNanos, long beginNanos) {
    CallerContext.setCurrent(
        new CallerContext.Builder(PREFIX + wallMicros(dueNanos) + "_" + wallMicros(beginNanos))
            .build());
  }

  private long wallMicros(long nanos) {
    return wallMicrosAtStart + Math.floorDiv(nanos - nanosAtStart, 1_000L);
  }
}
