package org.mimesisbench.audit.trace;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * What the trace builder knows of one path while the trace is read: whether it is a file,
 * when it was created, and the accesses so far. A renamed path keeps its FileLife, which is
 * how a file keeps one identity across renames.
 */
final class FileLife {
  enum Kind {
    /** Created, opened, appended...: certainly a file. */
    FILE,
    /** Made by mkdirs, or has children: certainly a directory. */
    DIRECTORY,
    /** Only listed or stat'ed so far: could be either, or not exist at all. */
    UNKNOWN
  }

  final long id;
  /** Path at trace start (pre-existing) or at creation. */
  final String path;
  Kind kind;
  /** Found in the snapshot (fsimage) of the namespace at trace start. */
  boolean inSnapshot;
  long createTime = -1;
  int renames;
  private long[] accessTimes = new long[2];
  private byte[] accessKinds = new byte[2];
  private int accesses;

  FileLife(long id, String path, Kind kind) {
    this.id = id;
    this.path = path;
    this.kind = kind;
  }

  void access(long time, byte kind) {
    if (accesses == accessTimes.length) {
      accessTimes = Arrays.copyOf(accessTimes, accesses * 2);
      accessKinds = Arrays.copyOf(accessKinds, accesses * 2);
    }
    accessTimes[accesses] = time;
    accessKinds[accesses] = kind;
    accesses++;
  }

  int accesses() {
    return accesses;
  }

  /**
   * Puts the accesses in time order: the order they came in, unless the log wrote some lines out
   * of time order (NameNode handler threads race to the log by a few milliseconds); then sorted,
   * stably.
   */
  void sortAccessesByTime() {
    boolean ascending = true;
    for (int i = 1; i < accesses; i++) {
      ascending &= accessTimes[i - 1] <= accessTimes[i];
    }
    if (ascending) {
      return;
    }
    int[] order = IntStream.range(0, accesses).boxed()
        .sorted(Comparator.comparingLong(i -> accessTimes[i]))
        .mapToInt(Integer::intValue).toArray();
    long[] times = new long[accesses];
    byte[] kinds = new byte[accesses];
    for (int k = 0; k < accesses; k++) {
      times[k] = accessTimes[order[k]];
      kinds[k] = accessKinds[order[k]];
    }
    accessTimes = times;
    accessKinds = kinds;
  }

  /** Access times, the first {@link #accesses()} of them. */
  long[] accessTimes() {
    return accessTimes;
  }

  /** Access kind letters, one a byte, the first {@link #accesses()} of them. */
  byte[] accessKinds() {
    return accessKinds;
  }
}
