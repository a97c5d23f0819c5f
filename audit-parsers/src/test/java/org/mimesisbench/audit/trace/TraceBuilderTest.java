package org.mimesisbench.audit.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mimesisbench.audit.testing.Traces.line;
import static org.mimesisbench.audit.testing.Traces.time;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.TraceParse;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.audit.testing.Traces;
import org.mimesisbench.trace.AuditCommand;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;

class TraceBuilderTest {
  @TempDir Path dir;

  private Map<String, FileTimeline> byFinalPath(ParseReport report) throws Exception {
    Map<String, FileTimeline> m = new HashMap<>();
    for (FileTimeline t :
        Traces.read(dir.resolve("trace").resolve(TraceParse.FILES), FileTimeline.class)) {
      m.put(t.getFinalPath() + (t.getDeleteTime() == null ? "" : "@" + t.getDeleteTime()), t);
    }
    return m;
  }

  private ParseReport parse(List<String> lines) throws Exception {
    return Traces.parse(dir.resolve("trace"), null, Traces.write(dir, "audit.log", lines));
  }

  @Test
  void aFileKeepsItsIdentityAcrossRenamesOfItselfAndItsDirectory() throws Exception {
    ParseReport report =
        parse(
            List.of(
                line(0, "u", "mkdirs", "/job/_temporary", null),
                line(1, "u", "getfileinfo", "/job/_temporary/part-0", null), // probe before create
                line(2, "u", "create", "/job/_temporary/part-0", null),
                line(3, "u", "open", "/job/_temporary/part-0", null),
                line(4, "u", "rename", "/job/_temporary/part-0", "/job/_temporary/done-0"),
                line(5, "u", "listStatus", "/job/_temporary/done-0", null),
                line(6, "u", "rename", "/job", "/out"),
                line(7, "u", "open", "/out/_temporary/done-0", null),
                line(8, "u", "mkdirs", "/final", null),
                line(
                    9,
                    "u",
                    "rename",
                    "/out/_temporary/done-0",
                    "/final"), // old rename: into the dir
                line(10, "u", "open", "/final/done-0", null)));
    Map<String, FileTimeline> files = byFinalPath(report);
    assertEquals(1, files.size(), files.keySet().toString());
    FileTimeline t = files.get("/final/done-0");
    assertEquals("/job/_temporary/part-0", t.getPath());
    assertEquals(3, t.getDepth());
    assertFalse(t.getPreExisting());
    assertEquals(time(2), t.getCreateTime());
    assertNull(t.getDeleteTime());
    assertEquals(3, t.getRenames());
    // its own renames (4, 9) and its directory's (6): when each moved it
    assertEquals(List.of(time(4), time(6), time(9)), t.getRenameTimes());
    assertEquals(List.of(time(3), time(5), time(7), time(10)), t.getAccessTimes());
    assertEquals("OLOO", t.getAccessKinds()); // the probe before create is not an access
  }

  /**
   * A snapshot's copy of a file is the live file's inode: its reads are the live file's, not a file
   * of their own that the namespace never held; a copy of a file deleted since keeps its path.
   */
  @Test
  void aReadThroughASnapshotIsTheLiveFilesWhileItIsThere() throws Exception {
    ParseReport report =
        parse(
            List.of(
                line(0, "u", "create", "/d/a", null),
                line(1, "u", "create", "/d/b", null),
                line(2, "u", "open", "/d/.snapshot/s1/a", null),
                line(3, "u", "getfileinfo", "/d/.snapshot/s1/a", null),
                line(4, "u", "delete", "/d/b", null),
                line(5, "u", "open", "/d/.snapshot/s1/b", null),
                line(6, "u", "listStatus", "/d/.snapshot/s1", null)));
    Map<String, FileTimeline> files = byFinalPath(report);
    assertEquals(Set.of("/d/a", "/d/b@" + time(4), "/d/.snapshot/s1/b"), files.keySet(), "files");
    assertEquals(List.of(time(2), time(3)), files.get("/d/a").getAccessTimes());
    assertEquals("OG", files.get("/d/a").getAccessKinds());
    assertEquals(List.of(time(5)), files.get("/d/.snapshot/s1/b").getAccessTimes());
    Map<String, DirectoryTimeline> dirs = new HashMap<>();
    for (DirectoryTimeline t :
        Traces.read(dir.resolve("trace").resolve(TraceParse.DIRS), DirectoryTimeline.class)) {
      dirs.put(t.getFinalPath(), t);
    }
    assertEquals(List.of(time(6)), dirs.get("/d").getAccessTimes(), "the snapshot root is /d's");
  }

