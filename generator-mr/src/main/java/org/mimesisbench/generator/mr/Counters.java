package org.mimesisbench.generator.mr;

import org.mimesisbench.generator.schedule.Op;

/**
 * The run's MapReduce counters: one group, ops and errors per op, and the two that move while the
 * jobs run (phase 1's entries, phase 2's ops issued), for progress.
 */
public final class Counters {
  public static final String GROUP = "MimesisBench";
  public static final String NAMESPACE_ENTRIES = "namespace entries";
  /** Every op issued, counted as it goes (about once a second); at the end the sum of the per-op counters. */
  public static final String ISSUED = "ops issued";

  private Counters() {}

  public static String ops(Op op) {
    return op.label();
  }

  public static String errors(Op op) {
    return op.label() + " errors";
  }
}
