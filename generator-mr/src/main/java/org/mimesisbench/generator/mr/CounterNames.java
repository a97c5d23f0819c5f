package org.mimesisbench.generator.mr;

import org.mimesisbench.generator.op.Op;

/**
 * The run's MapReduce counters: one group, ops and errors per op, and those that move while the
 * jobs run (phase 1's entries, phase 2's ops issued and failed), for progress; a second group
 * counts the failed calls by op and exception class.
 */
public final class CounterNames {
  public static final String GROUP = "MimesisBench";
  public static final String NAMESPACE_ENTRIES = "namespace entries";

  /**
   * Every op issued, counted as it goes (about once a second); at the end the sum of the per-op
   * counters.
   */
  public static final String ISSUED = "ops issued";

  /** Of those, the calls that failed, counted as they go. */
  public static final String FAILED = "ops failed";

  /**
   * File data written, in bytes: phase 1's pre-existing files, phase 2's creates and appends (each
   * job counts its own).
   */
  public static final String BYTES_WRITTEN = "bytes written";

  /** File data read on open (--read-data), in bytes. */
  public static final String BYTES_READ = "bytes read";

  /**
   * How far behind schedule the mappers are as they go, a group of its own (progress only): {@link
   * #BEHIND_MS}, summed over the mappers, and {@link #BEHIND_MAPPERS}.
   */
  public static final String SCHEDULE = "MimesisBench schedule";

  /** Each mapper's lateness now (its pipelines' most), ms: summed, over the mappers, the mean. */
  public static final String BEHIND_MS = "behind schedule ms";

  /** Mappers more than {@link #BEHIND_THRESHOLD_MS} behind schedule now. */
  public static final String BEHIND_MAPPERS = "mappers behind schedule";

  /** Lateness that counts as behind schedule in progress: a second. */
  public static final long BEHIND_THRESHOLD_MS = 1000;

  /** Failed calls by op and exception class ({@link #errorClass}), a group of their own. */
  public static final String ERROR_CLASSES = "MimesisBench errors by class";

  private CounterNames() {}

  public static String ops(Op op) {
    return op.label();
  }

  public static String errors(Op op) {
    return op.label() + " errors";
  }

  /**
   * The counter of {@code op}'s calls that failed with {@code exceptionClass}, in {@link
   * #ERROR_CLASSES}.
   */
  public static String errorClass(Op op, String exceptionClass) {
    return op.label() + " " + exceptionClass;
  }
}
