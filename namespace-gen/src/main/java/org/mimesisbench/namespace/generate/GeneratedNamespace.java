package org.mimesisbench.namespace.generate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A generated namespace as a compact tree of arrays: about 17 bytes per directory and 1 per file,
 * no object or string per entry. Directories are numbered breadth first (the root is 0, then depth
 * 1, depth 2, ...), so the children of a directory are consecutive numbers, and so are its files.
 * Names are made when asked for: directory {@code d<i>} and file {@code f<i>.t<type>}, i in base 36
 * among its siblings (e.g. {@code /d0/d1a/f3.t7}).
 */
public final class GeneratedNamespace {
  private final int[] depthStart; // directories at depth d: [depthStart[d], depthStart[d + 1])
  private final int[] childStart; // children of directory i: [childStart[i], childStart[i + 1])
  private final long[] fileStart; // files of directory i: [fileStart[i], fileStart[i + 1])
  private final byte[] fileType; // by file number: files of directory 0, then 1, ...
  private final int[] typeIndex; // file type number -> the statistics' type index

  GeneratedNamespace(
      int[] depthStart, int[] childStart, long[] fileStart, byte[] fileType, int[] typeIndex) {
    this.depthStart = depthStart;
    this.childStart = childStart;
    this.fileStart = fileStart;
    this.fileType = fileType;
    this.typeIndex = typeIndex;
  }

  /**
   * The flat namespace of {@code filesByType[j]} files of each type j, all in the root: type 0's
   * first, then type 1's, ..., named by their place ({@code /f<i>.t<j>}).
   */
  public static GeneratedNamespace flat(long[] filesByType) {
    if (filesByType.length > 256) {
      throw new IllegalArgumentException(filesByType.length + " file types: at most 256");
    }
    long total = Arrays.stream(filesByType).sum();
    if (total > Integer.MAX_VALUE) { // a directory's files are counted in an int
      throw new IllegalArgumentException(total + " files in one directory: too many");
    }
    byte[] fileType = new byte[(int) total];
    int[] typeIndex = new int[filesByType.length];
    int at = 0;
    for (int j = 0; j < filesByType.length; j++) {
      typeIndex[j] = j;
      Arrays.fill(fileType, at, at + (int) filesByType[j], (byte) j);
      at += (int) filesByType[j];
    }
    return new GeneratedNamespace(
        new int[] {0, 1}, new int[] {1, 1}, new long[] {0, total}, fileType, typeIndex);
  }

  /** Directories, not counting the root. */
  public int directories() {
    return depthStart[depthStart.length - 1] - 1;
  }

  public long files() {
    return fileType.length;
  }

  /**
   * Files by the statistics' type index (the array as long as the largest index + 1): the generator
   * apportions, so a type may hold one more or fewer than its share asked for.
   */
  public long[] filesByType() {
    long[] byCode = new long[256];
    for (byte code : fileType) {
      byCode[code & 0xFF]++;
    }
    long[] byType = new long[Arrays.stream(typeIndex).max().orElse(-1) + 1];
    for (int code = 0; code < typeIndex.length; code++) {
      byType[typeIndex[code]] += byCode[code];
    }
    return byType;
  }

  /** The deepest directory's depth. */
  public int maxDepth() {
    return depthStart.length - 2;
  }

  /** Directories at {@code depth} (the root is the one at 0). */
  public int directoriesAt(int depth) {
    return depthStart[depth + 1] - depthStart[depth];
  }

  /** Directory numbers run from 0 (the root) to {@link #directories()}. */
  public int depthOf(int dir) {
    int i = Arrays.binarySearch(depthStart, dir);
    return i >= 0 ? i : -i - 2;
  }

  public int subdirectories(int dir) {
    return childStart[dir + 1] - childStart[dir];
  }

  public int firstChild(int dir) {
    return childStart[dir];
  }

  public int filesIn(int dir) {
    return (int) (fileStart[dir + 1] - fileStart[dir]);
  }

  /** The type of file {@code i} of directory {@code dir}. */
  public int fileType(int dir, int i) {
    return typeIndex[fileType[(int) (fileStart[dir] + i)] & 0xFF];
  }

