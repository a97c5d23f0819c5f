package org.mimesisbench.generator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.trace.TraceFileCount;
import org.mimesisbench.trace.TraceManifest;
import org.mimesisbench.trace.TraceManifests;

/**
 * A trace cut short is refused before anything is made: the sample trace rewritten in blocks of 20
 * records (as a large trace's are 1 MB ones), then cut inside a block (Avro's reader would stop
 * there quietly) or just after one (a shorter file that reads whole: its manifest tells).
 */
class ReplayDamagedTraceTest {
  private static final int RECORDS = 20;

  @TempDir Path dir;

  private Path trace;

  /** Per file, the byte after each of its blocks. */
  private final Map<String, List<Long>> blockEnds = new LinkedHashMap<>();

  @BeforeEach
  void smallBlocks() throws IOException {
    trace = Files.createDirectories(dir.resolve("trace"));
    Map<String, Path> written = new LinkedHashMap<>();
    for (String name :
        List.of(ReplayTrace.EVENTS, ReplayTrace.NAMESPACE, ReplayTrace.FILES, ReplayTrace.DIRS)) {
      blockEnds.put(name, rewrite(SampleTrace.DIR.resolve(name), trace.resolve(name)));
      written.put(name, trace.resolve(name));
    }
    TraceManifests.write(TraceManifests.of(written), trace.resolve(TraceManifests.FILE));
  }

  @Test
  void aWholeTraceInSmallBlocksIsRead() throws Exception {
    ReplayTrace read = ReplayTrace.read("replay: --trace", trace, true, 1, null, 4);
    ReplayTrace sample = ReplayTrace.read("replay: --trace", SampleTrace.DIR, true, 1, null, 4);
    assertEquals(sample.events, read.events);
    assertEquals(sample.namespace.size(), read.namespace.size());
  }

  @Test
  void eventsCutInsideABlock() throws Exception {
    Path events = trace.resolve(ReplayTrace.EVENTS);
    cut(events, Files.size(events) * 6 / 10);
    String m = refused(events);
    assertTrue(m.contains("truncated"), m);
  }

  @Test
  void eventsCutAtABlockBoundary() throws Exception {
    Path events = trace.resolve(ReplayTrace.EVENTS);
    cut(events, boundaryNear(ReplayTrace.EVENTS, 0.6));
    String m = refused(events);
    assertTrue(m.contains("but parse wrote") && m.contains(TraceManifests.FILE), m);
  }

  @Test
  void namespaceCutTo2000Bytes() throws Exception {
    Path namespace = trace.resolve(ReplayTrace.NAMESPACE);
    cut(namespace, 2000);
    assertTrue(refused(namespace).contains("truncated"));
  }

  @Test
  void namespaceCutAtABlockBoundary() throws Exception {
    Path namespace = trace.resolve(ReplayTrace.NAMESPACE);
    cut(namespace, boundaryNear(ReplayTrace.NAMESPACE, 0.5));
    assertTrue(refused(namespace).contains("but parse wrote"));
  }

  @Test
  void aTimelineCutInsideABlock() throws Exception {
    Path files = trace.resolve(ReplayTrace.FILES);
    cut(files, Files.size(files) - 5);
    assertTrue(refused(files).contains("truncated"));
  }

  @Test
  void aFileTheManifestDoesNotMatch() throws Exception {
    Path events = trace.resolve(ReplayTrace.EVENTS);
    Path manifestFile = trace.resolve(TraceManifests.FILE);
    TraceManifest manifest = TraceManifests.read(manifestFile);
    manifest.getFiles().put(ReplayTrace.EVENTS, new TraceFileCount(1L, 1L));
    TraceManifests.write(manifest, manifestFile);
    assertTrue(refused(events).contains("but parse wrote 1 in 1"));
  }

  @Test
  void aSweepRefusesACutTraceBeforeItsWarmUp() throws Exception {
    Path events = trace.resolve(ReplayTrace.EVENTS);
    cut(events, boundaryNear(ReplayTrace.EVENTS, 0.3));
    String m =
        refused(
            events, "sweep: --replay ", "sweep", "--replay", trace.toString(), "--time-scale", "0");
    assertTrue(m.contains("but parse wrote"), m);
  }

  /** Replay of the trace: exit 2, one line naming {@code file}, no results or base made. */
  private String refused(Path file) {
    return refused(
        file, "replay: --trace ", "replay", "--trace", trace.toString(), "--time-scale", "0");
  }

  /** {@code args}: exit 2, one line naming {@code file} after {@code option}, nothing made. */
  private String refused(Path file, String option, String... args) {
    Path out = dir.resolve("out");
    Path base = dir.resolve("base");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        new MimesisBench(
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .execute(
                new Configuration(),
                Stream.concat(
                        Stream.of(args),
                        Stream.of("--out", out.toString(), "--base-dir", "file://" + base))
                    .toArray(String[]::new));
    String message = err.toString(StandardCharsets.UTF_8).strip();
    assertEquals(2, exit, message);
    assertEquals(1, message.lines().count(), message);
    assertTrue(message.contains(option + file + ": "), message);
    assertFalse(Files.exists(out), "no results folder");
    assertFalse(Files.exists(base), "no base directory");
    return message;
  }

  /** The block end of {@code name} nearest {@code share} of its blocks, not its last. */
  private long boundaryNear(String name, double share) {
    List<Long> ends = blockEnds.get(name);
    assertTrue(ends.size() > 2, name + " is written in several blocks: " + ends);
    return ends.get((int) Math.min(ends.size() - 2, Math.max(0, ends.size() * share)));
  }

  /** Copies {@code from} to {@code to} in blocks of 20 records; the byte after each block. */
  private static List<Long> rewrite(Path from, Path to) throws IOException {
    List<Long> ends = new ArrayList<>();
    try (DataFileReader<GenericRecord> in =
            new DataFileReader<>(from.toFile(), new GenericDatumReader<>());
        DataFileWriter<GenericRecord> out = new DataFileWriter<>(new GenericDatumWriter<>())) {
      out.setSyncInterval(1 << 30); // blocks end where sync() says, only
      out.create(in.getSchema(), to.toFile());
      long n = 0;
      for (GenericRecord r : in) {
        out.append(r);
        if (++n % RECORDS == 0) {
          ends.add(out.sync());
        }
      }
    }
    long size = Files.size(to);
    ends.removeIf(end -> end >= size); // the file's end is no cut
    return ends;
  }

  private static void cut(Path file, long size) throws IOException {
    try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
      c.truncate(size);
    }
  }
}
