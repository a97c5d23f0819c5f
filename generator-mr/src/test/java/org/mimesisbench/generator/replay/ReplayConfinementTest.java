package org.mimesisbench.generator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.NamespaceEntry;
import org.mimesisbench.trace.TraceManifests;

/**
 * An audit log whose paths climb out of the base directory, given to parse then replay, on the
 * local file system and on HDFS: parse counts those lines malformed and the replay of what is left
 * stays in its base; a trace crafted to hold them anyway (events, namespace) is refused with exit
 * 2; a ledger line '..' refuses --cleanup. Every byte, mode and owner outside the base is unchanged
 * throughout, and the refusals change nothing inside it either.
 */
@Tag("slow")
class ReplayConfinementTest {
  @TempDir static Path tmp;
  static MiniDFSCluster dfs;

  @BeforeAll
  static void start() throws IOException {
    dfs =
        new MiniDFSCluster.Builder(new Configuration(), tmp.resolve("dfs").toFile())
            .numDataNodes(1)
            .build();
    dfs.waitActive();
  }

  @AfterAll
  static void stop() {
    if (dfs != null) {
      dfs.shutdown(true);
    }
  }

  static Stream<Arguments> fileSystems() {
    return Stream.of(Arguments.of("file"), Arguments.of("hdfs"));
  }

  /** The good calls of the log: all under the replay's root. */
  private static final List<String> GOOD =
      List.of(
          "cmd=mkdirs\tsrc=/jobs/a\tdst=null\tperm=mallory:supergroup:rwxr-xr-x",
          "cmd=create\tsrc=/jobs/a/f1\tdst=null\tperm=mallory:supergroup:rw-r--r--",
          "cmd=getfileinfo\tsrc=/jobs/a/f1\tdst=null\tperm=null",
          "cmd=open\tsrc=/jobs/a/f1\tdst=null\tperm=null",
          "cmd=setPermission\tsrc=/jobs/a/f1\tdst=null\tperm=mallory:supergroup:rw-------",
          "cmd=rename\tsrc=/jobs/a/f1\tdst=/jobs/a/f2\tperm=mallory:supergroup:rw-------",
          "cmd=listStatus\tsrc=/jobs/a\tdst=null\tperm=null",
          "cmd=delete\tsrc=/jobs/a/f2\tdst=null\tperm=null");

  /** The attack's lines. */
  private static final List<String> CLIMBING_OUT =
      List.of(
          "cmd=delete\tsrc=/../../precious\tdst=null\tperm=null",
          "cmd=rename (options=[OVERWRITE])\tsrc=/jobs/a/f1\tdst=/../../victim/overwritten.txt"
              + "\tperm=mallory:supergroup:rw-r--r--",
          "cmd=setOwner\tsrc=/../../user/alice/notebooks/nb-07.ipynb\tdst=null"
              + "\tperm=mallory:supergroup:rw-r--r--",
          "cmd=setPermission\tsrc=/../../victim/keep.txt\tdst=null\tperm=alice:supergroup:rwx------",
          "cmd=create\tsrc=/../../data/logs/real.log\tdst=null\tperm=mallory:supergroup:rw-r--r--");

  /** The user's files the attack aims at, by path under the file system's top, and their modes. */
  private static final Map<String, Short> VICTIMS =
      Map.of(
          "precious/dir/a.txt", (short) 0644,
          "victim/overwritten.txt", (short) 0644,
          "victim/keep.txt", (short) 0640,
          "victim/dir/b.txt", (short) 0600,
          "user/alice/notebooks/nb-07.ipynb", (short) 0644,
          "data/logs/real.log", (short) 0644);

  private record Outcome(int exitCode, String out, String err) {}

