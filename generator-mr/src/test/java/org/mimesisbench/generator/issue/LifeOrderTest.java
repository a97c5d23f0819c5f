package org.mimesisbench.generator.issue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.Life;

/** Which of a file's events begin beside the ones in flight, and which wait behind them. */
class LifeOrderTest {
  /** A file whose reads overlap one another, as a run's files' do; its events come from a test. */
  private static final Life FILE =
      new Life() {
        @Override
        public double nextTime() {
          return Double.POSITIVE_INFINITY;
        }

        @Override
        public double firstTime() {
          return 0;
        }

        @Override
        public boolean done() {
          return true;
        }

        @Override
        public Event next() {
          throw new UnsupportedOperationException();
        }

        @Override
        public boolean readsOverlap() {
          return true;
        }

        @Override
        public boolean independent(Event e) {
          return e.op() == Op.MKDIRS && e.path().startsWith("/m");
        }
      };

  /** The pipeline's state lock, under which every method of a LifeOrder is called. */
  private static final ReentrantLock STATE = new ReentrantLock();

  @BeforeEach
  void lock() {
    STATE.lock();
  }

  @AfterEach
  void unlock() {
    STATE.unlock();
  }

  private static Event event(double timeMs, Op op) {
    return new Event(timeMs, op, "/f", null, null, null);
  }

  /**
   * Reads queued behind a change are released one per op end; a read claimed after the change ended
   * goes beside them, not behind: queued behind them, a burst of a file's reads went out one
   * service time apart (HBase's reads after a rename: p90 15-20 ms late at time scale 0.2).
   */
  @Test
  void aReadWaitsForQueuedReadsOnlyBehindAChange() {
    LifeOrder order = new LifeOrder(STATE.newCondition());
    Object renamer = "renamer";
    assertEquals(LifeOrder.Claim.BEGINS, order.claim(renamer, FILE, event(0, Op.RENAME)));
    assertEquals(LifeOrder.Claim.QUEUED, order.claim("a", FILE, event(1, Op.OPEN)));
    assertEquals(LifeOrder.Claim.QUEUED, order.claim("b", FILE, event(2, Op.GET_FILE_INFO)));

    LifeOrder.Next next = order.ended(renamer, event(0, Op.RENAME), FILE, true);
    assertEquals(Op.OPEN, next.event().op(), "the first queued read goes on with the renamer");
    assertEquals(LifeOrder.Claim.BEGINS, next.claim());
    // the change ended: a read now goes beside the reads in flight and those still queued
    assertEquals(LifeOrder.Claim.BEGINS, order.claim("c", FILE, event(3, Op.OPEN)));
    // a change waits for them all, and the reads after it wait for it
    assertEquals(LifeOrder.Claim.QUEUED, order.claim("d", FILE, event(4, Op.SET_TIMES)));
    assertEquals(LifeOrder.Claim.QUEUED, order.claim("e", FILE, event(5, Op.OPEN)));

    assertEquals(
        Op.GET_FILE_INFO, order.ended(renamer, event(1, Op.OPEN), FILE, true).event().op());
    assertNull(order.ended("c", event(3, Op.OPEN), FILE, true), "the change waits for the read");
    assertEquals(
        Op.SET_TIMES, order.ended(renamer, event(2, Op.GET_FILE_INFO), FILE, true).event().op());
    assertEquals(Op.OPEN, order.ended(renamer, event(4, Op.SET_TIMES), FILE, true).event().op());
  }

  /**
   * The mkdirs a file's create comes with make directories of their own: its create does not wait
   * for them (on the warehouse trace's profile at time scale 0.2 every create began 1-10 ms late,
   * behind its mkdirs), and nothing of the file waits for them.
   */
  @Test
  void aCreateDoesNotWaitForTheMkdirsItComesWith() {
    LifeOrder order = new LifeOrder(STATE.newCondition());
    Event mkdirs = new Event(0, Op.MKDIRS, "/m0-run-0", null, null, null);
    assertEquals(LifeOrder.Claim.BEGINS, order.claim("a", FILE, mkdirs));
    assertEquals(LifeOrder.Claim.BEGINS, order.claim("b", FILE, event(0, Op.CREATE)));
    assertNull(order.ended("a", mkdirs, FILE, true));
    assertEquals(LifeOrder.Claim.QUEUED, order.claim("c", FILE, event(1, Op.DELETE)));
    assertEquals(Op.DELETE, order.ended("b", event(0, Op.CREATE), FILE, true).event().op());
  }
}
