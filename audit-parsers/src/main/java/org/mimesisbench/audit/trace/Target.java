package org.mimesisbench.audit.trace;

/** What an event's path named when the event happened; the parse report counts events by it. */
public enum Target {
  /** A file (or the command makes or reads one: create, open, append, ...). */
  FILE,
  /** A directory (or mkdirs makes one). */
  DIRECTORY,
  /** Nothing: the path did not exist (a probe, "does it exist?"), told only with an fsimage. */
  MISSING,
  /**
   * Not known: without an fsimage, a path the trace neither made nor showed to be a file or
   * directory.
   */
  UNKNOWN,
  /** A command with no path (datanodeReport, listEncryptionZones, ...): the cluster. */
  CLUSTER;

  /** The parse report's key. */
  public String key() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
