package org.mimesisbench.generator.mr;

import org.mimesisbench.generator.schedule.Op;

/** The run's MapReduce counters: one group, ops and errors per op, and phase 1's entries. */
public final class Counters {
  public static final String GROUP = "MimesisBench";
  public static final String NAMESPACE_ENTRIES = "namespace entries";

  private Counters() {}

  public static String ops(Op op) {
    return op.label();
  }

  public static String errors(Op op) {
    return op.label() + " errors";
  }
}
