package org.mimesisbench.generator.replay;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The bundled sample trace (tests/sample-trace/trace: real Hadoop jobs, parsed with their fsimage),
 * and the warehouse trace (tests/warehouse-trace/trace: Hive-like loads, DistCp from snapshots,
 * seven users).
 */
final class SampleTrace {
  static final Path DIR = repository().resolve("tests/sample-trace/trace");
  static final Path WAREHOUSE = repository().resolve("tests/warehouse-trace/trace");

  private SampleTrace() {}

  private static Path repository() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("tests/sample-trace/trace"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException(
          "no tests/sample-trace/trace above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }
}
