package org.mimesisbench.audit.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.audit.ParseOptions;
import org.mimesisbench.audit.TraceParse;
import org.mimesisbench.audit.report.ParseReport;

/** Test helpers: audit lines to write, traces to read back. */
public final class Traces {
  private Traces() {}

  /** An audit line of the stock Hadoop 3 layout at second {@code s} of 2024-01-01 UTC. */
  public static String line(int s, String user, String cmd, String src, String dst) {
    return line(s, true, user, cmd, src, dst);
  }

  public static String line(int s, boolean allowed, String user, String cmd, String src, String dst) {
    return String.format("2024-01-01 %02d:%02d:%02d,000 INFO FSNamesystem.audit: allowed=%s\t"
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

  public static <T> List<T> read(Path avro, Class<T> type) throws IOException {
    List<T> records = new ArrayList<>();
    try (DataFileReader<T> reader = new DataFileReader<>(avro.toFile(), new SpecificDatumReader<>(type))) {
      reader.forEach(records::add);
    }
    return records;
  }

  /** The shared/ folder beside the repository (real data: public samples, Yahoo profile). */
  public static Path shared() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path candidate = p.resolveSibling("shared");
      if (Files.isDirectory(candidate.resolve("data"))) {
        return candidate;
      }
    }
    throw new IllegalStateException("shared/ not found beside the repository");
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
