package org.mimesisbench.cli;

/** Exit codes shared by every command. */
public final class ExitCodes {
  public static final int OK = 0;

  /** The work ran and failed (e.g. a benchmark run that is not valid). */
  public static final int FAILED = 1;

  /** Bad input or options; nothing was written. */
  public static final int BAD_INPUT = 2;

  private ExitCodes() {}
}
