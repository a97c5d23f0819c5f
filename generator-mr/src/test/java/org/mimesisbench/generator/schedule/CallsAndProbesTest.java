package org.mimesisbench.generator.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mimesisbench.generator.GeneratorVectors;
import org.mimesisbench.generator.layout.FlatLayout;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.profile.CallShare;
import org.mimesisbench.profile.ClusterCalls;
import org.mimesisbench.profile.FileType;
import org.mimesisbench.profile.Profile;

/** A file type's other calls and probes (profile format 2), as the schedule draws them. */
class CallsAndProbesTest {
  @Test
  void probesComeBeforeTheCreateAndCallsAfterItAndBeforeTheDelete() throws Exception {
    WorkloadModel m =
        WorkloadModel.of(
            "vector",
            GeneratorVectors.profileWithCallsAndProbes(),
            GeneratorVectors.options().build());
    Map<Op, Long> counts = new EnumMap<>(Op.class);
    long files = 0;
    long created = 0;
    for (FileTypeModel t : m.runTypes()) {
      TypeSchedule schedule = new TypeSchedule(m, t, new FlatLayout(m), 7, 0, 1, "tag");
      double lastFirst = -1;
      for (EntryLife f = schedule.next(); f != null; f = schedule.next()) {
        assertTrue(f.firstTime() >= lastFirst, "files come in order of their first event");
        lastFirst = f.firstTime();
        files++;
        Map<String, Double> createdAt = new HashMap<>();
        double deletedAt = Double.POSITIVE_INFINITY;
        List<Event> events = new ArrayList<>();
        double last = -1;
        while (!f.done()) {
          Event e = f.next();
          assertTrue(e.timeMs() >= last, "a file's events come in time order: " + e);
          last = e.timeMs();
          events.add(e);
          counts.merge(e.op(), 1L, Long::sum);
          if (e.op() == Op.CREATE) {
            createdAt.put(e.path(), e.timeMs());
            created++;
          } else if (e.op() == Op.DELETE) {
            deletedAt = e.timeMs();
          }
        }
        boolean createSeen = false;
        for (Event e : events) {
          createSeen |= e.op() == Op.CREATE;
          if (e.op() == Op.GET_FILE_INFO_PROBE || e.op() == Op.LIST_STATUS_PROBE) {
            assertTrue(!createSeen, "a probe before its file's create: " + events);
          }
          if (e.op() == Op.SET_PERMISSION || e.op() == Op.SET_REPLICATION) {
            assertTrue(createSeen || createdAt.isEmpty(), "a call after the create: " + events);
            assertTrue(e.timeMs() < deletedAt, "no call after the delete: " + events);
          }
        }
      }
    }
    long probes =
        counts.getOrDefault(Op.GET_FILE_INFO_PROBE, 0L)
            + counts.getOrDefault(Op.LIST_STATUS_PROBE, 0L);
    assertEquals(2.0 * created, probes, 0.0, "2 probes per create, exactly (a whole number)");
    assertEquals(0.25, counts.get(Op.LIST_STATUS_PROBE) / (double) probes, 0.06);
    // 1 or 2 a file, 1.5 on average; those beyond the window or after a delete are dropped
    double perFile = counts.get(Op.SET_PERMISSION) / (double) files;
    assertEquals(1.5, perFile, 0.1, "setPermission per file");
    double replication = counts.get(Op.SET_REPLICATION) / (double) files;
    assertEquals(0.25, replication, 0.06, "setReplication per file");
  }

  @Test
  void aCallNoOpIssuesIsLeftOutAndNamed() throws Exception {
    Profile p = GeneratorVectors.profileWithCallsAndProbes();
    FileType t =
        FileType.newBuilder(p.getFileTypes().get(1))
            .setCalls(List.of(new CallShare("fsck", 1.0, GeneratorVectors.twoPoints(0, 1))))
            .build();
    List<FileType> types = new ArrayList<>(p.getFileTypes());
    types.set(1, t);
    p.setFileTypes(types);
    WorkloadModel m = WorkloadModel.of("vector", p, GeneratorVectors.options().build());
    assertEquals(java.util.Set.of("fsck"), m.notIssued());
    assertTrue(m.allTypes().get(1).calls().isEmpty(), "fsck is not issued");
  }

