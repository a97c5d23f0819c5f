package org.mimesisbench.namespace.generate;

/**
 * What a generation decided on the way, for its report: the exact per-depth targets and fix-ups.
 */
public final class GenerationRecord {
  /** Files at each depth (index = depth), as split from the target. */
  public long[] filesAtDepth;

  /** Files of each type (by position in the statistics' types) at each depth. */
  public long[][] typeAtDepth;

  /** Fan-outs made outside the target distribution to keep a depth's sum and directory count. */
  public long fanOutsOutsidePool;

  /** Files-per-directory counts made outside the target distribution, likewise. */
  public long filesPerDirOutsidePool;
}