  private static Outcome mimesisBench(String... argv) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        new MimesisBench(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .execute(new Configuration(), argv);
    return new Outcome(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8).strip());
  }

  private static String line(int s, String fields, boolean escaped) {
    return String.format(
        "2024-06-01 12:%02d:%02d,000 INFO FSNamesystem.audit: allowed=true\t"
            + "ugi=mallory (auth:SIMPLE)\tip=/10.0.0.66\t%s\tproto=rpc",
        s / 60 % 60, s % 60, escaped ? fields.replace("..", "\\u002e\\u002e") : fields);
  }

  /** The top of the file system the test owns: a local folder, or HDFS's "/". */
  private static org.apache.hadoop.fs.Path top(String kind) throws IOException {
    if (kind.equals("file")) {
      return new org.apache.hadoop.fs.Path(Files.createDirectories(tmp.resolve("fs")).toUri());
    }
    return new org.apache.hadoop.fs.Path(dfs.getURI() + "/");
  }

  private static FileSystem fileSystem(String kind) throws IOException {
    return kind.equals("file")
        ? FileSystem.getLocal(new Configuration()).getRaw() // the .crc files too
        : dfs.getFileSystem();
  }

  private static void putVictims(FileSystem fs, org.apache.hadoop.fs.Path top, boolean hdfs)
      throws IOException {
    for (Map.Entry<String, Short> v : VICTIMS.entrySet()) {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(top, v.getKey());
      try (OutputStream o = fs.create(p, false)) {
        o.write(("the user's " + v.getKey() + "\n").repeat(100).getBytes(StandardCharsets.UTF_8));
      }
      fs.setPermission(p, new FsPermission(v.getValue()));
      if (hdfs) { // the superuser may give files away; a local user may not
        fs.setOwner(p, v.getKey().contains("alice") ? "alice" : "bob", "staff");
      }
    }
  }

  /**
   * Every path under {@code top} but {@code except}'s subtree: its kind, length, content hash,
   * mode, owner and group.
   */
  private static TreeMap<String, String> snapshot(
      FileSystem fs, org.apache.hadoop.fs.Path top, org.apache.hadoop.fs.Path except)
      throws Exception {
    TreeMap<String, String> tree = new TreeMap<>();
    String skip = except == null ? null : except.toUri().getPath();
    walk(fs, top, skip, tree);
    return tree;
  }

  private static void walk(
      FileSystem fs, org.apache.hadoop.fs.Path dir, String skip, TreeMap<String, String> into)
      throws Exception {
    for (FileStatus s : fs.listStatus(dir)) {
      String p = s.getPath().toUri().getPath();
      if (skip != null && (p.equals(skip) || p.startsWith(skip + "/"))) {
        continue;
      }
      String content = s.isDirectory() ? "dir" : s.getLen() + " " + sha256(fs, s.getPath());
      into.put(p, content + " " + s.getPermission() + " " + s.getOwner() + ":" + s.getGroup());
      if (s.isDirectory()) {
        walk(fs, s.getPath(), skip, into);
      }
    }
  }

  private static String sha256(FileSystem fs, org.apache.hadoop.fs.Path p) throws Exception {
    MessageDigest md = MessageDigest.getInstance("SHA-256");
    try (InputStream in = fs.open(p)) {
      md.update(in.readAllBytes());
    }
    return HexFormat.of().formatHex(md.digest());
  }

  /** The trace {@code from} with {@code file}'s records and {@code extra} ones, written anew. */
  private static <T extends org.apache.avro.specific.SpecificRecordBase> Path craft(
      Path from, String name, String file, Class<T> type, List<T> extra) throws IOException {
    Path to = Files.createDirectories(tmp.resolve(name));
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : files.toList()) {
        Files.copy(f, to.resolve(f.getFileName()));
      }
    }
    List<T> records = new ArrayList<>();
    if (Files.exists(from.resolve(file))) {
      try (DataFileReader<T> r =
          new DataFileReader<>(from.resolve(file).toFile(), new SpecificDatumReader<>(type))) {
        r.forEach(records::add);
      }
    }
    records.addAll(extra);
    Files.deleteIfExists(to.resolve(file));
    // crafted by hand, as an attacker's would be: no manifest of parse's to check it against
    Files.deleteIfExists(to.resolve(TraceManifests.FILE));
    try (DataFileWriter<T> w = new DataFileWriter<>(new SpecificDatumWriter<>(type))) {
      w.create(records.get(0).getSchema(), to.resolve(file).toFile());
      for (T t : records) {
        w.append(t);
      }
    }
    return to;
  }

  private static void assertRefused(Outcome o, String... says) {
    assertEquals(2, o.exitCode(), o.err() + o.out());
    assertEquals(1, o.err().lines().count(), o.err());
    assertFalse(o.err().contains("\tat "), "no stack trace");
    for (String s : says) {
      assertTrue(o.err().contains(s), o.err());
    }
  }

  @ParameterizedTest
  @MethodSource("fileSystems")
  void anAuditLogThatClimbsOutNeverChangesAnythingOutsideTheBase(String kind) throws Exception {
    FileSystem fs = fileSystem(kind);
    org.apache.hadoop.fs.Path top = top(kind);
    putVictims(fs, top, kind.equals("hdfs"));
    org.apache.hadoop.fs.Path base = new org.apache.hadoop.fs.Path(top, "mb");
    TreeMap<String, String> outside = snapshot(fs, top, base);
    assertEquals(
        VICTIMS.size(), outside.values().stream().filter(v -> !v.startsWith("dir")).count());

    // parse: the climbing lines, plain and escaped, are malformed; the trace holds the good ones
    List<String> lines = new ArrayList<>();
    GOOD.forEach(g -> lines.add(line(lines.size(), g, false)));
    for (boolean escaped : new boolean[] {false, true}) {
      CLIMBING_OUT.forEach(c -> lines.add(line(lines.size(), c, escaped)));
    }
    Path log = Files.write(tmp.resolve("audit-" + kind + ".log"), lines);
    Path trace = tmp.resolve("trace-" + kind);
    Outcome parsed =
        mimesisBench(
            "parse",
            "--audit",
            log.toString(),
            "--tz",
            "UTC",
            "--max-malformed",
            "0.9",
            "--out",
            trace.toString());
    assertEquals(0, parsed.exitCode(), parsed.err());
    JsonNode report = new ObjectMapper().readTree(trace.resolve("parse-report.json").toFile());
    assertEquals(10, report.path("malformed").asLong(), report.toString());

    // replay what parse kept: valid, in its base
    Outcome replayed =
        mimesisBench(
            "replay",
            "--trace",
            trace.toString(),
            "--base-dir",
            base.toString(),
            "--users",
            "one",
            "--time-scale",
            "0",
            "--out",
            tmp.resolve("out-" + kind).toString());
    assertEquals(0, replayed.exitCode(), replayed.err() + replayed.out());
    assertEquals(outside, snapshot(fs, top, base), "outside the base after the replay");
    TreeMap<String, String> everything = snapshot(fs, top, null);

    // a trace crafted to hold the attack's calls anyway: refused before anything is made
    Path craftedEvents =
        craft(
            trace,
            "crafted-events-" + kind,
            "events.avro",
            AuditEvent.class,
            ReplayBadInputTest.CLIMBING_OUT);
    Outcome refused =
        mimesisBench(
            "replay",
            "--trace",
            craftedEvents.toString(),
            "--base-dir",
            base.toString(),
            "--users",
            "one",
            "--time-scale",
            "0",
            "--cleanup",
            "--out",
            tmp.resolve("out-crafted-" + kind).toString());
    assertRefused(
        refused,
        craftedEvents.resolve("events.avro").toString(),
        "path /../../precious would leave the replay's base directory");
    assertFalse(Files.exists(tmp.resolve("out-crafted-" + kind)), "no --out");

    Path craftedNamespace =
        craft(
            trace,
            "crafted-namespace-" + kind,
            "namespace.avro",
            NamespaceEntry.class,
            List.of(
                NamespaceEntry.newBuilder()
                    .setPath("/../../user/file")
                    .setIsDir(false)
                    .setDepth(3)
                    .setSize(0)
                    .setMtime(0)
                    .setAtime(0)
                    .setReplication(1)
                    .build()));
    refused =
        mimesisBench(
            "replay",
            "--trace",
            craftedNamespace.toString(),
            "--base-dir",
            base.toString(),
            "--users",
            "one",
            "--out",
            tmp.resolve("out-namespace-" + kind).toString());
    assertRefused(
        refused,
        craftedNamespace.resolve("namespace.avro").toString(),
        "path /../../user/file would leave");
    assertEquals(everything, snapshot(fs, top, null), "the refused replays changed nothing");

    // a ledger line '..': --cleanup refuses, deleting nothing
    org.apache.hadoop.fs.Path ledger = new org.apache.hadoop.fs.Path(base, ".mimesisbench/made");
    String made;
    try (InputStream in = fs.open(ledger)) {
      made = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    // through the local file system's checksums, which the run's own reads verify
    FileSystem writer = kind.equals("file") ? FileSystem.getLocal(new Configuration()) : fs;
    try (OutputStream o = writer.create(ledger, true)) {
      o.write((made + "..\n").getBytes(StandardCharsets.UTF_8));
    }
    everything = snapshot(fs, top, null);
    refused =
        mimesisBench(
            "replay",
            "--trace",
            trace.toString(),
            "--base-dir",
            base.toString(),
            "--users",
            "one",
            "--time-scale",
            "0",
            "--cleanup",
            "--out",
            tmp.resolve("out-ledger-" + kind).toString());
    assertRefused(
        refused,
        ".mimesisbench/made: line " + (made.split("\n").length + 1) + ": '..' is not an entry",
        "deleting nothing");
    assertEquals(everything, snapshot(fs, top, null), "nothing deleted, nothing made");
    assertEquals(outside, snapshot(fs, top, base), "outside the base at the end");
  }
}
