package org.mimesisbench.audit.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.file.DataFileWriter;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;

/**
 * Writes the timelines of the lives still alive at the trace's end, in id order: two threads encode
 * them block by block while the caller's appends the blocks in order (and compresses them). On a
 * log whose paths are mostly named once, hundreds of thousands of lives are alive at its end, and
 * encoding them on the one thread left the other core idle for most of a second.
 */
final class EndTimelines {
  private static final int BLOCK = 2048; // lives a task
  private static final int AHEAD = 8; // blocks encoded ahead of the appending: bounds the memory
  private static final int THREADS = 2;

  private EndTimelines() {}

  /**
   * Writes the timeline of each life in {@code byId} (null: none with that id), named at the end by
   * {@code pathById}, into {@code files} or {@code dirs}, and tallies them into {@code counts}.
   */
  static void write(
      TracedEntry[] byId,
      String[] pathById,
      AccessChunks accesses,
      boolean withSnapshot,
      DataFileWriter<FileTimeline> files,
      DataFileWriter<DirectoryTimeline> dirs,
      TraceCounts counts)
      throws IOException {
    AtomicInteger threads = new AtomicInteger();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            THREADS,
            task -> {
              Thread t = new Thread(task, "parse-end-" + threads.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    ThreadLocal<TimelineEncoder> encoders =
        ThreadLocal.withInitial(() -> new TimelineEncoder(accesses, withSnapshot));
    try {
      ArrayDeque<Future<Block>> encoding = new ArrayDeque<>();
      int next = 0; // the first id of the next block to hand out
      while (next < byId.length || !encoding.isEmpty()) {
        while (next < byId.length && encoding.size() < AHEAD) {
          int from = next;
          int to = Math.min(byId.length, from + BLOCK);
          encoding.add(pool.submit(() -> encode(encoders.get(), byId, pathById, from, to)));
          next = to;
        }
        Block block = take(encoding.poll());
        block.appendTo(files, dirs);
        counts.addTimelines(block.counts);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static Block encode(
      TimelineEncoder encoder, TracedEntry[] byId, String[] pathById, int from, int to)
      throws IOException {
    Block block = new Block();
    for (int id = from; id < to; id++) {
      if (byId[id] != null) {
        block.add(encoder.encode(byId[id], pathById[id], -1, null, block.counts), encoder);
      }
    }
    return block;
  }

  private static Block take(Future<Block> encoded) throws IOException {
    try {
      return encoded.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while writing the timelines at the trace's end", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IOException(e.getCause());
    }
  }

  /** A block's encoded timelines, back to back, and their tallies. */
  private static final class Block {
    final TraceCounts counts = new TraceCounts();
    private byte[] bytes = new byte[1 << 16];
    private int size;
    private int[] ends = new int[BLOCK];
    private boolean[] directory = new boolean[BLOCK];
    private int records;

    void add(ByteBuffer timeline, TimelineEncoder encoder) {
      int n = timeline.remaining();
      if (size + n > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, size + n));
      }
      timeline.get(bytes, size, n);
      size += n;
      ends[records] = size;
      directory[records++] = encoder.directory();
    }

    void appendTo(DataFileWriter<FileTimeline> files, DataFileWriter<DirectoryTimeline> dirs)
        throws IOException {
      int start = 0;
      for (int i = 0; i < records; i++) {
        ByteBuffer timeline = ByteBuffer.wrap(bytes, start, ends[i] - start);
        if (directory[i]) {
          dirs.appendEncoded(timeline);
        } else {
          files.appendEncoded(timeline);
        }
        start = ends[i];
      }
    }
  }
}
