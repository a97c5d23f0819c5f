package org.mimesisbench.audit.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.audit.ParseOptions;
import org.mimesisbench.audit.TraceParse;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.ClusterEvent;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;
import org.mimesisbench.trace.NamespaceEntry;

/** Test helpers: audit lines to write, traces to read back. */
public final class Traces {
  private Traces() {}

  /** An audit line of the stock Hadoop 3 layout at second {@code s} of 2024-01-01 UTC. */
  public static String line(int s, String user, String cmd, String src, String dst) {
    return line(s, true, user, cmd, src, dst);
  }

  public static String line(
      int s, boolean allowed, String user, String cmd, String src, String dst) {
    return String.format(
        "2024-01-01 %02d:%02d:%02d,000 INFO FSNamesystem.audit: allowed=%s\t"
            + "ugi=%s (auth:SIMPLE)\tip=/127.0.0.1\tcmd=%s\tsrc=%s\tdst=%s\tperm=null\tproto=rpc",
        s / 3600, s / 60 % 60, s % 60, allowed, user, cmd, src, dst == null ? "null" : dst);
  }

  /** Epoch ms of {@link #line}'s second {@code s}. */
  public static long time(int s) {
    return 1704067200000L + s * 1000L;
  }

  public static Path write(Path dir, String name, List<String> lines) throws IOException {
    Path file = dir.resolve(name);
    Files.write(file, lines, StandardCharsets.UTF_8);
    return file;
  }

  public static ParseReport parse(Path out, Path fsimage, Path... logs) throws IOException {
    List<String> audit = new ArrayList<>();
    for (Path log : logs) {
      audit.add(log.toString());
    }
    return new TraceParse(ParseOptions.of(audit, fsimage, out), new Configuration(), null).run();
  }

  /**
   * A committed trace equals a fresh parse, file by file; {@code reparse} says how to bring it up
   * to date.
   */
  public static void assertSameTrace(Path committed, Path fresh, String reparse)
      throws IOException {
    String rerun = " differs from a fresh parse: rerun " + reparse;
    assertEquals(
        read(committed.resolve("events.avro"), AuditEvent.class),
        read(fresh.resolve("events.avro"), AuditEvent.class),
        "events.avro" + rerun);
    assertEquals(
        read(committed.resolve("files.avro"), FileTimeline.class),
        read(fresh.resolve("files.avro"), FileTimeline.class),
        "files.avro" + rerun);
    assertEquals(
        read(committed.resolve("dirs.avro"), DirectoryTimeline.class),
        read(fresh.resolve("dirs.avro"), DirectoryTimeline.class),
        "dirs.avro" + rerun);
    assertEquals(
        read(committed.resolve("cluster.avro"), ClusterEvent.class),
        read(fresh.resolve("cluster.avro"), ClusterEvent.class),
        "cluster.avro" + rerun);
    Path committedStart = committed.resolve("namespace.avro");
    Path freshStart = fresh.resolve("namespace.avro");
    // a trace parsed without an fsimage (the HBase trace's) has no namespace
    assertEquals(Files.exists(committedStart), Files.exists(freshStart), "namespace.avro" + rerun);
    if (Files.exists(freshStart)) {
      assertEquals(
          read(committedStart, NamespaceEntry.class),
          read(freshStart, NamespaceEntry.class),
          "namespace.avro" + rerun);
    }
    Path committedEnd = committed.resolve("namespace-end.avro");
    Path freshEnd = fresh.resolve("namespace-end.avro");
    assertEquals(Files.exists(committedEnd), Files.exists(freshEnd), "namespace-end.avro" + rerun);
    if (Files.exists(freshEnd)) {
      assertEquals(
          read(committedEnd, NamespaceEntry.class),
          read(freshEnd, NamespaceEntry.class),
          "namespace-end.avro" + rerun);
    }
  }

  public static <T> List<T> read(Path avro, Class<T> type) throws IOException {
    List<T> records = new ArrayList<>();
    try (DataFileReader<T> reader =
        new DataFileReader<>(avro.toFile(), new SpecificDatumReader<>(type))) {
      reader.forEach(records::add);
    }
    return records;
  }

  /**
   * The public audit-log and fsimage samples, {@code ../shared/data/public-audit-samples} beside
   * the repository: other people's files under their licences, so not in it. A test that reads them
   * is skipped, saying why, where they are absent (a fresh clone); CI has them. The repository's
   * own variants are in src/test/resources/audit-variants and fsimage/.
   */
  public static Path publicSamples() {
    Path samples = repo().resolveSibling("shared").resolve("data/public-audit-samples");
    assumeTrue(
        Files.isDirectory(samples),
        "optional outside data absent: "
            + samples
            + " (public samples beside the repository, not part of it); skipped");
    return samples;
  }

  /** The repository's own audit lines in every format variant (README.md there). */
  public static Path auditVariants() {
    return repo().resolve("audit-parsers/src/test/resources/audit-variants");
  }

  /** The variant logs of {@link #auditVariants}, in name order. */
  public static List<String> auditVariantLogs() throws IOException {
    try (Stream<Path> files = Files.list(auditVariants())) {
      return files
          .map(Path::toString)
          .filter(p -> p.endsWith(".log") || p.endsWith(".json"))
          .sorted()
          .toList();
    }
  }

  /**
   * A committed trace's data ({@code data}: audit/, fsimage/ and fsimage-end/, as
   * tests/commit-trace/data and tests/warehouse-trace/data hold them; tests/hbase-trace/data has no
   * fsimage) parsed into {@code out} as its parse script does: UTC, no malformed line allowed,
   * snappy.
   */
  public static ParseReport parseCommitted(Path data, Path out) throws IOException {
    ParseOptions options =
        new ParseOptions(
            List.of(data.resolve("audit").toString()),
            imageIn(data.resolve("fsimage")),
            imageIn(data.resolve("fsimage-end")),
            out,
            ZoneId.of("UTC"),
            0.0,
            "snappy",
            ParseOptions.MAX_LINE_BYTES_DEFAULT);
    return new TraceParse(options, new Configuration(), null).run();
  }

  /** The one binary fsimage in {@code folder}, or null when the data has no such folder. */
  private static Path imageIn(Path folder) throws IOException {
    return Files.isDirectory(folder) ? binaryImage(folder) : null;
  }

  /** The one binary fsimage ({@code fsimage_<txid>}) in {@code folder}. */
  public static Path binaryImage(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files
          .filter(p -> p.getFileName().toString().matches("fsimage_\\d+"))
          .findFirst()
          .orElseThrow();
    }
  }

  /** The repository root (where the top pom.xml is). */
  public static Path repo() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("profiles/schema"))) {
        return p;
      }
    }
    throw new IllegalStateException("repository root not found");
  }
}
