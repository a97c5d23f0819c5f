package org.mimesisbench.audit.input;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.mimesisbench.errors.BadInputException;

/**
 * Expands the {@code --audit} arguments (files, directories, globs, on any Hadoop file system;
 * local paths by default) into the list of log files to read, and opens them.
 *
 * <p>A plain local file (no glob, no Hadoop checksum file beside it) is found and read with
 * java.nio rather than Hadoop's local file system: creating that one costs a local parse about 0.4
 * s of start-up (user and group lookup, metrics, loading every file system in the jar) and reads
 * the same bytes. Everything else (globs, directories, other file systems, files with a {@code
 * .crc} that Hadoop would verify) goes through Hadoop, as before.
 */
public final class AuditLogFiles {
  private AuditLogFiles() {}

  public static List<Path> expand(List<String> arguments, Configuration conf) throws IOException {
    List<Path> files = new ArrayList<>();
    for (String argument : arguments) {
      if (argument.isBlank()) {
        throw new BadInputException("--audit: an empty path");
      }
      Path local = plainLocalFile(argument, conf);
      if (local != null) {
        files.add(local);
      } else {
        expandWithHadoop(argument, conf, files);
      }
    }
    if (files.isEmpty()) {
      throw new BadInputException("--audit " + arguments + ": no log files found");
    }
    return files;
  }

  /**
   * Refuses an output directory at or under an {@code --audit} input (a directory, or what a glob
   * matches or would match, or beside the logs a glob matches): a later parse of that input would
   * read the trace's files as logs. {@code written} is the name of a file the output will hold.
   */
  public static void refuseOutputInside(
      List<String> arguments,
      java.nio.file.Path out,
      String written,
      String option,
      Configuration conf)
      throws IOException {
    java.nio.file.Path target = out.toAbsolutePath().normalize();
    for (String argument : arguments) {
      if (argument.isBlank() || plainLocalFile(argument, conf) != null) {
        continue; // one file holds no output; an --out on it is refused as not a directory
      }
      Path pattern = new Path(argument);
      String scheme =
          pattern.toUri().getScheme() != null
              ? pattern.toUri().getScheme()
              : FileSystem.getDefaultUri(conf).getScheme();
      if (!"file".equals(scheme)) {
        continue; // the trace is written locally: only a local input can hold it
      }
      FileSystem fs = FileSystem.getLocal(conf);
      boolean inside = false;
      FileStatus[] matches = fs.globStatus(pattern);
      for (FileStatus match : matches == null ? new FileStatus[0] : matches) {
        java.nio.file.Path m = java.nio.file.Path.of(match.getPath().toUri().getPath());
        inside |=
            target.startsWith(m)
                || match.isFile() && target.equals(m.getParent()); // in it, or beside a log
      }
      if (argument
          .chars()
          .anyMatch(c -> "*?[]{}".indexOf(c) >= 0)) { // what the glob would match later
        java.nio.file.PathMatcher glob =
            FileSystems.getDefault()
                .getPathMatcher(
                    "glob:"
                        + java.nio.file.Path.of(pattern.toUri().getPath())
                            .toAbsolutePath()
                            .normalize());
        inside |= glob.matches(target.resolve(written));
        for (java.nio.file.Path d = target; d != null && !inside; d = d.getParent()) {
          inside = glob.matches(d);
        }
      }
      if (inside) {
        throw new BadInputException(
            option
                + " "
                + out
                + ": inside the --audit input "
                + argument
                + " (a later parse of it would read the trace as logs); write the trace elsewhere");
      }
    }
  }

  /** Opens a log found by {@link #expand}. */
  public static InputStream open(Path log, Configuration conf) throws IOException {
    java.nio.file.Path local = localUnchecksummed(log);
    return local != null ? Files.newInputStream(local) : log.getFileSystem(conf).open(log);
  }

  static void expandWithHadoop(String argument, Configuration conf, List<Path> files)
      throws IOException {
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

  /**
   * The argument as Hadoop's local file system would qualify it ({@code file:/abs/path}) when it
   * names one regular local file without glob characters or checksum file; else null.
   */
  static Path plainLocalFile(String argument, Configuration conf) {
    if (argument.isEmpty() || argument.chars().anyMatch(c -> "*?[]{}\\".indexOf(c) >= 0)) {
      return null;
    }
    URI uri = new Path(argument).toUri();
    String scheme =
        uri.getScheme() != null ? uri.getScheme() : FileSystem.getDefaultUri(conf).getScheme();
    if (!"file".equals(scheme) || uri.getAuthority() != null) {
      return null;
    }
    java.nio.file.Path file;
    try {
      file = java.nio.file.Path.of(uri.getPath()).toAbsolutePath().normalize();
    } catch (RuntimeException e) { // not a path here: let Hadoop say what is wrong
      return null;
    }
    if (!Files.isRegularFile(file)) {
      return null;
    }
    Path qualified = new Path("file", null, file.toString());
    return localUnchecksummed(qualified) != null ? qualified : null;
  }

  /** The local file behind a {@code file:} path with no {@code .name.crc} beside it, else null. */
  private static java.nio.file.Path localUnchecksummed(Path log) {
    URI uri = log.toUri();
    if (!"file".equals(uri.getScheme()) || uri.getAuthority() != null) {
      return null;
    }
    java.nio.file.Path file = java.nio.file.Path.of(uri.getPath());
    java.nio.file.Path name = file.getFileName();
    if (name == null || Files.exists(file.resolveSibling("." + name + ".crc"))) {
      return null; // Hadoop's local file system verifies the checksum: let it
    }
    return file;
  }

  /** Hidden and Hadoop-private files (".crc", "_SUCCESS") are not logs. */
  static boolean visible(Path p) {
    String n = p.getName();
    return !n.startsWith(".") && !n.startsWith("_");
  }
}
