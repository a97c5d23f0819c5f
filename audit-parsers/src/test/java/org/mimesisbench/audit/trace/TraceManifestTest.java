package org.mimesisbench.audit.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.TraceParse;
import org.mimesisbench.audit.testing.Traces;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.ClusterEvent;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;
import org.mimesisbench.trace.NamespaceEntry;
import org.mimesisbench.trace.TraceFileCount;
import org.mimesisbench.trace.TraceManifest;
import org.mimesisbench.trace.TraceManifests;

/**
 * parse writes a manifest of its Avro files' records and sizes, which readers check a trace
 * against; {@code profiles/vectors/trace/manifest.json} is the one modeler-py reads (rewritten with
 * {@code -Dmimesis.vectors.write=true}).
 */
class TraceManifestTest {
  private static final List<String> AVRO =
      List.of(
          TraceParse.EVENTS,
          TraceParse.FILES,
          TraceParse.DIRS,
          TraceParse.CLUSTER,
          TraceParse.NAMESPACE);

  @TempDir Path dir;

  @Test
  void parseListsEachFilesRecordsAndSize() throws Exception {
    Path vectors = Traces.repo().resolve("profiles/vectors");
    Path fresh = dir.resolve("trace");
    Traces.parse(fresh, vectors.resolve("input/fsimage.xml"), vectors.resolve("input/audit.log"));
    TraceManifest manifest = TraceManifests.read(fresh.resolve(TraceManifests.FILE));
    assertEquals(TraceManifests.FORMAT_VERSION, manifest.getFormatVersion());
    Map<String, TraceFileCount> expected = new LinkedHashMap<>();
    expected.put(TraceParse.EVENTS, count(fresh, TraceParse.EVENTS, AuditEvent.class));
    expected.put(TraceParse.FILES, count(fresh, TraceParse.FILES, FileTimeline.class));
    expected.put(TraceParse.DIRS, count(fresh, TraceParse.DIRS, DirectoryTimeline.class));
    expected.put(TraceParse.CLUSTER, count(fresh, TraceParse.CLUSTER, ClusterEvent.class));
    expected.put(TraceParse.NAMESPACE, count(fresh, TraceParse.NAMESPACE, NamespaceEntry.class));
    assertEquals(expected, manifest.getFiles());
    for (String name : AVRO) {
      assertEquals(
          manifest.getFiles().get(name).getRecords(),
          TraceManifests.check(fresh.resolve(name), name),
          name + " is read whole and as listed");
    }
  }

  @Test
  void theCommittedVectorsManifestListsTheirFiles() throws Exception {
    Path committed = Traces.repo().resolve("profiles/vectors/trace");
    Map<String, Path> files = new LinkedHashMap<>();
    for (String name : AVRO) {
      files.put(name, committed.resolve(name));
    }
    TraceManifest fresh = TraceManifests.of(files);
    Path manifest = committed.resolve(TraceManifests.FILE);
    if (Boolean.getBoolean("mimesis.vectors.write")) {
      TraceManifests.write(fresh, manifest);
    }
    assertEquals(fresh, TraceManifests.read(manifest));
  }

  private static <T> TraceFileCount count(Path trace, String name, Class<T> type) throws Exception {
    Path file = trace.resolve(name);
    return new TraceFileCount((long) Traces.read(file, type).size(), Files.size(file));
  }
}