  /** The directory holding directory {@code dir}; -1 for the root. */
  public int parent(int dir) {
    if (dir == 0) {
      return -1;
    }
    int lo = 0;
    int hi = dir - 1; // a parent comes before its children
    while (lo < hi) { // the last directory whose children start at or before dir
      int mid = (lo + hi + 1) >>> 1;
      if (childStart[mid] <= dir) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** The absolute path of directory {@code dir}. */
  public String path(int dir) {
    if (dir == 0) {
      return "/";
    }
    StringBuilder b = new StringBuilder();
    for (int d = dir; d != 0; d = parent(d)) {
      b.insert(0, "/d" + Integer.toString(d - childStart[parent(d)], 36));
    }
    return b.toString();
  }

  /** The name of file {@code i} of a directory, given its type. */
  public static String fileName(int i, int type) {
    return "f" + Integer.toString(i, 36) + ".t" + type;
  }

  /** Visits every entry, depth first: a directory, its files, then its subdirectories. */
  public void walk(NamespaceVisitor visitor) throws IOException {
    walk(0, visitor);
  }

  /** Visits directory {@code dir}, everything under it, depth first (for one mapper's share). */
  public void walk(int dir, NamespaceVisitor visitor) throws IOException {
    byte[] path = path(dir).getBytes(StandardCharsets.US_ASCII);
    PathBuffer buf = new PathBuffer(path);
    int baseDepth = depthOf(dir);
    int[] stackDir = new int[maxDepth() + 2];
    int[] stackNext = new int[maxDepth() + 2];
    int[] stackLength = new int[maxDepth() + 2];
    int top = 0;
    stackDir[0] = dir;
    stackNext[0] = childStart[dir];
    stackLength[0] = buf.length;
    enter(dir, baseDepth, buf, visitor);
    while (top >= 0) {
      int d = stackDir[top];
      if (stackNext[top] == childStart[d + 1]) {
        top--;
        continue;
      }
      int child = stackNext[top]++;
      buf.length = stackLength[top];
      buf.appendName('d', child - childStart[d]);
      top++;
      stackDir[top] = child;
      stackNext[top] = childStart[child];
      stackLength[top] = buf.length;
      enter(child, baseDepth + top, buf, visitor);
    }
  }

  private void enter(int dir, int depth, PathBuffer buf, NamespaceVisitor visitor)
      throws IOException {
    if (buf.length == 0) {
      buf.bytes[0] = '/'; // the root; its children overwrite this with their own separator
      visitor.directory(buf.bytes, 1, depth);
    } else {
      visitor.directory(buf.bytes, buf.length, depth);
    }
    int base = buf.length;
    long first = fileStart[dir];
    int n = (int) (fileStart[dir + 1] - first);
    for (int i = 0; i < n; i++) {
      buf.length = base;
      int type = typeIndex[fileType[(int) (first + i)] & 0xFF];
      buf.appendName('f', i);
      buf.appendTypeSuffix(type);
      visitor.file(buf.bytes, buf.length, depth + 1, type);
    }
    buf.length = base;
  }

  /** A path being built in place: '/'-separated ASCII names. */
  private static final class PathBuffer {
    private static final byte[] DIGITS =
        "0123456789abcdefghijklmnopqrstuvwxyz".getBytes(StandardCharsets.US_ASCII);
    byte[] bytes;
    int length;

    PathBuffer(byte[] start) {
      bytes = Arrays.copyOf(start, Math.max(256, start.length * 2));
      length = start.length == 1 ? 0 : start.length; // the root's "/" is each child's separator
    }

    void appendName(char prefix, int index) {
      room(16);
      bytes[length++] = '/';
      bytes[length++] = (byte) prefix;
      appendNumber(index, 36);
    }

    void appendTypeSuffix(int type) {
      room(16);
      bytes[length++] = '.';
      bytes[length++] = 't';
      appendNumber(type, 10);
    }

    private void appendNumber(int v, int radix) {
      int start = length;
      do {
        bytes[length++] = DIGITS[v % radix];
        v /= radix;
      } while (v > 0);
      for (int i = start, j = length - 1; i < j; i++, j--) {
        byte t = bytes[i];
        bytes[i] = bytes[j];
        bytes[j] = t;
      }
    }

    private void room(int n) {
      if (length + n > bytes.length) {
        bytes = Arrays.copyOf(bytes, bytes.length * 2);
      }
    }
  }
}
