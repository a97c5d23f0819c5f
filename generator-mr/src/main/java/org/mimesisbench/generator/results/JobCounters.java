package org.mimesisbench.generator.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Job;
import org.mimesisbench.cli.Messages;

/**
 * A job's counters, read once as soon as it completes, while its application master still answers
 * (a finished job's counters are otherwise only the history server's, if it ever saw the job). A
 * read that fails is retried; when every try fails, the last counters seen while the job ran stand
 * in, and {@link #warning()} says so.
 */
public final class JobCounters {
  private static final int TRIES = 4;
  private static final long PAUSE_MS = 1_500;

  private final org.apache.hadoop.mapreduce.Counters counters; // null: none known
  private final String warning;

  private JobCounters(org.apache.hadoop.mapreduce.Counters counters, String warning) {
    this.counters = counters;
    this.warning = warning;
  }

  /** The counters of a running job as they are now, or null when they cannot be had. */
  public static org.apache.hadoop.mapreduce.Counters now(Job job) {
    try {
      return job.getCounters();
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The counters of {@code job}, which has completed; {@code lastSeen}: while it ran (may be null).
   */
  public static JobCounters finished(
      Job job, String phase, org.apache.hadoop.mapreduce.Counters lastSeen)
      throws InterruptedException {
    Exception last = null;
    for (int attempt = 1; attempt <= TRIES; attempt++) {
      try {
        org.apache.hadoop.mapreduce.Counters c = job.getCounters();
        if (c != null) {
          return new JobCounters(c, null);
        }
        last = new IOException("the job has no counters");
      } catch (IOException | RuntimeException e) {
        last = e;
      }
      if (attempt < TRIES) {
        Thread.sleep(PAUSE_MS * attempt);
      }
    }
    return new JobCounters(
        lastSeen,
        "the counters of "
            + phase
            + " could not be read after it ended ("
            + Messages.firstLine(last)
            + ")"
            + (lastSeen != null
                ? ": the last ones seen while it ran are used"
                : ": its counts are missing")
            + " (counters.json)");
  }

  /** None: the job never ran. */
  public static JobCounters none() {
    return new JobCounters(null, null);
  }

  /** Why the counters are not the job's final ones, or null when they are. */
  public String warning() {
    return warning;
  }

  /** The Hadoop counters, or null when none are known. */
  public org.apache.hadoop.mapreduce.Counters counters() {
    return counters;
  }

  /** A counter's value; 0 when it, or every counter, is missing. */
  public long get(String group, String name) {
    Counter c = counters == null ? null : counters.findCounter(group, name);
    return c == null ? 0 : c.getValue();
  }

  /** Every counter, by group and name as MapReduce displays them (counters.json). */
  public ObjectNode json() {
    ObjectNode o = new ObjectMapper().createObjectNode();
    if (counters == null) {
      return o;
    }
    for (CounterGroup g : counters) {
      ObjectNode group = o.putObject(g.getDisplayName());
      for (Counter c : g) {
        group.put(c.getDisplayName(), c.getValue());
      }
    }
    return o;
  }
}
