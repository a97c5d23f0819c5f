package org.mimesisbench.tracemakers;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Counts what the written audit files hold and renders manifest.json (no JSON library). */
final class Manifest {

  static final Pattern CMD = Pattern.compile("\tcmd=([^\t]*)\t");
  static final Pattern UGI = Pattern.compile("\tugi=([^\t ]*)");

  /** Per audit file, in time order (oldest rotated file first). */
  final Map<String, Long> linesPerFile = new LinkedHashMap<>();

  final Map<String, Long> bytesPerFile = new LinkedHashMap<>();
  final Map<String, Long> cmdCounts = new TreeMap<>();
  final Map<String, Long> ugiCounts = new TreeMap<>();
  long totalLines;
  long deniedLines;
  long callerContextLines;
  String firstTimestamp;
  String lastTimestamp;

  /** Audit files of a RollingFileAppender, oldest first: name.N, ..., name.1, name. */
  static List<File> auditFilesOldestFirst(File dir, String base) {
    List<File> out = new ArrayList<>();
    int n = 1;
    while (new File(dir, base + "." + n).exists()) {
      n++;
    }
    for (int i = n - 1; i >= 1; i--) {
      out.add(new File(dir, base + "." + i));
    }
    File current = new File(dir, base);
    if (current.exists()) {
      out.add(current);
    }
    return out;
  }

  void count(List<File> files) throws IOException {
    for (File f : files) {
      long lines = 0;
      try (BufferedReader in = Files.newBufferedReader(f.toPath(), StandardCharsets.UTF_8)) {
        String line;
        while ((line = in.readLine()) != null) {
          lines++;
          if (firstTimestamp == null) {
            firstTimestamp = line.substring(0, Math.min(23, line.length()));
          }
          lastTimestamp = line.substring(0, Math.min(23, line.length()));
          Matcher m = CMD.matcher(line);
          if (m.find()) {
            cmdCounts.merge(m.group(1), 1L, Long::sum);
          }
          Matcher u = UGI.matcher(line);
          if (u.find()) {
            ugiCounts.merge(u.group(1), 1L, Long::sum);
          }
          if (line.contains("allowed=false\t")) {
            deniedLines++;
          }
          if (line.contains("\tcallerContext=")) {
            callerContextLines++;
          }
        }
      }
      linesPerFile.put("audit/" + f.getName(), lines);
      bytesPerFile.put("audit/" + f.getName(), f.length());
      totalLines += lines;
    }
  }

  // ---------------------------------------------------------------- tiny JSON writer

  static String q(String s) {
    if (s == null) {
      return "null";
    }
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"':
          sb.append("\\\"");
          break;
        case '\\':
          sb.append("\\\\");
          break;
        case '\n':
          sb.append("\\n");
          break;
        case '\t':
          sb.append("\\t");
          break;
        case '\r':
          sb.append("\\r");
          break;
        default:
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
      }
    }
    return sb.append('"').toString();
  }

  static String counts(Map<String, Long> m, String indent) {
    StringBuilder sb = new StringBuilder("{");
    boolean first = true;
    for (Map.Entry<String, Long> e : m.entrySet()) {
      sb.append(first ? "\n" : ",\n")
          .append(indent)
          .append("  ")
          .append(q(e.getKey()))
          .append(": ")
          .append(e.getValue());
      first = false;
    }
    return sb.append(first ? "}" : "\n" + indent + "}").toString();
  }

  static String strings(Collection<String> xs) {
    StringBuilder sb = new StringBuilder("[");
    boolean first = true;
    for (String x : xs) {
      sb.append(first ? "" : ", ").append(q(x));
      first = false;
    }
    return sb.append(']').toString();
  }
}