  @Test
  void deletesOfFilesAndDirectoriesAndOverwritesEndLives() throws Exception {
    ParseReport report =
        parse(
            List.of(
                line(0, "u", "create", "/d/a", null),
                line(1, "u", "create", "/d/sub/b", null),
                line(2, "u", "open", "/old/pre", null), // accessed, never created: pre-existing
                line(3, "u", "create", "/d/a", null), // overwrite
                line(4, "u", "delete", "/d", null),
                line(5, "u", "delete", "/old/pre", null),
                line(6, false, "u", "delete", "/kept", null), // denied: changes nothing
                line(6, "u", "open", "/kept", null)));
    Map<String, FileTimeline> files = byFinalPath(report);
    assertEquals(5, files.size(), files.keySet().toString());
    assertEquals(time(3), files.get("/d/a@" + time(3)).getDeleteTime());
    assertEquals(time(3), files.get("/d/a@" + time(4)).getCreateTime());
    assertEquals(time(4), files.get("/d/sub/b@" + time(4)).getDeleteTime());
    FileTimeline pre = files.get("/old/pre@" + time(5));
    assertTrue(pre.getPreExisting());
    assertNull(pre.getCreateTime());
    assertTrue(files.get("/kept").getPreExisting());
    assertEquals(
        Map.of(
            "files",
            5L,
            "pre_existing",
            2L,
            "created",
            3L,
            "deleted",
            4L,
            "renamed",
            0L,
            "accesses",
            2L,
            "calls",
            0L),
        report.files);
    assertEquals(1, report.allowedFalse);
  }

  @Test
  void renameWithOverwriteReplacesTheTarget() throws Exception {
    parse(
        List.of(
            line(0, "u", "create", "/a", null),
            line(1, "u", "create", "/b", null),
            line(2, "u", "rename (options=[OVERWRITE])", "/a", "/b"),
            line(3, "u", "open", "/b", null)));
    Map<String, FileTimeline> files = byFinalPath(null);
    assertEquals(time(2), files.get("/b@" + time(2)).getDeleteTime());
    FileTimeline moved = files.get("/b");
    assertEquals("/a", moved.getPath());
    assertEquals("O", moved.getAccessKinds());
  }

  @Test
  void pathsOnlyListedAreNotFilesButCountedEvents() throws Exception {
    ParseReport report =
        parse(
            List.of(
                line(0, "u", "listStatus", "/warehouse", null),
                line(1, "u", "getfileinfo", "/nothing/here", null),
                line(2, "u", "open", "/warehouse/t/part-0", null)));
    Map<String, FileTimeline> files = byFinalPath(report);
    assertEquals(1, files.size());
    assertEquals(
        3, Traces.read(dir.resolve("trace").resolve(TraceParse.EVENTS), AuditEvent.class).size());
  }

  @Test
  void rotatedFilesAreMergedInTimeOrder() throws Exception {
    Path older =
        Traces.write(
            dir,
            "hdfs-audit.log.1",
            List.of(line(0, "u", "create", "/f", null), line(2, "u", "open", "/f", null)));
    Path newer =
        Traces.write(
            dir,
            "hdfs-audit.log",
            List.of(line(1, "u", "open", "/f", null), line(3, "u", "delete", "/f", null)));
    Traces.parse(dir.resolve("trace"), null, newer, older);
    List<AuditEvent> events =
        Traces.read(dir.resolve("trace").resolve(TraceParse.EVENTS), AuditEvent.class);
    assertEquals(
        List.of(time(0), time(1), time(2), time(3)),
        events.stream().map(AuditEvent::getTime).toList());
    FileTimeline f =
        Traces.read(dir.resolve("trace").resolve(TraceParse.FILES), FileTimeline.class).get(0);
    assertEquals(List.of(time(1), time(2)), f.getAccessTimes());
    assertEquals(time(3), f.getDeleteTime());
  }

