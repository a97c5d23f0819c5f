package org.mimesisbench.audit.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The namespace at trace start (from the fsimage), as a sorted array of paths: which paths
 * existed, and which were directories. Each snapshot entry is handed to the trace at most once
 * ({@link #take}), when the trace first touches it or moves or deletes a directory above it,
 * so a path renamed or deleted in the trace is not found again at its old place.
 */
public final class SnapshotIndex {
  private final String[] paths;
  private final BitSet directories;
  private final BitSet taken;

  private SnapshotIndex(String[] paths, BitSet directories) {
    this.paths = paths;
    this.directories = directories;
    this.taken = new BitSet(paths.length);
  }

  /** Collects the snapshot's entries, then {@link #build()} sorts them. */
  public static final class Builder {
    private final List<String> paths = new ArrayList<>();
    private final BitSet directories = new BitSet();

    public void add(String path, boolean isDirectory) {
      if (isDirectory) {
        directories.set(paths.size());
      }
      paths.add(path);
    }

    public SnapshotIndex build() {
      Integer[] order = new Integer[paths.size()];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> paths.get(a).compareTo(paths.get(b)));
      String[] sorted = new String[order.length];
      BitSet dirs = new BitSet(order.length);
      for (int i = 0; i < order.length; i++) {
        sorted[i] = paths.get(order[i]);
        if (directories.get(order[i])) {
          dirs.set(i);
        }
      }
      return new SnapshotIndex(sorted, dirs);
    }
  }

  /** Receives an entry handed over by {@link #take} or {@link #takeUnder}. */
  public interface EntryConsumer {
    void accept(String path, boolean isDirectory);
  }

  /**
   * Hands over the entry at {@code path} if the snapshot has it and it was not handed over yet.
   *
   * @return 1 for a file, 2 for a directory, 0 when there is none
   */
  public int take(String path) {
    int i = Arrays.binarySearch(paths, path);
    if (i < 0 || taken.get(i)) {
      return 0;
    }
    taken.set(i);
    return directories.get(i) ? 2 : 1;
  }

  /** True when the snapshot has {@code path} and it was not handed over yet. */
  public boolean has(String path) {
    int i = Arrays.binarySearch(paths, path);
    return i >= 0 && !taken.get(i);
  }

  /** True when the snapshot has a directory at {@code path} not yet handed over. */
  public boolean isDirectory(String path) {
    int i = Arrays.binarySearch(paths, path);
    return i >= 0 && !taken.get(i) && directories.get(i);
  }

  /** Hands over every entry strictly under {@code dir} not handed over yet. */
  public void takeUnder(String dir, EntryConsumer consumer) {
    String prefix = dir.endsWith("/") ? dir : dir + "/";
    int from = Arrays.binarySearch(paths, prefix);
    from = from < 0 ? -from - 1 : from;
    for (int i = taken.nextClearBit(from); i < paths.length && paths[i].startsWith(prefix);
        i = taken.nextClearBit(i + 1)) {
      taken.set(i);
      consumer.accept(paths[i], directories.get(i));
    }
  }

  public int size() {
    return paths.length;
  }
}
