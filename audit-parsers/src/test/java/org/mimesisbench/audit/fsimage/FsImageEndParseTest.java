package org.mimesisbench.audit.fsimage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.testing.Traces;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.trace.NamespaceEntry;
import org.mimesisbench.trace.TraceManifest;
import org.mimesisbench.trace.TraceManifests;

/**
 * {@code parse --fsimage-end} on the bundled sample's real images: the end image becomes
 * namespace-end.avro, listed in the manifest and counted in the report; both images' files carry
 * the sizes, blocks and block sizes Hadoop's own Offline Image Viewer shows.
 */
class FsImageEndParseTest {
  private static final Path DATA = Traces.repo().resolve("tests/sample-trace/data");

  @TempDir Path dir;
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int parse(Path endImage, Path trace) throws Exception {
    return new MimesisBench(
            new PrintStream(new ByteArrayOutputStream(), true),
            new PrintStream(err, true, StandardCharsets.UTF_8))
        .execute(
            new Configuration(),
            new String[] {
              "parse",
              "--audit",
              DATA.resolve("audit").toString(),
              "--fsimage",
              Traces.binaryImage(DATA.resolve("fsimage")).toString(),
              "--fsimage-end",
              endImage.toString(),
              "--tz",
              "UTC",
              "--out",
              trace.toString()
            });
  }

  @Test
  void theEndImageIsWrittenListedAndCounted() throws Exception {
    Path trace = dir.resolve("trace");
    assertEquals(
        0,
        parse(Traces.binaryImage(DATA.resolve("fsimage-end")), trace),
        err.toString(StandardCharsets.UTF_8));
    List<NamespaceEntry> start = Traces.read(trace.resolve("namespace.avro"), NamespaceEntry.class);
    List<NamespaceEntry> end =
        Traces.read(trace.resolve("namespace-end.avro"), NamespaceEntry.class);
    long endFiles = end.stream().filter(e -> !e.getIsDir()).count();
    // data/README.md: end image txid 2521, 401 inodes: root, 61 other directories, 339 files
    assertEquals(339, endFiles);
    assertEquals(62, end.size() - endFiles);

    JsonNode report = new ObjectMapper().readTree(trace.resolve("parse-report.json").toFile());
    assertEquals(endFiles, report.path("namespace_end").path("files").asLong(), report.toString());
    assertEquals(end.size() - endFiles, report.path("namespace_end").path("directories").asLong());
    TraceManifest manifest = TraceManifests.read(trace.resolve(TraceManifests.FILE));
    assertEquals(end.size(), manifest.getFiles().get("namespace-end.avro").getRecords());

    for (List<NamespaceEntry> image : List.of(start, end)) {
      for (NamespaceEntry e : image) {
        if (e.getIsDir()) {
          assertEquals(0, e.getBlocks(), e.getPath());
          assertEquals(0, e.getBlockSize(), e.getPath());
        } else {
          assertTrue(e.getBlockSize() >= 1 << 20, e.getPath() + " has a block size");
          long fewest = (e.getSize() + e.getBlockSize() - 1) / e.getBlockSize();
          assertTrue(e.getBlocks() >= fewest, e.getPath() + ": blocks cover its bytes");
          assertEquals(e.getSize() == 0, e.getBlocks() == 0, e.getPath());
        }
      }
    }
    Set<String> before = start.stream().map(NamespaceEntry::getPath).collect(Collectors.toSet());
    assertTrue(
        end.stream()
            .anyMatch(e -> !e.getIsDir() && !before.contains(e.getPath()) && e.getSize() > 0),
        "files made in the window hold data at the end");
  }

  @Test
  void sizesAndBlocksAreThoseOfHadoopsOfflineImageViewer() throws Exception {
    Path trace = dir.resolve("trace");
    assertEquals(0, parse(Traces.binaryImage(DATA.resolve("fsimage-end")), trace));
    Map<String, NamespaceEntry> parsed = new HashMap<>();
    for (NamespaceEntry e : Traces.read(trace.resolve("namespace.avro"), NamespaceEntry.class)) {
      parsed.put(e.getPath(), e);
    }
    // fsimage-start.tsv is the same start image through `hdfs oiv -p Delimited`
    List<String> rows = Files.readAllLines(DATA.resolve("fsimage/fsimage-start.tsv"));
    int files = 0;
    long bytes = 0;
    for (String row : rows.subList(1, rows.size())) {
      String[] f = row.split("\t");
      if (f[9].startsWith("d")) {
        continue;
      }
      NamespaceEntry e = parsed.get(f[0]);
      assertEquals(Long.parseLong(f[4]), e.getBlockSize(), f[0]);
      assertEquals(Integer.parseInt(f[5]), e.getBlocks(), f[0]);
      assertEquals(Long.parseLong(f[6]), e.getSize(), f[0]);
      files++;
      bytes += e.getSize();
    }
    assertEquals(142, files); // data/README.md: the start image has 142 files
    assertTrue(bytes > 0, "the start image's files hold data");
    // and the viewer's other two forms read alike
    for (String form : List.of("fsimage-start.tsv", "fsimage-start.xml")) {
      List<NamespaceEntry> same = new ArrayList<>();
      FsImageReader.forFile(DATA.resolve("fsimage").resolve(form), java.time.ZoneId.of("UTC"))
          .read(DATA.resolve("fsimage").resolve(form), e -> same.add(copy(e)));
      for (NamespaceEntry e : same) {
        NamespaceEntry p = parsed.get(e.getPath());
        assertEquals(p.getBlocks(), e.getBlocks(), form + " " + e.getPath());
        assertEquals(p.getBlockSize(), e.getBlockSize(), form + " " + e.getPath());
        assertEquals(p.getSize(), e.getSize(), form + " " + e.getPath());
      }
    }
  }

  @Test
  void anEndImageWithAPathThatClimbsOutIsRefusedWhole() throws Exception {
    Path tsv = DATA.resolve("fsimage/fsimage-start.tsv");
    List<String> rows = new ArrayList<>(Files.readAllLines(tsv));
    String user = rows.get(2); // "/user\t0\t..."
    rows.add(user.replaceFirst("^/user", "/../../user/file").replace("\td", "\t-"));
    Path image = Files.write(dir.resolve("fsimage-end.tsv"), rows);
    Path trace = dir.resolve("trace");
    assertEquals(2, parse(image, trace));
    String message = err.toString(StandardCharsets.UTF_8).strip();
    assertEquals(1, message.lines().count(), message);
    assertTrue(
        message.contains("--fsimage-end " + image + ": inode /../../user/file is not a path"),
        message);
    assertFalse(Files.exists(trace), "nothing written");
  }

  private static NamespaceEntry copy(NamespaceEntry e) {
    return NamespaceEntry.newBuilder(e).build();
  }
}
