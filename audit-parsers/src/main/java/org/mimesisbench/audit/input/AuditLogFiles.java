package org.mimesisbench.audit.input;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.mimesisbench.cli.BadInputException;

/**
 * Expands the {@code --audit} arguments (files, directories, globs, on any Hadoop file
 * system; local paths by default) into the list of log files to read.
 */
public final class AuditLogFiles {
  private AuditLogFiles() {}

  public static List<Path> expand(List<String> arguments, Configuration conf) throws IOException {
    List<Path> files = new ArrayList<>();
    for (String argument : arguments) {
      Path pattern = new Path(argument);
      FileSystem fs = pattern.getFileSystem(conf);
      FileStatus[] matches = fs.globStatus(pattern);
      if (matches == null || matches.length == 0) {
        throw new BadInputException("--audit " + argument + ": no such file");
      }
      Arrays.sort(matches, Comparator.comparing(FileStatus::getPath));
      for (FileStatus match : matches) {
        if (match.isDirectory()) {
          FileStatus[] children = fs.listStatus(match.getPath(), AuditLogFiles::visible);
          Arrays.sort(children, Comparator.comparing(FileStatus::getPath));
          for (FileStatus child : children) {
            if (child.isFile()) {
              files.add(child.getPath());
            }
          }
        } else {
          files.add(match.getPath());
        }
      }
    }
    if (files.isEmpty()) {
      throw new BadInputException("--audit " + arguments + ": no log files found");
    }
    return files;
  }

  /** Hidden and Hadoop-private files (".crc", "_SUCCESS") are not logs. */
  static boolean visible(Path p) {
    String n = p.getName();
    return !n.startsWith(".") && !n.startsWith("_");
  }
}
