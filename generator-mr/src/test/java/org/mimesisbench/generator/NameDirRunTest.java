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

  @Tag("slow")
  @Test
  void aProfileWithSizesWritesItsFilesBlocksAndTheRunStartsWithThemReported() throws Exception {
    Path profile = sized(dir.resolve("sized"));
    Path nn = dir.resolve("sized-nn");
    Path results = dir.resolve("sized-run");
    Outcome o =
        RunChecks.run(
            new Configuration(),
            "--profile",
            profile.toString(),
            "--time-scale",
            "0", // the image's blocks, not timing: back to back
            "--name-dir",
            nn.toString(),
            "--out",
            results.toString());
    // valid: the embedded NameNode left safe mode with the image's blocks reported by its DataNodes
    RunChecks.assertValidAndComplete(results, o);
    java.util.regex.Matcher held =
        java.util.regex.Pattern.compile("its files hold ([\\d,]+) bytes in ([\\d,]+) blocks")
            .matcher(o.out());
    assertTrue(held.find(), o.both());
    assertTrue(Long.parseLong(held.group(2).replace(",", "")) > 0, o.both());
    assertImageSizesAreWhatPhaseOneDraws(profile, results);
  }

  /**
   * The image's pre-existing files hold the bytes phase 1 would write at their paths with the run's
   * seed: a run is the same run with --name-dir or without.
   */
  private static void assertImageSizesAreWhatPhaseOneDraws(Path profile, Path results)
      throws IOException {
    JsonNode summary =
        RunChecks.json(results, org.mimesisbench.generator.results.RunResults.SUMMARY);
    String root =
        java.net.URI.create(summary.path("target").path("namespaceRoot").asText()).getPath();
    long seed = summary.path("options").path("seed").asLong();
    java.util.function.IntFunction<org.mimesisbench.profile.FileSizeModel> sizes =
        org.mimesisbench.namespace.image.ProfileSizes.read(profile);
    java.util.regex.Pattern preExisting =
        java.util.regex.Pattern.compile(".*/f[0-9a-z]+\\.t(\\d+)$");
    int checked = 0;
    int same = 0;
    List<String> differ = new ArrayList<>();
    for (String line :
        Files.readAllLines(results.resolve(org.mimesisbench.generator.results.NamespaceEnd.FILE))) {
      String[] row = line.split("\t");
      java.util.regex.Matcher m = preExisting.matcher(row[0]);
      if (!row[0].startsWith(root + "/") || !m.matches()) {
        continue;
      }
      int type = Integer.parseInt(m.group(1));
      org.mimesisbench.generator.schedule.FileWrites w =
          org.mimesisbench.generator.schedule.FileWrites.preExisting(
              sizes.apply(type), seed, type, row[0].substring(root.length()));
      checked++;
      long drawn = w == null ? 0 : w.preExisting().bytes();
      long held = Long.parseLong(row[6]);
      if (held == drawn) {
        same++;
      } else if (held < drawn) { // appends only grow a file
        differ.add(row[0] + " holds " + held + ", phase 1 draws " + drawn);
      }
    }
    assertTrue(checked > 50, checked + " pre-existing files at the run's end");
    assertEquals(List.of(), differ);
    // the rest were grown by phase 2's appends
    assertTrue(same >= 0.75 * checked, same + " of " + checked + " hold phase 1's draw");
  }

  /** The vector profile with every file type's files of 0 to 2.5 blocks of 1 MiB. */
  private static Path sized(Path out) throws IOException {
    org.mimesisbench.profile.Profile p =
        org.mimesisbench.profile.ProfileReader.read(RunChecks.PROFILE);
    org.mimesisbench.profile.FileSizes sizes =
        org.mimesisbench.profile.FileSizes.newBuilder()
            .setPreExisting(
                distribution(List.of(0.0, 1000.0, 2.5 * (1 << 20)), List.of(0.2, 0.5, 1.0)))
            .setCreated(distribution(List.of(1000.0), List.of(1.0)))
            .setCreatedFrom(org.mimesisbench.profile.SizeSource.ASSUMED)
            .setAppendBytes(distribution(List.of(), List.of()))
            .setBlockSize(distribution(List.of((double) (1 << 20)), List.of(1.0)))
            .setReplication(distribution(List.of(1.0), List.of(1.0)))
            .build();
    p.getFileTypes().forEach(t -> t.setSizes(sizes));
    p.setFormatVersion(org.mimesisbench.profile.ProfileReader.FORMAT_VERSION);
    Files.createDirectories(out);
    try (org.apache.avro.file.DataFileWriter<org.mimesisbench.profile.Profile> w =
        new org.apache.avro.file.DataFileWriter<>(
            new org.apache.avro.specific.SpecificDatumWriter<>(
                org.mimesisbench.profile.Profile.class))) {
      w.create(
          org.mimesisbench.profile.Profile.getClassSchema(),
          org.mimesisbench.profile.ProfileReader.file(out).toFile());
      w.append(p);
    }
    return out;
  }

  private static org.mimesisbench.profile.Distribution distribution(
      List<Double> values, List<Double> cumulative) {
    return org.mimesisbench.profile.Distribution.newBuilder()
        .setValues(values)
        .setCumulative(cumulative)
        .setCount(values.size())
        .build();
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
