package org.mimesisbench.generator.infra;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.AccessControlException;
import org.mimesisbench.cli.BadInputException;

/**
 * The benchmark's base directory on the file system under test, and the rules that keep a run
 * inside it: it is made by the benchmark (which leaves a marker file), or it is empty, or the user
 * said --reuse; each run keeps its state under {@code .mimesisbench/runs/<id>}, so a run that was
 * killed is found and reported by the next one.
 */
public final class BaseDirectory {
  public static final String META = ".mimesisbench";
  static final String MARKER = "marker";
  static final String STATE = "state";
  static final String RUNNING = "running";
  static final String FINISHED = "finished";

  private final FileSystem fs;
  private final Path base;

  private BaseDirectory(FileSystem fs, Path base) {
    this.fs = fs;
    this.base = base;
  }

  /**
   * The base {@code given} on {@code fs} (qualified), checked and claimed: refuses a root, a file,
   * a non-empty directory without the marker unless {@code reuse}; creates it (and the marker)
   * when missing. Permission problems are bad input.
   */
  public static BaseDirectory claim(FileSystem fs, String given, boolean reuse) throws IOException {
    Path base = fs.makeQualified(new Path(given));
    for (String part : given.split("/")) {
      if (part.equals(".") || part.equals("..")) {
        throw new BadInputException("--base-dir " + given + ": '.' and '..' are not allowed");
      }
    }
    if (base.isRoot() || base.toUri().getPath().isEmpty() || base.toUri().getPath().equals("/")) {
      throw new BadInputException("--base-dir " + given + ": refusing the file system's root; give a directory of the benchmark's own, e.g. /mimesisbench");
    }
    BaseDirectory b = new BaseDirectory(fs, base);
    try {
      FileStatus st = status(fs, base);
      if (st != null && !st.isDirectory()) {
        throw new BadInputException("--base-dir " + base + " is a file");
      }
      if (st == null) {
        if (!fs.mkdirs(b.meta())) {
          throw new BadInputException("--base-dir " + base + ": cannot create it");
        }
        b.writeString(b.marker(), "made by mimesisbench; everything under this directory is the benchmark's\n");
      } else if (status(fs, b.marker()) == null) {
        if (fs.listStatus(base).length > 0 && !reuse) {
          throw new BadInputException("--base-dir " + base + " is not empty and was not made by mimesisbench (no "
              + META + "/" + MARKER + "); give another, or --reuse to run in it anyway");
        }
        fs.mkdirs(b.meta());
        b.writeString(b.marker(), "claimed by mimesisbench with --reuse\n");
      }
    } catch (AccessControlException e) {
      throw new BadInputException("--base-dir " + base + ": permission denied (" + firstLine(e) + ")", e);
    }
    return b;
  }

  public Path path() {
    return base;
  }

  public FileSystem fs() {
    return fs;
  }

  Path meta() {
    return new Path(base, META);
  }

  private Path marker() {
    return new Path(meta(), MARKER);
  }

  /** The folder of run {@code runId}'s own state and files (profile copy, barrier, statistics). */
  public Path runDir(String runId) {
    return new Path(new Path(meta(), "runs"), runId);
  }

  /** Runs that started and never finished (killed, or their driver died): their ids. */
  public List<String> unfinishedRuns() throws IOException {
    List<String> ids = new ArrayList<>();
    Path runs = new Path(meta(), "runs");
    if (status(fs, runs) == null) {
      return ids;
    }
    for (FileStatus run : fs.listStatus(runs)) {
      Path state = new Path(run.getPath(), STATE);
      if (status(fs, state) != null && readString(state).startsWith(RUNNING)) {
        ids.add(run.getPath().getName());
      }
    }
    return ids;
  }

  public void markRunning(String runId) throws IOException {
    writeString(new Path(runDir(runId), STATE), RUNNING + "\n");
  }

  public void markFinished(String runId, String how) throws IOException {
    writeString(new Path(runDir(runId), STATE), FINISHED + " " + how + "\n");
  }

  /** Deletes everything under the base, the base itself kept with its marker (--cleanup). */
  public void cleanUp() throws IOException {
    for (FileStatus child : fs.listStatus(base)) {
      if (!child.getPath().getName().equals(META)) {
        fs.delete(child.getPath(), true);
      }
    }
    fs.delete(new Path(meta(), "runs"), true);
  }

  /** Writes a small file whole: to a temporary name, then renamed into place. */
  void writeString(Path p, String text) throws IOException {
    Path tmp = new Path(p.getParent(), "." + p.getName() + ".tmp");
    try (OutputStream out = fs.create(tmp, true)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    fs.delete(p, false);
    if (!fs.rename(tmp, p)) {
      throw new IOException("rename " + tmp + " to " + p + " failed");
    }
  }

  private String readString(Path p) throws IOException {
    try (InputStream in = fs.open(p)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  static FileStatus status(FileSystem fs, Path p) throws IOException {
    try {
      return fs.getFileStatus(p);
    } catch (FileNotFoundException e) {
      return null;
    }
  }

  private static String firstLine(Exception e) {
    String m = String.valueOf(e.getMessage());
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
