package org.mimesisbench.generator.issue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.Event;

/** The sequencer-to-issuer hand-over: every batch once, in order, with waits that end. */
@Timeout(60)
@Tag("paced") // its assertions time what it runs: generator-mr runs it alone
class BatchFifoTest {

  private static Event[] batch(int n) {
    return new Event[] {new Event(n, Op.OPEN, "/f" + n, null)};
  }

  /** {@code fifo.put(batch)} from another thread, which waits while the FIFO is full. */
  private static CompletableFuture<Boolean> putLater(BatchFifo<Event[]> fifo, Event[] batch) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return fifo.put(batch);
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
        });
  }

  @Test
  void batchesCrossThreadsOnceEachInOrderThroughASmallFifo() throws Exception {
    BatchFifo<Event[]> fifo = new BatchFifo<>(4);
    int n = 200_000;
    CompletableFuture<Void> producer =
        CompletableFuture.runAsync(
            () -> {
              try {
                for (int i = 0; i < n; i++) {
                  assertTrue(fifo.put(batch(i)));
                }
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    for (int i = 0; i < n; i++) {
      Event[] b = fifo.poll(TimeUnit.SECONDS.toNanos(30));
      assertEquals(i, (int) b[0].timeMs(), "batch " + i);
      if (i % 1000 == 0) {
        Thread.sleep(0, 1); // lets the FIFO fill up, so the producer waits on it now and then
      }
    }
    producer.get(30, TimeUnit.SECONDS);
    assertEquals(0, fifo.size());
  }

  @Test
  void pollWaitsForABatchThenGivesUp() throws Exception {
    BatchFifo<Event[]> fifo = new BatchFifo<>(2);
    long t0 = System.nanoTime();
    assertNull(fifo.poll(TimeUnit.MILLISECONDS.toNanos(50)));
    assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(50));

    Event[] b = batch(7);
    CompletableFuture.runAsync(
        () -> {
          try {
            Thread.sleep(50);
            fifo.put(b);
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
        });
    assertSame(b, fifo.poll(TimeUnit.SECONDS.toNanos(30)));
  }

  @Test
  void aFullFifoHoldsItsProducerUntilHalfOfItIsTaken() throws Exception {
    BatchFifo<Event[]> fifo = new BatchFifo<>(4);
    for (int i = 0; i < 4; i++) {
      assertTrue(fifo.put(batch(i)));
    }
    CompletableFuture<Boolean> fifth = putLater(fifo, batch(4));
    Thread.sleep(50);
    assertFalse(fifth.isDone(), "put into a full FIFO returned");
    assertEquals(0, (int) fifo.poll(0)[0].timeMs());
    assertEquals(1, (int) fifo.poll(0)[0].timeMs());
    assertTrue(fifth.get(30, TimeUnit.SECONDS)); // half free: the producer goes on
    for (int i = 2; i <= 4; i++) {
      assertEquals(i, (int) fifo.poll(0)[0].timeMs());
    }
  }

  @Test
  void closeEndsTheWaitsOfBothSides() throws Exception {
    BatchFifo<Event[]> empty = new BatchFifo<>(2);
    CompletableFuture<Event[]> consumer =
        CompletableFuture.supplyAsync(() -> empty.poll(TimeUnit.SECONDS.toNanos(60)));
    Thread.sleep(50);
    empty.close();
    assertNull(consumer.get(30, TimeUnit.SECONDS));

    BatchFifo<Event[]> full = new BatchFifo<>(2);
    full.put(batch(0));
    full.put(batch(1));
    CompletableFuture<Boolean> producer = putLater(full, batch(2));
    Thread.sleep(50);
    full.close();
    assertFalse(producer.get(30, TimeUnit.SECONDS), "a put into a closed FIFO is dropped");
    assertFalse(full.put(batch(3)));
  }

  @Test
  void capacityIsAPowerOfTwo() {
    assertThrows(IllegalArgumentException.class, () -> new BatchFifo<>(3));
    assertThrows(IllegalArgumentException.class, () -> new BatchFifo<>(1));
  }
}
