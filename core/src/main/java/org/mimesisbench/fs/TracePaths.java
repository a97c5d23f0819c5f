package org.mimesisbench.fs;

import java.net.URI;
import java.util.Objects;
import org.apache.hadoop.fs.Path;
import org.mimesisbench.errors.BadInputException;

/**
 * Where a trace's paths may go: under the namespace root, nowhere else. A trace path (an audit
 * log's src or dst once unescaped, a namespace entry, a timeline's path) is confined when it is
 * absolute and its names are none empty, '.' or '..' and hold no ':' or '\' ("/" is the root
 * itself): Hadoop's Path would normalise a '..' away from the root, read a ':' as a scheme and a
 * '\' as a separator on Windows. Every path joined to a root goes through {@link #resolve}, which
 * also checks that the joined path lies under the root.
 */
public final class TracePaths {
  /** Why a path is not confined: it does not start with '/'. */
  public static final String NOT_ABSOLUTE = "not absolute";

  /** Why a path is not confined: it could climb out of the root or be read as another root. */
  public static final String BAD_NAME = "an empty, '.' or '..' component";

  /** Why a path is not confined: Hadoop's Path would read a scheme or a separator in it. */
  public static final String BAD_CHARACTER = "a ':' or '\\' in a component";

  /** Why a ledger's name is not one: it is a path of several names. */
  public static final String SLASH_IN_NAME = "a '/' in a name";

  private final Path root;
  private final URI rootUri;
  private final String prefix; // the root, qualified as given, without a trailing '/'
  private final String rootPath; // the root's path alone, without a trailing '/'

  private TracePaths(Path root) {
    this.root = root;
    this.rootUri = root.toUri();
    this.prefix = withoutTrailingSlash(root.toString());
    this.rootPath = withoutTrailingSlash(rootUri.getPath());
  }

  /** The trace paths under {@code root}, a namespace root (a base directory's folder, usually). */
  public static TracePaths under(Path root) {
    return new TracePaths(Objects.requireNonNull(root, "root"));
  }

  public Path root() {
    return root;
  }

  /**
   * The file-system path of {@code tracePath} under the root ("/" is the root); refuses (bad input
   * naming the path) one that is not confined or whose joined path is not under the root.
   */
  public Path resolve(String tracePath) {
    if (tracePath.length() == 1 && tracePath.charAt(0) == '/') {
      return root;
    }
    refuseUnconfined(tracePath);
    Path p = new Path(prefix + tracePath);
    URI u = p.toUri();
    String path = u.getPath();
    if (!Objects.equals(u.getScheme(), rootUri.getScheme())
        || !Objects.equals(u.getAuthority(), rootUri.getAuthority())
        || !path.startsWith(rootPath)
        || path.length() <= rootPath.length() + 1
        || path.charAt(rootPath.length()) != '/') {
      throw notConfined(tracePath, "it resolves to " + p + ", not under " + root);
    }
    return p;
  }

  /**
   * The path, as a string of the root's path and {@code tracePath}, for a client that takes paths
   * as strings (HDFS's own DFSClient); refuses one that is not confined, as {@link #resolve} does.
   */
  public String pathOf(String tracePath) {
    if (tracePath.length() == 1 && tracePath.charAt(0) == '/') {
      return rootPath.isEmpty() ? "/" : rootPath;
    }
    refuseUnconfined(tracePath);
    return rootPath + tracePath;
  }

  private void refuseUnconfined(String tracePath) {
    String why = whyNotConfined(tracePath, 0, tracePath.length());
    if (why != null) {
      throw notConfined(tracePath, why);
    }
  }

  private BadInputException notConfined(String tracePath, String why) {
    return new BadInputException(
        "trace path " + tracePath + " would leave the namespace root " + root + ": " + why);
  }

  /** Why {@code path} is not confined (one of this class's reasons), or null when it is. */
  public static String whyNotConfined(CharSequence path) {
    return whyNotConfined(path, 0, path.length());
  }

  /**
   * As {@link #whyNotConfined(CharSequence)}, for {@code s[from, to)}: a single scan, no allocation
   * (a parser's hot loop calls it for every path).
   */
  public static String whyNotConfined(CharSequence s, int from, int to) {
    if (to <= from || s.charAt(from) != '/') {
      return NOT_ABSOLUTE;
    }
    if (to - from == 1) {
      return null; // "/": the root itself
    }
    return whyNotNames(s, from + 1, to, false);
  }

  /** As {@link #whyNotConfined(CharSequence)}, for the ASCII bytes {@code path[from, to)}. */
  public static String whyNotConfined(byte[] path, int from, int to) {
    if (to <= from || path[from] != '/') {
      return NOT_ABSOLUTE;
    }
    if (to - from == 1) {
      return null;
    }
    int start = from + 1;
    for (int i = start; i <= to; i++) {
      if (i == to || path[i] == '/') {
        int n = i - start;
        if (n == 0
            || (n == 1 && path[start] == '.')
            || (n == 2 && path[start] == '.' && path[start + 1] == '.')) {
          return BAD_NAME;
        }
        start = i + 1;
      } else if (path[i] == ':' || path[i] == '\\') {
        return BAD_CHARACTER;
      }
    }
    return null;
  }

  /**
   * Why {@code name} is not one name of a confined path (a direct child of a root: a ledger's
   * line), or null when it is.
   */
  public static String whyNotName(CharSequence name) {
    return whyNotNames(name, 0, name.length(), true);
  }

  /**
   * Why the '/'-separated names {@code s[from, to)} are not confined; with {@code one}, a '/' is
   * refused: there must be a single name.
   */
  private static String whyNotNames(CharSequence s, int from, int to, boolean one) {
    int start = from;
    for (int i = from; i <= to; i++) {
      char c = i == to ? '/' : s.charAt(i);
      if (c == '/') {
        if (one && i < to) {
          return SLASH_IN_NAME;
        }
        int n = i - start;
        if (n == 0
            || (n == 1 && s.charAt(start) == '.')
            || (n == 2 && s.charAt(start) == '.' && s.charAt(start + 1) == '.')) {
          return BAD_NAME;
        }
        start = i + 1;
      } else if (c == ':' || c == '\\') {
        return BAD_CHARACTER;
      }
    }
    return null;
  }

  /**
   * Why an audit record's src or dst {@code value} (unescaped) names a path that is not confined,
   * or null. A value that starts with '/' is a path; a concat's "[/a, /b]" lists paths, each judged
   * as one; any other value (an erasure-coding policy's name, a cache directive) names no path and
   * a replay issues nothing on it, so it passes.
   */
  public static String whyNotConfinedValue(String value) {
    int length = value.length();
    if (length == 0) {
      return null;
    }
    char first = value.charAt(0);
    if (first == '/') {
      return whyNotConfined(value, 0, length);
    }
    if (first != '[' || value.charAt(length - 1) != ']') {
      return null;
    }
    int end = length - 1;
    for (int i = 1; i < end; ) {
      int comma = value.indexOf(", ", i);
      int stop = comma < 0 || comma > end ? end : comma;
      if (stop > i && value.charAt(i) == '/') {
        String why = whyNotConfined(value, i, stop);
        if (why != null) {
          return why;
        }
      }
      i = stop + 2;
    }
    return null;
  }

  private static String withoutTrailingSlash(String s) {
    return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
  }
}
