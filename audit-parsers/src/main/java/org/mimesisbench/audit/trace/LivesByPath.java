package org.mimesisbench.audit.trace;

import java.util.Arrays;
import java.util.function.BiConsumer;

/**
 * Lives by exact path, for the keys LivePaths' nodes do not hold: open addressing with linear
 * probing on the paths' own (cached) hashes, stored beside them so a probe rarely touches a string.
 * Not a HashMap: HashMap's code is shared with every other map in the JVM, and its mixed type
 * profile kept the trace builder's compiled code being thrown away and compiled again.
 *
 * <p>The hash table holds only ints (entry numbers); the paths and lives sit in arrays by entry
 * number, handed out densely. G1 marks a card for each young reference stored in an old array:
 * stored at random hash slots, every new path dirtied a card of its own for refinement, while dense
 * entries share their cards.
 */
final class LivesByPath {
  // slot i at 2i: entry number + 1 (0 for an empty slot), and at 2i + 1 the path's hash: side by
  // side, so a probe reads one line of memory where two arrays took two
  private int[] slots;
  private String[] paths; // by entry number; null for a free entry
  private TracedEntry[] lives;
  private int[] freeEntries = new int[16]; // entries given back, the latest last: reused first
  private int freeCount;
  private int entriesUsed; // entries ever handed out: those below are in use or free
  private int size;

  /** With {@code slots} (a power of two) to begin with. */
  LivesByPath(int slots) {
    this.slots = new int[2 * slots];
    paths = new String[Math.max(1, slots / 2)];
    lives = new TracedEntry[paths.length];
  }

  int size() {
    return size;
  }

  TracedEntry get(String path) {
    int i = slot(path);
    return i < 0 ? null : lives[slots[2 * i] - 1];
  }

  void put(String path, TracedEntry life) {
    int i = slot(path);
    if (i >= 0) {
      lives[slots[2 * i] - 1] = life;
      return;
    }
    if (4 * (size + 1) > slots.length) { // at most half the slots full
      grow();
    }
    int entry = newEntry();
    paths[entry] = path;
    lives[entry] = life;
    place(entry, path.hashCode());
    size++;
  }

  TracedEntry remove(String path) {
    int i = slot(path);
    if (i < 0) {
      return null;
    }
    int entry = slots[2 * i] - 1;
    TracedEntry life = lives[entry];
    int mask = slots.length / 2 - 1;
    for (int j = (i + 1) & mask; slots[2 * j] != 0; j = (j + 1) & mask) { // shift back
      int home = spread(slots[2 * j + 1]) & mask;
      // home in (i, j], the probe wrapped or not: no branch on the rare wrap, whose first
      // occurrence would otherwise deoptimize the trace builder's compiled code
      boolean staysPut = ((j - home) & mask) < ((j - i) & mask);
      if (!staysPut) {
        slots[2 * i] = slots[2 * j];
        slots[2 * i + 1] = slots[2 * j + 1];
        i = j;
      }
    }
    slots[2 * i] = 0;
    freeEntry(entry);
    size--;
    return life;
  }

  void forEach(BiConsumer<String, TracedEntry> action) {
    for (int e = 0; e < entriesUsed; e++) {
      if (paths[e] != null) {
        action.accept(paths[e], lives[e]);
      }
    }
  }

  /** The slot holding {@code path}, or -1. */
  private int slot(String path) {
    int h = path.hashCode();
    int mask = slots.length / 2 - 1;
    for (int i = spread(h) & mask; ; i = (i + 1) & mask) {
      int s = slots[2 * i];
      if (s == 0) {
        return -1;
      }
      // another hash gives null, which equals rejects at once: the branch on equals sees both
      // outcomes from the start, where a rare full hash collision would deoptimize the caller
      String candidate = slots[2 * i + 1] == h ? paths[s - 1] : null;
      if (path.equals(candidate)) {
        return i;
      }
    }
  }

  private static int spread(int h) {
    h *= 0x9E3779B9; // sibling paths' String hashes are close: spread them over the table
    return h ^ (h >>> 16);
  }

  private int newEntry() {
    if (freeCount > 0) {
      return freeEntries[--freeCount];
    }
    if (entriesUsed == paths.length) {
      paths = Arrays.copyOf(paths, paths.length * 2);
      lives = Arrays.copyOf(lives, paths.length);
    }
    return entriesUsed++;
  }

  private void freeEntry(int entry) {
    paths[entry] = null;
    lives[entry] = null;
    if (freeCount == freeEntries.length) {
      freeEntries = Arrays.copyOf(freeEntries, freeCount * 2);
    }
    freeEntries[freeCount++] = entry;
  }

  private void place(int entry, int h) {
    int mask = slots.length / 2 - 1;
    int i = spread(h) & mask;
    while (slots[2 * i] != 0) {
      i = (i + 1) & mask;
    }
    slots[2 * i] = entry + 1;
    slots[2 * i + 1] = h;
  }

  private void grow() {
    int[] old = slots;
    slots = new int[old.length * 2];
    for (int i = 0; i < old.length; i += 2) {
      if (old[i] != 0) {
        place(old[i] - 1, old[i + 1]);
      }
    }
  }
}
