package org.mimesisbench.audit;

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
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.testing.Traces;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * parse never lets a path that climbs out of a replay's root into a trace: an audit line naming one
 * (plain or Java-escaped) is malformed, counted by reason in parse-report.json; an fsimage holding
 * one is refused whole, nothing written.
 */
class ConfinedPathsParseTest {
  private static final Path VECTORS = Traces.repo().resolve("profiles/vectors/input");

  /** The attack's lines, in the layout of profiles/vectors/input/audit.log. */
  private static final List<String> CLIMBING_OUT =
      List.of(
          "cmd=delete\tsrc=/../../precious\tdst=null\tperm=null",
          "cmd=rename (options=[OVERWRITE])\tsrc=/jobs/a/f1\tdst=/../../victim/overwritten.txt"
              + "\tperm=mallory:supergroup:rw-r--r--",
          "cmd=setOwner\tsrc=/../../user/alice/notebooks/nb-07.ipynb\tdst=null"
              + "\tperm=mallory:supergroup:rw-r--r--",
          "cmd=setPermission\tsrc=/../../victim/keep.txt\tdst=null\tperm=alice:supergroup:rwx------",
          "cmd=create\tsrc=/../../data/logs/real.log\tdst=null\tperm=mallory:supergroup:rw-r--r--");

  @TempDir Path dir;
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return new MimesisBench(
            new PrintStream(new ByteArrayOutputStream(), true),
            new PrintStream(err, true, StandardCharsets.UTF_8))
        .execute(new Configuration(), args);
  }

  private static String line(int s, String fields, boolean escaped) {
    return String.format(
        "2024-06-01 12:%02d:%02d,000 INFO FSNamesystem.audit: allowed=true\t"
            + "ugi=mallory (auth:SIMPLE)\tip=/10.0.0.66\t%s\tproto=rpc",
        s / 60 % 60, s % 60, escaped ? fields.replace("..", "\\u002e\\u002e") : fields);
  }

  @Test
  void climbingLinesAreCountedMalformedByReasonAndTheTraceHoldsNone() throws Exception {
    List<String> lines = new ArrayList<>(Files.readAllLines(VECTORS.resolve("audit.log")));
    int s = 600;
    for (int i = 0; i < 1_000; i++) { // enough good lines that 10 bad ones stay under 1 %
      lines.add(line(s++, "cmd=getfileinfo\tsrc=/jobs/a/f" + i + "\tdst=null\tperm=null", false));
    }
    for (boolean escaped : new boolean[] {false, true}) {
      for (String fields : CLIMBING_OUT) {
        lines.add(line(s++, fields, escaped));
      }
    }
    Path log = Files.write(dir.resolve("audit.log"), lines);
    Path trace = dir.resolve("trace");
    assertEquals(
        0,
        run(
            "parse",
            "--audit",
            log.toString(),
            "--fsimage",
            VECTORS.resolve("fsimage.xml").toString(),
            "--tz",
            "UTC",
            "--out",
            trace.toString()),
        err.toString(StandardCharsets.UTF_8));
    JsonNode report = new ObjectMapper().readTree(trace.resolve("parse-report.json").toFile());
    assertEquals(10, report.path("malformed").asLong(), report.toString());
    JsonNode reasons = report.path("malformed_reasons");
    assertEquals(
        8,
        reasons.path("src= path not confined: an empty, '.' or '..' component").asLong(),
        reasons.toString());
    assertEquals(
        2,
        reasons.path("dst= path not confined: an empty, '.' or '..' component").asLong(),
        reasons.toString());
    List<String> paths = new ArrayList<>();
    for (AuditEvent e : Traces.read(trace.resolve("events.avro"), AuditEvent.class)) {
      paths.add(e.getSrc());
      paths.add(e.getDst());
    }
    Traces.read(trace.resolve("files.avro"), FileTimeline.class)
        .forEach(f -> paths.add(f.getPath()));
    Traces.read(trace.resolve("dirs.avro"), DirectoryTimeline.class)
        .forEach(d -> paths.add(d.getPath()));
    Traces.read(trace.resolve("namespace.avro"), NamespaceEntry.class)
        .forEach(n -> paths.add(n.getPath()));
    assertTrue(paths.size() > 1_000, "the good lines are in the trace: " + paths.size());
    for (String p : paths) {
      assertTrue(p == null || !p.contains(".."), p);
    }
  }

  @Test
  void aLogOfOnlyClimbingLinesIsRefusedWritingNothing() throws Exception {
    List<String> lines = new ArrayList<>();
    for (String fields : CLIMBING_OUT) {
      lines.add(line(lines.size(), fields, true));
    }
    Path log = Files.write(dir.resolve("attack.log"), lines);
    Path trace = dir.resolve("trace");
    assertEquals(2, run("parse", "--audit", log.toString(), "--out", trace.toString()));
    String message = err.toString(StandardCharsets.UTF_8).strip();
    assertEquals(1, message.lines().count(), message);
    assertTrue(message.contains("attack.log:1: src= path not confined"), message);
    assertFalse(Files.exists(trace), "nothing written");
  }

  @Test
  void anFsimageWithANameThatClimbsOutIsRefusedWhole() throws Exception {
    Path image =
        Files.writeString(
            dir.resolve("fsimage.xml"),
            Files.readString(VECTORS.resolve("fsimage.xml"))
                .replace("<name>pre</name>", "<name>..</name>"));
    Path trace = dir.resolve("trace");
    assertEquals(
        2,
        run(
            "parse",
            "--audit",
            VECTORS.resolve("audit.log").toString(),
            "--fsimage",
            image.toString(),
            "--tz",
            "UTC",
            "--out",
            trace.toString()));
    String message = err.toString(StandardCharsets.UTF_8).strip();
    assertEquals(1, message.lines().count(), message);
    assertTrue(
        message.contains("--fsimage " + image + ": inode /data/.. is not a path a NameNode makes"),
        message);
    assertFalse(Files.exists(trace), "nothing written");
  }

  @Test
  void aDelimitedImageWithAPathThatClimbsOutIsRefusedWhole() throws Exception {
    Path tsv = Traces.repo().resolve("tests/sample-trace/data/fsimage/fsimage-start.tsv");
    List<String> rows = new ArrayList<>(Files.readAllLines(tsv));
    String user = rows.get(2); // "/user\t0\t..."
    rows.add(user.replaceFirst("^/user", "/../../user/file").replace("\td", "\t-"));
    Path image = Files.write(dir.resolve("fsimage.tsv"), rows);
    Path trace = dir.resolve("trace");
    assertEquals(
        2,
        run(
            "parse",
            "--audit",
            VECTORS.resolve("audit.log").toString(),
            "--fsimage",
            image.toString(),
            "--out",
            trace.toString()));
    String message = err.toString(StandardCharsets.UTF_8).strip();
    assertEquals(1, message.lines().count(), message);
    assertTrue(
        message.contains("--fsimage " + image + ": inode /../../user/file is not a path"), message);
    assertFalse(Files.exists(trace), "nothing written");
  }
}
