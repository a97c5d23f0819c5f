package org.mimesisbench.hbasetrace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The HBase trace (tests/hbase-trace) is complete, in the stock audit layout, agrees with its
 * manifest and with its parse (trace/parse-report.json), and holds what HBase does to a NameNode:
 * WALs written and archived, flushed HFiles renamed out of .tmp, compacted files archived, the
 * cleaners' deletes, a split, a snapshot.
 */
class HBaseTraceDataTest {

  private static final File DIR = new File("../hbase-trace");

  /** The stock hdfs-audit.log line (no callerContext: HBase sets none). */
  private static final Pattern AUDIT_LINE =
      Pattern.compile(
          "^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3} INFO FSNamesystem\\.audit: "
              + "allowed=(true|false)\tugi=[^\t]+\tip=[^\t]+\tcmd=([^\t]+)\tsrc=([^\t]*)"
              + "\tdst=([^\t]*)\tperm=[^\t]*\tproto=rpc$");

  private static final String REGION = "/hbase/data/default/[a-z_]+/[0-9a-f]{32}";

  /** One audit line's parts. */
  private record Call(boolean allowed, String cmd, String src, String dst) {}

  private static final List<Call> calls = new ArrayList<>();
  private static final Map<String, Long> cmds = new TreeMap<>();
  private static String manifest;
  private static String parseReport;

  @BeforeAll
  static void load() throws IOException {
    File audit = new File(DIR, "data/audit/hdfs-audit.log.gz");
    assertTrue(audit.isFile(), "no audit log: " + audit.getAbsolutePath());
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(
                new GZIPInputStream(new FileInputStream(audit)), StandardCharsets.UTF_8))) {
      String line;
      int n = 0;
      while ((line = in.readLine()) != null) {
        n++;
        Matcher m = AUDIT_LINE.matcher(line);
        assertTrue(m.matches(), audit + ":" + n + ": not a stock audit line: " + line);
        calls.add(new Call(m.group(1).equals("true"), m.group(2), m.group(3), m.group(4)));
        cmds.merge(m.group(2), 1L, Long::sum);
      }
    }
    manifest = Files.readString(new File(DIR, "data/manifest.json").toPath());
    parseReport = Files.readString(new File(DIR, "trace/parse-report.json").toPath());
  }

  private static long number(String json, String key) {
    Matcher m = Pattern.compile("\"" + Pattern.quote(key) + "\" ?: (\\d+)").matcher(json);
    assertTrue(m.find(), "no " + key);
    return Long.parseLong(m.group(1));
  }

  private static Map<String, Long> block(String json, String key) {
    int i = json.indexOf("\"" + key + "\"");
    assertTrue(i >= 0, "no " + key);
    String body = json.substring(json.indexOf('{', i), json.indexOf('}', i));
    Map<String, Long> out = new TreeMap<>();
    Matcher m = Pattern.compile("\"([^\"]+)\" ?: (\\d+)").matcher(body);
    while (m.find()) {
      out.put(m.group(1), Long.parseLong(m.group(2)));
    }
    return out;
  }

  private static long count(String cmd, String srcRegex, String dstRegex) {
    Pattern s = Pattern.compile(srcRegex);
    Pattern d = Pattern.compile(dstRegex);
    return calls.stream()
        .filter(c -> c.allowed() && c.cmd().equals(cmd))
        .filter(c -> s.matcher(c.src()).matches() && d.matcher(c.dst()).matches())
        .count();
  }

  @Test
  void agreesWithItsManifestAndItsParse() {
    assertEquals(0, number(manifest, "unexpected_errors"), "workload calls failed while made");
    assertEquals(calls.size(), number(manifest, "audit_lines"));
    assertEquals(cmds, block(manifest, "cmd_counts"));
    // trace/ is this log through the project's parser: every line an event, none malformed.
    assertEquals(calls.size(), number(parseReport, "events"));
    assertEquals(0, number(parseReport, "malformed"));
    assertEquals(cmds, block(parseReport, "by_cmd"));
    assertTrue(calls.size() > 10_000, "too short a trace: " + calls.size() + " calls");
  }

  @Test
  void writesAndArchivesWals() {
    String wal = "/hbase/WALs/[^/]+/[^/]+";
    assertTrue(count("create", wal, "null") >= 10, "few WALs created");
    // A rolled WAL whose edits are flushed moves to oldWALs, and the log cleaner deletes it.
    assertTrue(count("rename", wal, "/hbase/oldWALs/[^/]+") >= 10, "few WALs archived");
    assertTrue(count("delete", "/hbase/oldWALs/[^/]+", "null") >= 5, "no log cleaner deletes");
  }

  @Test
  void flushesCompactsAndArchivesHFiles() {
    // A flush or a compaction writes REGION/.tmp/FAMILY/FILE and renames it into REGION/FAMILY/.
    String tmp = REGION + "/\\.tmp/[a-z]+/[0-9a-f]+";
    long flushed = count("rename", tmp, REGION + "/[a-z]+/[0-9a-f]+");
    assertTrue(flushed >= 100, "few HFiles renamed out of .tmp: " + flushed);
    assertTrue(count("create", tmp, "null") >= flushed, "HFiles renamed without a create");
    // Compacted-away files move to the archive, which the HFile cleaner empties.
    String archived = "/hbase/archive/data/default/[a-z_]+/[0-9a-f]{32}/[a-z]+/[^/]+";
    assertTrue(count("rename", REGION + "/[a-z]+/[^/]+", archived) >= 20, "few HFiles archived");
    assertTrue(count("delete", archived, "null") >= 10, "no HFile cleaner deletes");
  }

  @Test
  void splitsSnapshotsAndDropsTables() {
    // A split writes reference files (FILE.PARENT) into its daughters' family folders.
    assertTrue(
        count("create", REGION + "/[a-z]+/[0-9a-f]+\\.[0-9a-f]{32}", "null") >= 2,
        "no region split");
    // A snapshot is written under .hbase-snapshot/.tmp and renamed into place, later deleted.
    assertTrue(
        count("rename", "/hbase/\\.hbase-snapshot/\\.tmp/[^/]+", "/hbase/\\.hbase-snapshot/[^/]+")
            >= 2,
        "no snapshot completed");
    assertTrue(
        count("delete", "/hbase/\\.hbase-snapshot/[^/.][^/]*", "null") >= 1, "no snapshot deleted");
    assertTrue(count("delete", "/hbase/data/default/scratch", "null") >= 1, "no table dropped");
  }
}