  @Test
  void callsOnPathsNothingMakesAreOneStreamPerCommandEachOnAPathOfItsOwn() throws Exception {
    Profile p = GeneratorVectors.profile();
    p.setMissingPathProbes(
        List.of(
            new ClusterCalls("getfileinfo", 30L, GeneratorVectors.twoPoints(1000, 3000), null),
            new ClusterCalls("listStatus", 10L, GeneratorVectors.twoPoints(1000, 3000), null),
            new ClusterCalls("delete", 20L, GeneratorVectors.twoPoints(1000, 3000), null),
            new ClusterCalls("open", 5L, GeneratorVectors.twoPoints(1000, 3000), null)));
    p.setDeniedCalls(
        List.of()); // the vector's (the sample's denied calls) go elsewhere: the test below
    WorkloadModel m = WorkloadModel.of("vector", p, GeneratorVectors.options().build());
    assertTrue(
        m.notIssued().contains("open"), "only a stat, a listing or a delete: " + m.notIssued());
    Map<Op, Long> counts = new EnumMap<>(Op.class);
    java.util.Set<String> paths = new java.util.HashSet<>();
    ClusterSchedule schedule = new ClusterSchedule(m, 7, 0, 1);
    for (Life life = schedule.next(); life != null; life = schedule.next()) {
      while (!life.done()) {
        Event e = life.next();
        counts.merge(e.op(), 1L, Long::sum);
        assertTrue(
            e.path().startsWith("/missing-") && paths.add(e.path()), "a path of its own: " + e);
      }
    }
    // 1 to 3 s apart, within the vector's window of 230 s: every call is issued
    assertEquals(
        Map.of(Op.GET_FILE_INFO_PROBE, 30L, Op.LIST_STATUS_PROBE, 10L, Op.DELETE_MISSING, 20L),
        counts);
    Profile isolated = GeneratorVectors.profile();
    isolated.setMissingPathProbes(p.getMissingPathProbes());
    WorkloadModel typesOnly =
        WorkloadModel.of(
            "vector", isolated, GeneratorVectors.options().setTypes(List.of(0)).build());
    assertTrue(
        typesOnly.clusterCalls().isEmpty(),
        "an isolated run issues them not (they belong to no type)");
  }

  @Test
  void deniedCallsAreIssuedAsTheirUsersUnderTheEntryOnlyTheRunnerMayEnter() throws Exception {
    Profile p = GeneratorVectors.profile();
    org.mimesisbench.profile.UserMix bob =
        new org.mimesisbench.profile.UserMix(
            List.of(new org.mimesisbench.profile.UserShare("bob", 1.0)), 0L, 0.0);
    p.setDeniedCalls(
        List.of(
            new ClusterCalls("open", 4L, GeneratorVectors.twoPoints(1000, 3000), bob),
            new ClusterCalls("setQuota", 2L, GeneratorVectors.twoPoints(1000, 3000), bob),
            new ClusterCalls("rename", 3L, GeneratorVectors.twoPoints(1000, 3000), bob)));
    WorkloadModel m = WorkloadModel.of("vector", p, GeneratorVectors.options().build());
    assertTrue(m.notIssued().contains("rename"), "a rename names its target too: " + m.notIssued());
    Map<Op, Long> counts = new EnumMap<>(Op.class);
    ClusterSchedule schedule = new ClusterSchedule(m, 7, 0, 1);
    for (Life life = schedule.next(); life != null; life = schedule.next()) {
      while (!life.done()) {
        Event e = life.next();
        if (e.path() != null && e.path().startsWith(ClusterSchedule.DENIED + "/")) {
          counts.merge(e.op(), 1L, Long::sum);
          assertEquals("bob", e.user(), "as its user, even a superuser's command: " + e);
        }
      }
    }
    assertEquals(Map.of(Op.OPEN, 4L, Op.SET_QUOTA, 2L), counts);
    WorkloadModel asOne =
        WorkloadModel.of("vector", p, GeneratorVectors.options().setAsOneUser(true).build());
    assertTrue(
        asOne.notIssued().containsAll(List.of("open (denied)", "setQuota (denied)")),
        "" + asOne.notIssued());
    assertTrue(
        asOne.clusterCalls().stream().noneMatch(c -> c.denied()),
        "the run's own user is denied nothing");
  }
}
