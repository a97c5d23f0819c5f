package org.mimesisbench.namespace.materialize;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.Path;
import org.mimesisbench.cli.Messages;
import org.mimesisbench.fs.FileStatuses;
import org.mimesisbench.namespace.generate.GeneratedNamespace;
import org.mimesisbench.namespace.generate.NamespaceVisitor;

/**
 * Creates a generated namespace, or one share of it, in any Hadoop {@link FileSystem}: directories
 * with {@code mkdirs}, files zero-length with {@code create(path, false)} and close, parents before
 * children, every path under the base. Phase 1 calls it: the coordinator runs {@link #top}, then
 * each mapper runs {@link #share} on its {@link MaterializePlan} share.
 *
 * <p>Resumable: with {@code resume} (the base existed before the run) each directory is listed once
 * and only the missing entries are created; without it a file that turns out to exist is looked at
 * instead of failing. Either way an existing zero-length file counts as done and an entry of
 * another kind (a directory where a file belongs, a non-empty file, a file where a directory
 * belongs) is a {@link NamespaceConflictException} naming it.
 *
 * <pre>{@code
 * MaterializePlan plan = MaterializePlan.of(ns, mappers);
 * NamespaceMaterializer m = new NamespaceMaterializer(fs, base, ns, fs.exists(base.path()));
 * m.top(plan.top(), () -> {});                          // coordinator, once
 * MaterializeCounts c = m.share(plan.share(i), () -> {}); // mapper i
 * }</pre>
 */
public final class NamespaceMaterializer {
  private final FileSystem fs;
  private final boolean writtenFiles;
  private final BasePath base;
  private final GeneratedNamespace ns;
  private final boolean resume;
  private final FileMaker files;

  public NamespaceMaterializer(
      FileSystem fs, BasePath base, GeneratedNamespace ns, boolean resume) {
    this(fs, base, ns, resume, false, FileMaker.EMPTY);
  }

  private NamespaceMaterializer(
      FileSystem fs,
      BasePath base,
      GeneratedNamespace ns,
      boolean resume,
      boolean writtenFiles,
      FileMaker files) {
    this.fs = fs;
    this.base = base;
    this.ns = ns;
    this.resume = resume;
    this.writtenFiles = writtenFiles;
    this.files = files;
  }

  /**
   * This materializer, resuming a namespace whose files a workload may have written to (a benchmark
   * run's appends): a file found with bytes in it is taken as present, not a conflict.
   */
  public NamespaceMaterializer acceptingWrittenFiles() {
    return new NamespaceMaterializer(fs, base, ns, resume, true, files);
  }

  /**
   * This materializer, making its files with {@code maker} (a benchmark run's pre-existing files
   * with their data) instead of empty.
   */
  public NamespaceMaterializer makingFilesWith(FileMaker maker) {
    return new NamespaceMaterializer(fs, base, ns, resume, writtenFiles, maker);
  }

  /**
   * Creates the plan's top directories (the base first), not their files; {@code onEntry} runs
   * after each.
   */
  public MaterializeCounts top(int[] dirs, Runnable onEntry) throws IOException {
    Creator c = new Creator(onEntry);
    for (int d : dirs) {
      byte[] p = ns.path(d).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      c.directory(p, p.length, ns.depthOf(d));
    }
    return c.counts;
  }

  /** Creates one share's units: whole subtrees, or the files of a top directory. */
  public MaterializeCounts share(List<MaterializePlan.Unit> units, Runnable onEntry)
      throws IOException {
    Creator c = new Creator(onEntry);
    for (MaterializePlan.Unit u : units) {
      if (u.subtree()) {
        ns.walk(u.dir(), c);
      } else {
        c.filesOf(u.dir());
      }
    }
    return c.counts;
  }

  /** Creates entries as a walk visits them; remembers the listing of the directory being filled. */
  private final class Creator implements NamespaceVisitor {
    final MaterializeCounts counts = new MaterializeCounts();
    private final Runnable onEntry;
    private Map<String, FileStatus> existing =
        Map.of(); // children of the current directory, on resume

    Creator(Runnable onEntry) {
      this.onEntry = onEntry;
    }

    @Override
    public void directory(byte[] entry, int length, int depth) throws IOException {
      Path p = base.resolve(entry, length);
      existing = Map.of();
      if (resume) {
        FileStatus st = statusOrNull(p);
        if (st != null) {
          if (!st.isDirectory()) {
            throw new NamespaceConflictException(
                p + " is a file; the namespace has a directory there");
          }
          existing = listing(p);
          counts.directoriesPresent++;
          onEntry.run();
          return;
        }
      }
      try {
        if (!fs.mkdirs(p)) {
          throw new IOException("mkdirs " + p + " returned false");
        }
      } catch (FileAlreadyExistsException | ParentNotDirectoryException e) {
        throw new NamespaceConflictException(
            p + ": a file is in the way of this directory (" + Messages.firstLine(e) + ")");
      }
      counts.directoriesCreated++;
      onEntry.run();
    }

    @Override
    public void file(byte[] entry, int length, int depth, int type) throws IOException {
      Path p = base.resolve(entry, length);
      FileStatus st = existing.get(p.getName());
      if (st != null) {
        present(p, st);
        return;
      }
      try {
        files.make(fs, p, new String(entry, 0, length, StandardCharsets.US_ASCII), type);
      } catch (IOException e) {
        // a rerun meets the file it made before a crash: exists, or is still open (being created)
        FileStatus now = statusOrNull(p);
        if (now == null) {
          throw e;
        }
        present(p, now);
        return;
      }
      counts.filesCreated++;
      onEntry.run();
    }

    /** The files of a top directory, whose directory the top already made. */
    void filesOf(int dir) throws IOException {
      byte[] dirPath = ns.path(dir).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      existing = resume ? listing(base.resolve(dirPath, dirPath.length)) : Map.of();
      String prefix = dir == 0 ? "" : ns.path(dir);
      for (int i = 0, n = ns.filesIn(dir); i < n; i++) {
        byte[] p =
            (prefix + "/" + GeneratedNamespace.fileName(i, ns.fileType(dir, i)))
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        file(p, p.length, ns.depthOf(dir) + 1, ns.fileType(dir, i));
      }
    }

    private void present(Path p, FileStatus st) throws IOException {
      if (st.isDirectory()) {
        throw new NamespaceConflictException(p + " is a directory; the namespace has a file there");
      }
      if (st.getLen() != 0 && !writtenFiles) {
        throw new NamespaceConflictException(
            p
                + " is a file of "
                + st.getLen()
                + " bytes; the namespace has a zero-length file there");
      }
      counts.filesPresent++;
      onEntry.run();
    }
  }

  private Map<String, FileStatus> listing(Path dir) throws IOException {
    FileStatus[] children = fs.listStatus(dir);
    Map<String, FileStatus> byName = new HashMap<>(children.length * 2);
    for (FileStatus c : children) {
      byName.put(c.getPath().getName(), c);
    }
    return byName;
  }

  private FileStatus statusOrNull(Path p) throws IOException {
    return FileStatuses.orNull(fs, p);
  }
}
