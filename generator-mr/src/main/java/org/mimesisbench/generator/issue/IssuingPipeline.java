package org.mimesisbench.generator.issue;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
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
 * is reached, or when {@link #stop} is called; the statistics say why.
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
  private static final int FIFO_CAPACITY = 8192; // events
  private static final int BATCH = 64;
  private static final long POLL_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final Schedule schedule;
  private final EventSink sink;
  private final double timeScale;
  private final long maxDriftNanos;
  private final long wallLimitNanos;
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
    if (late > maxDriftNanos) {
      stats.stopped(String.format("drift: an op was issued %.1f ms behind schedule, over the --max-drift of %d ms",
          late / 1e6, maxDriftNanos / 1_000_000));
      return false;
    }
    String error = null;
    try {
      sink.issue(e);
    } catch (IOException | RuntimeException ex) {
      error = ex.getClass().getSimpleName() + ": " + Messages.firstLine(ex);
    }
    long end = System.nanoTime();
    lastEnd = end;
    idleSince = end;
    stats.record(e.op(), end - begin, timeScale > 0 ? late : 0, (int) ((begin - startNanos) / 1_000_000_000L), error);
    return true;
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
