package org.mimesisbench.generator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.generator.infra.EmbeddedCluster;
import org.mimesisbench.generator.mr.CounterNames;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.FileTimeline;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * A replay of the warehouse trace writes its files' data through a real NameNode and three
 * DataNodes: pre-existing files of their start fsimage's size, created ones of the end fsimage's,
 * read back on open with --read-data; with --zero-size every file stays empty.
 */
@Tag("slow")
class ReplayDataTest {
  private static final int DATA_NODES = 3;

  @TempDir static Path dir;
  static EmbeddedCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster =
        EmbeddedCluster.start(
            new Configuration(), dir.resolve("dfs"), dir.resolve("audit.log"), DATA_NODES);
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  private record Replayed(JsonNode summary, org.apache.hadoop.fs.Path root, Path results) {
    /** The bytes phase {@code phase} wrote, from counters.json. */
    long bytesWritten(String phase) throws IOException {
      return counter(phase, CounterNames.BYTES_WRITTEN);
    }

    long counter(String phase, String name) throws IOException {
      return new ObjectMapper()
          .readTree(results.resolve("counters.json").toFile())
          .path(phase)
          .path("MimesisBench")
          .path(name)
          .asLong();
    }
  }

  /** Replays the warehouse trace back to back into {@code base}, as one user. */
  private static Replayed replay(String base, String... more) throws Exception {
    Path results = dir.resolve("results" + base);
    List<String> argv =
        new ArrayList<>(
            List.of(
                "replay",
                "--trace",
                SampleTrace.WAREHOUSE.toString(),
                "--time-scale",
                "0",
                "--users",
                "one",
                "--base-dir",
                base,
                "--out",
                results.toString(),
                "-fs",
                cluster.uri().toString()));
    argv.addAll(List.of(more));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit =
        new MimesisBench(new PrintStream(out, true, StandardCharsets.UTF_8), System.err)
            .execute(new Configuration(), argv.toArray(new String[0]));
    String printed = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, exit, printed);
    JsonNode summary = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
    org.apache.hadoop.fs.Path root =
        new org.apache.hadoop.fs.Path(summary.path("target").path("namespaceRoot").asText());
    return new Replayed(summary, root, results);
  }

  private static <T> List<T> read(String file, Class<T> type) throws IOException {
    List<T> records = new ArrayList<>();
    try (DataFileReader<T> r =
        new DataFileReader<>(
            new File(SampleTrace.WAREHOUSE.resolve(file).toString()),
            new SpecificDatumReader<>(type))) {
      r.forEach(records::add);
    }
    return records;
  }

  private static FileStatus status(org.apache.hadoop.fs.Path root, CharSequence tracePath)
      throws IOException {
    return cluster
        .cluster()
        .getFileSystem()
        .getFileStatus(new org.apache.hadoop.fs.Path(root + "" + tracePath));
  }

  @Test
  void filesHoldTheSizesOfTheTracesFsimages() throws Exception {
    long blocksBefore = cluster.cluster().getNamesystem().getBlocksTotal();
    Replayed r = replay("/sized", "--read-data");
    assertTrue(
        cluster.cluster().getNamesystem().getBlocksTotal() > blocksBefore + 50,
        "blocks allocated: " + cluster.cluster().getNamesystem().getBlocksTotal());
    assertTrue(
        r.summary().path("notes").toString().contains("appends write nothing"),
        r.summary().path("notes").toString());
    assertTrue(r.bytesWritten("phase1") > 0 && r.bytesWritten("phase2") > 0, "bytes written");
    assertTrue(r.counter("phase2", CounterNames.BYTES_READ) > 0, "bytes read on open");

    Map<String, NamespaceEntry> start = new TreeMap<>();
    read(ReplayTrace.NAMESPACE, NamespaceEntry.class)
        .forEach(e -> start.put(e.getPath().toString(), e));
    Map<String, NamespaceEntry> end = new TreeMap<>();
    read(ReplayTrace.NAMESPACE_END, NamespaceEntry.class)
        .forEach(e -> end.put(e.getPath().toString(), e));
    Set<String> written = new HashSet<>(); // paths a call of the window writes or moves
    for (AuditEvent e : read(ReplayTrace.EVENTS, AuditEvent.class)) {
      if (List.of("create", "append", "rename", "delete", "concat").contains(e.getOp())) {
        written.add(String.valueOf(e.getSrc()));
        written.add(String.valueOf(e.getDst()));
      }
    }
    int untouched = 0;
    int survivors = 0;
    for (FileTimeline f : read(ReplayTrace.FILES, FileTimeline.class)) {
      String path = f.getPath().toString();
      if (f.getPreExisting()) {
        NamespaceEntry e = start.get(path);
        String last = f.getFinalPath().toString(); // a directory above it may have moved
        if (e == null
            || f.getDeleteTime() != null
            || written.contains(path)
            || written.contains(last)) {
          continue;
        }
        FileStatus s = status(r.root(), last);
        assertEquals(e.getSize(), s.getLen(), path);
        assertEquals(e.getBlockSize(), s.getBlockSize(), path);
        assertEquals(Math.min(e.getReplication(), DATA_NODES), s.getReplication(), path);
        untouched++;
      } else if (f.getDeleteTime() == null && end.containsKey(f.getFinalPath().toString())) {
        NamespaceEntry e = end.get(f.getFinalPath().toString());
        assertEquals(e.getSize(), status(r.root(), f.getFinalPath()).getLen(), f.toString());
        survivors++;
      }
    }
    assertTrue(untouched >= 10, untouched + " pre-existing files the window leaves alone");
    assertTrue(survivors >= 10, survivors + " created files that survive");
  }

  @Test
  void zeroSizeLeavesEveryFileEmpty() throws Exception {
    Replayed r = replay("/empty", "--zero-size");
    FileSystem fs = cluster.cluster().getFileSystem();
    int files = 0;
    for (RemoteIterator<LocatedFileStatus> i = fs.listFiles(r.root(), true); i.hasNext(); ) {
      LocatedFileStatus s = i.next();
      assertEquals(0, s.getLen(), s.getPath().toString());
      files++;
    }
    assertTrue(files > 50, files + " files");
    assertFalse(r.summary().path("notes").toString().contains("appends write nothing"));
    assertEquals(0, r.bytesWritten("phase1") + r.bytesWritten("phase2"));
  }
}
