package org.mimesisbench.generator.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mimesisbench.generator.GeneratorVectors;
import org.mimesisbench.generator.layout.FlatLayout;
import org.mimesisbench.generator.layout.HierarchyLayout;
import org.mimesisbench.generator.layout.NamespaceLayout;
import org.mimesisbench.generator.model.DirectoryTypeModel;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.namespace.stats.ProfileStatistics;
import org.mimesisbench.profile.FileType;
import org.mimesisbench.profile.Profile;

/**
 * A file type's removed files go under a directory that a directory type deletes after them, so
 * that its one recursive delete ends them, as the trace's did; and a created directory's delete
 * removes those files, not filler of its own (the trace's creates under it were its files' own).
 */
class DeletedDirectoriesTest {
  private static final double SHARE = 0.5;

  /** A directory a directory type deletes, as its own events show it. */
  private record Deleted(double origin, boolean created, double deleteTime) {}

  private static WorkloadModel model(double removedShare) throws Exception {
    Profile profile = GeneratorVectors.profile();
    for (FileType t : profile.getFileTypes()) {
      t.setRemovedShare(removedShare);
    }
    return WorkloadModel.of(
        "vector",
        profile,
        GeneratorVectors.options().setTypeScales(Map.of("all", 4.0)).setTimeScale(0.2).build());
  }

  /** The deleted directories by path, from their events; no created one makes a file. */
  private static Map<String, Deleted> deletedDirectories(WorkloadModel m, NamespaceLayout layout) {
    Map<String, Deleted> deleted = new HashMap<>();
    for (DirectoryTypeModel t : m.runDirectoryTypes()) {
      DirectorySchedule schedule = new DirectorySchedule(m, t, layout, 7, 0, 1, "tag");
      for (EntryLife d = schedule.next(); d != null; d = schedule.next()) {
        double deleteTime = Double.NaN;
        while (!d.done()) {
          Event e = d.next();
          if (d.created()) {
            assertNotEquals(Op.CREATE, e.op(), "a created directory makes no filler: " + d.path());
          }
          if (e.op() == Op.DELETE_RECURSIVE) {
            deleteTime = e.timeMs();
          }
        }
        assertEquals(deleteTime, d.deleteTime(), 1e-6, "the delete time known ahead: " + d.path());
        if (!Double.isNaN(deleteTime)) {
          deleted.put(d.path(), new Deleted(d.origin(), d.created(), deleteTime));
        }
      }
    }
    return deleted;
  }

  /** Each event of the type's files as "time op", in order; and the files' paths. */
  private static List<String> events(
      WorkloadModel m, NamespaceLayout layout, FileTypeModel t, DeletedDirectories removing) {
    List<String> events = new ArrayList<>();
    TypeSchedule schedule = new TypeSchedule(m, t, layout, 7, 0, 1, "tag", removing);
    for (EntryLife f = schedule.next(); f != null; f = schedule.next()) {
      while (!f.done()) {
        Event e = f.next();
        events.add(e.timeMs() + " " + e.op());
      }
    }
    return events;
  }

