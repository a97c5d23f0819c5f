package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.generator.RunChecks.Outcome;

/**
 * run --name-dir: the embedded NameNode starts on an fsimage of the run's namespace, and phase 1
 * finds it in place.
 */
class NameDirRunTest {
  @TempDir Path dir;

  @Tag("slow")
  @Test
  void aRunWritesItsNamespaceAsAnImageOnceAndStartsOnIt() throws Exception {
    Path nn = dir.resolve("nn");
    Path first = dir.resolve("first");
    Outcome o = runOn(nn, first);
    RunChecks.assertValidAndComplete(first, o);
    assertTrue(o.out().contains("writing the run's namespace as an fsimage in " + nn), o.both());
    assertTrue(o.out().contains("phase 1: the hierarchy is in place"), o.both());
    Map<String, String> image = contents(nn);
    assertTrue(image.containsKey("current/fsimage_0000000000000000000"), image.toString());

    Path second = dir.resolve("second");
    o = runOn(nn, second);
    RunChecks.assertValidAndComplete(second, o);
    assertTrue(o.out().contains("starting the embedded NameNode on the image in " + nn), o.both());
    assertTrue(o.out().contains("phase 1: the hierarchy is in place"), o.both());
    assertEquals(image, contents(nn), "the name directory is never written by a run started on it");
  }

  @Tag("slow")
  @Test
  void aFlatRunWritesItsOneDirectoryAsAnImageAndFindsEveryFileThere() throws Exception {
    Path nn = dir.resolve("flat-nn");
    Path results = dir.resolve("flat");
    Outcome o = runOn(nn, results, "--flat");
    // valid with no error: every open, stat and delete of a pre-existing file found it
    JsonNode summary = RunChecks.assertValidAndComplete(results, o);
    assertTrue(o.out().contains("writing the run's namespace as an fsimage in " + nn), o.both());
    assertTrue(o.out().contains("phase 1: the hierarchy is in place"), o.both());
    assertTrue(summary.path("ops").path("open").path("count").asLong() > 0, summary.toString());
  }

  @Test
  void aNameDirIsForTheEmbeddedNameNodeOnly() {
    Path nn = dir.resolve("nn");
    Outcome o =
        RunChecks.run(
            new Configuration(),
            "--profile",
            RunChecks.PROFILE.toString(),
            "--name-dir",
            nn.toString(),
            "--base-dir",
            dir.resolve("base").toUri().toString(),
            "--out",
            dir.resolve("r").toString());
    assertEquals(2, o.exitCode(), o.both());
    assertTrue(o.err().contains("--name-dir starts the embedded NameNode"), o.both());
    assertFalse(Files.exists(nn));
    assertFalse(Files.exists(dir.resolve("r")));
  }

  @Test
  void aCorruptNameDirIsBadInput() throws IOException {
    Path current = Files.createDirectories(dir.resolve("nn/current"));
    Files.writeString(current.resolve("VERSION"), "storageType=NAME_NODE\n");
    Files.writeString(
        current.resolve("fsimage_0000000000000000007"), "HDFSIMG1 and then nothing that parses");
    Outcome o =
        RunChecks.run(
            new Configuration(),
            "--profile",
            RunChecks.PROFILE.toString(),
            "--name-dir",
            dir.resolve("nn").toString(),
            "--out",
            dir.resolve("r").toString());
    assertEquals(2, o.exitCode(), o.both());
    assertTrue(o.err().contains("fsimage_0000000000000000007"), o.both());
    assertFalse(Files.exists(dir.resolve("r")));
  }

  /** The vector profile at time scale 0.05, embedded, on the name directory {@code nn}. */
  private static Outcome runOn(Path nn, Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--profile",
                RunChecks.PROFILE.toString(),
                "--time-scale",
                "0.05",
                "--name-dir",
                nn.toString(),
                "--out",
                out.toString()));
    args.addAll(List.of(more));
    return RunChecks.run(new Configuration(), args.toArray(String[]::new));
  }

  /** Every file under {@code dir} with its size and modification time. */
  private static Map<String, String> contents(Path dir) throws IOException {
    Map<String, String> m = new TreeMap<>();
    try (var all = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        if (Files.isRegularFile(p)) {
          m.put(dir.relativize(p).toString(), Files.size(p) + " " + Files.getLastModifiedTime(p));
        }
      }
    }
    return m;
  }
}
