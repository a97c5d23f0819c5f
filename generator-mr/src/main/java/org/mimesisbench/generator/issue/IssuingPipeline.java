package org.mimesisbench.generator.issue;

import java.io.IOException;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;
import org.mimesisbench.cli.Messages;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.Life;
import org.mimesisbench.generator.schedule.Schedule;

/**
 * One mapper's three threads (paper, section 3):
 * <ol>
 *   <li>the introducer adds files to a priority queue in order of origin (pre-existing ones, then
 *       the create renewal process), staying at most {@link #LOOKAHEAD_MS} ahead of sequencing;
 *   <li>the sequencer moves the next event of the file whose next event is earliest from the
 *       priority queue to a FIFO, never past the origin of a file not yet introduced;
 *   <li>the issuer (the calling thread) waits for each event's due time (its schedule time times
 *       the time scale after the start) and issues it, measuring latency and lateness.
 * </ol>
 * The sequencer hands events over in batches of up to {@value #BATCH} through a {@link BatchFifo}.
 * Issuing stops early when an op is more than the maximum drift late, when the wall-clock limit
 * is reached, when every call has failed for the outage limit (the file system is down), or when
 * {@link #stop} is called; the statistics say why. Lateness that an outage caused (the calls
 * waited or failed while the file system was away) is not counted as drift: after a restart of
 * the NameNode the run goes on, the failed calls counted as errors.
 *
 * <p>The issuer reads the clock twice per op at a time scale above 0 (when the wait for the due
 * time ends, which is the op's begin, and when the op ends) and once at time scale 0, where ops go
 * back to back: there an op begins when the one before it ended (or when the issuer got its batch,
 * if it had to wait for one), so its latency includes the few nanoseconds of bookkeeping between
 * two calls.
 */
public final class IssuingPipeline {
  /** How far (profile ms) introduction may run ahead of sequencing: bounds the files held. */
  static final double LOOKAHEAD_MS = 5_000;
  /** Why issuing stopped when the wall-clock limit (--duration at time scale 0) came first. */
  public static final String DURATION_ENDED = "the --duration ended with events still scheduled";
  /** How an outage (every call failing for a while) is named: in why issuing stopped, and in the run's summary. */
  public static final String OUTAGE = "outage: ";
  private static final int FIFO_CAPACITY = 8192; // events
  private static final int BATCH = 64;
  private static final long POLL_NANOS = TimeUnit.SECONDS.toNanos(1);
  /** Outages shorter than this (a failed call or two between successes) are errors, not outages worth a note. */
  private static final long OUTAGE_NOTED_NANOS = TimeUnit.SECONDS.toNanos(1);
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

  private final Schedule schedule;
  private final EventSink sink;
  private final double timeScale;
  private final long maxDriftNanos;
  private final long wallLimitNanos;
  private long outageLimitNanos = Long.MAX_VALUE;
  private final RunStatistics stats = new RunStatistics();

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition introducerMayGo = lock.newCondition();
  private final Condition sequencerMayGo = lock.newCondition();
  private final FileQueue files = new FileQueue();
  private double nextOrigin; // origin of the next file to introduce; infinite when all are in
  private double sequencedUpTo; // every event before this time is in the FIFO
  // batches, not single events: one hand-over per BATCH events
  private final BatchFifo fifo = new BatchFifo(FIFO_CAPACITY / BATCH);
  private volatile boolean stopped;
  private volatile Throwable failure;
  private long lastEnd; // when the last op issued ended (System.nanoTime)
  private long idleSince; // when the issuer was last free to issue: the last op's end, or when a batch came
  private boolean failing; // every call since failingSince failed: an outage, if it lasts
  private long failingSince; // System.nanoTime at the begin of the outage's first failed call
  private long failingSinceMillis; // the same on the wall clock, for the summary
  private String firstFailure; // the outage's first error
  private long excusedNanos; // lateness that past outages explain (never more than the lateness since)

  /** Where events go: the file system under test, or nowhere (measuring the generator alone). */
  @FunctionalInterface
  public interface EventSink {
    void issue(Event e) throws IOException;
  }

