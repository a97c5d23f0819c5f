package org.mimesisbench.generator.mr;

import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The time barrier every phase-2 mapper waits at, kept on the file system under test (the only
 * place all mappers, in any container, can see): each mapper makes a directory in the barrier
 * folder; when all are there, the start is the latest one's modification time (one clock: the file
 * system's) plus a lead, and each mapper waits for it on its own clock. A directory, not a file: a
 * file's modification time moves to its close, which a loaded NameNode can hold back by 400 ms, so
 * a mapper listing before that close and the driver reading the start afterwards disagreed on it.
 */
public final class StartBarrier {
  /** Time between the last mapper's arrival and the start: enough for every mapper to see it. */
  static final long LEAD_MS = 1_500;

  private static final long POLL_MS = 100;

  private final FileSystem fs;
  private final Path dir;
  private final int parties;
  private final long timeoutMs;
  private long outageLimitMs = Long.MAX_VALUE;

  public StartBarrier(FileSystem fs, Path dir, int parties, long timeoutMs) {
    this.fs = fs;
    this.dir = dir;
    this.parties = parties;
    this.timeoutMs = timeoutMs;
  }

  /**
   * Gives up once the file system has failed every listing for {@code ms}; returns this barrier.
   */
  public StartBarrier outageLimit(long ms) {
    outageLimitMs = ms > 0 ? ms : Long.MAX_VALUE;
    return this;
  }

  /**
   * Arrives as {@code party} and waits for the others; returns the common start as a {@link
   * System#nanoTime} value of this JVM. {@code onWait} runs while waiting (progress).
   */
  public long await(String party, Runnable onWait) throws IOException, InterruptedException {
    fs.mkdirs(new Path(dir, party));
    long deadline = System.currentTimeMillis() + timeoutMs;
    long failingSince = -1;
    while (true) {
      FileStatus[] arrived;
      try {
        arrived = fs.listStatus(dir);
        failingSince = -1;
      } catch (IOException e) { // the file system is restarting: keep waiting until the deadline
        long now = System.currentTimeMillis();
        failingSince = failingSince < 0 ? now : failingSince;
        if (now > deadline || now - failingSince >= outageLimitMs) {
          throw e;
        }
        Thread.sleep(POLL_MS);
        continue;
      }
      if (arrived.length >= parties) {
        long startMillis = startMillis(arrived);
        return System.nanoTime() + (startMillis - System.currentTimeMillis()) * 1_000_000L;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IOException(timedOut(arrived.length, parties, timeoutMs));
      }
      onWait.run();
      Thread.sleep(POLL_MS);
    }
  }

  /**
   * Why a barrier that {@code arrived} of {@code parties} reached within {@code timeoutMs} gave up,
   * in a line.
   */
  public static String timedOut(int arrived, int parties, long timeoutMs) {
    return "start barrier: "
        + arrived
        + " of "
        + parties
        + " mappers arrived within "
        + timeoutMs / 1000
        + " s (--barrier-timeout); a mapper that never came either found no room (the queue cannot run "
        + parties
        + " map containers and the application master at once: give --mappers "
        + Math.max(1, arrived)
        + ", smaller containers or a larger queue) or failed before the barrier (see its task log)";
  }

  /**
   * The mappers' arrivals at the barrier in {@code dir}, as its driver sees them while they gather
   * (none before the first).
   */
  public static FileStatus[] arrivals(FileSystem fs, Path dir) throws IOException {
    return fs.exists(dir) ? fs.listStatus(dir) : new FileStatus[0];
  }

  /**
   * The common start (epoch ms, the file system's clock) of a barrier every party passed: the
   * driver's record of the schedule's time zero, to tell phase 2's audit events from phase 1's.
   */
  public static long startMillis(FileSystem fs, Path dir) throws IOException {
    return startMillis(fs.listStatus(dir));
  }

  static long startMillis(FileStatus[] arrived) {
    long last = 0;
    for (FileStatus s : arrived) {
      last = Math.max(last, s.getModificationTime());
    }
    return last + LEAD_MS;
  }
}
