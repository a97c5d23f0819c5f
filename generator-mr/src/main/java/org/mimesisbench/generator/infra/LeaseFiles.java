package org.mimesisbench.generator.infra;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.mimesisbench.fs.FileStatuses;
import org.mimesisbench.fs.FileSystemProbe;
import org.mimesisbench.output.OutputProblems;

/**
 * The folder a {@link Lease} lives in, and the few file operations it needs: create a file only if
 * none is there (the lease's lock), read it, rewrite a file whole (the heartbeat), and a file's
 * modification time (the heartbeat's age). On a Hadoop file system or in a local folder.
 */
public interface LeaseFiles {
  /** {@code name}'s full path, for messages and to know one lease from another. */
  String where(String name);

  /** Creates {@code name} holding {@code content}; false when it exists already. */
  boolean createNew(String name, byte[] content) throws IOException;

  /** {@code name}'s content; null when it does not exist. */
  byte[] read(String name) throws IOException;

  /** {@code name}'s modification time in ms since the epoch; null when it does not exist. */
  Long modified(String name) throws IOException;

  /** Writes {@code name} whole, replacing it; its modification time becomes now. */
  void replace(String name, byte[] content) throws IOException;

  /** Deletes {@code name}; nothing when it does not exist. */
  void delete(String name) throws IOException;

  /** Called once the lease's files are gone: what the lease made for itself goes too. */
  default void released() throws IOException {}

  /** The same folder through another client (e.g. a fresh one while the JVM shuts down). */
  default LeaseFiles through(Configuration conf) throws IOException {
    return this;
  }

  /**
   * Folder {@code dir} of {@code fs}, through a client of its own that gives up in seconds (a lease
   * on a NameNode that is gone must not hold a run's end for Hadoop's minutes of retries). A local
   * file system's folder is used through java.nio: Hadoop's local create without overwrite checks,
   * then creates, and is no lock.
   */
  static LeaseFiles in(FileSystem fs, Path dir, Configuration conf) throws IOException {
    Path qualified = fs.makeQualified(dir);
    if ("file".equals(qualified.toUri().getScheme())) {
      return in(java.nio.file.Path.of(qualified.toUri()), "lease folder");
    }
    return new OnHadoop(
        FileSystem.newInstance(qualified.toUri(), FileSystemProbe.quick(conf)), qualified);
  }

  /**
   * Local folder {@code dir}, made (with its parents) by the first lease in it when missing; one
   * that cannot be made or written is bad input naming {@code option} (e.g. "run: --out").
   */
  static LeaseFiles in(java.nio.file.Path dir, String option) {
    return new Local(dir, option);
  }

  /**
   * A folder of a Hadoop file system: HDFS's create without overwrite fails when the file is there.
   */
  final class OnHadoop implements LeaseFiles {
    private final FileSystem fs;
    private final Path dir;

    OnHadoop(FileSystem fs, Path dir) {
      this.fs = fs;
      this.dir = dir;
    }

    @Override
    public String where(String name) {
      return new Path(dir, name).toString();
    }

    @Override
    public boolean createNew(String name, byte[] content) throws IOException {
      Path p = new Path(dir, name);
      try (OutputStream out = fs.create(p, false)) {
        out.write(content);
      } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
        return false;
      } catch (IOException e) {
        // some file systems say "already being created" for a file another client is writing
        if (FileStatuses.orNull(fs, p) != null
            && !e.getClass().getName().contains("AccessControl")) {
          return false;
        }
        throw e;
      }
      return true;
    }

    @Override
    public byte[] read(String name) throws IOException {
      try (var in = fs.open(new Path(dir, name))) {
        return in.readAllBytes();
      } catch (java.io.FileNotFoundException e) {
        return null;
      }
    }

    @Override
    public Long modified(String name) throws IOException {
      FileStatus st = FileStatuses.orNull(fs, new Path(dir, name));
      return st == null ? null : st.getModificationTime();
    }

    @Override
    public void replace(String name, byte[] content) throws IOException {
      try (OutputStream out = fs.create(new Path(dir, name), true)) {
        out.write(content);
      }
    }

    @Override
    public void delete(String name) throws IOException {
      fs.delete(new Path(dir, name), false);
    }

    @Override
    public void released() throws IOException {
      fs.close();
    }

    @Override
    public LeaseFiles through(Configuration conf) throws IOException {
      return new OnHadoop(FileSystem.newInstance(dir.toUri(), FileSystemProbe.quick(conf)), dir);
    }
  }

  /** A local folder: CREATE_NEW is atomic; a rewrite goes to a temporary name, then moves over. */
  final class Local implements LeaseFiles {
    private final java.nio.file.Path given;
    private final java.nio.file.Path dir;
    private final String option;
    private java.nio.file.Path made; // the outermost folder the lease made, or null

    Local(java.nio.file.Path given, String option) {
      this.given = given;
      this.dir = given.toAbsolutePath().normalize();
      this.option = option;
    }

    @Override
    public String where(String name) {
      return dir.resolve(name).toString();
    }

    @Override
    public boolean createNew(String name, byte[] content) throws IOException {
      if (made == null && !Files.isDirectory(dir)) {
        java.nio.file.Path missing = dir;
        while (missing.getParent() != null && !Files.exists(missing.getParent())) {
          missing = missing.getParent();
        }
        try {
          Files.createDirectories(dir);
        } catch (IOException e) { // as AtomicOutputDir says it, which would come next
          throw OutputProblems.bad(
              option, given, "cannot create it: " + OutputProblems.reason(e, given));
        }
        made = missing;
      }
      try {
        Files.write(dir.resolve(name), content, StandardOpenOption.CREATE_NEW);
        return true;
      } catch (FileAlreadyExistsException e) {
        return false;
      } catch (IOException e) {
        throw OutputProblems.bad(option, given, "cannot write: " + OutputProblems.reason(e, given));
      }
    }

    @Override
    public byte[] read(String name) throws IOException {
      try {
        return Files.readAllBytes(dir.resolve(name));
      } catch (NoSuchFileException e) {
        return null;
      }
    }

    @Override
    public Long modified(String name) throws IOException {
      try {
        return Files.getLastModifiedTime(dir.resolve(name)).toMillis();
      } catch (NoSuchFileException e) {
        return null;
      }
    }

    @Override
    public void replace(String name, byte[] content) throws IOException {
      java.nio.file.Path tmp = dir.resolve(name + ".tmp");
      Files.write(tmp, content);
      Files.move(
          tmp,
          dir.resolve(name),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    }

    @Override
    public void delete(String name) throws IOException {
      Files.deleteIfExists(dir.resolve(name));
    }

    /**
     * The folders the lease made, innermost first, while they are empty (a run that wrote nothing).
     */
    @Override
    public void released() throws IOException {
      if (made == null) {
        return;
      }
      for (java.nio.file.Path d = dir; d != null && d.startsWith(made); d = d.getParent()) {
        try (var left = Files.list(d)) {
          if (left.findAny().isPresent()) {
            return;
          }
        } catch (NoSuchFileException e) {
          continue;
        }
        Files.delete(d);
      }
    }
  }
}
