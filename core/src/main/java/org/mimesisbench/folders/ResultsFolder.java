package org.mimesisbench.folders;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The files of a run's results folder (run's and replay's --out) and of a sweep's, what the jar
 * writes and what the modeler adds, as profiles/schema/Folders.avsc names them for both languages.
 */
public final class ResultsFolder {
  public static final String SUMMARY = run("summary");
  public static final String HISTOGRAMS = run("histograms");
  public static final String TIMELINE = run("timeline");
  public static final String NAMENODE_METRICS = run("namenodeMetrics");
  public static final String COUNTERS = run("counters");
  public static final String AUDIT_LOG = run("auditLog");
  public static final String HADOOP_LOG = run("hadoopLog");
  public static final String TRACE = run("trace");
  public static final String NAMESPACE_END = run("namespaceEnd");
  public static final String FIDELITY = run("fidelity");
  public static final String REPORT = run("report");

  /** Every file of a run's folder, the modeler's too: what --overwrite may delete. */
  public static final Set<String> RUN_FILES = Set.copyOf(FolderContract.all("run").values());

  public static final String SWEEP = sweep("sweep");
  public static final String SWEEP_FIGURE = sweep("figure");
  public static final String SWEEP_NAMENODE_FIGURE = sweep("namenodeFigure");
  public static final String CAPACITY = sweep("capacity");

  /** A sweep's run folder, by time scale and repeat. */
  public static final Pattern SWEEP_RUN =
      Pattern.compile(FolderContract.name("sweep", "run", "pattern"));

  private ResultsFolder() {}

  /** Whether {@code name} is one of a sweep folder's own files or run folders. */
  public static boolean sweepHolds(String name) {
    return name.equals(SWEEP)
        || name.equals(SWEEP_FIGURE)
        || name.equals(SWEEP_NAMENODE_FIGURE)
        || name.equals(CAPACITY)
        || SWEEP_RUN.matcher(name).matches();
  }

  private static String run(String role) {
    return FolderContract.name("run", role, "file");
  }

  private static String sweep(String role) {
    return FolderContract.name("sweep", role, "file");
  }
}
