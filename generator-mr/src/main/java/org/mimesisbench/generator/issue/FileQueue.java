package org.mimesisbench.generator.issue;

import java.util.Arrays;
import org.mimesisbench.generator.schedule.FileLife;

/**
 * The sequencer's priority queue: files by the time of their next event, earliest first. A binary
 * heap kept on the times themselves, beside the files, so ordering reads one array of doubles
 * instead of following a pointer per comparison; and the earliest file, once it moved on, sinks
 * in one pass ({@link #reorderEarliest}) instead of a poll and an add. Not thread-safe.
 */
final class FileQueue {
  private double[] times = new double[256];
  private FileLife[] files = new FileLife[256];
  private int size;

  void add(FileLife f) {
    if (size == files.length) {
      times = Arrays.copyOf(times, size * 2);
      files = Arrays.copyOf(files, size * 2);
    }
    int i = size++;
    double t = f.nextTime();
    while (i > 0) { // sift up
      int parent = (i - 1) >>> 1;
      if (times[parent] <= t) {
        break;
      }
      times[i] = times[parent];
      files[i] = files[parent];
      i = parent;
    }
    times[i] = t;
    files[i] = f;
  }

  /** The file whose next event is earliest; null when empty. */
  FileLife earliest() {
    return size == 0 ? null : files[0];
  }

  /** The earliest file moved on to its next event, or finished: puts it where it now belongs. */
  void reorderEarliest() {
    FileLife f = files[0];
    if (f.done()) {
      size--;
      f = files[size];
      files[size] = null;
      if (size == 0) {
        return;
      }
    }
    double t = f.nextTime();
    int i = 0;
    int half = size >>> 1;
    while (i < half) { // sift down
      int child = 2 * i + 1;
      int right = child + 1;
      if (right < size && times[right] < times[child]) {
        child = right;
      }
      if (t <= times[child]) {
        break;
      }
      times[i] = times[child];
      files[i] = files[child];
      i = child;
    }
    times[i] = t;
    files[i] = f;
  }

  int size() {
    return size;
  }
}
