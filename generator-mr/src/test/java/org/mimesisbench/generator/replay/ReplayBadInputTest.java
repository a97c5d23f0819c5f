package org.mimesisbench.generator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;
import org.mimesisbench.trace.NamespaceEntry;
import org.mimesisbench.trace.TraceManifests;

/**
 * Bad input to replay (and sweep --replay): one line on stderr naming what is wrong, exit code 2,
 * nothing created.
 */
class ReplayBadInputTest {
  @TempDir Path dir;

  private String refused(String command, String... args) {
    Path out = dir.resolve("out");
    Path base = dir.resolve("base");
    List<String> argv =
        new ArrayList<>(List.of(command, "--out", out.toString(), "--base-dir", "file://" + base));
    argv.addAll(List.of(args));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        new MimesisBench(
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .execute(new Configuration(), argv.toArray(new String[0]));
    String message = err.toString(StandardCharsets.UTF_8).strip();
    assertEquals(2, exit, message);
    assertEquals(1, message.lines().count(), message);
    assertFalse(Files.exists(out), "no results folder");
    assertFalse(Files.exists(base), "no base directory");
    return message;
  }

  @Test
  void aTraceWithoutEvents() throws Exception {
    Path trace = Files.createDirectories(dir.resolve("trace"));
    Files.copy(SampleTrace.DIR.resolve("namespace.avro"), trace.resolve("namespace.avro"));
    String m = refused("replay", "--trace", trace.toString());
    assertTrue(m.contains("--trace " + trace + ": no events.avro"), m);
  }

  @Test
  void noTraceAtAll() {
    Path nowhere = dir.resolve("nowhere");
    String m = refused("replay", "--trace", nowhere.toString());
    assertTrue(m.contains("replay: --trace " + nowhere + ": no such directory"), m);
    assertTrue(refused("replay").contains("trace"), "--trace is required");
  }

  @Test
  void eventsThatAreNotATrace() throws Exception {
    Path trace = Files.createDirectories(dir.resolve("trace"));
    Files.writeString(trace.resolve("events.avro"), "not avro");
    String m = refused("replay", "--trace", trace.toString());
    assertTrue(m.contains("events.avro: not an Avro file of AuditEvent records"), m);
  }

  @Test
  void aTraceWithNothingToReplay() throws Exception {
    Path trace = Files.createDirectories(dir.resolve("trace"));
    try (DataFileWriter<AuditEvent> w =
        new DataFileWriter<>(new SpecificDatumWriter<>(AuditEvent.class))) {
      w.create(AuditEvent.getClassSchema(), trace.resolve("events.avro").toFile());
      w.append(
          AuditEvent.newBuilder()
              .setTime(1)
              .setOp("fsck")
              .setCmd("fsck")
              .setSrc("/d")
              .setUser("hdfs")
              .setAllowed(true)
              .build());
    }
    String m = refused("replay", "--trace", trace.toString());
    assertTrue(m.contains("none of its 1 calls is replayed") && m.contains("fsck"), m);
  }

  @Test
  void badOptions() {
    String t = SampleTrace.DIR.toString();
    assertTrue(
        refused("replay", "--trace", t, "--users", "some")
            .contains("--users some: expected recorded or one"));
    assertTrue(
        refused("replay", "--trace", t, "--mappers", "0")
            .contains("--mappers 0: must be 1 to 1000"));
    assertTrue(
        refused("replay", "--trace", t, "--time-scale", "-1")
            .contains("--time-scale -1: must be >= 0"));
    assertTrue(
        refused("replay", "--trace", t, "--span-scale", "2")
            .contains("Unrecognized option: --span-scale"),
        "a profile's options are not a replay's");
  }

  @Test
  void aGroupsFileThatIsNotAStaticMapping() throws Exception {
    String t = SampleTrace.DIR.toString();
    Path groups = Files.writeString(dir.resolve("groups"), "backup=supergroup\nalice\n");
    String m = refused("replay", "--trace", t, "--groups", groups.toString());
    assertTrue(
        m.contains("--groups " + groups + ": line 2: 'alice': expected user=group,group"), m);
    m = refused("replay", "--trace", t, "--groups", dir.resolve("nowhere").toString());
    assertTrue(m.endsWith("nowhere: no such file"), m);
  }

  @Test
  void aSweepOfAProfileOrOfATraceNotBoth() {
    String m =
        refused(
            "sweep", "--replay", SampleTrace.DIR.toString(), "--profile", "p", "--time-scale", "1");
    assertTrue(
        m.contains("give --profile (runs of a profile) or --replay (replays of a trace), one"), m);
    Path nowhere = dir.resolve("nowhere");
    m = refused("sweep", "--replay", nowhere.toString(), "--time-scale", "1,0");
    assertTrue(m.contains("sweep: --replay " + nowhere + ": no such directory"), m);
  }

  @Test
  void aSweepsReplayErrorsNameTheSweep() throws Exception {
    Path groups = Files.writeString(dir.resolve("groups"), "alice\n");
    String m =
        refused(
            "sweep",
            "--replay",
            SampleTrace.DIR.toString(),
            "--time-scale",
            "1,0",
            "--groups",
            groups.toString());
    assertTrue(m.contains("sweep: --groups " + groups + ": line 1: 'alice'"), m);
    m = refused("replay", "--trace", SampleTrace.DIR.toString(), "--groups", groups.toString());
    assertTrue(m.contains("replay: --groups " + groups + ": line 1: 'alice'"), m);
  }

  /** The attack's calls: each names a path that climbs out of the replay's root. */
  static final List<AuditEvent> CLIMBING_OUT =
      List.of(
          climbing("delete", "delete", "/../../precious", null, null),
          climbing(
              "rename",
              "rename (options=[OVERWRITE])",
              "/jobs/a/f1",
              "/../../victim/overwritten.txt",
              "mallory:supergroup:rw-r--r--"),
          climbing(
              "setOwner",
              "setOwner",
              "/../../user/alice/notebooks/nb-07.ipynb",
              null,
              "mallory:supergroup:rw-r--r--"),
          climbing(
              "setPermission",
              "setPermission",
              "/../../victim/keep.txt",
              null,
              "alice:supergroup:rwx------"),
          climbing("create", "create", "/../../data/logs/real.log", null, null));

  private static AuditEvent climbing(String op, String cmd, String src, String dst, String perm) {
    return AuditEvent.newBuilder()
        .setTime(1_717_243_200_000L)
        .setOp(op)
        .setCmd(cmd)
        .setSrc(src)
        .setDst(dst)
        .setPerm(perm)
        .setUser("mallory")
        .setAllowed(true)
        .build();
  }

  /**
   * A copy of the sample trace whose {@code file} (of {@code type} records) is rewritten by {@code
   * change}, written directly with the trace's Avro classes, as no parse would write it.
   */
  private <T extends SpecificRecordBase> Path crafted(
      String name, String file, Class<T> type, UnaryOperator<List<T>> change) throws Exception {
    Path trace = Files.createDirectories(dir.resolve(name));
    try (var files = Files.list(SampleTrace.DIR)) {
      for (Path f : files.toList()) {
        Files.copy(f, trace.resolve(f.getFileName()));
      }
    }
    List<T> records = new ArrayList<>();
    try (DataFileReader<T> r =
        new DataFileReader<>(trace.resolve(file).toFile(), new SpecificDatumReader<>(type))) {
      r.forEach(records::add);
    }
    List<T> changed = change.apply(records);
    try (DataFileWriter<T> w = new DataFileWriter<>(new SpecificDatumWriter<>(type))) {
      w.create(changed.get(0).getSchema(), trace.resolve(file).toFile());
      for (T t : changed) {
        w.append(t);
      }
    }
    // a crafted trace is whole: its manifest lists what was written, so the path rule refuses it
    if (Files.exists(trace.resolve(TraceManifests.FILE))) {
      Map<String, Path> avro = new TreeMap<>();
      try (var files = Files.list(trace)) {
        files
            .filter(f -> f.getFileName().toString().endsWith(".avro"))
            .forEach(f -> avro.put(f.getFileName().toString(), f));
      }
      TraceManifests.write(TraceManifests.of(avro), trace.resolve(TraceManifests.FILE));
    }
    return trace;
  }

  private static <T> List<T> plus(List<T> records, T extra) {
    List<T> all = new ArrayList<>(records);
    all.add(extra);
    return all;
  }

  @Test
  void eventsWhosePathsClimbOutRefuseTheTraceBeforeAnythingIsMade() throws Exception {
    for (AuditEvent attack : CLIMBING_OUT) {
      Path trace =
          crafted(
              "trace-" + attack.getOp(),
              "events.avro",
              AuditEvent.class,
              events -> plus(events, attack));
      String bad = attack.getDst() != null ? attack.getDst() : attack.getSrc();
      String m = refused("replay", "--trace", trace.toString(), "--users", "one", "--cleanup");
      assertTrue(
          m.contains(
              "replay: --trace "
                  + trace.resolve("events.avro")
                  + ": path "
                  + bad
                  + " would leave the replay's base directory (an empty, '.' or '..' component)"),
          m);
    }
  }

  @Test
  void aSweepOfATraceThatClimbsOutIsRefusedBeforeAnythingIsMade() throws Exception {
    Path trace =
        crafted(
            "trace-sweep",
            "events.avro",
            AuditEvent.class,
            events -> plus(events, CLIMBING_OUT.get(0)));
    String m = refused("sweep", "--replay", trace.toString(), "--time-scale", "1,0");
    assertTrue(
        m.contains(
            "sweep: --replay "
                + trace.resolve("events.avro")
                + ": path /../../precious would leave the replay's base directory"),
        m);
  }

  @Test
  void aNamespaceFilesOrDirsEntryThatClimbsOutRefusesTheTrace() throws Exception {
    Path trace =
        crafted(
            "trace-namespace",
            "namespace.avro",
            NamespaceEntry.class,
            entries ->
                plus(
                    entries,
                    NamespaceEntry.newBuilder(entries.get(entries.size() - 1))
                        .setPath("/../../user/file")
                        .setIsDir(false)
                        .build()));
    String m = refused("replay", "--trace", trace.toString());
    assertTrue(
        m.contains(trace.resolve("namespace.avro") + ": path /../../user/file would leave"), m);

    trace =
        crafted(
            "trace-files",
            "files.avro",
            FileTimeline.class,
            files ->
                plus(files, FileTimeline.newBuilder(files.get(0)).setPath("/a/../../x").build()));
    m = refused("replay", "--trace", trace.toString());
    assertTrue(m.contains(trace.resolve("files.avro") + ": path /a/../../x would leave"), m);

    trace =
        crafted(
            "trace-dirs",
            "dirs.avro",
            DirectoryTimeline.class,
            dirs ->
                plus(
                    dirs,
                    DirectoryTimeline.newBuilder(dirs.get(0)).setPath("/d/\\..\\..").build()));
    m = refused("replay", "--trace", trace.toString());
    assertTrue(
        m.contains(trace.resolve("dirs.avro") + ": path /d/\\..\\.. would leave")
            && m.contains("a ':' or '\\' in a component"),
        m);
  }
}
