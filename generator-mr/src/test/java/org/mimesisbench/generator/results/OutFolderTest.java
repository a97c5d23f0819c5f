package org.mimesisbench.generator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.errors.BadInputException;

/**
 * What --out holds: a killed run's leftovers and a finished run's results go with --overwrite only,
 * nothing else.
 */
class OutFolderTest {
  @TempDir Path dir;
  private final ByteArrayOutputStream said = new ByteArrayOutputStream();

  private void prepare(OutFolder kind, Path out, boolean overwrite) throws IOException {
    kind.prepare(out, overwrite, new PrintStream(said, true, StandardCharsets.UTF_8));
  }

  private String refused(OutFolder kind, Path out, boolean overwrite) {
    return assertThrows(BadInputException.class, () -> prepare(kind, out, overwrite)).getMessage();
  }

  private static List<String> names(Path folder) throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static Path killedRun(Path out) throws IOException {
    Files.createDirectories(out.resolve(".work/dfs"));
    Files.write(out.resolve(".work/dfs/edits"), new byte[2_000_000]);
    Files.writeString(out.resolve(".namenode-audit.log.inprogress"), "a line\n");
    return out;
  }

  @Test
  void aNewOrEmptyFolderIsUsedAsItIs() throws IOException {
    prepare(OutFolder.RUN, dir.resolve("new"), false);
    prepare(OutFolder.RUN, Files.createDirectories(dir.resolve("empty")), false);
    assertEquals("", said.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aKilledRunsLeftoversAreNamedAndGoOnlyWithOverwrite() throws IOException {
    Path out = killedRun(dir.resolve("killed"));
    String m = refused(OutFolder.RUN, out, false);
    assertEquals(
        "run: --out "
            + out
            + " holds what a killed run left (its working files (.work, 2 MB) and 1 unfinished"
            + " result); give --overwrite to delete it and run here, or another --out",
        m);
    assertEquals(List.of(".namenode-audit.log.inprogress", ".work"), names(out), "nothing deleted");
    prepare(OutFolder.RUN, out, true);
    assertEquals(List.of(), names(out));
    assertTrue(
        said.toString(StandardCharsets.UTF_8)
            .startsWith("run: --overwrite: deleted what a killed run left"));
  }

  @Test
  void aFinishedRunsResultsGoOnlyWithOverwrite() throws IOException {
    Path out = Files.createDirectories(dir.resolve("done"));
    for (String f :
        List.of("summary.json", "latency.hlog", "timeline.csv", "counters.json", "fidelity.json")) {
      Files.writeString(out.resolve(f), "{}");
    }
    Files.createDirectories(out.resolve("trace"));
    Files.writeString(out.resolve("trace/events.avro"), "x");
    assertTrue(
        refused(OutFolder.RUN, out, false)
            .endsWith(
                " holds a finished run's results (summary.json); give"
                    + " another --out, or --overwrite to replace them"));
    prepare(OutFolder.RUN, out, true);
    assertEquals(List.of(), names(out));
  }

  @Test
  void whatARunDoesNotWriteIsNeverDeleted() throws IOException {
    Path out = killedRun(dir.resolve("mixed"));
    Files.writeString(out.resolve("notes.txt"), "mine");
    Files.writeString(out.resolve("summary.json"), "{}");
    String m = refused(OutFolder.RUN, out, true);
    assertTrue(
        m.contains("(besides a run's files, it holds notes.txt, which --overwrite never deletes)"),
        m);
    assertEquals(
        List.of(".namenode-audit.log.inprogress", ".work", "notes.txt", "summary.json"),
        names(out));
    Path other = Files.createDirectories(dir.resolve("other"));
    Files.writeString(other.resolve("data.csv"), "mine");
    assertEquals(
        "run: --out " + other + " exists and is not empty (it holds data.csv); give another --out",
        refused(OutFolder.RUN, other, false));
    Path file = Files.writeString(dir.resolve("a-file"), "x");
    assertEquals("run: --out " + file + " is a file", refused(OutFolder.RUN, file, true));
  }

  @Test
  void aKilledSweepLeavesItsUnfinishedRuns() throws IOException {
    Path out = Files.createDirectories(dir.resolve("sweep"));
    Files.createDirectories(out.resolve(".ts-1-r1.inprogress"));
    Files.writeString(out.resolve(".ts-1-r1.inprogress/summary.json"), "{}");
    killedRun(out.resolve(".ts-0.5-r1.inprogress"));
    String m = refused(OutFolder.SWEEP, out, false);
    assertTrue(
        m.startsWith(
            "sweep: --out " + out + " holds what a killed sweep left (2 unfinished results)"),
        m);
    prepare(OutFolder.SWEEP, out, true);
    assertEquals(List.of(), names(out));
  }
}
