package org.mimesisbench.generator.layout;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.mimesisbench.fs.TracePaths;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.namespace.generate.GeneratedNamespace;
import org.mimesisbench.namespace.materialize.FileMaker;

/**
 * Every file in one directory (--flat): type 0's pre-existing files first, then type 1's, ..., file
 * i of them {@code /f<i>.t<j>} (GeneratedNamespace's flat namespace, so it can be written as an
 * fsimage too).
 */
public final class FlatLayout implements NamespaceLayout {
  private final long[] preExisting; // by type; the last entry counts the dormant files
  private final long[] first; // by type: the place of its first file among all
  private final GeneratedNamespace ns;

  public FlatLayout(WorkloadModel model) {
    preExisting = new long[model.allTypes().size() + 1];
    for (FileTypeModel t : model.allTypes()) {
      preExisting[t.index()] = t.preExisting();
    }
    preExisting[preExisting.length - 1] = model.dormantFiles();
    first = new long[preExisting.length];
    for (int j = 1; j < preExisting.length; j++) {
      first[j] = first[j - 1] + preExisting[j - 1];
    }
    ns = GeneratedNamespace.flat(preExisting);
  }

  @Override
  public String rootName() {
    // world-writable (README: Users), files named by place: a flat namespace made before either
    // is not reused
    long total = 0771;
    for (long n : preExisting) {
      total = total * 31 + n;
    }
    return "flat-" + Long.toHexString(total & 0xffffffffL);
  }

  @Override
  public long preExistingCount(int type) {
    return preExisting[type];
  }

  @Override
  public List<String> preExisting(int type, int share, int shares) {
    List<String> paths = new ArrayList<>();
    for (long k = share; k < preExisting[type]; k += shares) {
      paths.add(name(k, type));
    }
    return paths;
  }

  /** File k of type {@code type}. */
  private String name(long k, int type) {
    return "/" + GeneratedNamespace.fileName(Math.toIntExact(first[type] + k), type);
  }

  @Override
  public String directoryFor(FileTypeModel type, SplittableRandom random) {
    return "/";
  }

  @Override
  public String parentFor(int depth, SplittableRandom random) {
    return "/";
  }

  @Override
  public void materializeTop(FileSystem fs, Path root, int shares, boolean resume)
      throws IOException {
    if (!fs.mkdirs(root)) {
      throw new IOException("mkdirs " + root + " returned false");
    }
  }

  @Override
  public long materializeShare(
      FileSystem fs,
      Path root,
      int share,
      int shares,
      boolean resume,
      FileMaker files,
      Runnable onEntry)
      throws IOException {
    TracePaths paths = TracePaths.under(root);
    long made = 0;
    long index = 0; // over every type's files, so the shares stay even
    for (int type = 0; type < preExisting.length; type++) {
      for (long k = 0; k < preExisting[type]; k++, index++) {
        if (index % shares != share) {
          continue;
        }
        String entry = name(k, type);
        Path p = paths.resolve(entry);
        if (!resume || !exists(fs, p)) {
          files.make(fs, p, entry, type);
        }
        made++;
        onEntry.run();
      }
    }
    return made;
  }

  @Override
  public GeneratedNamespace hierarchy() {
    return ns;
  }

  private static boolean exists(FileSystem fs, Path p) throws IOException {
    try {
      FileStatus st = fs.getFileStatus(p);
      return st.isFile();
    } catch (FileNotFoundException e) {
      return false;
    }
  }

  @Override
  public String describe() {
    long total = 0;
    for (long n : preExisting) {
      total += n;
    }
    return "flat: 1 directory, " + total + " pre-existing files";
  }
}
