package org.mimesisbench.audit.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.ParseOptions;
import org.mimesisbench.audit.TraceParse;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.audit.testing.Traces;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.ClusterEvent;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;
import org.mimesisbench.trace.NamespaceEntry;
import org.mimesisbench.trace.TraceFileCount;
import org.mimesisbench.trace.TraceManifests;

/** parse --mapreduce on Hadoop's local job runner gives exactly the local parse's trace. */
@Tag("slow")
class ParseJobTest {
  @TempDir Path dir;

  static void assertSameTrace(Path a, Path b, ParseReport ra, ParseReport rb) throws Exception {
    assertEquals(
        Traces.read(a.resolve(TraceParse.EVENTS), AuditEvent.class),
        Traces.read(b.resolve(TraceParse.EVENTS), AuditEvent.class));
    Comparator<FileTimeline> byId = Comparator.comparingLong(FileTimeline::getId);
    List<FileTimeline> fa =
        new ArrayList<>(Traces.read(a.resolve(TraceParse.FILES), FileTimeline.class));
    List<FileTimeline> fb =
        new ArrayList<>(Traces.read(b.resolve(TraceParse.FILES), FileTimeline.class));
    fa.sort(byId);
    fb.sort(byId);
    assertEquals(fa, fb);
    Comparator<DirectoryTimeline> dirById = Comparator.comparingLong(DirectoryTimeline::getId);
    List<DirectoryTimeline> da =
        new ArrayList<>(Traces.read(a.resolve(TraceParse.DIRS), DirectoryTimeline.class));
    List<DirectoryTimeline> db =
        new ArrayList<>(Traces.read(b.resolve(TraceParse.DIRS), DirectoryTimeline.class));
    da.sort(dirById);
    db.sort(dirById);
    assertEquals(da, db);
    assertEquals(
        Traces.read(a.resolve(TraceParse.CLUSTER), ClusterEvent.class),
        Traces.read(b.resolve(TraceParse.CLUSTER), ClusterEvent.class));
    if (Files.exists(a.resolve(TraceParse.NAMESPACE))) {
      assertEquals(
          Traces.read(a.resolve(TraceParse.NAMESPACE), NamespaceEntry.class),
          Traces.read(b.resolve(TraceParse.NAMESPACE), NamespaceEntry.class));
    }
    assertEquals(
        Files.exists(a.resolve(TraceParse.NAMESPACE_END)),
        Files.exists(b.resolve(TraceParse.NAMESPACE_END)));
    if (Files.exists(a.resolve(TraceParse.NAMESPACE_END))) {
      assertEquals(
          Traces.read(a.resolve(TraceParse.NAMESPACE_END), NamespaceEntry.class),
          Traces.read(b.resolve(TraceParse.NAMESPACE_END), NamespaceEntry.class));
    }
    assertEquals(ra.namespaceEnd, rb.namespaceEnd);
    assertEquals(ra.lines, rb.lines);
    assertEquals(ra.events, rb.events);
    assertEquals(ra.malformed, rb.malformed);
    assertEquals(ra.byCmd, rb.byCmd);
    assertEquals(ra.files, rb.files);
    assertEquals(ra.directories, rb.directories);
    assertEquals(ra.byTarget, rb.byTarget);
    assertEquals(ra.byUser, rb.byUser);
    assertEquals(ra.malformedSamples, rb.malformedSamples);
    assertEquals(ra.firstEvent, rb.firstEvent);
  }

  @Test
  void mapReduceParseEqualsLocalParse() throws Exception {
    // the repository's own logs: a real NameNode's rotated log, and every format variant
    Path vectors = Traces.repo().resolve("profiles/vectors/input");
    List<String> audit = new ArrayList<>(List.of(vectors.resolve("audit.log").toString()));
    audit.addAll(Traces.auditVariantLogs());
    try (Stream<Path> files = Files.list(Traces.repo().resolve("tests/sample-trace/data/audit"))) {
      files.sorted().forEach(p -> audit.add(p.toString()));
    }
    ParseOptions local =
        new ParseOptions(
            audit,
            vectors.resolve("fsimage.xml"),
            Traces.binaryImage(Traces.repo().resolve("tests/sample-trace/data/fsimage-end")),
            dir.resolve("local"),
            java.time.ZoneId.of("UTC"),
            0.05,
            "deflate-1",
            ParseOptions.MAX_LINE_BYTES_DEFAULT);
    ParseOptions mr =
        new ParseOptions(
            audit,
            local.fsimage(),
            local.fsimageEnd(),
            dir.resolve("mr"),
            local.zone(),
            local.maxMalformed(),
            local.codec(),
            local.maxLineBytes());
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.setInt("mapreduce.local.map.tasks.maximum", 2);
    ParseReport rl = new TraceParse(local, conf, null).run();
    ParseReport rm = new ParseJob(mr, conf, null).run();
    assertTrue(rl.events > 6_000, "a real amount of input");
    assertSameTrace(dir.resolve("local"), dir.resolve("mr"), rl, rm);
    Map<String, TraceFileCount> listed =
        TraceManifests.read(dir.resolve("mr").resolve(TraceManifests.FILE)).getFiles();
    assertEquals(
        TraceManifests.read(dir.resolve("local").resolve(TraceManifests.FILE)).getFiles().keySet(),
        listed.keySet(),
        "both parses list their Avro files");
    for (String name : listed.keySet()) {
      assertEquals(
          listed.get(name).getRecords(),
          TraceManifests.check(dir.resolve("mr").resolve(name), name),
          name + " as its manifest lists it");
    }
    assertTrue(Files.notExists(dir.resolve("mr/.parse-work")), "work files are removed");
  }
}
