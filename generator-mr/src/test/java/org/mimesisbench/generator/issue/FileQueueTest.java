package org.mimesisbench.generator.issue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mimesisbench.generator.GeneratorVectors;
import org.mimesisbench.generator.layout.FlatLayout;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.schedule.EntryLife;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.TypeSchedule;
import org.mimesisbench.generator.testing.SyntheticProfile;
import org.mimesisbench.run.RunOptions;

/**
 * The sequencer's queue gives events in time order, and in the order of a plain binary heap of
 * files (the one it replaced, kept below as the reference), ties included: the schedule issues the
 * same events in the same order whatever the queue's inner layout.
 */
class FileQueueTest {

  @Test
  void theVectorProfileComesOutAsFromAPlainHeap() throws Exception {
    WorkloadModel m =
        WorkloadModel.of("vector", GeneratorVectors.profile(), GeneratorVectors.options().build());
    FlatLayout layout = new FlatLayout(m);
    for (FileTypeModel t : m.runTypes()) {
      List<Event> got = drain(new TypeSchedule(m, t, layout, 5, 0, 1, "tag"), tested());
      List<Event> want = drain(new TypeSchedule(m, t, layout, 5, 0, 1, "tag"), new ReferenceHeap());
      assertSameOrder(want, got, "type " + t.index());
      assertInTimeOrder(got);
    }
  }

  @Test
  void tiedFilesComeOutAsFromAPlainHeap() throws Exception {
    // 3,000 files whose first accesses fall on 1,000 steps of 10 ms, 10 ms apart: many ties
    WorkloadModel m =
        WorkloadModel.of(
            "synthetic",
            SyntheticProfile.steadyAccesses(3000, 20, 10, SyntheticProfile.shares(0.6, 0.1, 0.3)),
            RunOptions.newBuilder().setProfile("synthetic").setFlat(true).setSeed(3).build());
    FlatLayout layout = new FlatLayout(m);
    FileTypeModel t = m.runTypes().get(0);
    List<Event> got = drain(new TypeSchedule(m, t, layout, 3, 0, 1, "tag"), tested());
    List<Event> want = drain(new TypeSchedule(m, t, layout, 3, 0, 1, "tag"), new ReferenceHeap());
    assertEquals(60_000, got.size());
    assertSameOrder(want, got, "synthetic");
    assertInTimeOrder(got);
    long ties = 0;
    for (int i = 1; i < got.size(); i++) {
      ties += got.get(i).timeMs() == got.get(i - 1).timeMs() ? 1 : 0;
    }
    assertTrue(
        ties > 10_000, ties + " ties only: the test would not tell a tie broken differently");
  }

  @Test
  void anEmptyQueueHasNoEarliest() {
    assertNull(new FileQueue().earliest());
  }

  private static void assertSameOrder(List<Event> want, List<Event> got, String what) {
    for (int i = 0; i < Math.min(want.size(), got.size()); i++) {
      assertEquals(want.get(i), got.get(i), what + ": event " + i);
    }
    assertEquals(want.size(), got.size(), what + ": events");
  }

  private static void assertInTimeOrder(List<Event> events) {
    for (int i = 1; i < events.size(); i++) {
      assertTrue(
          events.get(i).timeMs() >= events.get(i - 1).timeMs(), "event " + i + " " + events.get(i));
    }
  }

  /**
   * What the sequencer does, on one thread: never past the first event of the next file to
   * introduce.
   */
  private static List<Event> drain(TypeSchedule schedule, Queue q) {
    List<Event> out = new ArrayList<>();
    for (EntryLife f = schedule.next(); f != null; f = schedule.next()) {
      drainUpTo(q, f.firstTime(), out);
      if (!f.done()) {
        q.add(f);
      }
    }
    drainUpTo(q, Double.POSITIVE_INFINITY, out);
    assertEquals(0, q.size());
    return out;
  }

  private static void drainUpTo(Queue q, double time, List<Event> out) {
    for (EntryLife f = q.earliest(); f != null && f.nextTime() <= time; f = q.earliest()) {
      out.add(f.next());
      q.reorderEarliest();
    }
  }

  private static Queue tested() {
    FileQueue q = new FileQueue();
    return new Queue() {
      @Override
      public void add(EntryLife f) {
        q.add(f);
      }

      @Override
      public EntryLife earliest() {
        return (EntryLife) q.earliest();
      }

      @Override
      public void reorderEarliest() {
        q.reorderEarliest();
      }

      @Override
      public int size() {
        return q.size();
      }
    };
  }

  private interface Queue {
    void add(EntryLife f);

    EntryLife earliest();

    void reorderEarliest();

    int size();
  }

  /** FileQueue as it was before it moved slot numbers: a binary heap of the files themselves. */
  private static final class ReferenceHeap implements Queue {
    private double[] times = new double[4];
    private EntryLife[] files = new EntryLife[4];
    private int size;

    @Override
    public void add(EntryLife f) {
      if (size == files.length) {
        times = Arrays.copyOf(times, size * 2);
        files = Arrays.copyOf(files, size * 2);
      }
      int i = size++;
      double t = f.nextTime();
      while (i > 0) {
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

    @Override
    public EntryLife earliest() {
      return size == 0 ? null : files[0];
    }

    @Override
    public void reorderEarliest() {
      EntryLife f = files[0];
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
      while (i < half) {
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

    @Override
    public int size() {
      return size;
    }
  }
}
