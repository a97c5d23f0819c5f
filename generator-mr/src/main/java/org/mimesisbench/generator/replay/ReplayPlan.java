package org.mimesisbench.generator.replay;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongConsumer;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.mimesisbench.generator.infra.BaseDirectory;
import org.mimesisbench.generator.mr.MapperPacking;
import org.mimesisbench.generator.mr.RunPlan;
import org.mimesisbench.generator.mr.TaskSplit;
import org.mimesisbench.generator.mr.Workload;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.results.RunSummary;
import org.mimesisbench.run.RunOptions;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * A replay's plan: the trace's namespace under {@code <base>/replay-<run tag>} (fresh for every
 * replay, since the replay changes it) and its events in partitions, one mapper each. The driver
 * writes the namespace and the partitions into the run's folder on the file system under test,
 * where every task reads its own.
 */
final class ReplayPlan implements Workload {
  static final String RUN_ID = "mimesisbench.replay.run-id";
  static final String RUN_DIR = "mimesisbench.replay.run-dir";
  static final String ROOT = "mimesisbench.replay.root";
  static final String OPTIONS = "mimesisbench.replay.options";
  static final String USERS = "mimesisbench.replay.users";
  static final String DATA = "mimesisbench.replay.data";
  static final String NAMESPACE_FILE = "namespace.avro";
  static final String SNAPSHOTTABLE_FILE = "snapshottable.txt";
  static final String CREATED_FILE = "created.avro";

  private final String runId;
  private final RunOptions options;
  private final Users users;
  private final ReplayTrace trace; // null in a task
  private final Path runDir;
  private final Path root;
  private final boolean data; // files get the trace's sizes

  /** How calls are issued: each as its recorded user, or all as the runner. */
  enum Users {
    RECORDED,
    ONE;

    String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  ReplayPlan(String runId, RunOptions options, Users users, ReplayTrace trace, Path base) {
    this.runId = runId;
    this.options = options;
    this.users = users;
    this.trace = trace;
    this.runDir = BaseDirectory.runDir(base, runId);
    this.root = new Path(base, "replay-" + runTag(runId));
    this.data = !options.getZeroSize() && trace.sizes;
  }

  private ReplayPlan(
      String runId, RunOptions options, Users users, Path runDir, Path root, boolean data) {
    this.runId = runId;
    this.options = options;
    this.users = users;
    this.trace = null;
    this.runDir = runDir;
    this.root = root;
    this.data = data;
  }

  /** A task's plan, from its job configuration (the trace is in the run's folder). */
  static ReplayPlan fromConf(Configuration conf) throws IOException {
    return new ReplayPlan(
        conf.get(RUN_ID),
        RunPlan.optionsFromJson(conf.get(OPTIONS)),
        Users.valueOf(conf.get(USERS)),
        new Path(conf.get(RUN_DIR)),
        new Path(conf.get(ROOT)),
        conf.getBoolean(DATA, false));
  }

  private static String runTag(String runId) {
    return runId.substring(runId.length() - 6);
  }

  RunOptions options() {
    return options;
  }

  Users users() {
    return users;
  }

  /** Whether files are written with the trace's sizes (else every file is empty). */
  boolean writesData() {
    return data;
  }

  /** The sizes of the files the trace creates (CreatedSizes), when the replay writes data. */
  Path createdFile() {
    return new Path(runDir, CREATED_FILE);
  }

  @Override
  public int maxDataReplication() {
    return data ? trace.maxReplication() : 0;
  }

  /** Partition {@code i}'s events, in the run's folder. */
  Path partitionFile(int i) {
    return new Path(runDir, "events-" + i + ".avro");
  }

  Path namespaceFile() {
    return new Path(runDir, NAMESPACE_FILE);
  }

  /** The directories phase 1 makes snapshottable, a trace path a line. */
  Path snapshottableFile() {
    return new Path(runDir, SNAPSHOTTABLE_FILE);
  }

  @Override
  public String command() {
    return "replay";
  }

  @Override
  public String runId() {
    return runId;
  }

  @Override
  public ReplayPlan at(Path base) {
    return new ReplayPlan(runId, options, users, trace, base);
  }

  @Override
  public Path root() {
    return root;
  }

  @Override
  public Path runDir() {
    return runDir;
  }

  @Override
  public String describe() {
    return String.format(
        "the trace's namespace (%,d entries%s%s) and %,d calls in %d partitions, as %s",
        trace.namespace.size(),
        trace.fsimage ? ", from its fsimage" : ", inferred from its events: no fsimage",
        data ? ", files of the trace's sizes" : ", files empty",
        trace.replayed(),
        trace.partitions.size(),
        users == Users.RECORDED ? "the recorded users" : "one user");
  }

