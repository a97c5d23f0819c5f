package org.mimesisbench.generator.mr;

import java.io.IOException;
import java.time.Instant;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The driver's view of phase 2's start barrier while its mappers gather, for the progress lines:
 * until every mapper has arrived, how many have (a mapper the cluster has no room for never comes);
 * then, once, the time zero they start at.
 */
public final class BarrierWatch {
  private final FileSystem fs;
  private final Path dir;
  private final int parties;
  private int arrived = -1; // -1: not read, or the file system did not answer
  private long startMillis = -1;
  private boolean announced;

  public BarrierWatch(FileSystem fs, Path dir, int parties) {
    this.fs = fs;
    this.dir = dir;
    this.parties = parties;
  }

  /** Reads the barrier until every mapper has arrived. */
  private void read() {
    if (startMillis >= 0) {
      return;
    }
    try {
      FileStatus[] seen = StartBarrier.arrivals(fs, dir);
      arrived = seen.length;
      if (arrived >= parties) {
        startMillis = StartBarrier.startMillis(seen);
      }
    } catch (IOException e) {
      arrived = -1; // the file system does not answer: the progress line says what counters say
    }
  }

  /**
   * "start barrier: k of n mappers arrived" while some are missing; null once all came (or it
   * cannot be seen).
   */
  public String waiting() {
    read();
    return startMillis >= 0 || arrived < 0
        ? null
        : "start barrier: " + arrived + " of " + parties + " mappers arrived";
  }

  /**
   * "every mapper arrived at the start barrier: time zero at ..." (the file system's clock, UTC)
   * the first time the barrier is seen passed; null before and after.
   */
  public String passed() {
    read();
    if (startMillis < 0 || announced) {
      return null;
    }
    announced = true;
    return "every mapper arrived at the start barrier: time zero at "
        + Instant.ofEpochMilli(startMillis);
  }
}
