package org.mimesisbench.output;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.mimesisbench.errors.BadInputException;

/**
 * Why an output path cannot be written, in words (the operating system's where it gives them),
 * never an exception's class name: the user fixes these, so they are bad input (exit 2).
 */
public final class OutputProblems {
  /**
   * The operating system's words for a disk the output does not fit on or cannot go to: met while
   * writing, at any depth of a library, so recognized by message.
   */
  private static final List<String> STORAGE_REASONS =
      List.of(
          "No space left on device",
          "Disk quota exceeded",
          "File too large",
          "Read-only file system");

  private OutputProblems() {}

  /** "option path: problem" as one line of bad input. */
  public static BadInputException bad(String option, Path path, String problem) {
    return new BadInputException(option + " " + path + ": " + problem);
  }

  /**
   * What went wrong with {@code e}'s file, in the words of the operating system where it gives
   * them; the file is named when it is not {@code about} (e.g. a parent that is a regular file).
   */
  public static String reason(IOException e, Path about) {
    String where = e instanceof FileSystemException f && f.getFile() != null ? f.getFile() : null;
    String why;
    if (e instanceof AccessDeniedException) {
      why = "permission denied";
    } else if (e instanceof NoSuchFileException) {
      why = "no such file or directory";
    } else if (e instanceof FileAlreadyExistsException) {
      why = "a file is in the way";
    } else if (e instanceof FileSystemException f && f.getReason() != null) {
      why = f.getReason();
    } else {
      why = String.valueOf(e.getMessage());
      where = null;
    }
    boolean same = where == null || Path.of(where).toAbsolutePath().equals(about.toAbsolutePath());
    return same ? why : why + " (" + where + ")";
  }

  /** " (read-only file system)" when {@code dir}'s file system is mounted read-only, else "". */
  static String readOnlyNote(Path dir) {
    try {
      return Files.getFileStore(dir).isReadOnly() ? " (read-only file system)" : "";
    } catch (IOException e) {
      return "";
    }
  }

  /**
   * The operating system's words when {@code failure} (or a cause of it) is a disk that is full,
   * over quota, read-only or past the file size limit; null for any other failure.
   */
  public static String storageReason(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof IOException && t.getMessage() != null) {
        for (String reason : STORAGE_REASONS) {
          if (t.getMessage().contains(reason)) {
            return reason;
          }
        }
      }
    }
    return null;
  }
}
