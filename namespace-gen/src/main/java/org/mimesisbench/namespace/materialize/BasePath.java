package org.mimesisbench.namespace.materialize;

import org.apache.hadoop.fs.Path;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.fs.TracePaths;

/**
 * Where a namespace goes: its '/' is the base directory, and every entry must land strictly under
 * it. Refuses a base that is a file system's root (the benchmark must never spread over a whole
 * cluster) and any '.' or '..' component, in the base or in an entry.
 */
public final class BasePath {
  private final Path base;
  private final TracePaths entries; // joins an entry to the base and checks it lands under it

  private BasePath(Path base) {
    this.base = base;
    this.entries = TracePaths.under(base);
  }

  /**
   * {@code qualified} is the base made absolute by its file system; {@code given} is what the user
   * wrote.
   */
  public static BasePath of(String given, Path qualified) {
    return of("--base", given, qualified);
  }

  /**
   * As {@link #of(String, Path)}, naming the base's {@code option} in errors (e.g. {@code
   * --base-dir}).
   */
  public static BasePath of(String option, String given, Path qualified) {
    for (String part : given.split("/")) {
      if (part.equals(".") || part.equals("..")) {
        throw new BadInputException(
            option + " " + given + ": '.' and '..' are not allowed in the base");
      }
    }
    if (qualified.isRoot() || qualified.toUri().getPath().isEmpty()) {
      throw new BadInputException(
          option
              + " "
              + given
              + ": refusing the file system's root; give a directory for the benchmark, e.g. /mimesis");
    }
    return new BasePath(qualified);
  }

  public Path path() {
    return base;
  }

  /** The file-system path of a namespace entry ("/" is the base itself). */
  public Path resolve(byte[] entry, int length) {
    if (length == 1 && entry[0] == '/') {
      return base;
    }
    check(entry, length);
    return entries.resolve(
        new String(entry, 0, length, java.nio.charset.StandardCharsets.US_ASCII));
  }

  /**
   * An entry is '/'-separated names, none empty, '.' or '..', with no ':' or '\\', so it cannot
   * leave the base: the trace paths' rule (TracePaths), on the entry's bytes.
   */
  static void check(byte[] entry, int length) {
    if (length < 2 || TracePaths.whyNotConfined(entry, 0, length) != null) {
      throw outside(entry, length);
    }
  }

  private static BadInputException outside(byte[] entry, int length) {
    return new BadInputException(
        "namespace entry "
            + new String(entry, 0, length, java.nio.charset.StandardCharsets.US_ASCII)
            + " would resolve outside the base: names must not be empty, '.' or '..'");
  }

  @Override
  public String toString() {
    return base.toString();
  }
}
