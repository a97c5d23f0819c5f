package org.mimesisbench.generator.infra;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.AccessControlException;
import org.mimesisbench.cli.Messages;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.fs.FileStatuses;
import org.mimesisbench.fs.TracePaths;
import org.mimesisbench.namespace.materialize.BasePath;

/**
 * The benchmark's base directory on the file system under test, and the rules that keep a run
 * inside it: it is made by the benchmark (which leaves a marker file), or it is empty, or the user
 * said --reuse; each run keeps its state under {@code .mimesisbench/runs/<id>}, so a run that was
 * killed is found and reported by the next one. Every entry of the base that the benchmark creates
 * is written in a ledger ({@code .mimesisbench/made}) before it is created, and --cleanup deletes
 * what the ledger names and nothing else: whatever else is in the base is someone else's. One run
 * at a time holds the base's {@link Lease} ({@code .mimesisbench/lease}); what it finds there is no
 * live run's.
 */
public final class BaseDirectory {
  public static final String META = ".mimesisbench";
  static final String MARKER = "marker";
  static final String LEDGER = "made";
  private static final String REUSED = "claimed by mimesisbench with --reuse";
  static final String STATE = "state";
  static final String RUNNING = "running";
  static final String FINISHED = "finished";
  static final String LEASE = "lease";

  private final FileSystem fs;
  private final Path base;
  private Lease lease; // null until this run holds the base
  private Path madeFrom; // the outermost directory the claim made (the base or a parent), or null
  private boolean madeMeta; // the claim made .mimesisbench in a directory that was there
  private List<String> madeBefore = List.of(); // the ledger when this run took the lease
  private boolean unmade; // removeWhatTheRunMade took the marker: .mimesisbench goes with the lease

  private BaseDirectory(FileSystem fs, Path base) {
    this.fs = fs;
    this.base = base;
  }

  /**
   * The base {@code given} on {@code fs} (qualified), checked and claimed: refuses a root, a file,
   * a non-empty directory without the marker unless {@code reuse}; creates it (and the marker) when
   * missing. Permission problems are bad input.
   */
  public static BaseDirectory claim(FileSystem fs, String given, boolean reuse) throws IOException {
    Path base = BasePath.of("--base-dir", given, fs.makeQualified(new Path(given))).path();
    BaseDirectory b = new BaseDirectory(fs, base);
    try {
      FileStatus st = FileStatuses.orNull(fs, base);
      if (st != null && !st.isDirectory()) {
        throw new BadInputException("--base-dir " + base + " is a file");
      }
      if (st == null) {
        b.madeFrom = base;
        while (b.madeFrom.getParent() != null
            && FileStatuses.orNull(fs, b.madeFrom.getParent()) == null) {
          b.madeFrom = b.madeFrom.getParent();
        }
        if (!fs.mkdirs(b.meta())) {
          throw new BadInputException("--base-dir " + base + ": cannot create it");
        }
        b.writeString(
            b.marker(),
            "made by mimesisbench; everything under this directory is the benchmark's\n");
      } else if (FileStatuses.orNull(fs, b.marker()) == null) {
        if (fs.listStatus(base).length > 0 && !reuse) {
          throw new BadInputException(
              "--base-dir "
                  + base
                  + " is not empty and was not made by mimesisbench (no "
                  + META
                  + "/"
                  + MARKER
                  + "); give another, or --reuse to run in it anyway");
        }
        b.madeMeta = FileStatuses.orNull(fs, b.meta()) == null;
        fs.mkdirs(b.meta());
        b.writeString(
            b.marker(), REUSED + "; the benchmark deletes only what its ledger (made) names\n");
      }
    } catch (AccessControlException e) {
      throw new BadInputException(
          "--base-dir " + base + ": permission denied (" + Messages.firstLine(e) + ")", e);
    }
    return b;
  }

  public Path path() {
    return base;
  }

  /**
   * This base through another client of its file system (e.g. a fresh one while the JVM shuts
   * down).
   */
  public BaseDirectory through(FileSystem other) {
    return new BaseDirectory(other, base);
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
    return runDir(base, runId);
  }

