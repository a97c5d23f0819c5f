package org.mimesisbench.audit.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The namespace at trace start (from the fsimage): its files and its directories, each a sorted
 * array of paths (no object per entry beyond its path, for fsimages of tens of millions of inodes).
 * Each entry is handed to the trace at most once ({@link #take}), when the trace first touches it
 * or moves or deletes a directory above it, so a path renamed or deleted in the trace is not found
 * again at its old place.
 */
public final class SnapshotIndex {
  private final Sorted files;
  private final Sorted directories;

  /** One kind of entry: sorted paths, and which of them were handed over. */
  private static final class Sorted {
    final String[] paths;
    final BitSet taken;

    Sorted(List<String> unsorted) {
      paths = unsorted.toArray(new String[0]);
      Arrays.sort(paths);
      taken = new BitSet(paths.length);
    }

    int find(String path) {
      int i = Arrays.binarySearch(paths, path);
      return i >= 0 && !taken.get(i) ? i : -1;
    }

    void takeUnder(String prefix, boolean isDirectory, EntryConsumer consumer) {
      int from = Arrays.binarySearch(paths, prefix);
      from = from < 0 ? -from - 1 : from;
      for (int i = taken.nextClearBit(from);
          i < paths.length && paths[i].startsWith(prefix);
          i = taken.nextClearBit(i + 1)) {
        taken.set(i);
        consumer.accept(paths[i], isDirectory);
      }
    }
  }

  private SnapshotIndex(List<String> files, List<String> directories) {
    this.files = new Sorted(files);
    this.directories = new Sorted(directories);
  }

  /** Collects the snapshot's entries, then {@link #build()} sorts them. */
  public static final class Builder {
    private final List<String> files = new ArrayList<>();
    private final List<String> directories = new ArrayList<>();

    public void add(String path, boolean isDirectory) {
      (isDirectory ? directories : files).add(path);
    }

    public SnapshotIndex build() {
      return new SnapshotIndex(files, directories);
    }
  }

  /** Receives an entry handed over by {@link #takeUnder}. */
  public interface EntryConsumer {
    void accept(String path, boolean isDirectory);
  }

  /**
   * Hands over the entry at {@code path} if the snapshot has it and it was not handed over yet.
   *
   * @return 1 for a file, 2 for a directory, 0 when there is none
   */
  public int take(String path) {
    int i = files.find(path);
    if (i >= 0) {
      files.taken.set(i);
      return 1;
    }
    i = directories.find(path);
    if (i >= 0) {
      directories.taken.set(i);
      return 2;
    }
    return 0;
  }

  /** True when the snapshot has {@code path} and it was not handed over yet. */
  public boolean has(String path) {
    return files.find(path) >= 0 || directories.find(path) >= 0;
  }

  /** True when the snapshot has a directory at {@code path} not yet handed over. */
  public boolean isDirectory(String path) {
    return directories.find(path) >= 0;
  }

  /** Hands over every entry strictly under {@code dir} not handed over yet: directories first. */
  public void takeUnder(String dir, EntryConsumer consumer) {
    String prefix = dir.endsWith("/") ? dir : dir + "/";
    directories.takeUnder(prefix, true, consumer);
    files.takeUnder(prefix, false, consumer);
  }

  public int size() {
    return files.paths.length + directories.paths.length;
  }
}
