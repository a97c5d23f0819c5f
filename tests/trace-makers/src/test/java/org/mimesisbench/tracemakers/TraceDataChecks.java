package org.mimesisbench.tracemakers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every committed trace made by the maker must satisfy: complete, in the stock audit layout,
 * and in agreement with its manifest. Subclasses name the data folder.
 */
abstract class TraceDataChecks {

  /** The stock hdfs-audit.log line (callerContext optional). */
  private static final Pattern AUDIT_LINE =
      Pattern.compile(
          "^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3} INFO FSNamesystem\\.audit: "
              + "allowed=(true|false)\tugi=[^\t]+\tip=[^\t]+\tcmd=[^\t]+\tsrc=[^\t]*\tdst=[^\t]*"
              + "\tperm=[^\t]*\tproto=rpc(\tcallerContext=[^\t]+)?$");

  final File data;
  String manifest;

  TraceDataChecks(File data) {
    this.data = data;
  }

  @BeforeEach
  void load() throws IOException {
    File f = new File(data, "manifest.json");
    Assumptions.assumeTrue(f.isFile(), "no trace in " + data.getAbsolutePath());
    manifest = Files.readString(f.toPath(), StandardCharsets.UTF_8);
  }

  long number(String key) {
    Matcher m = Pattern.compile("\"" + Pattern.quote(key) + "\": (\\d+)").matcher(manifest);
    assertTrue(m.find(), "manifest has no " + key);
    return Long.parseLong(m.group(1));
  }

  Map<String, Long> block(String key) {
    int i = manifest.indexOf("\"" + key + "\": {");
    assertTrue(i >= 0, "manifest has no " + key);
    String body = manifest.substring(i, manifest.indexOf('}', i));
    Map<String, Long> out = new HashMap<>();
    Matcher m = Pattern.compile("\"([^\"]+)\": (\\d+)").matcher(body);
    while (m.find()) {
      out.put(m.group(1), Long.parseLong(m.group(2)));
    }
    return out;
  }

  @Test
  void auditFilesMatchTheManifest() throws IOException {
    List<File> files = Manifest.auditFilesOldestFirst(new File(data, "audit"), "hdfs-audit.log");
    assertTrue(files.size() >= 2, "expected rotated audit files, got " + files);
    Manifest mf = new Manifest();
    mf.count(files);
    assertEquals(number("audit_lines_total"), mf.totalLines);
    assertEquals(number("allowed_false_lines"), mf.deniedLines);
    assertEquals(block("cmd_counts"), mf.cmdCounts);
    for (String cmd :
        new String[] {
          "create", "open", "listStatus", "getfileinfo", "rename", "delete", "mkdirs"
        }) {
      assertTrue(mf.cmdCounts.getOrDefault(cmd, 0L) > 0, "no " + cmd + " in the audit log");
    }
    assertTrue(mf.deniedLines > 0, "no allowed=false line");
    assertTrue(mf.callerContextLines > 0, "no callerContext");
    assertTrue(mf.ugiCounts.size() >= 4, "too few users: " + mf.ugiCounts);
  }

  @Test
  void everyAuditLineHasTheStockLayout() throws IOException {
    for (File f : Manifest.auditFilesOldestFirst(new File(data, "audit"), "hdfs-audit.log")) {
      for (String line : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
        assertTrue(AUDIT_LINE.matcher(line).matches(), f.getName() + ": " + line);
      }
    }
  }

  @Test
  void fsimagesAreThereWithTheirChecksums() throws Exception {
    long start = txid("fsimage_start");
    long end = txid("fsimage_end");
    assertTrue(end > start);
    checkMd5(new File(data, String.format("fsimage/fsimage_%019d", start)));
    checkMd5(new File(data, String.format("fsimage-end/fsimage_%019d", end)));
    String xml = Files.readString(new File(data, "fsimage/fsimage-start.xml").toPath());
    assertTrue(xml.contains("<txid>" + start + "</txid>"), "XML is not the start image");
    String tsv = Files.readString(new File(data, "fsimage/fsimage-start.tsv").toPath());
    assertTrue(tsv.startsWith("Path\tReplication\t"), "unexpected Delimited header");
  }

  private long txid(String key) {
    Matcher m = Pattern.compile("\"" + key + "\": \\{[^}]*\"txid\": (\\d+)").matcher(manifest);
    assertTrue(m.find(), "manifest has no " + key);
    return Long.parseLong(m.group(1));
  }

  private static void checkMd5(File image) throws Exception {
    assertTrue(image.isFile(), image + " missing");
    String expected = Files.readString(new File(image.getPath() + ".md5").toPath()).split(" ")[0];
    byte[] digest = MessageDigest.getInstance("MD5").digest(Files.readAllBytes(image.toPath()));
    assertEquals(expected, HexFormat.of().formatHex(digest), image + " does not match its .md5");
  }
}
