package org.mimesisbench.audit.input;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import org.mimesisbench.audit.line.AuditRecord;

/**
 * Runs a parse as a pipeline of threads: one reads, decompresses and parses, and each sink
 * (building file timelines, writing events) runs in a thread of its own, all fed the same records
 * in the same order. The stages cost about the same, and machines have two cores or more. Records
 * travel in batches made new for each 1024 records and dropped after the last stage: young objects
 * pointing at young strings, which G1 stores without card marking or refinement (recycled batches
 * grew old, and every field copied into them was a dirty card).
 */
public final class ReadAhead {
  private static final int BATCH = 1024;
  // few records in flight: the strings they hold die young instead of filling the old generation
  private static final int BATCHES = 6;

  private static final class Batch {
    final AuditRecord[] records;
    int size;
    final boolean end;

    Batch(boolean end) {
      this.end = end;
      this.records = new AuditRecord[end ? 0 : BATCH];
    }
  }

  private ReadAhead() {}

  /** Reads every record and gives it to each sink in turn, in read order, in parallel stages. */
  public static void readAll(TimeOrderedAuditReader reader, TimeOrderedAuditReader.Sink... sinks)
      throws IOException {
    int stages = sinks.length;
    List<BlockingQueue<Batch>> queues = new ArrayList<>(); // queues[i] feeds stage i + 1
    for (int i = 0; i < stages; i++) {
      queues.add(new ArrayBlockingQueue<>(BATCHES + 1)); // + 1: the end marker always fits
    }
    Semaphore inFlight = new Semaphore(BATCHES); // a batch's permit returns after the last stage
    Throwable[] failures = new Throwable[stages + 1];
    List<Thread> threads = new ArrayList<>();
    threads.add(
        new Thread(
            () -> {
              try {
                Batch[] current = {newBatch(inFlight)};
                reader.readAll(
                    r -> {
                      // hashes computed and cached here, so the timeline builder's lookups
                      // (paths, users) are cheaper: it is the longest stage
                      if (r.src != null) {
                        r.src.hashCode();
                      }
                      if (r.dst != null) {
                        r.dst.hashCode();
                      }
                      if (r.user != null) {
                        r.user.hashCode();
                      }
                      current[0].records[current[0].size++] = r;
                      if (current[0].size == BATCH) {
                        put(queues.get(0), current[0]);
                        current[0] = newBatch(inFlight);
                      }
                    });
                put(queues.get(0), current[0]);
              } catch (Throwable t) {
                failures[0] = t;
              } finally {
                offerEnd(queues.get(0));
              }
            },
            "parse-read"));
    for (int s = 0; s < stages; s++) {
      int stage = s;
      threads.add(
          new Thread(
              () -> {
                BlockingQueue<Batch> in = queues.get(stage);
                BlockingQueue<Batch> out = stage < stages - 1 ? queues.get(stage + 1) : null;
                try {
                  for (Batch b = take(in); !b.end; b = take(in)) {
                    for (int i = 0; i < b.size; i++) {
                      sinks[stage].accept(b.records[i]);
                    }
                    if (out != null) {
                      put(out, b);
                    } else {
                      inFlight.release();
                    }
                  }
                } catch (Throwable t) {
                  failures[stage + 1] = t;
                  threads.forEach(Thread::interrupt); // the other stages must not wait forever
                } finally {
                  if (out != null) {
                    offerEnd(out);
                  }
                }
              },
              "parse-stage-" + (stage + 1)));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        threads.forEach(Thread::interrupt);
        Thread.currentThread().interrupt();
        throw new IOException("parse interrupted", e);
      }
    }
    for (int i = failures.length - 1; i >= 0; i--) { // a sink's failure explains a reader's
      rethrow(failures[i]);
    }
  }

  private static void offerEnd(BlockingQueue<Batch> q) {
    q.offer(new Batch(true));
  }

  private static void rethrow(Throwable t) throws IOException {
    if (t == null || t instanceof InterruptedException) {
      return;
    }
    if (t instanceof IOException io) {
      throw io;
    }
    if (t instanceof UncheckedIOException u) {
      throw u.getCause();
    }
    if (t instanceof RuntimeException r && !(r.getCause() instanceof InterruptedException)) {
      throw r;
    }
    if (t instanceof Error e) {
      throw e;
    }
  }

  private static Batch newBatch(Semaphore inFlight) {
    try {
      inFlight.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("parse interrupted", e);
    }
    return new Batch(false);
  }

  private static Batch take(BlockingQueue<Batch> q) {
    try {
      return q.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("parse interrupted", e);
    }
  }

  private static void put(BlockingQueue<Batch> q, Batch b) {
    try {
      q.put(b);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("parse interrupted", e);
    }
  }
}
