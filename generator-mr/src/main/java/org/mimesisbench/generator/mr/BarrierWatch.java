package org.mimesisbench.generator.mr;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The driver's view of phase 2's start barrier while its mappers gather, for the progress line:
 * until every mapper has arrived, how many have (a mapper the cluster has no room for never comes).
 */
public final class BarrierWatch {
  private final FileSystem fs;
  private final Path dir;
  private final int parties;
  private boolean passed;

  public BarrierWatch(FileSystem fs, Path dir, int parties) {
    this.fs = fs;
    this.dir = dir;
    this.parties = parties;
  }

  /**
   * "start barrier: k of n mappers arrived" while some are missing; null once all came (or it
   * cannot be seen).
   */
  public String waiting() {
    if (passed) {
      return null;
    }
    try {
      int arrived = StartBarrier.arrived(fs, dir);
      passed = arrived >= parties;
      return passed ? null : "start barrier: " + arrived + " of " + parties + " mappers arrived";
    } catch (IOException e) {
      return null; // the file system does not answer: the progress line says what the counters say
    }
  }
}
