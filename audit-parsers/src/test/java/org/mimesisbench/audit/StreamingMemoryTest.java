package org.mimesisbench.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.testing.Traces;

/**
 * Local mode streams: memory grows with the files, not the lines. A 600,000-line log of 100 files
 * (about 90 MB) parses in a JVM with a 48 MB heap.
 */
@Tag("slow")
class StreamingMemoryTest {
  @TempDir Path dir;

  @Test
  void aLogMuchBiggerThanTheHeapParses() throws Exception {
    Path log = dir.resolve("big.log");
    try (BufferedWriter w = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
      for (int i = 0; i < 600_000; i++) {
        w.write(
            Traces.line(
                i / 10 % 86_400,
                "user" + (i % 50),
                i % 7 == 0 ? "getfileinfo" : "listStatus",
                "/warehouse/db/table/part-" + (i % 100),
                null));
        w.newLine();
      }
    }
    assertTrue(Files.size(log) > 80_000_000L, "the log is larger than the heap");
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx48m",
                "-cp",
                System.getProperty("java.class.path"),
                "org.mimesisbench.cli.MimesisBench",
                "parse",
                "--audit",
                log.toString(),
                "--out",
                dir.resolve("trace").toString(),
                "--quiet")
            .redirectErrorStream(true)
            .start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), output);
    assertTrue(Files.exists(dir.resolve("trace/events.avro")));
    List<String> report = Files.readAllLines(dir.resolve("trace/parse-report.json"));
    assertTrue(
        report.stream().anyMatch(l -> l.contains("\"events\" : 600000")),
        String.join("\n", report));
  }
}
