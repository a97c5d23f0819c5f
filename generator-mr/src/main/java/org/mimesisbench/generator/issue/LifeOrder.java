package org.mimesisbench.generator.issue;

import java.util.ArrayDeque;
import java.util.IdentityHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.function.BooleanSupplier;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.Life;

/**
 * Which of a life's events may begin while others of it are in flight, and which wait behind them:
 * a life's events keep their order (an open never before its create), except that its reads overlap
 * one another and its create's data writing, and the changes HDFS serves on a file being written
 * ({@link Op#WHILE_WRITTEN}: a put's rename into place) go beside that create alone, once its file
 * exists. An issuer is named by any object; every method is called under the pipeline's state lock,
 * whose condition {@code fileFound} is.
 */
final class LifeOrder {
  /** How an event claimed for an issuer begins. */
  enum Claim {
    /** Queued behind the life's ops in flight: the issuer of one of those issues it. */
    QUEUED,
    /** At once (at its due time). */
    BEGINS,
    /** Beside the life's create, once the create's file exists ({@link #awaitFile}). */
    AFTER_FILE
  }

  /** The event an issuer goes on with once its op ended, and how it begins. */
  record Next(Event event, Claim claim) {}

  private final IdentityHashMap<Life, InFlight> lives = new IdentityHashMap<>();
  private final Condition fileFound; // a create's file exists, or the create ended

  LifeOrder(Condition fileFound) {
    this.fileFound = fileFound;
  }

  /** A life's ops in flight, the events queued behind them, and its create among them. */
  private static final class InFlight {
    int ops;
    boolean changing; // a change is in flight: nothing of the life overlaps it
    Object creating; // the issuer of the life's create in flight, until its file exists
    Object writer; // the same once the file exists, while the create writes the file's data
    final ArrayDeque<Event> queued = new ArrayDeque<>(2);

    /**
     * Whether {@code e} may begin beside the ops in flight: reads beside reads and the life's
     * create; a change HDFS serves on a file being written beside that create alone.
     */
    boolean admits(Event e, Life life) {
      if (ops == 0) {
        return true;
      }
      if (changing) {
        return false;
      }
      return overlaps(e, life)
          || ops == 1 && (creating != null || writer != null) && Op.WHILE_WRITTEN.contains(e.op());
    }

    /** Counts {@code e} of {@code life}, issued by {@code issuer}, in flight; how it begins. */
    Claim start(Object issuer, Event e, Life life) {
      Claim claim = creating != null ? Claim.AFTER_FILE : Claim.BEGINS;
      ops++;
      boolean create = e.op() == Op.CREATE && life.readsOverlap();
      if (create) {
        creating = issuer;
      }
      changing = !create && !overlaps(e, life);
      return claim;
    }
  }

  /** Whether every event queued in {@code f} is a read that overlaps the others. */
  private static boolean onlyReadsQueued(InFlight f, Life life) {
    for (Event q : f.queued) {
      if (!overlaps(q, life)) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code e} may overlap its life's other reads. */
  private static boolean overlaps(Event e, Life life) {
    return life.readsOverlap() && Op.READS.contains(e.op());
  }

  /**
   * Counts {@code e} of {@code life} in flight for {@code issuer}, or queues it when it must wait:
   * a change waits for every op of its life in flight (but a writing create, above), and any op
   * waits for a change in flight or for the events queued before it; a read waits for the reads
   * queued before it only behind a change (reads overlap: queued behind reads, which are released
   * one per op end, a burst of a file's reads went out one service time apart).
   */
  Claim claim(Object issuer, Life life, Event e) {
    if (life.independent(e)) {
      return Claim.BEGINS; // nothing of the life waits for it, and it waits for nothing
    }
    InFlight f = lives.get(life);
    if (f == null) {
      f = new InFlight();
      lives.put(life, f);
    } else if (!f.admits(e, life)
        || !f.queued.isEmpty() && !(overlaps(e, life) && onlyReadsQueued(f, life))) {
      f.queued.add(e);
      return Claim.QUEUED;
    }
    return f.start(issuer, e, life);
  }

  /**
   * {@code issuer}'s create of {@code life} made its file and only writes its data now: the ops
   * claimed beside it may begin.
   */
  void fileExists(Object issuer, Life life) {
    InFlight f = lives.get(life);
    if (f != null && f.creating == issuer) {
      f.creating = null;
      f.writer = issuer;
      fileFound.signalAll();
    }
  }

  /**
   * Waits until the create an op of {@code life} was claimed beside made its file (or ended), or
   * {@code stopped} says issuing stopped.
   */
  void awaitFile(Life life, BooleanSupplier stopped, long pollNanos) throws InterruptedException {
    InFlight f = lives.get(life);
    while (f.creating != null && !stopped.getAsBoolean()) {
      fileFound.await(pollNanos, TimeUnit.NANOSECONDS);
    }
  }

  /**
   * {@code issuer}'s op {@code e} of {@code life} ended; returns the life's next event that {@code
   * issuer} goes on with, claimed for it, or null. {@code goOn} false (issuing stopped) takes none.
   */
  Next ended(Object issuer, Event e, Life life, boolean goOn) {
    if (life.independent(e)) {
      return null;
    }
    InFlight f = lives.get(life);
    f.ops--;
    if (issuer == f.creating) {
      f.creating = null; // it ended without saying its file exists (it wrote no data, or failed)
      fileFound.signalAll(); // the ops beside it wait no more
    } else if (issuer == f.writer) {
      f.writer = null;
    } else if (!overlaps(e, life)) {
      f.changing = false; // changes never overlap one another: this was the only one
    }
    if (goOn && !f.queued.isEmpty() && f.admits(f.queued.peek(), life)) {
      Event queued = f.queued.poll();
      return new Next(queued, f.start(issuer, queued, life));
    }
    if (f.ops == 0) {
      lives.remove(life); // else the last of the ops in flight to end goes on
    }
    return null;
  }
}
