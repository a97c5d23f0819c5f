package org.mimesisbench.generator.issue;

import java.util.concurrent.locks.LockSupport;

/**
 * The hand-over from the sequencer to the issuer: a bounded FIFO of event batches for exactly one
 * producer thread and one consumer thread, a ring of slots with no lock.
 *
 * @param <T> a batch
 *     <p>Why not an {@code ArrayBlockingQueue}: when the issuer is slower than the sequencer
 *     (always at time scale 0, and whenever the file system is the bottleneck) the queue is full,
 *     so every take wakes the parked sequencer to put one batch back: a futex call on the issuer's
 *     thread per batch and a thread wake-up per batch on the other core. Here a full FIFO wakes its
 *     producer only once it has drained to half its capacity, so the sequencer refills it in one go
 *     and sleeps again: about one wake-up per {@code capacity / 2} batches. An empty FIFO wakes its
 *     consumer at the first put, as the issuer must not wait for events that are there.
 *     <p>Waiting is by {@link LockSupport#park}: a waiter publishes itself, checks its condition
 *     again, then parks; the other side changes the condition, then reads whether someone waits.
 *     Both are volatile, so one of the two sees the other and no wake-up is lost.
 */
final class BatchFifo<T> {
  private final Object[] slots;
  private final int mask;
  private volatile long head; // next slot to take; written by the consumer only
  private volatile long tail; // next slot to put; written by the producer only
  private volatile Thread parkedProducer;
  private volatile Thread parkedConsumer;
  private volatile boolean closed;

  /**
   * @param capacity batches held; a power of two
   */
  BatchFifo(int capacity) {
    if (capacity < 2 || Integer.bitCount(capacity) != 1) {
      throw new IllegalArgumentException(
          "capacity must be a power of two of at least 2, not " + capacity);
    }
    slots = new Object[capacity];
    mask = capacity - 1;
  }

  /**
   * Adds a batch, waiting while the FIFO is full; false when the FIFO was closed (the batch is
   * dropped). Only the producer thread calls this.
   */
  boolean put(T batch) throws InterruptedException {
    long t = tail;
    while (t - head == slots.length) {
      if (closed) {
        return false;
      }
      parkedProducer = Thread.currentThread();
      if (t - head == slots.length && !closed) {
        LockSupport.park(this);
      }
      parkedProducer = null;
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
    }
    if (closed) {
      return false;
    }
    slots[(int) t & mask] = batch;
    tail = t + 1; // publishes the slot
    Thread consumer = parkedConsumer;
    if (consumer != null) {
      LockSupport.unpark(consumer);
    }
    return true;
  }

  /**
   * The oldest batch, waiting at most {@code timeoutNanos} for one; null when none came in time or
   * the FIFO is closed and empty. Only the consumer thread calls this.
   */
  @SuppressWarnings("unchecked")
  T poll(long timeoutNanos) {
    long h = head;
    if (h == tail) {
      long deadline = System.nanoTime() + timeoutNanos;
      while (h == tail) {
        long left = deadline - System.nanoTime();
        if (left <= 0 || closed) {
          return null;
        }
        parkedConsumer = Thread.currentThread();
        if (h == tail && !closed) {
          LockSupport.parkNanos(this, left);
        }
        parkedConsumer = null;
      }
    }
    int i = (int) h & mask;
    T batch = (T) slots[i];
    slots[i] = null;
    head = h + 1; // frees the slot
    Thread producer = parkedProducer;
    if (producer != null && tail - (h + 1) <= slots.length / 2) {
      LockSupport.unpark(producer);
    }
    return batch;
  }

  /**
   * Ends the hand-over: a waiting producer or consumer returns, and puts are dropped from now on.
   */
  void close() {
    closed = true;
    Thread t = parkedProducer;
    if (t != null) {
      LockSupport.unpark(t);
    }
    t = parkedConsumer;
    if (t != null) {
      LockSupport.unpark(t);
    }
  }

  /** Batches held now. */
  int size() {
    return (int) (tail - head);
  }
}
