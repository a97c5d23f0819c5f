package org.mimesisbench.generator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.run.RunOptions;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * The sample trace read for a replay: every call accounted for, partitions that keep each path's
 * calls together.
 */
class ReplayTraceTest {
  @TempDir java.nio.file.Path dir;

  @Test
  void everyCallIsReplayedOrCountedAsNot() throws Exception {
    ReplayTrace t = ReplayTrace.read("replay: --trace", SampleTrace.DIR, true, 1, null, 4);
    assertEquals(6789, t.events);
    assertEquals(t.events, t.replayed() + t.notReplayedCount());
    assertEquals(
        0, t.notReplayedCount(), "every command of the sample has a call: " + t.notReplayed);
    assertEquals(1, t.byOp.get(Op.CONCAT));
    assertTrue(t.fsimage);
    assertEquals("hdfs", t.superuser);
    Map<String, Set<String>> groups = t.groupMapping("supergroup", Map.of());
    assertTrue(groups.get("hdfs").contains("supergroup"), groups.toString());
    assertFalse(
        groups.getOrDefault("bob", Set.of()).contains("supergroup"), "no sign of it: " + groups);
    assertEquals(Set.of("hdfs"), t.groups.superusers(), t.groups.why().toString());
    assertEquals(
        List.of("given"),
        t.groupMapping("supergroup", Map.of("bob", List.of("given"))).get("bob").stream().toList(),
        "--groups names a user's groups");
  }

  @Test
  void aPathsCallsAreInOnePartitionInTraceOrder() throws Exception {
    ReplayTrace t = ReplayTrace.read("replay: --trace", SampleTrace.DIR, true, 1, null, 4);
    assertEquals(4, t.partitions.size());
    Map<String, Integer> partitionOf = new HashMap<>();
    for (int i = 0; i < t.partitions.size(); i++) {
      long last = 0;
      for (AuditEvent e : t.partitions.get(i)) {
        Integer before = partitionOf.putIfAbsent(e.getSrc() == null ? "" : e.getSrc(), i);
        assertTrue(
            before == null || before == i, e.getSrc() + " in partitions " + before + " and " + i);
        if (e.getDst() != null && e.getOp().equals("rename")) {
          Integer target = partitionOf.putIfAbsent(e.getDst(), i);
          assertTrue(
              target == null || target == i, "a rename's target follows its source: " + e.getDst());
        }
        assertTrue(e.getTime() >= last - 50, "trace order (times from the first event)");
        last = Math.max(last, e.getTime());
      }
    }
  }

  @Test
  void withOneUserTheDeniedCallsAreCountedNotReplayed() throws Exception {
    ReplayTrace t = ReplayTrace.read("replay: --trace", SampleTrace.DIR, false, 1, null, 4);
    assertEquals(5, t.notReplayedCount());
    assertEquals(t.events, t.replayed() + t.notReplayedCount());
    assertTrue(t.notReplayed.get("open").containsKey(ReplayCalls.DENIED_ONE_USER));
  }

  @Test
  void theDurationCutsTheCallsAfterIt() throws Exception {
    ReplayTrace t = ReplayTrace.read("replay: --trace", SampleTrace.DIR, true, 0.5, 30_000L, 4);
    assertTrue(t.afterDuration > 0);
    assertEquals(t.events, t.replayed() + t.notReplayedCount() + t.afterDuration);
    for (List<AuditEvent> p : t.partitions) {
      p.forEach(e -> assertTrue(e.getTime() * 0.5 <= 30_000, "after the --duration: " + e));
    }
  }

  @Test
  void withoutAnFsimageTheNamespaceIsInferredFromTheEvents() throws Exception {
    for (String f : List.of(ReplayTrace.EVENTS, ReplayTrace.FILES, ReplayTrace.DIRS)) {
      Files.copy(SampleTrace.DIR.resolve(f), dir.resolve(f));
    }
    ReplayTrace t = ReplayTrace.read("replay: --trace", dir, true, 1, null, 4);
    assertFalse(t.fsimage);
    assertTrue(
        t.namespace.size() > 100,
        "the pre-existing files and their directories: " + t.namespace.size());
    assertTrue(t.namespace.stream().allMatch(e -> e.getOwner() == null), "no owner is known");
    assertTrue(
        t.namespace.stream().anyMatch(e -> e.getPath().equals("/user/alice") && e.getIsDir()));
    ReplayPlan plan =
        new ReplayPlan(
            "20260101-000000-abcdef",
            RunOptions.newBuilder().setProfile(dir.toString()).build(),
            ReplayPlan.Users.RECORDED,
            t,
            new Path("/base"));
    assertTrue(
        plan.notes().stream().anyMatch(n -> n.contains("no fsimage")), plan.notes().toString());
    assertEquals(new Path("/base/replay-abcdef"), plan.root());
  }