  /**
   * @param timeScale multiplies schedule times (0: back to back)
   * @param maxDriftMs stop when an op is issued this late (0: never); not checked at time scale 0
   * @param wallLimitMs stop issuing this long after the start (0: no limit)
   */
  public IssuingPipeline(Schedule schedule, EventSink sink, double timeScale, long maxDriftMs,
      long wallLimitMs) {
    this.schedule = schedule;
    this.sink = sink;
    this.timeScale = timeScale;
    this.maxDriftNanos = timeScale > 0 && maxDriftMs > 0 ? maxDriftMs * 1_000_000L : Long.MAX_VALUE;
    this.wallLimitNanos = wallLimitMs > 0 ? wallLimitMs * 1_000_000L : Long.MAX_VALUE;
  }

  /** Stops issuing once every call has failed for {@code ms} (0: never); returns this pipeline. */
  public IssuingPipeline outageLimit(long ms) {
    this.outageLimitNanos = ms > 0 ? ms * 1_000_000L : Long.MAX_VALUE;
    return this;
  }

  /** The statistics so far: read them only from the progress callback, which runs on the issuing thread. */
  public RunStatistics statistics() {
    return stats;
  }

  /**
   * Runs the schedule from {@code startNanos} (a {@link System#nanoTime} value, the common start
   * after the barrier); returns when it is issued or issuing stopped. {@code onProgress} runs
   * about once a second (a mapper reports progress to the framework with it).
   */
  public RunStatistics run(long startNanos, Runnable onProgress) throws InterruptedException {
    Thread introducer = new Thread(this::introduce, "introducer");
    Thread sequencer = new Thread(this::sequence, "sequencer");
    introducer.setDaemon(true);
    sequencer.setDaemon(true);
    introducer.start();
    sequencer.start();
    try {
      issue(startNanos, onProgress);
      if (failing) { // the schedule or the run ended during an outage
        endOutage(lastEnd);
      }
    } finally {
      stop();
      introducer.interrupt();
      sequencer.interrupt();
      introducer.join();
      sequencer.join();
    }
    if (failure != null) {
      throw new IllegalStateException("schedule failed: " + failure, failure);
    }
    stats.mapperDone(Math.max(0, lastEnd - startNanos));
    return stats;
  }

  /** Stops issuing; the events not yet issued are not. */
  public void stop() {
    stopped = true;
    fifo.close(); // wakes the issuer and the sequencer if they wait on each other
  }

  private void introduce() {
    try {
      for (Life f = schedule.next(); f != null && !stopped; f = schedule.next()) {
        lock.lock();
        try {
          // the sequencer can only use a later origin: files of one origin (such as all the
          // pre-existing ones, at 0) wake it once, not once each
          if (f.firstTime() > nextOrigin) {
            sequencerMayGo.signal();
          }
          nextOrigin = f.firstTime();
          while (f.firstTime() > sequencedUpTo + LOOKAHEAD_MS && !stopped) {
            introducerMayGo.await();
          }
          if (!f.done()) {
            files.add(f);
          }
        } finally {
          lock.unlock();
        }
      }
    } catch (InterruptedException e) {
      return;
    } catch (RuntimeException e) {
      fail(e);
    }
    lock.lock();
    try {
      nextOrigin = Double.POSITIVE_INFINITY;
      sequencerMayGo.signal();
    } finally {
      lock.unlock();
    }
  }

  private void sequence() {
    try {
      while (!stopped) {
        Event[] batch = new Event[BATCH]; // handed over as it is: the issuer owns it from then on
        int n = 0;
        boolean end = false;
        lock.lock();
        try {
          while (n < BATCH) {
            Life f = files.earliest();
            if (f != null && f.nextTime() <= nextOrigin) {
              Event e = f.next();
              files.reorderEarliest();
              batch[n++] = e;
              if (e.timeMs() > sequencedUpTo) {
                sequencedUpTo = e.timeMs();
              }
              continue;
            }
            if (f == null && nextOrigin == Double.POSITIVE_INFINITY) {
              end = true;
              break;
            }
            // starved: everything before the next origin is out, so the introducer may move on
            if (nextOrigin > sequencedUpTo) {
              sequencedUpTo = nextOrigin;
            }
            introducerMayGo.signal();
            if (n > 0) {
              break; // hand over what we have before waiting
            }
            sequencerMayGo.await(10, TimeUnit.MILLISECONDS);
            if (stopped) {
              return;
            }
          }
          if (nextOrigin <= sequencedUpTo + LOOKAHEAD_MS) { // what the introducer waits for, if it waits
            introducerMayGo.signal();
          }
        } finally {
          lock.unlock();
        }
        if (n > 0 && !fifo.put(n == BATCH ? batch : Arrays.copyOf(batch, n))) {
          return; // closed: issuing stopped
        }
        if (end) {
          fifo.put(new Event[] {Event.END});
          return;
        }
      }
    } catch (InterruptedException e) {
      // stopped
    } catch (RuntimeException e) {
      fail(e);
    }
  }