  /** The run folder of run {@code runId} in base directory {@code base}. */
  public static Path runDir(Path base, String runId) {
    return new Path(runs(base), runId);
  }

  private static Path runs(Path base) {
    return new Path(new Path(base, META), "runs");
  }

  /**
   * Refuses (bad input, one line naming it) when a live run other than this thread's holds the
   * lease of base {@code given}: checked before a run deletes or makes anything, here or in its
   * --out.
   */
  public static void refuseIfLeased(String what, FileSystem fs, String given, Configuration conf)
      throws IOException {
    Path base = fs.makeQualified(new Path(given));
    if (FileStatuses.orNull(fs, new Path(base, META)) != null) {
      LeaseFiles files = LeaseFiles.in(fs, new Path(base, META), conf);
      try {
        Lease.refuseIfLive(what + " " + base, files, LEASE, conf);
      } finally {
        files.released();
      }
    }
  }

  /**
   * Takes the base's lease for {@code holder} (re-entrant on this thread: a sweep's runs): a live
   * run's is refused, a killed run's taken over (said on {@code note}). From here on, nothing in
   * the base is a live run's.
   */
  public void holdLease(String what, Lease.Holder holder, Configuration conf, Consumer<String> note)
      throws IOException {
    lease =
        Lease.take(what + " " + base, LeaseFiles.in(fs, meta(), conf), LEASE, holder, conf, note);
    try {
      madeBefore = made();
    } catch (IOException | RuntimeException e) { // a ledger refused: this run never started
      lease.close();
      throw e;
    }
  }

  /**
   * Lets go of the base's lease; after {@code cleanup} (--cleanup was asked), a reused base whose
   * marker went loses its .mimesisbench now that nothing is in it.
   */
  public void releaseLease(boolean cleanup) throws IOException {
    if (lease != null && lease.held()) {
      lease.close();
      if (cleanup || unmade) {
        dropEmptyMeta(fs);
      }
    }
  }

  /**
   * As {@link #releaseLease(boolean)}, through a fresh client made of {@code conf} (the JVM is
   * going).
   */
  public void releaseLeaseThrough(Configuration conf) throws IOException {
    if (lease != null && lease.held()) {
      lease.closeThrough(LeaseFiles.in(fs, meta(), conf));
    }
  }

  private void dropEmptyMeta(FileSystem through) throws IOException {
    if (!lease.held()
        && FileStatuses.orNull(through, marker()) == null
        && FileStatuses.orNull(through, meta()) != null
        && through.listStatus(meta()).length == 0) {
      through.delete(meta(), false);
    }
  }

  /**
   * Deletes what run {@code runId} made in the base before it could record results (it failed): the
   * base itself (and the parents it needed) when the claim made it, else the entries its ledger
   * gained, its run folder and the marker the claim wrote. Needs the lease.
   */
  public void removeWhatTheRunMade(String runId) throws IOException {
    if (lease == null || !lease.held()) {
      throw new IllegalStateException("the base's lease is not held");
    }
    lease.stopHeartbeat(); // its rewrite would make the folders again
    if (madeFrom != null) { // all of it is this run's: made now, and no other run came in
      fs.delete(madeFrom, true);
      return;
    }
    List<String> now = made();
    for (String name : now) {
      if (!madeBefore.contains(name)) {
        fs.delete(new Path(base, name), true);
      }
    }
    if (madeBefore.isEmpty()) {
      fs.delete(ledger(), false);
    } else if (!now.equals(madeBefore)) {
      writeString(ledger(), String.join("\n", madeBefore) + "\n");
    }
    fs.delete(runDir(runId), true);
    if (FileStatuses.orNull(fs, runs(base)) != null && fs.listStatus(runs(base)).length == 0) {
      fs.delete(runs(base), false);
    }
    if (madeMeta) {
      fs.delete(marker(), false);
      unmade = true;
    }
  }

