package org.mimesisbench.audit.fsimage;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.text.StringEscapeUtils;
import org.mimesisbench.audit.trace.TraceBuilder;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * Reads the Offline Image Viewer's Delimited output ({@code hdfs oiv -p Delimited}): a header line
 * in 3.x, none in 2.7; tab-delimited by default, any single character with {@code -delimiter} (told
 * here from the first line). Times are minutes in the local zone.
 */
final class OivDelimitedReader extends FsImageReader {
  private static final String[] COLUMNS = {
    "Path", "Replication", "ModificationTime", "AccessTime", "PreferredBlockSize", "BlocksCount",
    "FileSize", "NSQUOTA", "DSQUOTA", "Permission", "UserName", "GroupName"
  };
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

  private final ZoneId zone;

  OivDelimitedReader(ZoneId zone, String option) {
    super(option);
    this.zone = zone;
  }

  @Override
  public void read(Path file, NamespaceEntrySink sink) throws IOException {
    try {
      readText(file, sink);
    } catch (CharacterCodingException e) { // binary bytes: none of the three forms
      throw new BadInputException(
          option
              + " "
              + file
              + ": not an fsimage (no HDFSIMG1 header) nor the Offline "
              + "Image Viewer's XML or Delimited text (bytes that are not UTF-8 text)");
    }
  }

  private void readText(Path file, NamespaceEntrySink sink) throws IOException {
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String first = in.readLine();
      if (first == null) {
        throw new BadInputException(option + " " + file + ": empty file");
      }
      char delimiter = first.indexOf('\t') >= 0 ? '\t' : ',';
      Map<String, Integer> column = new HashMap<>();
      List<String> header = split(first, delimiter);
      boolean hasHeader = header.get(0).equals("Path");
      for (int i = 0; i < COLUMNS.length; i++) {
        column.put(COLUMNS[i], hasHeader ? header.indexOf(COLUMNS[i]) : i);
      }
      for (String c : COLUMNS) {
        if (column.get(c) < 0) {
          throw new BadInputException(option + " " + file + ":1: header has no " + c + " column");
        }
      }
      NamespaceEntry entry = new NamespaceEntry();
      long lineNumber = hasHeader ? 1 : 0;
      for (String line = hasHeader ? in.readLine() : first; line != null; line = in.readLine()) {
        lineNumber++;
        if (line.isEmpty()) {
          continue;
        }
        List<String> f = split(line, delimiter);
        if (f.size() < COLUMNS.length) {
          throw new BadInputException(
              option
                  + " "
                  + file
                  + ":"
                  + lineNumber
                  + ": "
                  + f.size()
                  + " fields, expected "
                  + COLUMNS.length);
        }
        try {
          fill(entry, f, column);
        } catch (NumberFormatException | DateTimeParseException e) {
          throw new BadInputException(
              option + " " + file + ":" + lineNumber + ": " + e.getMessage());
        }
        sink.accept(entry);
      }
    }
  }

  private void fill(NamespaceEntry e, List<String> f, Map<String, Integer> column) {
    String path = f.get(column.get("Path"));
    String permission = f.get(column.get("Permission"));
    long nsQuota = Long.parseLong(f.get(column.get("NSQUOTA")));
    // 3.x prefixes the type ('d' or '-'); 2.7 does not, and there only directories have a quota
    boolean typed =
        permission.length() == 10 || permission.endsWith("+") && permission.length() == 11;
    boolean dir = typed ? permission.charAt(0) == 'd' : nsQuota != 0;
    String mode = typed ? permission.substring(1, 10) : permission;
    e.setPath(path);
    e.setIsDir(dir);
    e.setDepth(TraceBuilder.depth(path));
    e.setSize(dir ? 0 : Long.parseLong(f.get(column.get("FileSize"))));
    e.setMtime(time(f.get(column.get("ModificationTime"))));
    e.setAtime(dir ? 0 : time(f.get(column.get("AccessTime"))));
    e.setReplication(dir ? 0 : Integer.parseInt(f.get(column.get("Replication"))));
    e.setOwner(f.get(column.get("UserName")));
    e.setGroup(f.get(column.get("GroupName")));
    e.setPermission(mode);
    e.setBlocks(dir ? 0 : Integer.parseInt(f.get(column.get("BlocksCount"))));
    e.setBlockSize(dir ? 0 : Long.parseLong(f.get(column.get("PreferredBlockSize"))));
  }

  private long time(String s) {
    return LocalDateTime.parse(s, TIME).atZone(zone).toInstant().toEpochMilli();
  }

  /** Splits on the delimiter, honouring the CSV quoting the viewer applies to odd paths. */
  static List<String> split(String line, char delimiter) {
    List<String> out = new ArrayList<>(COLUMNS.length + 2);
    int i = 0;
    while (i <= line.length()) {
      if (i < line.length() && line.charAt(i) == '"') {
        int j = i + 1;
        while (j < line.length()) {
          if (line.charAt(j) == '"') {
            if (j + 1 < line.length() && line.charAt(j + 1) == '"') {
              j += 2;
              continue;
            }
            break;
          }
          j++;
        }
        out.add(StringEscapeUtils.unescapeCsv(line.substring(i, Math.min(j + 1, line.length()))));
        i = j + 2;
      } else {
        int j = line.indexOf(delimiter, i);
        j = j < 0 ? line.length() : j;
        out.add(line.substring(i, j));
        i = j + 1;
      }
    }
    return out;
  }
}
