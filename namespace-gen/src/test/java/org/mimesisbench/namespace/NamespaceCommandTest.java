package org.mimesisbench.namespace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.profile.ProfileReader;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * The command end to end: its files, and bad input as exit 2, one line naming file and key, nothing
 * written.
 */
class NamespaceCommandTest {
  @TempDir Path tmp;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return new MimesisBench(new PrintStream(out, true), new PrintStream(err, true))
        .execute(new Configuration(), args);
  }

  @Test
  void writesEntriesPathsAndReport() throws IOException {
    Path dir = tmp.resolve("ns");
    assertEquals(
        0,
        run(
            "namespace",
            "generate",
            "--stats",
            YahooStats.properties().toString(),
            "--dirs",
            "2000",
            "--files",
            "9000",
            "--seed",
            "4",
            "--out",
            dir.toString(),
            "--text"));
    List<String> paths = Files.readAllLines(dir.resolve("paths.txt"));
    List<NamespaceEntry> entries = new ArrayList<>();
    try (DataFileReader<NamespaceEntry> r =
        new DataFileReader<>(
            dir.resolve("namespace.avro").toFile(),
            new SpecificDatumReader<>(NamespaceEntry.class))) {
      r.forEach(entries::add);
    }
    assertEquals(1 + 2000 + 9000, entries.size());
    assertEquals(entries.size(), paths.size());
    for (int i = 0; i < entries.size(); i++) {
      NamespaceEntry e = entries.get(i);
      String expected = e.getIsDir() && e.getDepth() > 0 ? e.getPath() + "/" : e.getPath();
      assertEquals(expected, paths.get(i));
      assertEquals(0L, e.getSize());
    }
    assertEquals("/", entries.get(0).getPath());
    assertTrue(entries.get(0).getIsDir());
    assertEquals(9000, entries.stream().filter(e -> !e.getIsDir()).count());
    JsonNode report = new ObjectMapper().readTree(dir.resolve("namespace-report.json").toFile());
    assertEquals(2000, report.get("generated").get("directories").asLong());
    for (String k :
        new String[] {"dirs_at_depth", "subdirs_per_dir", "files_at_depth", "files_per_dir"}) {
      assertTrue(report.get("ks").get(k).asDouble() < 0.05, k);
    }
  }

  @Test
  void readsAProfileDirectory() {
    Path dir = tmp.resolve("ns");
    assertEquals(
        0,
        run(
            "namespace",
            "generate",
            "--stats",
            YahooStats.profile().toString(),
            "--dirs",
            "1000",
            "--files",
            "3000",
            "--out",
            dir.toString()));
    assertTrue(Files.exists(dir.resolve("namespace.avro")));
  }

  @Test
  void weightsThatDoNotSumToOneAreRefused() throws IOException {
    badProperties(
        "FILES_AT_DEPTH_WEIGHTS = 0, 5.6464e-08",
        "FILES_AT_DEPTH_WEIGHTS = 0.5, 5.6464e-08",
        "FILES_AT_DEPTH: weights sum to");
  }

  @Test
  void negativeWeightsAndCountsAreRefused() throws IOException {
    badProperties(
        "FILES_AT_DEPTH_WEIGHTS = 0, 5.6464e-08",
        "FILES_AT_DEPTH_WEIGHTS = 0, -5.6464e-08",
        "FILES_AT_DEPTH: weight");
    badProperties(
        "DIRS_IN_NAMESPACE = 75199",
        "DIRS_IN_NAMESPACE = -3",
        "DIRS_IN_NAMESPACE = -3 is negative");
  }

  @Test
  void depthTablesWithGapsAreRefused() throws IOException {
    // moves depth 5's share of the directories to depth 6, leaving depth 5 empty
    badProperties(
        "0.000723392, 0.0183216, 0.108724",
        "0.000723392, 0, 0.1270456",
        "directories at depth 6 but none at depth 5");
  }

  @Test
  void aTargetSmallerThanTheDepthsIsRefused() {
    String err = badRun("--stats", YahooStats.properties().toString(), "--dirs", "10");
    assertTrue(err.contains("10 directories cannot reach depth 24"), err);
  }

  @Test
  void aMissingStatsFileIsRefused() {
    String err = badRun("--stats", tmp.resolve("nope.properties").toString(), "--dirs", "100");
    assertTrue(err.contains("no such profile directory or statistics file"), err);
  }

  @Test
  void negativeTargetsAreRefused() {
    String err =
        badRun("--stats", YahooStats.properties().toString(), "--dirs", "100", "--files", "-1");
    assertTrue(err.contains("must not be negative"), err);
  }

  @Test
  void aProfileOfAnUnknownVersionIsRefused() throws IOException {
    Profile profile = ProfileReader.read(YahooStats.profile());
    profile.setFormatVersion(ProfileReader.FORMAT_VERSION + 1);
    Path dir = Files.createDirectories(tmp.resolve("future"));
    try (DataFileWriter<Profile> w =
        new DataFileWriter<>(new SpecificDatumWriter<>(Profile.class))) {
      w.create(Profile.getClassSchema(), ProfileReader.file(dir).toFile());
      w.append(profile);
    }
    String err = badRun("--stats", dir.toString(), "--dirs", "1000");
    int known = ProfileReader.FORMAT_VERSION;
    assertTrue(
        err.contains(
            "future/profile.avro: formatVersion " + (known + 1) + " is newer than " + known),
        err);
  }

  private void badProperties(String find, String replace, String expected) throws IOException {
    String text = Files.readString(YahooStats.properties(), StandardCharsets.ISO_8859_1);
    assertTrue(text.contains(find), find);
    Path file = tmp.resolve("bad.properties");
    Files.writeString(file, text.replace(find, replace), StandardCharsets.ISO_8859_1);
    String err = badRun("--stats", file.toString(), "--dirs", "1000");
    assertTrue(err.contains("bad.properties: ") && err.contains(expected), err);
  }

  /**
   * Runs generate with these options; expects exit 2, one line on stderr and no output directory.
   */
  private String badRun(String... options) {
    Path dir = tmp.resolve("out-" + System.nanoTime());
    List<String> args = new ArrayList<>(List.of("namespace", "generate", "--out", dir.toString()));
    args.addAll(List.of(options));
    err.reset();
    assertEquals(2, run(args.toArray(new String[0])));
    assertFalse(Files.exists(dir), "output written for bad input");
    String e = err.toString(StandardCharsets.UTF_8).trim();
    assertEquals(1, e.lines().count(), e);
    return e;
  }
}
