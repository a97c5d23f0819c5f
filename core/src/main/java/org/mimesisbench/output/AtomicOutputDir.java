package org.mimesisbench.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.mimesisbench.errors.BadInputException;

/**
 * An output directory whose files appear all at once or not at all. Each file is written under a
 * hidden in-progress name; {@link #commit()} renames them into place, {@link #close()} without a
 * commit deletes them (and the directories it made, if they are empty). A failed or killed command
 * thus never leaves a half-written file under its real name.
 *
 * <p>A directory that cannot be used (a file is in the way, a parent that cannot hold it, a
 * read-only file system) is bad input named by the option that gave it; a disk that fills up while
 * writing is named by {@link OutputProblems} through {@link #abandoned()}.
 */
public final class AtomicOutputDir implements AutoCloseable {
  /**
   * The option and directory of the last output abandoned on this thread, for the dispatcher's
   * message.
   */
  private static final ThreadLocal<String> ABANDONED = new ThreadLocal<>();

  private final Path dir;
  private final String option;

  /** The outermost directory this made (with its parents), or null: removed again when empty. */
  private final Path created;

  private final List<Path[]> pending = new ArrayList<>();
  private boolean committed;

  /** For callers without an option to name; messages say "output directory". */
  public AtomicOutputDir(Path dir) {
    this("output directory", dir);
  }

  /**
   * Opens {@code dir}, making it and its parents if needed.
   *
   * @param option how the user gave it, for messages, e.g. {@code "parse: --out"}
   * @throws BadInputException when it cannot be made or written to
   */
  public AtomicOutputDir(String option, Path dir) {
    this.dir = dir;
    this.option = option;
    this.created = outermostMissing(dir.toAbsolutePath());
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw OutputProblems.bad(option, dir, "exists and is not a directory");
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw OutputProblems.bad(option, dir, "cannot create it: " + OutputProblems.reason(e, dir));
    }
    if (!Files.isWritable(dir)) { // false on a read-only file system even for root
      throw OutputProblems.bad(option, dir, "not writable" + OutputProblems.readOnlyNote(dir));
    }
    ABANDONED.remove();
  }

  public Path dir() {
    return dir;
  }

  /** The path to write {@code name} to; it gets its real name on {@link #commit()}. */
  /**
   * Where {@code path} will be once committed: a {@link #file} in progress ({@code
   * .name.inprogress}) named as it will be, for messages that outlive the move; any other path as
   * it is.
   */
  public static Path committedName(Path path) {
    String name = path.getFileName() == null ? "" : path.getFileName().toString();
    if (name.startsWith(".") && name.endsWith(".inprogress") && name.length() > 12) {
      return path.resolveSibling(name.substring(1, name.length() - ".inprogress".length()));
    }
    return path;
  }

  public Path file(String name) {
    Path tmp = dir.resolve("." + name + ".inprogress");
    pending.add(new Path[] {tmp, dir.resolve(name)});
    return tmp;
  }

  public void commit() throws IOException {
    for (Path[] p : pending) {
      if (Files.exists(p[0])) {
        try {
          Files.move(
              p[0], p[1], StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) { // e.g. a directory of the same name is in the way
          throw OutputProblems.bad(option, p[1], "cannot write: " + OutputProblems.reason(e, p[1]));
        }
      }
    }
    committed = true;
  }

  /**
   * "option dir" of the last output on this thread closed without a commit (its command failed), or
   * null; the dispatcher names it when the failure was a full or read-only disk.
   */
  public static String abandoned() {
    String what = ABANDONED.get();
    ABANDONED.remove();
    return what;
  }

  @Override
  public void close() {
    if (committed) {
      return;
    }
    ABANDONED.set(option + " " + dir);
    try {
      for (Path[] p : pending) {
        Files.deleteIfExists(p[0]);
      }
      if (created != null) {
        // a failed command leaves no trace of its own: the directories it made, innermost first
        for (Path d = dir.toAbsolutePath(); d != null && d.startsWith(created); d = d.getParent()) {
          if (!isEmptyDirectory(d)) {
            break;
          }
          Files.delete(d);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean isEmptyDirectory(Path d) throws IOException {
    if (!Files.isDirectory(d)) {
      return false;
    }
    try (var left = Files.list(d)) {
      return left.findAny().isEmpty();
    }
  }

  /**
   * The outermost of {@code dir} and its parents that does not exist yet; null when {@code dir}
   * exists.
   */
  private static Path outermostMissing(Path dir) {
    Path missing = null;
    for (Path d = dir; d != null && !Files.exists(d); d = d.getParent()) {
      missing = d;
    }
    return missing;
  }
}