  /**
   * Runs that started and never finished (killed, or their driver died): their ids. Asked with the
   * lease held, so none of them is a live run.
   */
  public List<String> unfinishedRuns() throws IOException {
    if (lease == null || !lease.held()) {
      throw new IllegalStateException("the base's lease is not held");
    }
    List<String> ids = new ArrayList<>();
    Path runs = runs(base);
    if (FileStatuses.orNull(fs, runs) == null) {
      return ids;
    }
    for (FileStatus run : fs.listStatus(runs)) {
      Path state = new Path(run.getPath(), STATE);
      if (FileStatuses.orNull(fs, state) != null && readString(state).startsWith(RUNNING)) {
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

  /**
   * Records that the benchmark is about to create {@code entry}, a direct child of the base, so
   * that --cleanup may delete it; written before the entry exists, so a run killed in between
   * leaves no entry of its own unrecorded. Call it only for an entry that does not exist yet.
   */
  public void recordMade(Path entry) throws IOException {
    if (!base.equals(entry.getParent())) {
      throw new IllegalArgumentException(entry + " is not a direct child of " + base);
    }
    List<String> made = made();
    if (!made.contains(entry.getName())) {
      made.add(entry.getName());
      writeString(ledger(), String.join("\n", made) + "\n");
    }
  }

  /**
   * The names of the base's entries the benchmark made, in the order it made them. A line that is
   * not one name of the base (empty, '.', '..', a path, the benchmark's own folder) is bad input
   * naming the ledger and line: --cleanup deletes what the ledger names, so it must name nothing
   * outside the base.
   */
  List<String> made() throws IOException {
    List<String> names = new ArrayList<>();
    if (FileStatuses.orNull(fs, ledger()) != null) {
      String text = readString(ledger());
      String[] lines = text.isEmpty() ? new String[0] : text.split("\n");
      for (int i = 0; i < lines.length; i++) {
        String line = lines[i];
        String why = line.equals(META) ? "the benchmark's own folder" : TracePaths.whyNotName(line);
        if (why != null) {
          throw new BadInputException(
              ledger()
                  + ": line "
                  + (i + 1)
                  + ": '"
                  + line
                  + "' is not an entry of the base ("
                  + why
                  + "); deleting nothing");
        }
        names.add(line);
      }
    }
    return names;
  }

  /** Whether the base was there, not empty, before the benchmark claimed it (--reuse). */
  public boolean reused() throws IOException {
    return readString(marker()).startsWith(REUSED);
  }

  /**
   * Deletes what the benchmark made under the base (--cleanup): the entries its ledger names and
   * its run folders. A base the benchmark made keeps its marker, so the next run needs no --reuse;
   * in a reused base the benchmark's own folder goes too, unless something else was put in it.
   * Returns what was left because the benchmark did not make it.
   */
  public CleanUp cleanUp() throws IOException {
    List<String> deleted = new ArrayList<>();
    List<String> made = made(); // every line checked before the first delete
    for (String name : made) {
      Path entry = new Path(base, name);
      if (FileStatuses.orNull(fs, entry) != null) {
        fs.delete(entry, true);
        deleted.add(name);
      }
    }
    fs.delete(runs(base), true);
    fs.delete(ledger(), false);
    if (reused()) {
      fs.delete(marker(), false);
      if (fs.listStatus(meta()).length == 0) {
        fs.delete(meta(), false);
      }
    }
    List<String> left = new ArrayList<>();
    for (FileStatus child : fs.listStatus(base)) {
      if (!child.getPath().getName().equals(META)) {
        left.add(child.getPath().getName());
      }
    }
    return new CleanUp(deleted, left);
  }

  /**
   * What --cleanup deleted (entries of the base the benchmark made) and what it left (all else).
   */
  public record CleanUp(List<String> deleted, List<String> left) {
    public String describe(Path base) {
      String s =
          "cleaned up what the benchmark made under "
              + base
              + " ("
              + (deleted.isEmpty()
                  ? "its run folders"
                  : String.join(", ", deleted) + " and its run folders")
              + ")";
      if (!left.isEmpty()) {
        s +=
            "; left "
                + left.size()
                + " entr"
                + (left.size() == 1 ? "y" : "ies")
                + " it did not make: "
                + String.join(", ", left.subList(0, Math.min(5, left.size())))
                + (left.size() > 5 ? ", ..." : "");
      }
      return s;
    }
  }

  private Path ledger() {
    return new Path(meta(), LEDGER);
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
}