  @Test
  void aRemovedFileLivesUnderADirectoryDeletedAfterItsLastCall() throws Exception {
    WorkloadModel m = model(SHARE);
    NamespaceLayout layout = new FlatLayout(m);
    Map<String, Deleted> deleted = deletedDirectories(m, layout);
    DeletedDirectories removing = DeletedDirectories.of(m, layout, 7, "tag", 1);
    assertEquals(deleted.size(), removing.size(), "every deleted directory, none else");
    assertTrue(removing.size() > 10, "directories to hold removed files: " + removing.size());
    long kept = 0;
    long placed = 0;
    for (FileTypeModel t : m.runTypes()) {
      TypeSchedule schedule = new TypeSchedule(m, t, layout, 7, 0, 1, "tag", removing);
      for (EntryLife f = schedule.next(); f != null; f = schedule.next()) {
        String parent = f.path().substring(0, f.path().lastIndexOf('/'));
        Deleted holder = deleted.get(parent);
        if (f.created() && Double.isNaN(f.deleteTime())) {
          kept++;
        }
        if (holder == null) {
          continue;
        }
        placed++;
        assertTrue(f.created(), "only a created file is placed: " + f.path());
        assertTrue(
            !holder.created() || holder.origin() + removing.marginMs() <= f.origin(),
            "its directory exists a margin before its create: " + f.path());
        while (!f.done()) {
          Event e = f.next();
          assertNotEquals(Op.DELETE, e.op(), "a removed file has no delete of its own");
          assertTrue(
              e.timeMs() + removing.marginMs() <= holder.deleteTime(),
              "its " + e.op() + " a margin before its directory's delete: " + f.path());
        }
      }
    }
    assertTrue(placed > 0, "some created file is placed to be removed");
    assertTrue(placed <= kept * SHARE * 1.25 + 3, placed + " placed of " + kept + " kept");
    assertTrue(placed >= kept * SHARE * 0.25, placed + " placed of " + kept + " kept");
  }

  @Test
  void placingAFileChangesItsPathNotItsEvents() throws Exception {
    WorkloadModel m = model(SHARE);
    NamespaceLayout layout = new FlatLayout(m);
    DeletedDirectories removing = DeletedDirectories.of(m, layout, 7, "tag", 1);
    for (FileTypeModel t : m.runTypes()) {
      assertEquals(events(m, layout, t, null), events(m, layout, t, removing), "t" + t.index());
    }
  }

  @Test
  void aFileIsPlacedOnlyWhereADirectoryOutlivesIt() throws Exception {
    WorkloadModel m = model(SHARE);
    DeletedDirectories removing = DeletedDirectories.of(m, new FlatLayout(m), 7, "tag", 1);
    assertNull(removing.holding(0, m.windowMs()), "nothing is deleted after the window");
  }

  @Test
  void aHolderAsDeepAsTheLayoutsPlaceComesFirst() throws Exception {
    WorkloadModel m = model(SHARE);
    NamespaceLayout layout =
        HierarchyLayout.of(m, ProfileStatistics.of(GeneratorVectors.profile(), "vector"), 60, 7);
    DeletedDirectories removing = DeletedDirectories.of(m, layout, 7, "tag", 1);
    int deeper = 0;
    int padded = 0;
    for (double origin = 0; origin < m.windowMs(); origin += m.windowMs() / 50) {
      String first = removing.holding(origin, origin);
      for (int depth = 0; depth <= 6; depth++) {
        String held = removing.holding(origin, origin, depth);
        assertEquals(first == null, held == null, "a holder whenever any qualifies");
        if (held != null && DeletedDirectories.depthOf(held) != depth) {
          assertEquals(first, held, "none at that depth or above: the first deleted, as before");
          assertTrue(DeletedDirectories.depthOf(first) > depth, "a shallower one was passed over");
        } else if (held != null && held.endsWith(DeletedDirectories.PADDING)) {
          padded++; // below a shallower holder, the file at its own depth
          String holder = held.replaceAll("(" + DeletedDirectories.PADDING + ")+$", "");
          assertEquals(
              holder, removing.holding(origin, origin, DeletedDirectories.depthOf(holder)));
        } else if (held != null && !held.equals(first)) {
          deeper++; // a later-deleted directory, chosen for its depth
        }
      }
      if (first != null) {
        int own = DeletedDirectories.depthOf(first);
        assertEquals(first, removing.holding(origin, origin, own), "the first at its own depth");
      }
    }
    assertTrue(deeper > 0, "some file is placed at its depth rather than the first deleted");
    assertTrue(padded > 0, "some file is placed below a shallower holder, at its own depth");
    assertEquals(0, DeletedDirectories.depthOf("/"));
    assertEquals(2, DeletedDirectories.depthOf("/a/b"));
  }
}