  @Override
  public List<String> notes() {
    List<String> notes = new ArrayList<>();
    if (trace.notReplayedCount() > 0) {
      List<String> parts = new ArrayList<>();
      trace.notReplayed.forEach(
          (command, why) ->
              why.forEach((reason, n) -> parts.add(command + " " + n + " (" + reason + ")")));
      notes.add(
          trace.notReplayedCount()
              + " of the trace's "
              + trace.events
              + " calls are not replayed: "
              + String.join(", ", parts)
              + " (replay.notReplayed)");
    }
    if (trace.afterDuration > 0) {
      notes.add(
          trace.afterDuration
              + " calls come after the --duration (at this time scale) and are not issued");
    }
    if (!trace.fsimage) {
      notes.add(
          "the trace has no fsimage (namespace.avro): the namespace is inferred from its events (the files and"
              + " directories they show existed), open to every user, so calls denied in the trace are allowed here");
    }
    if (data) {
      notes.add(
          "files hold the trace's sizes: pre-existing ones the start fsimage's, created ones "
              + (trace.endImage
                  ? "the end fsimage's at their final path"
                  : "drawn from the start fsimage's (the trace has no end fsimage: parse"
                      + " --fsimage-end)")
              + (trace.endImage && trace.createdSizes.drawn > 0
                  ? "; "
                      + trace.createdSizes.drawn
                      + " created files it does not hold (deleted or overwritten in the trace) get"
                      + " sizes drawn from those it holds"
                  : "")
              + "; appends write nothing (the trace records no append's size)");
    } else if (!options.getZeroSize()) {
      notes.add(
          "the trace has no file sizes (its fsimages hold only empty files, or it has none):"
              + " every file is empty");
    }
    return notes;
  }

  @Override
  public void stage(FileSystem fs) throws IOException {
    for (int i = 0; i < trace.partitions.size(); i++) {
      write(fs, partitionFile(i), AuditEvent.class, trace.partitions.get(i));
    }
    write(fs, namespaceFile(), NamespaceEntry.class, data ? trace.sizedNamespace : trace.namespace);
    if (data) {
      write(fs, createdFile(), NamespaceEntry.class, trace.createdSizes.entries);
    }
    try (OutputStream out = fs.create(snapshottableFile(), true)) {
      for (String dir : trace.snapshottable) {
        out.write((dir + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  private static <T> void write(FileSystem fs, Path file, Class<T> type, List<T> records)
      throws IOException {
    try (OutputStream out = fs.create(file, true);
        DataFileWriter<T> w = new DataFileWriter<>(new SpecificDatumWriter<>(type))) {
      w.create(
          records.isEmpty()
              ? schemaOf(type)
              : ((org.apache.avro.generic.GenericContainer) records.get(0)).getSchema(),
          out);
      for (T r : records) {
        w.append(r);
      }
    }
  }

  private static org.apache.avro.Schema schemaOf(Class<?> type) {
    return org.apache.avro.specific.SpecificData.get().getSchema(type);
  }

  @Override
  public void toConf(Configuration conf) throws IOException {
    conf.set(RUN_ID, runId);
    conf.set(RUN_DIR, runDir.toString());
    conf.set(ROOT, root.toString());
    conf.set(OPTIONS, RunPlan.optionsJson(options));
    conf.set(USERS, users.name());
    conf.setBoolean(DATA, data);
  }

  @Override
  public Scheduled schedule(LongConsumer onUnit) {
    Map<Op, Long> byOp = new EnumMap<>(Op.class);
    for (Op op : Op.values()) {
      byOp.put(op, trace.byOp.getOrDefault(op, 0L));
    }
    Map<Integer, Long> byKey = new TreeMap<>();
    for (int i = 0; i < trace.partitions.size(); i++) {
      byKey.put(i, (long) trace.partitions.get(i).size());
      onUnit.accept(i + 1);
    }
    return new Scheduled(byOp, byKey);
  }

  @Override
  public List<List<TaskSplit>> mappers(Scheduled scheduled, Integer mappers) {
    List<TaskSplit> tasks = new ArrayList<>();
    scheduled
        .byKey()
        .forEach(
            (partition, calls) -> {
              if (calls > 0) {
                tasks.add(new TaskSplit(partition, 0, 1));
              }
            });
    return MapperPacking.pack(tasks, scheduled.byKey(), mappers == null ? tasks.size() : mappers);
  }

  @Override
  public long namespaceEntries() {
    return trace.namespace.size();
  }

  @Override
  public boolean prepareNamespace(FileSystem fs, int mappers, boolean resume) throws IOException {
    if (!fs.mkdirs(root)) {
      throw new IOException("mkdirs " + root + " returned false");
    }
    return false;
  }

  @Override
  public Class<ReplayNamespaceMapper> namespaceMapper() {
    return ReplayNamespaceMapper.class;
  }

  @Override
  public Class<ReplayMapper> workloadMapper() {
    return ReplayMapper.class;
  }

  @Override
  public double windowMs() {
    return trace.windowMs();
  }

  @Override
  public RunSummary.Input input(org.apache.hadoop.mapreduce.Counters phase2) {
    Map<String, Long> outcomes = new LinkedHashMap<>();
    for (String name : ReplayClient.OUTCOMES) {
      outcomes.put(
          name, phase2 == null ? 0 : phase2.findCounter(ReplayClient.GROUP, name).getValue());
    }
    Map<String, Long> calls = new LinkedHashMap<>();
    trace.byOp.forEach((op, n) -> calls.put(op.label(), n));
    return new RunSummary.Input(
        null,
        new RunSummary.ReplayInput(
            options.getProfile().toString(),
            trace.events,
            trace.replayed(),
            trace.startMs,
            trace.endMs,
            trace.windowMs(),
            trace.fsimage,
            users.label(),
            trace.partitions.size(),
            trace.afterDuration,
            trace.notReplayed,
            outcomes,
            calls),
        trace.partitions.size());
  }
}
