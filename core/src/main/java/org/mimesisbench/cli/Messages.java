package org.mimesisbench.cli;

/** Error messages as the commands print them: one line each. */
public final class Messages {
  private Messages() {}

  /**
   * The first line of {@code t}'s message (Hadoop's RPC errors carry a remote stack trace after
   * it).
   */
  public static String firstLine(Throwable t) {
    return firstLine(String.valueOf(t.getMessage()));
  }

  public static String firstLine(String message) {
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }
}