  @Test
  void accessesAreInTimeOrderEvenWhenTheLogIsNot() throws Exception {
    parse(
        List.of(
            line(0, "u", "create", "/f", null),
            line(5, "u", "open", "/f", null),
            line(3, "u", "listStatus", "/f", null), // a handler thread logged late
            line(7, "u", "open", "/f", null)));
    FileTimeline f = byFinalPath(null).get("/f");
    assertEquals(List.of(time(3), time(5), time(7)), f.getAccessTimes());
    assertEquals("LOO", f.getAccessKinds());
  }

  @Test
  void directoriesHaveTimelinesWithTheirListingsCallsAndRecursiveDelete() throws Exception {
    ParseReport report =
        parse(
            List.of(
                line(0, "u", "getfileinfo", "/job", null), // probe: nothing there yet
                line(1, "u", "mkdirs", "/job/tmp", null),
                line(
                    2, "u", "mkdirs", "/job",
                    null), // already there (made with /job/tmp): changes nothing
                line(3, "u", "setPermission", "/job", null),
                line(4, "u", "create", "/job/tmp/a", null),
                line(5, "u", "setTimes", "/job/tmp/a", null),
                line(6, "u", "listStatus", "/job/tmp", null),
                line(7, "u", "contentSummary", "/job", null),
                line(8, "u", "listCachePools", null, null), // no path: the cluster
                line(9, "u", "delete", "/job", null)));
    Map<String, DirectoryTimeline> dirs = new HashMap<>();
    for (DirectoryTimeline d :
        Traces.read(dir.resolve("trace").resolve(TraceParse.DIRS), DirectoryTimeline.class)) {
      dirs.put(d.getPath(), d);
    }
    assertEquals(Set.of("/job", "/job/tmp"), dirs.keySet());
    DirectoryTimeline job = dirs.get("/job");
    assertTrue(job.getDeletedItself());
    assertEquals(time(9), job.getDeleteTime());
    assertEquals(1, job.getSubtreeFiles());
    assertEquals(1, job.getSubtreeDirectories());
    assertEquals(
        "GC",
        job.getAccessKinds()); // without an fsimage the stat at 0 may have found it: an access
    assertEquals(List.of(time(3)), job.getCallTimes());
    assertEquals(List.of(AuditCommand.setPermission.ordinal()), job.getCalls());
    assertEquals(
        false, job.getMadeByMkdirs(), "made with /job/tmp; the mkdirs naming it came after");
    DirectoryTimeline tmp = dirs.get("/job/tmp");
    assertEquals(time(1), tmp.getCreateTime());
    assertEquals(true, tmp.getMadeByMkdirs());
    assertFalse(tmp.getDeletedItself(), "its parent's delete took it");
    assertEquals(time(9), tmp.getDeleteTime());
    assertEquals("L", tmp.getAccessKinds());
    FileTimeline a = byFinalPath(report).get("/job/tmp/a@" + time(9));
    assertEquals(List.of(AuditCommand.setTimes.ordinal()), a.getCalls());
    assertEquals(Map.of("listCachePools", 1L), report.byTarget.get("cluster"));
    // without an fsimage, a path probed before it was made is not known to be missing
    assertEquals(Map.of("getfileinfo", 1L), report.byTarget.get("unknown"));
    assertEquals(
        10,
        report.byTarget.values().stream()
            .mapToLong(m -> m.values().stream().mapToLong(x -> x).sum())
            .sum());
  }

  @Test
  void eachTimelineCountsItsEventsByUserAndTheReportEveryEvent() throws Exception {
    ParseReport report =
        parse(
            List.of(
                line(
                    0,
                    "bob",
                    "getfileinfo",
                    "/job/a",
                    null), // a probe: handed to the file created there
                line(1, "alice", "mkdirs", "/job", null),
                line(2, "alice", "create", "/job/a", null),
                line(3, "yarn", "open", "/job/a", null),
                line(4, "alice", "setPermission", "/job/a", null),
                line(5, "bob", "listStatus", "/job", null),
                line(6, "hdfs", "datanodeReport", null, null),
                line(7, "alice", "delete", "/job/a", null)));
    FileTimeline a = byFinalPath(report).get("/job/a@" + time(7));
    assertEquals(List.of("alice", "bob", "yarn"), a.getUsers());
    assertEquals(
        List.of(3L, 1L, 1L),
        a.getUserEvents(),
        "create, setPermission, delete; the probe; the open");
    DirectoryTimeline job =
        Traces.read(dir.resolve("trace").resolve(TraceParse.DIRS), DirectoryTimeline.class).get(0);
    assertEquals(List.of("alice", "bob"), job.getUsers());
    assertEquals(List.of(1L, 1L), job.getUserEvents());
    assertEquals(Map.of("alice", 4L, "bob", 2L, "yarn", 1L, "hdfs", 1L), report.byUser);
  }

