package org.mimesisbench.namespace.generate;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.trace.AvroBlocks;

/**
 * Reads a {@code namespace.avro} written by {@code namespace generate} back into the compact {@link
 * GeneratedNamespace}, so a namespace written once can be materialized, split into shares, without
 * keeping a String per entry. Only generated namespaces qualify: entries depth first, a directory
 * then its files then its subdirectories, named {@code d<i>} and {@code f<i>.t<type>} (a real
 * fsimage snapshot has other names and is refused, naming the first entry that differs).
 */
public final class GeneratedNamespaceReader {
  // directories in file (depth-first) order
  private int dirs;
  private int[] parent = new int[1024];
  private int[] depth = new int[1024];
  private int[] children = new int[1024];
  private int[] nextSibling = new int[1024];
  private int[] lastChild = new int[1024];
  private int[] firstChild = new int[1024];
  private long[] firstFile =
      new long[1025]; // files of directory k: [firstFile[k], firstFile[k] + fileCount[k])
  private int[] fileCount = new int[1024];
  private byte[] types = new byte[4096]; // compact type of each file, in file order
  private long files;
  private final List<Integer> typeIndex = new ArrayList<>();
  private final String[] pathAt = new String[1 << 12]; // the open directory at each depth

  private GeneratedNamespaceReader() {}

  /**
   * The namespace in {@code avro}; BadInputException (exit 2) naming the entry if it is not a
   * generated one.
   */
  public static GeneratedNamespace read(Path avro) throws IOException {
    GeneratedNamespaceReader r = new GeneratedNamespaceReader();
    GenericDatumReader<GenericRecord> datum = new GenericDatumReader<>();
    AvroBlocks.check(avro, avro.toString()); // a cut file would read as a smaller namespace
    try (DataFileReader<GenericRecord> in = new DataFileReader<>(avro.toFile(), datum)) {
      GenericRecord rec = null;
      while (in.hasNext()) {
        rec = in.next(rec);
        r.add(
            avro,
            rec.get("path").toString(),
            (Boolean) rec.get("isDir"),
            (Integer) rec.get("depth"));
      }
    } catch (ClassCastException | NullPointerException | org.apache.avro.AvroRuntimeException e) {
      throw new BadInputException(avro + ": not a NamespaceEntry file (" + e.getMessage() + ")");
    }
    if (r.dirs == 0) {
      throw new BadInputException(avro + ": no entries, not even the root");
    }
    return r.build();
  }

  private void add(Path avro, String path, boolean isDir, int d) {
    if (dirs == 0) {
      if (!isDir || d != 0 || !path.equals("/")) {
        throw refuse(avro, path, "the first entry must be the root directory /");
      }
      newDirectory(-1, 0, "");
      return;
    }
    if (d < 1 || d >= pathAt.length || pathAt[d - 1] == null) {
      throw refuse(avro, path, "depth " + d + " does not follow its parent");
    }
    String parentPath = pathAt[d - 1];
    String name =
        path.startsWith(parentPath + "/") ? path.substring(parentPath.length() + 1) : null;
    int p = dirAtDepth(d - 1);
    if (isDir) {
      if (name == null || !name.equals("d" + Integer.toString(children[p], 36))) {
        throw refuse(
            avro, path, "expected " + parentPath + "/d" + Integer.toString(children[p], 36));
      }
      newDirectory(p, d, path);
    } else {
      int last = dirs - 1; // files follow their directory, before its subdirectories
      String prefix = "f" + Integer.toString(fileCount[last], 36) + ".t";
      if (p != last || name == null || !name.startsWith(prefix)) {
        throw refuse(avro, path, "expected a file " + pathOf(last) + "/" + prefix + "<type> here");
      }
      int type;
      try {
        type = Integer.parseInt(name.substring(prefix.length()));
      } catch (NumberFormatException e) {
        throw refuse(avro, path, "file type is not a number");
      }
      addFile(avro, path, type);
    }
  }

