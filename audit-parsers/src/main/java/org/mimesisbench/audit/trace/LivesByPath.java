package org.mimesisbench.audit.trace;

import java.util.function.BiConsumer;

/**
 * The live lives by exact path: open addressing with linear probing on the paths' own (cached)
 * hashes, stored beside them so a probe rarely touches a string. Not a HashMap: HashMap's code
 * is shared with every other map in the JVM, and its mixed type profile kept the trace builder's
 * compiled code being thrown away and compiled again.
 */
final class LivesByPath {
  private String[] paths;
  private int[] hashes;
  private FileLife[] lives;
  private int size;

  /** With {@code slots} (a power of two) to begin with. */
  LivesByPath(int slots) {
    paths = new String[slots];
    hashes = new int[slots];
    lives = new FileLife[slots];
  }

  int size() {
    return size;
  }

  FileLife get(String path) {
    int i = slot(path);
    return i < 0 ? null : lives[i];
  }

  void put(String path, FileLife life) {
    int i = slot(path);
    if (i >= 0) {
      lives[i] = life;
      return;
    }
    if (2 * (size + 1) > paths.length) {
      grow();
    }
    place(path, path.hashCode(), life);
    size++;
  }

  FileLife remove(String path) {
    int i = slot(path);
    if (i < 0) {
      return null;
    }
    FileLife life = lives[i];
    int mask = paths.length - 1;
    for (int j = (i + 1) & mask; paths[j] != null; j = (j + 1) & mask) { // shift back
      int home = spread(hashes[j]) & mask;
      boolean staysPut = i <= j ? i < home && home <= j : i < home || home <= j;
      if (!staysPut) {
        paths[i] = paths[j];
        hashes[i] = hashes[j];
        lives[i] = lives[j];
        i = j;
      }
    }
    paths[i] = null;
    lives[i] = null;
    size--;
    return life;
  }

  void forEach(BiConsumer<String, FileLife> action) {
    for (int i = 0; i < paths.length; i++) {
      if (paths[i] != null) {
        action.accept(paths[i], lives[i]);
      }
    }
  }

  /** The slot holding {@code path}, or -1. */
  private int slot(String path) {
    int h = path.hashCode();
    int mask = paths.length - 1;
    for (int i = spread(h) & mask; ; i = (i + 1) & mask) {
      String p = paths[i];
      if (p == null) {
        return -1;
      }
      if (hashes[i] == h && p.equals(path)) {
        return i;
      }
    }
  }

  private static int spread(int h) {
    h *= 0x9E3779B9; // sibling paths' String hashes are close: spread them over the table
    return h ^ (h >>> 16);
  }

  private void place(String path, int h, FileLife life) {
    int mask = paths.length - 1;
    int i = spread(h) & mask;
    while (paths[i] != null) {
      i = (i + 1) & mask;
    }
    paths[i] = path;
    hashes[i] = h;
    lives[i] = life;
  }

  private void grow() {
    String[] oldPaths = paths;
    int[] oldHashes = hashes;
    FileLife[] oldLives = lives;
    paths = new String[oldPaths.length * 2];
    hashes = new int[oldPaths.length * 2];
    lives = new FileLife[oldPaths.length * 2];
    for (int i = 0; i < oldPaths.length; i++) {
      if (oldPaths[i] != null) {
        place(oldPaths[i], oldHashes[i], oldLives[i]);
      }
    }
  }
}