  private void fail(Throwable t) {
    failure = t;
    stop();
  }

  private void issue(long startNanos, Runnable onProgress) {
    long nextProgress = System.nanoTime();
    while (!stopped) {
      Event[] batch = fifo.poll(POLL_NANOS);
      long now = System.nanoTime();
      if (now - nextProgress >= 0) {
        onProgress.run();
        nextProgress = now + 1_000_000_000L;
      }
      if (batch == null) {
        continue;
      }
      idleSince = now;
      for (Event e : batch) {
        if (e == Event.END || stopped || !issue(e, startNanos)) {
          return;
        }
      }
    }
  }

  /** Issues one event at its due time; false when issuing must stop (duration over, drift too large). */
  private boolean issue(Event e, long startNanos) {
    long due;
    long begin;
    if (timeScale > 0) {
      due = startNanos + (long) (e.timeMs() * timeScale * 1e6);
      begin = waitUntil(due);
    } else { // back to back, from the start on: the op begins when the issuer was free
      due = startNanos;
      begin = idleSince - startNanos >= 0 ? idleSince : waitUntil(startNanos);
    }
    if (begin - startNanos >= wallLimitNanos) {
      stats.stopped(DURATION_ENDED);
      return false;
    }
    long late = begin - due;
    long excused = Math.min(Math.max(late, 0), excusedNanos + (failing ? begin - failingSince : 0));
    if (late - excused > maxDriftNanos) {
      stats.stopped(String.format("drift: an op was issued %.1f ms behind schedule, over the --max-drift of %d ms",
          late / 1e6, maxDriftNanos / 1_000_000));
      return false;
    }
    String error = null;
    String errorClass = null;
    boolean lacking = false; // a call the file system does not have, or denied: an error, never an outage
    try {
      sink.issue(e);
    } catch (IOException | RuntimeException ex) {
      // a denial is the NameNode's answer (a replay's calls the trace saw denied): it is up
      lacking = ex instanceof UnsupportedOperationException || ex instanceof AccessControlException
          || ex instanceof RemoteException r && r.getClassName().equals(AccessControlException.class.getName());
      errorClass = ex instanceof RemoteException r ? r.getClassName().substring(r.getClassName().lastIndexOf('.') + 1)
          : ex.getClass().getSimpleName();
      error = errorClass + ": " + Messages.firstLine(ex);
    }
    long end = System.nanoTime();
    lastEnd = end;
    idleSince = end;
    stats.record(e.op(), end - begin, timeScale > 0 ? late : 0, (int) ((begin - startNanos) / 1_000_000_000L), error,
        errorClass);
    if (error == null || lacking) {
      if (failing) {
        endOutage(begin);
      }
      excusedNanos = Math.min(excusedNanos, Math.max(late, 0)); // caught up: what is late from now on is drift
    } else {
      if (!failing) {
        failing = true;
        failingSince = begin;
        failingSinceMillis = System.currentTimeMillis() - (end - begin) / 1_000_000L;
        firstFailure = error;
      }
      if (end - failingSince >= outageLimitNanos) {
        stats.outage(end - failingSince, outage(end - failingSince, ""));
        failing = false;
        stats.stopped(OUTAGE + outage(end - failingSince, ", the --outage-limit"));
        return false;
      }
    }
    return true;
  }

  /** The outage that began at failingSince ended at {@code at}: noted if it lasted, its time excused from drift. */
  private void endOutage(long at) {
    failing = false;
    long nanos = at - failingSince;
    excusedNanos += nanos;
    if (nanos >= OUTAGE_NOTED_NANOS) {
      stats.outage(nanos, outage(nanos, ""));
    }
  }

  private String outage(long nanos, String what) {
    LocalTime from = LocalTime.ofInstant(Instant.ofEpochMilli(failingSinceMillis), ZoneId.systemDefault());
    return String.format("every call failed for %.1f s from %s%s (first: %s)", nanos / 1e9,
        from.format(CLOCK), what, firstFailure);
  }

  /** Parks until {@code due} (a System.nanoTime value); returns the clock read when the wait ended. */
  private static long waitUntil(long due) {
    long now = System.nanoTime();
    while (due - now > 0) {
      LockSupport.parkNanos(due - now);
      now = System.nanoTime();
    }
    return now;
  }

}
