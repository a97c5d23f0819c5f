package org.mimesisbench.generator.issue;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.TimeUnit;
import org.mimesisbench.generator.measure.RunStatistics;

/**
 * An issuer's outages: a stretch in which every call failed, or none ended. One that lasts the
 * outage limit stops issuing; one that ends is noted in the statistics when it lasted, and its time
 * is excused from drift (the calls waited on the file system, not on the generator). Updated under
 * the pipeline's state lock; {@link #excused} is read outside it, hence the volatile fields.
 */
final class OutageTracker {
  /**
   * Outages shorter than this (a failed call or two between successes) are errors, not outages
   * worth a note.
   */
  private static final long NOTED_NANOS = TimeUnit.SECONDS.toNanos(1);

  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

  private final RunStatistics stats;
  private long limitNanos = Long.MAX_VALUE;
  private volatile boolean failing; // every call since failingSince failed: an outage, if it lasts
  private volatile long failingSince; // System.nanoTime at the begin of its first failed call
  private long failingSinceMillis; // the same on the wall clock, for the summary
  private String firstFailure; // the outage's first error
  private volatile long excusedNanos; // lateness past outages explain (at most the lateness since)

  OutageTracker(RunStatistics stats) {
    this.stats = stats;
  }

  /** Every call failing for {@code ms} stops issuing (0: never). */
  void limit(long ms) {
    this.limitNanos = ms > 0 ? ms * 1_000_000L : Long.MAX_VALUE;
  }

  /** How much of {@code late}, an op's lateness as it begins at {@code begin}, outages explain. */
  long excused(long late, long begin) {
    return Math.min(Math.max(late, 0), excusedNanos + (failing ? begin - failingSince : 0));
  }

  /** A call that began at {@code begin}, {@code late}, succeeded: an outage, if any, is over. */
  void succeeded(long begin, long late) {
    if (failing) {
      end(begin - failingSince > 0 ? begin : failingSince);
    }
    excusedNanos = Math.min(excusedNanos, Math.max(late, 0)); // caught up: later lateness is drift
  }

  /**
   * A call from {@code begin} to {@code end} failed with {@code error}; returns why issuing stops
   * when every call has now failed for the limit, else null.
   */
  String failed(long begin, long end, String error) {
    if (!failing) {
      failingSince = begin;
      failingSinceMillis = System.currentTimeMillis() - (end - begin) / 1_000_000L;
      firstFailure = error;
      failing = true;
    }
    if (end - failingSince < limitNanos) {
      return null;
    }
    stats.outage(end - failingSince, describe(end - failingSince, ""));
    failing = false;
    return IssuingPipeline.OUTAGE + describe(end - failingSince, ", the --outage-limit");
  }

  /** The limit in nanoseconds ({@link Long#MAX_VALUE}: none). */
  long limitNanos() {
    return limitNanos;
  }

  /**
   * No call has ended since {@code begin}, a call in flight all along, and it is {@code now}:
   * returns why issuing stops when that has lasted the limit (the file system is down, its clients
   * retrying: an HA nameservice with no active NameNode), else null.
   */
  String stalled(long begin, long now) {
    if (now - begin < limitNanos) {
      return null;
    }
    long since = failing && failingSince - begin < 0 ? failingSince : begin;
    failing = false;
    long sinceMillis = System.currentTimeMillis() - (now - since) / 1_000_000L;
    String why = "the calls in flight retrying, none answered";
    stats.outage(now - since, describe("no call ended", now - since, sinceMillis, "", why));
    return IssuingPipeline.OUTAGE
        + describe("no call ended", now - since, sinceMillis, ", the --outage-limit", why);
  }

  /** Issuing ended at {@code at}: an outage going on then ends there. */
  void issuingEnded(long at) {
    if (failing) {
      end(at);
    }
  }

  /** The outage ended at {@code at}: noted if it lasted, its time excused from drift. */
  private void end(long at) {
    failing = false;
    long nanos = at - failingSince;
    excusedNanos += nanos;
    if (nanos >= NOTED_NANOS) {
      stats.outage(nanos, describe(nanos, ""));
    }
  }

  private String describe(long nanos, String what) {
    return describe("every call failed", nanos, failingSinceMillis, what, "first: " + firstFailure);
  }

  /** "{@code how} for 3.4 s from 12:00:01{@code what} ({@code detail})": an outage, in a line. */
  private static String describe(
      String how, long nanos, long fromMillis, String what, String detail) {
    LocalTime from = LocalTime.ofInstant(Instant.ofEpochMilli(fromMillis), ZoneId.systemDefault());
    return String.format(
        "%s for %.1f s from %s%s (%s)", how, nanos / 1e9, from.format(CLOCK), what, detail);
  }
}