  private final int[] openDir = new int[1 << 12];

  private int dirAtDepth(int d) {
    return openDir[d];
  }

  private String pathOf(int dir) {
    return pathAt[depth[dir]].isEmpty() ? "" : pathAt[depth[dir]];
  }

  private void newDirectory(int p, int d, String path) {
    if (dirs == parent.length) {
      int n = dirs * 2;
      parent = Arrays.copyOf(parent, n);
      depth = Arrays.copyOf(depth, n);
      children = Arrays.copyOf(children, n);
      nextSibling = Arrays.copyOf(nextSibling, n);
      lastChild = Arrays.copyOf(lastChild, n);
      firstChild = Arrays.copyOf(firstChild, n);
      fileCount = Arrays.copyOf(fileCount, n);
      firstFile = Arrays.copyOf(firstFile, n + 1);
    }
    int k = dirs++;
    parent[k] = p;
    depth[k] = d;
    firstChild[k] = -1;
    nextSibling[k] = -1;
    firstFile[k] = files;
    if (p >= 0) {
      if (children[p]++ == 0) {
        firstChild[p] = k;
      } else {
        nextSibling[lastChild[p]] = k;
      }
      lastChild[p] = k;
    }
    openDir[d] = k;
    pathAt[d] = path;
    if (d + 1 < pathAt.length) {
      pathAt[d + 1] = null; // a deeper entry must now hang under this directory
    }
  }

  private void addFile(Path avro, String path, int type) {
    int compact = typeIndex.indexOf(type);
    if (compact < 0) {
      if (typeIndex.size() == 256) {
        throw refuse(avro, path, "more than 256 file types");
      }
      typeIndex.add(type);
      compact = typeIndex.size() - 1;
    }
    if (files == types.length) {
      if (files >= Integer.MAX_VALUE - 16) {
        throw refuse(avro, path, "more files than one array holds");
      }
      types = Arrays.copyOf(types, (int) Math.min(Integer.MAX_VALUE - 8L, files * 2));
    }
    types[(int) files++] = (byte) compact;
    fileCount[dirs - 1]++;
  }

  private static BadInputException refuse(Path avro, String path, String why) {
    return new BadInputException(
        avro
            + ": entry "
            + path
            + " is not in the order or naming of a "
            + "generated namespace ("
            + why
            + "); materialize takes namespace generate's output");
  }

  /** Renumbers the directories breadth first, the order GeneratedNamespace keeps them in. */
  private GeneratedNamespace build() {
    int maxDepth = 0;
    for (int k = 0; k < dirs; k++) {
      maxDepth = Math.max(maxDepth, depth[k]);
    }
    int[] order = new int[dirs]; // breadth-first number -> file-order number
    int head = 0;
    int tail = 0;
    order[tail++] = 0;
    while (head < tail) {
      for (int c = firstChild[order[head++]]; c >= 0; c = nextSibling[c]) {
        order[tail++] = c;
      }
    }
    int[] depthStart = new int[maxDepth + 2];
    int[] childStart = new int[dirs + 1];
    long[] fileStart = new long[dirs + 1];
    byte[] fileType = new byte[(int) files];
    childStart[0] = 1;
    for (int i = 0; i < dirs; i++) {
      int k = order[i];
      depthStart[depth[k] + 1]++;
      childStart[i + 1] = childStart[i] + children[k];
      fileStart[i + 1] = fileStart[i] + fileCount[k];
      System.arraycopy(types, (int) firstFile[k], fileType, (int) fileStart[i], fileCount[k]);
    }
    for (int d = 0; d <= maxDepth; d++) {
      depthStart[d + 1] += depthStart[d];
    }
    int[] typeIdx = typeIndex.stream().mapToInt(Integer::intValue).toArray();
    return new GeneratedNamespace(depthStart, childStart, fileStart, fileType, typeIdx);
  }
}
