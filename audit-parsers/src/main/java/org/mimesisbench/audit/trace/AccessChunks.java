package org.mimesisbench.audit.trace;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The accesses of the live paths, in chunks of a few kept in shared primitive arrays: a life holds
 * the numbers of its first and last chunk, and a chunk the number of the next. Arrays of each
 * life's own, regrown as accesses came, stored a young array into an old life each time, a G1 card
 * to refine; ints, longs and bytes are stored without a barrier.
 */
final class AccessChunks {
  static final int NONE = -1;
  private static final int CHUNK = 8; // accesses per chunk: about half the lives have fewer

  private long[] times = new long[CHUNK * 1024];
  private byte[] kinds = new byte[CHUNK * 1024];
  private int[] nextChunks = new int[1024];
  private int chunksUsed; // chunks ever handed out: those below are in a life or free
  private int freeChunks = NONE; // the freed chunks, chained by nextChunks

  /** Adds an access at the end of {@code life}'s. */
  void add(TracedEntry life, long time, byte kind) {
    int slot = life.accesses % CHUNK;
    if (slot == 0) {
      int chunk = newChunk();
      if (life.lastChunk == NONE) {
        life.firstChunk = chunk;
      } else {
        nextChunks[life.lastChunk] = chunk;
      }
      life.lastChunk = chunk;
    }
    times[life.lastChunk * CHUNK + slot] = time;
    kinds[life.lastChunk * CHUNK + slot] = kind;
    life.accesses++;
  }

  /**
   * Copies {@code life}'s calls into the arrays, which must hold {@link TracedEntry#accesses}, in
   * the order they came: time order, unless the log wrote some lines out of time order (NameNode
   * handler threads race to the log by a few milliseconds); {@link #sortByTime} mends that.
   */
  void copy(TracedEntry life, long[] timesOut, byte[] kindsOut) {
    int n = life.accesses;
    int chunk = life.firstChunk;
    for (int i = 0; i < n; i += CHUNK, chunk = nextChunks[chunk]) {
      int length = Math.min(CHUNK, n - i);
      System.arraycopy(times, chunk * CHUNK, timesOut, i, length);
      System.arraycopy(kinds, chunk * CHUNK, kindsOut, i, length);
    }
  }

  /** Puts the calls in {@code [from, to)} in time order, stably; most often they are already. */
  static void sortByTime(long[] times, byte[] kinds, int from, int to) {
    boolean ascending = true;
    for (int i = from + 1; i < to; i++) {
      ascending &= times[i - 1] <= times[i];
    }
    if (ascending) {
      return;
    }
    int[] order =
        IntStream.range(from, to)
            .boxed()
            .sorted(Comparator.comparingLong(i -> times[i]))
            .mapToInt(Integer::intValue)
            .toArray();
    long[] sortedTimes = new long[order.length];
    byte[] sortedKinds = new byte[order.length];
    for (int k = 0; k < order.length; k++) {
      sortedTimes[k] = times[order[k]];
      sortedKinds[k] = kinds[order[k]];
    }
    System.arraycopy(sortedTimes, 0, times, from, order.length);
    System.arraycopy(sortedKinds, 0, kinds, from, order.length);
  }

  /**
   * Moves {@code from}'s calls to {@code to}, which has none yet: a probed path's calls go to what
   * is made there.
   */
  void handOver(TracedEntry from, TracedEntry to) {
    to.firstChunk = from.firstChunk;
    to.lastChunk = from.lastChunk;
    to.accesses = from.accesses;
    from.firstChunk = from.lastChunk = NONE;
    from.accesses = 0;
  }

  /** Gives back the chunks of a life that has ended. */
  void free(TracedEntry life) {
    if (life.firstChunk != NONE) {
      nextChunks[life.lastChunk] = freeChunks;
      freeChunks = life.firstChunk;
      life.firstChunk = life.lastChunk = NONE;
    }
  }

  private int newChunk() {
    int chunk;
    if (freeChunks != NONE) {
      chunk = freeChunks;
      freeChunks = nextChunks[chunk];
    } else {
      if (chunksUsed == nextChunks.length) {
        nextChunks = Arrays.copyOf(nextChunks, chunksUsed * 2);
        times = Arrays.copyOf(times, chunksUsed * 2 * CHUNK);
        kinds = Arrays.copyOf(kinds, chunksUsed * 2 * CHUNK);
      }
      chunk = chunksUsed++;
    }
    nextChunks[chunk] = NONE;
    return chunk;
  }
}
