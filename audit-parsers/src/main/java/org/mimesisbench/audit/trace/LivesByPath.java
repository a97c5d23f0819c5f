package org.mimesisbench.audit.trace;

import java.util.Arrays;
import java.util.function.BiConsumer;

/**
 * The live lives by exact path: open addressing with linear probing on the paths' own (cached)
 * hashes, stored beside them so a probe rarely touches a string. Not a HashMap: HashMap's code
 * is shared with every other map in the JVM, and its mixed type profile kept the trace builder's
 * compiled code being thrown away and compiled again.
 *
 * <p>The hash table holds only ints (entry numbers); the paths and lives sit in arrays by entry
 * number, handed out densely. G1 marks a card for each young reference stored in an old array:
 * stored at random hash slots, every new path dirtied a card of its own for refinement, while
 * dense entries share their cards.
 */
final class LivesByPath {
  private int[] slots; // entry number + 1; 0 for an empty slot
  private int[] hashes; // of the path in each slot
  private String[] paths; // by entry number; null for a free entry
  private FileLife[] lives;
  private int[] freeEntries = new int[16]; // entries given back, the latest last: reused first
  private int freeCount;
  private int entriesUsed; // entries ever handed out: those below are in use or free
  private int size;

  /** With {@code slots} (a power of two) to begin with. */
  LivesByPath(int slots) {
    this.slots = new int[slots];
    hashes = new int[slots];
    paths = new String[Math.max(1, slots / 2)];
    lives = new FileLife[paths.length];
  }

  int size() {
    return size;
  }

  FileLife get(String path) {
    int i = slot(path);
    return i < 0 ? null : lives[slots[i] - 1];
  }

  void put(String path, FileLife life) {
    int i = slot(path);
    if (i >= 0) {
      lives[slots[i] - 1] = life;
      return;
    }
    if (2 * (size + 1) > slots.length) {
      grow();
    }
    int entry = newEntry();
    paths[entry] = path;
    lives[entry] = life;
    place(entry, path.hashCode());
    size++;
  }

  FileLife remove(String path) {
    int i = slot(path);
    if (i < 0) {
      return null;
    }
    int entry = slots[i] - 1;
    FileLife life = lives[entry];
    int mask = slots.length - 1;
    for (int j = (i + 1) & mask; slots[j] != 0; j = (j + 1) & mask) { // shift back
      int home = spread(hashes[j]) & mask;
      // home in (i, j], the probe wrapped or not: no branch on the rare wrap, whose first
      // occurrence would otherwise deoptimize the trace builder's compiled code
      boolean staysPut = ((j - home) & mask) < ((j - i) & mask);
      if (!staysPut) {
        slots[i] = slots[j];
        hashes[i] = hashes[j];
        i = j;
      }
    }
    slots[i] = 0;
    freeEntry(entry);
    size--;
    return life;
  }

  void forEach(BiConsumer<String, FileLife> action) {
    for (int e = 0; e < entriesUsed; e++) {
      if (paths[e] != null) {
        action.accept(paths[e], lives[e]);
      }
    }
  }

  /** The slot holding {@code path}, or -1. */
  private int slot(String path) {
    int h = path.hashCode();
    int mask = slots.length - 1;
    for (int i = spread(h) & mask; ; i = (i + 1) & mask) {
      int s = slots[i];
      if (s == 0) {
        return -1;
      }
      // another hash gives null, which equals rejects at once: the branch on equals sees both
      // outcomes from the start, where a rare full hash collision would deoptimize the caller
      String candidate = hashes[i] == h ? paths[s - 1] : null;
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
    int mask = slots.length - 1;
    int i = spread(h) & mask;
    while (slots[i] != 0) {
      i = (i + 1) & mask;
    }
    slots[i] = entry + 1;
    hashes[i] = h;
  }

  private void grow() {
    int[] oldSlots = slots;
    int[] oldHashes = hashes;
    slots = new int[oldSlots.length * 2];
    hashes = new int[oldSlots.length * 2];
    for (int i = 0; i < oldSlots.length; i++) {
      if (oldSlots[i] != 0) {
        place(oldSlots[i] - 1, oldHashes[i]);
      }
    }
  }
}