  @Test
  void aConcatsSourcesGetAByte() throws Exception {
    ReplayTrace t = ReplayTrace.read("replay: --trace", SampleTrace.DIR, true, 1, null, 4);
    List<String> sources =
        t.partitions.stream()
            .flatMap(List::stream)
            .filter(e -> e.getOp().equals("concat"))
            .flatMap(e -> ReplayCalls.concatSources(e.getSrc()).stream())
            .toList();
    assertEquals(7, sources.size());
    for (NamespaceEntry e : t.namespace) {
      assertEquals(sources.contains(e.getPath()) ? 1 : 0, e.getSize(), e.getPath());
    }
  }

  @Test
  void permissionsAsFsimagesAndAuditLogsWriteThem() {
    assertEquals("rwxr-x---", ReplayClient.permission("rwxr-x---", true).toString());
    assertEquals("rwxrwxrwt", ReplayClient.permission("drwxrwxrwt", true).toString());
    assertEquals(
        "rw-r--r--", ReplayClient.permission("rw-r--r--+", false).toString().substring(0, 9));
  }

  @Test
  void theWarehouseTraceIsReplayedWholeSnapshotsAndAll() throws Exception {
    ReplayTrace t = ReplayTrace.read("replay: --trace", SampleTrace.WAREHOUSE, true, 1, null, 4);
    assertEquals(3050, t.events);
    assertEquals(
        0, t.notReplayedCount(), "every call, those through a snapshot too: " + t.notReplayed);
    assertEquals(2, t.byOp.get(Op.CREATE_SNAPSHOT));
    assertEquals(1, t.byOp.get(Op.ALLOW_SNAPSHOT));
    assertEquals(2, t.byOp.get(Op.LIST_ENCRYPTION_ZONES));
    assertEquals(List.of(), t.snapshottable, "the trace allows its snapshots itself");
    Map<String, Set<String>> groups = t.groupMapping("supergroup", Map.of());
    assertEquals(
        Set.of("backup", "hdfs"),
        t.groups.superusers(),
        "DistCp -pu gives entries away: " + t.groups.why());
    assertEquals(
        Map.of(
            "backup",
            Set.of("hive", "supergroup"),
            "etl",
            Set.of("hive"),
            "hdfs",
            Set.of("supergroup")),
        groups,
        "etl makes partitions in hive's 775 tables: " + t.groups.membersWhy());
    assertTrue(groups.get("backup").contains("supergroup"), groups.toString());
    assertFalse(
        groups.get("etl").contains("supergroup"),
        "the trace denied etl the encryption zones' listing");
    Integer partition = null;
    for (int i = 0; i < t.partitions.size(); i++) {
      for (AuditEvent e : t.partitions.get(i)) {
        if (e.getSrc() != null && e.getSrc().startsWith("/warehouse/sales.db")) {
          assertTrue(
              partition == null || partition == i,
              "a snapshot's calls and its directory's in one partition");
          partition = i;
        }
      }
    }
  }

  @Test
  void aSnapshotTakenBeforeTheTraceIsNotReplayedItsDirectoryIsSnapshottable() throws Exception {
    try (DataFileWriter<AuditEvent> w =
        new DataFileWriter<>(new SpecificDatumWriter<>(AuditEvent.class))) {
      w.create(AuditEvent.getClassSchema(), dir.resolve(ReplayTrace.EVENTS).toFile());
      String[][] calls = {
        {"getfileinfo", "/d/.snapshot/old/x", null},
        {"createSnapshot", "/d", "/d/.snapshot/s1"},
        {"listStatus", "/d/.snapshot/s1", null},
        {"renameSnapshot", "/d/.snapshot/s1", "/d/.snapshot/s2"},
        {"open", "/d/.snapshot/s1/x", null},
        {"open", "/d/.snapshot/s2/x", null},
        {"deleteSnapshot", "/d/.snapshot/s2", null},
        {"deleteSnapshot", "/d/.snapshot/old", null},
        {"createSnapshot", "/e", null}
      };
      long time = 0;
      for (String[] c : calls) {
        w.append(
            AuditEvent.newBuilder()
                .setTime(time++)
                .setOp(c[0])
                .setCmd(c[0])
                .setSrc(c[1])
                .setDst(c[2])
                .setUser("hdfs")
                .setAllowed(true)
                .build());
      }
    }
    ReplayTrace t = ReplayTrace.read("replay: --trace", dir, true, 1, null, 4);
    assertEquals(List.of("/d"), t.snapshottable, "a snapshot call before any allowSnapshot");
    assertEquals(Map.of(SnapshotHistory.BEFORE_TRACE, 1L), t.notReplayed.get("getfileinfo"));
    assertEquals(
        Map.of(SnapshotHistory.BEFORE_TRACE, 1L), t.notReplayed.get("open"), "s1 was renamed s2");
    assertEquals(Map.of(SnapshotHistory.BEFORE_TRACE, 1L), t.notReplayed.get("deleteSnapshot"));
    assertEquals(
        Map.of(ReplayCalls.NO_PATH, 1L),
        t.notReplayed.get("createSnapshot"),
        "a snapshot without a name");
    assertEquals(5, t.replayed());
    assertEquals("/d", ReplayCalls.path(t.partitions.get(0).get(2), Op.RENAME_SNAPSHOT));
    assertEquals("s2", ReplayCalls.snapshotName("/d/.snapshot/s2/x/y"));
  }
}
