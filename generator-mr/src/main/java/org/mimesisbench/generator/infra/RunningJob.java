package org.mimesisbench.generator.infra;

import java.io.IOException;
import java.time.Duration;
import org.apache.hadoop.mapreduce.Job;
import org.mimesisbench.cli.Messages;

/**
 * The job a run is waiting for, killed when the run is interrupted (SIGTERM, Ctrl-C): on YARN the
 * application outlives its client otherwise, its mappers waiting at the barrier or issuing on.
 */
public final class RunningJob {
  /** How LocalJobRunner names the threads of its map tasks. */
  private static final String LOCAL_TASK_THREAD = "LocalJobRunner Map Task Executor";

  private volatile Job job;
  private volatile String killed;
  private volatile String notKilled;
  private volatile boolean interrupted;

  /** The job now waited for; null when none is. */
  public void set(Job job) {
    this.job = job;
  }

  /**
   * Kills the job waited for, if it still runs; the run's one line on the interrupt says so ({@link
   * #outcome}).
   */
  public void kill() {
    interrupted = true; // first: the job's end must not be taken for the run's
    Job j = job;
    if (j == null) {
      return;
    }
    try {
      if (!j.isComplete()) {
        j.killJob();
        killed = j.getJobID() + " (" + j.getJobName() + ")";
      }
    } catch (IOException | RuntimeException e) {
      notKilled = "could not kill job " + j.getJobID() + ": " + Messages.firstLine(e);
    }
  }

  /** What {@link #kill} did, for the interrupt's line ("killed job ..."); null: nothing ran. */
  public String outcome() {
    return killed != null ? "killed job " + killed : notKilled;
  }

  /**
   * Returns at once unless the run was interrupted; then never: the JVM is shutting down, and the
   * run's thread must write no results of a job its hook killed (the hook drops them).
   */
  public void haltIfInterrupted() {
    while (interrupted) {
      try {
        Thread.sleep(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        // still shutting down
      }
    }
  }

  /**
   * Waits, at most {@code limit}, for the local job runner's task threads to end: a killed task
   * still writes its output under the run's working files as it stops, so these are deleted after.
   */
  public static void awaitLocalTasks(Duration limit) {
    long end = System.nanoTime() + limit.toNanos();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      long left = end - System.nanoTime();
      if (t.getName().startsWith(LOCAL_TASK_THREAD) && left > 0) {
        try {
          t.join(left / 1_000_000 + 1);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  /** The job killed on an interrupt, or null. */
  public String killed() {
    return killed;
  }
}
