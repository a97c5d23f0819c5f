package org.mimesisbench.generator.issue;

import java.util.Arrays;
import org.mimesisbench.generator.schedule.Life;

/**
 * The sequencer's priority queue: files by the time of their next event, earliest first. A binary
 * heap kept on the times themselves, beside the files, so ordering reads one array of doubles
 * instead of following a pointer per comparison; and the earliest file, once it moved on, sinks in
 * one pass ({@link #reorderEarliest}) instead of a poll and an add.
 *
 * <p>The heap moves slot numbers (ints), not the files: each file sits in a slot of its own from
 * {@link #add} until it is done. A reference stored into an array costs the garbage collector's
 * write barrier (with G1 a memory fence when the array is in the old generation), and a file
 * sinking to the bottom of the heap moves one entry per level; an int moves for free. And the
 * smaller child is chosen without a branch (an infinite time past the last entry stands for a
 * missing right child): which child is smaller is a coin toss the processor cannot predict, and
 * each miss costs more than the comparison. The sift decisions (the left child on a tie) are the
 * same as before, so files come out in the same order.
 *
 * <p>Not thread-safe.
 */
final class FileQueue {
  private double[] times =
      new double[256]; // the heap: next event time of the file in slots[i]; longer than size
  private int[] slots = new int[256]; // the heap: slot of the file, beside its time
  private Life[] files = new Life[256]; // by slot
  private int[] freeSlots = new int[256]; // slots of files done, reused first
  private int free;
  private int slotsUsed; // slots handed out so far, [0, slotsUsed)
  private int size;

  void add(Life f) {
    if (size + 1 == times.length) { // times[size] is always there, for the sentinel
      times = Arrays.copyOf(times, times.length * 2);
      slots = Arrays.copyOf(slots, times.length);
    }
    int slot;
    if (free > 0) {
      slot = freeSlots[--free];
    } else {
      if (slotsUsed == files.length) {
        files = Arrays.copyOf(files, slotsUsed * 2);
        freeSlots = Arrays.copyOf(freeSlots, slotsUsed * 2);
      }
      slot = slotsUsed++;
    }
    files[slot] = f;
    int i = size++;
    double t = f.nextTime();
    while (i > 0) { // sift up
      int parent = (i - 1) >>> 1;
      if (times[parent] <= t) {
        break;
      }
      times[i] = times[parent];
      slots[i] = slots[parent];
      i = parent;
    }
    times[i] = t;
    slots[i] = slot;
  }

  /** The file whose next event is earliest; null when empty. */
  Life earliest() {
    return size == 0 ? null : files[slots[0]];
  }

  /** The earliest file moved on to its next event, or finished: puts it where it now belongs. */
  void reorderEarliest() {
    int slot = slots[0];
    Life f = files[slot];
    double t;
    if (f.done()) {
      files[slot] = null;
      freeSlots[free++] = slot;
      size--;
      if (size == 0) {
        return;
      }
      slot = slots[size]; // the last entry sinks from the top instead
      t = times[size];
    } else {
      t = f.nextTime();
    }
    times[size] = Double.POSITIVE_INFINITY; // the right child of the last parent, if it has none
    int i = 0;
    int half = size >>> 1;
    while (i < half) { // sift down
      int child = 2 * i + 1;
      child += times[child + 1] < times[child] ? 1 : 0; // the right child only if strictly earlier
      double c = times[child];
      if (t <= c) {
        break;
      }
      times[i] = c;
      slots[i] = slots[child];
      i = child;
    }
    times[i] = t;
    slots[i] = slot;
  }

  int size() {
    return size;
  }
}
