package org.mimesisbench.namespace.materialize;

import org.apache.hadoop.fs.Path;
import org.mimesisbench.cli.BadInputException;

/**
 * Where a namespace goes: its '/' is the base directory, and every entry must land strictly under
 * it. Refuses a base that is a file system's root (the benchmark must never spread over a whole
 * cluster) and any '.' or '..' component, in the base or in an entry.
 */
public final class BasePath {
  private final Path base;
  private final String prefix; // the base, qualified, without a trailing '/'

  private BasePath(Path base) {
    this.base = base;
    String s = base.toString();
    this.prefix = s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
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
    return new Path(
        prefix + new String(entry, 0, length, java.nio.charset.StandardCharsets.US_ASCII));
  }

  /** An entry is '/'-separated names, none empty, '.' or '..', so it cannot leave the base. */
  static void check(byte[] entry, int length) {
    if (length < 2 || entry[0] != '/') {
      throw outside(entry, length);
    }
    int start = 1;
    for (int i = 1; i <= length; i++) {
      if (i == length || entry[i] == '/') {
        int n = i - start;
        if (n == 0
            || (n == 1 && entry[start] == '.')
            || (n == 2 && entry[start] == '.' && entry[start + 1] == '.')) {
          throw outside(entry, length);
        }
        start = i + 1;
      } else if (entry[i] == ':' || entry[i] == '\\') {
        throw outside(entry, length); // a scheme or a Windows separator would escape Path's parsing
      }
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