  @Test
  void aDirectoryMadeImplicitlyAndNamedFirstByItsDeleteHasATimeline() throws Exception {
    parse(
        List.of(
            line(
                0,
                "u",
                "create",
                "/out/_temporary/0/task/part-0",
                null), // makes /out/_temporary/0/task
            line(1, "u", "listStatus", "/out/_temporary/0", null),
            line(2, "u", "rename", "/out/_temporary/0/task/part-0", "/out/part-0"),
            line(
                3,
                "u",
                "delete",
                "/out/_temporary",
                null))); // no call named it before: no life until now
    Map<String, DirectoryTimeline> dirs = new HashMap<>();
    for (DirectoryTimeline d :
        Traces.read(dir.resolve("trace").resolve(TraceParse.DIRS), DirectoryTimeline.class)) {
      dirs.put(d.getPath(), d);
    }
    DirectoryTimeline temporary = dirs.get("/out/_temporary");
    assertTrue(temporary.getDeletedItself(), "its recursive delete is its own: " + dirs.keySet());
    assertEquals(time(3), temporary.getDeleteTime());
    assertEquals(1, temporary.getSubtreeDirectories()); // /out/_temporary/0, listed
    assertEquals("", temporary.getAccessKinds());
    assertEquals(false, temporary.getMadeByMkdirs());
    assertEquals(List.of("u"), temporary.getUsers(), "its delete's user: who the model has it as");
    assertEquals(List.of(1L), temporary.getUserEvents());
    assertFalse(dirs.get("/out/_temporary/0").getDeletedItself());
  }

  /**
   * The lives alive at the end (thousands here) are written each once, in id order, with its own
   * accesses, and the report counts them all.
   */
  @Test
  void theLivesAliveAtTheEndAreWrittenOnceEachInIdOrder() throws Exception {
    int lives = 3 * 2048 + 17;
    List<String> lines = new java.util.ArrayList<>();
    for (int i = 0; i < lives; i++) {
      // every fifth a directory: files and directories interleave in id order
      lines.add(
          i % 5 == 0
              ? line(i / 100, "u", "mkdirs", "/d/n" + i, null)
              : line(i / 100, "u", "create", "/d/n" + i, null));
      if (i % 7 == 0) {
        lines.add(line(i / 100, "u", i % 5 == 0 ? "listStatus" : "open", "/d/n" + i, null));
      }
    }
    ParseReport report = parse(lines);
    List<FileTimeline> files =
        Traces.read(dir.resolve("trace").resolve(TraceParse.FILES), FileTimeline.class);
    List<DirectoryTimeline> dirs =
        Traces.read(dir.resolve("trace").resolve(TraceParse.DIRS), DirectoryTimeline.class);
    long last = -1;
    for (FileTimeline f : files) {
      assertTrue(f.getId() > last, "file ids out of order at " + f.getPath());
      last = f.getId();
      int n = Integer.parseInt(f.getPath().substring("/d/n".length()));
      assertEquals(n % 7 == 0 ? 1 : 0, f.getAccessTimes().size(), f.getPath());
    }
    last = -1;
    for (DirectoryTimeline d : dirs) {
      if (d.getPath().equals("/d")) {
        continue; // made implicitly by the first mkdirs below it
      }
      assertTrue(d.getId() > last, "directory ids out of order at " + d.getPath());
      last = d.getId();
      int n = Integer.parseInt(d.getPath().substring("/d/n".length()));
      assertEquals(n % 7 == 0 ? 1 : 0, d.getAccessTimes().size(), d.getPath());
    }
    assertEquals(lives - (lives + 4) / 5, files.size());
    assertEquals((long) files.size(), report.files.get("files"));
    assertEquals((long) files.size(), report.files.get("created"));
    assertEquals((long) dirs.size(), report.directories.get("directories"));
  }
}
