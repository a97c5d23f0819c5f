package org.mimesisbench.generator.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mimesisbench.generator.GeneratorVectors;
import org.mimesisbench.generator.layout.FlatLayout;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.profile.AccessShares;
import org.mimesisbench.profile.Distribution;
import org.mimesisbench.profile.FileType;
import org.mimesisbench.profile.Profile;

/** A created file's renames at its create plus its type's rename delay (profile format 7). */
class RenameDelayTest {
  private static final double WINDOW = 60_000;

  /**
   * Files created 1 s apart, each read from 100 ms after its create for 5 s, deleted 100 ms after
   * its last read, renamed twice: {@code renameDelay} its renames' delays.
   */
  private static List<List<Event>> lives(Distribution renameDelay) throws Exception {
    FileType type =
        FileType.newBuilder()
            .setIndex(0)
            .setWeight(1.0)
            .setFiles(20)
            .setPreExisting(0)
            .setUnaccessedShare(0.0)
            .setAccessShares(
                AccessShares.newBuilder().setOpen(1).setListStatus(0).setGetFileInfo(0).build())
            .setDeleteShare(1.0)
            .setDepth(point(1))
            .setCreateInterarrival(point(1000))
            .setActivationDelay(point(100))
            .setAccessInterarrival(point(1000))
            .setActiveSpan(point(5000))
            .setAccessesPerFile(point(6))
            .setDeleteDelay(point(100))
            .setRenameDelay(renameDelay)
            .build();
    Profile p =
        Profile.newBuilder()
            .setFormatVersion(7)
            .setSource("test")
            .setDurationMs((long) WINDOW)
            .setFileTypes(List.of(type))
            .setDormantFiles(0)
            .setMkdirsPerCreate(0.0)
            .setRenamesPerCreate(2.0)
            .build();
    WorkloadModel m = WorkloadModel.of("test", p, GeneratorVectors.options().build());
    FileTypeModel t = m.runTypes().get(0);
    TypeSchedule schedule = new TypeSchedule(m, t, new FlatLayout(m), 7, 0, 1, "tag");
    List<List<Event>> lives = new ArrayList<>();
    for (EntryLife f = schedule.next(); f != null; f = schedule.next()) {
      List<Event> events = new ArrayList<>();
      double last = -1;
      while (!f.done()) {
        Event e = f.next();
        assertTrue(e.timeMs() >= last, "a file's events come in time order: " + e);
        last = e.timeMs();
        events.add(e);
      }
      lives.add(events);
    }
    assertEquals(20, lives.size());
    return lives;
  }

  @Test
  void renamesComeAtTheCreatePlusADelayAndReadsBeforeThemUseTheNameOfThen() throws Exception {
    // 300 ms or 20 s: the first before the second read, a 20 s one past the delete (at 5.2 s)
    int readsBeforeRename = 0;
    int clamped = 0;
    for (List<Event> events : lives(GeneratorVectors.twoPoints(300, 20_000))) {
      Event create = events.get(0);
      String path = create.path().substring(0, create.path().length() - "._r0".length());
      assertEquals(Op.CREATE, create.op());
      assertEquals(path + "._r0", create.path(), "created under its first temporary name");
      double origin = create.timeMs();
      List<Event> renames = events.stream().filter(e -> e.op() == Op.RENAME).toList();
      assertEquals(2, renames.size(), "renamesPerCreate 2");
      assertEquals(
          List.of(path + "._r0", path + "._r1"), renames.stream().map(Event::path).toList());
      assertEquals(path, renames.get(1).target(), "the last rename onto its final path");
      Event delete = events.get(events.size() - 1);
      assertEquals(Op.DELETE, delete.op());
      assertEquals(path, delete.path());
      for (Event r : renames) {
        double delay = r.timeMs() - origin;
        if (delay == 20_000) {
          throw new AssertionError("a rename past the file's delete: " + events);
        }
        boolean atDelete = Math.abs(r.timeMs() - delete.timeMs()) < 1e-6;
        assertTrue(delay == 300 || atDelete, "at a drawn delay: " + events);
        clamped += atDelete ? 1 : 0;
      }
      String name = path + "._r0";
      int renamed = 0;
      for (Event e : events.subList(1, events.size())) {
        if (e.op() == Op.RENAME) {
          renamed++;
          name = renamed == 2 ? path : path + "._r1";
        } else {
          assertEquals(name, e.path(), "a call on the name it has then: " + events);
          readsBeforeRename += e.op() == Op.OPEN && renamed == 0 ? 1 : 0;
        }
      }
    }
    assertTrue(readsBeforeRename >= 20, "every file's first read, at 100 ms, before its rename");
    assertTrue(clamped > 0, "a 20 s delay past the delete comes just before it");
  }

  @Test
  void aTypeWithoutRenameDelaysRenamesAtTheCreate() throws Exception {
    Distribution none =
        Distribution.newBuilder().setValues(List.of()).setCumulative(List.of()).setCount(0).build();
    for (List<Event> events : lives(none)) {
      double origin = events.get(0).timeMs();
      assertEquals(List.of(Op.CREATE, Op.RENAME, Op.RENAME), ops(events.subList(0, 3)));
      assertEquals(origin, events.get(2).timeMs());
      String path = events.get(2).target();
      assertTrue(
          events.subList(3, events.size()).stream().allMatch(e -> e.path().equals(path)),
          "every call after on its final path");
    }
  }

  private static List<Op> ops(List<Event> events) {
    return events.stream().map(Event::op).toList();
  }

  private static Distribution point(double v) {
    return Distribution.newBuilder()
        .setValues(List.of(v))
        .setCumulative(List.of(1.0))
        .setCount(1)
        .build();
  }
}
