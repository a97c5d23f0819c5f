package org.mimesisbench.generator.mr;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.Encoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.generator.infra.BaseDirectory;
import org.mimesisbench.generator.issue.UserClients;
import org.mimesisbench.generator.layout.FlatLayout;
import org.mimesisbench.generator.layout.HierarchyLayout;
import org.mimesisbench.generator.layout.NamespaceLayout;
import org.mimesisbench.generator.model.ClusterCallModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.results.RunSummary;
import org.mimesisbench.generator.schedule.ClusterSchedule;
import org.mimesisbench.generator.schedule.DeletedDirectories;
import org.mimesisbench.generator.schedule.Forecast;
import org.mimesisbench.namespace.stats.NamespaceStats;
import org.mimesisbench.namespace.stats.ProfileStatistics;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.profile.ProfileReader;
import org.mimesisbench.run.RunOptions;

/**
 * Everything a run's tasks need, the same in the driver and in every mapper: the profile, the
 * options, the workload model and the namespace layout built from them, and where the run lives.
 * The driver puts the options and locations in the job configuration and a copy of the profile in
 * the run's folder on the file system under test; each task rebuilds the rest.
 */
public final class RunPlan implements Workload {
  static final String OPTIONS = "mimesisbench.run.options";
  static final String RUN_ID = "mimesisbench.run.id";
  static final String RUN_DIR = "mimesisbench.run.dir";
  static final String ROOT = "mimesisbench.run.root";

  private final String runId;
  private final RunOptions options;
  private final Profile profile;
  private final WorkloadModel model;
  private final NamespaceLayout layout;
  private final Path runDir;
  private final Path root;
  private final String layoutNote;
  private final String where; // the profile file this plan was read from

  private RunPlan(
      String where,
      String runId,
      RunOptions options,
      Profile profile,
      WorkloadModel model,
      NamespaceLayout layout,
      String layoutNote,
      Path base) {
    this.where = where;
    this.runId = runId;
    this.options = options;
    this.profile = profile;
    this.model = model;
    this.layout = layout;
    this.layoutNote = layoutNote;
    this.runDir = BaseDirectory.runDir(base, runId);
    this.root = new Path(base, layout.rootName());
  }

  /** The plan of a run of {@code profile} (read from {@code where}) with {@code options}. */
  public static RunPlan of(
      String where, Profile profile, RunOptions options, String runId, Path base) {
    WorkloadModel model = WorkloadModel.of(where, profile, options);
    NamespaceLayout layout;
    String note = null;
    if (options.getFlat() || profile.getNamespace() == null) {
      if (!options.getFlat()) {
        note =
            "the profile has no namespace statistics (its trace had no fsimage): every file in one directory, as --flat";
      }
      layout = new FlatLayout(model);
    } else {
      NamespaceStats stats = ProfileStatistics.of(profile, where);
      double all = options.getTypeScales().getOrDefault("all", 1.0);
      long dirs =
          options.getDirectories() != null
              ? options.getDirectories()
              : Math.max(stats.maxDepth(), Math.round(stats.directories() * all));
      if (dirs < stats.maxDepth()) {
        throw new BadInputException(
            "--dirs "
                + dirs
                + ": the profile's hierarchy is "
                + stats.maxDepth()
                + " deep, so at least "
                + stats.maxDepth()
                + " directories are needed");
      }
      layout = HierarchyLayout.of(model, stats, dirs, options.getSeed());
    }
    return new RunPlan(where, runId, options, profile, model, layout, note, base);
  }

  /**
   * This plan with its run folder and namespace root under {@code base} (the qualified base
   * directory).
   */
  @Override
  public RunPlan at(Path base) {
    return new RunPlan(where, runId, options, profile, model, layout, layoutNote, base);
  }

  /** Writes what tasks need into {@code conf}; the profile must already be in {@link #runDir()}. */
  @Override
  public void toConf(Configuration conf) throws IOException {
    conf.set(OPTIONS, optionsJson(options));
    conf.set(RUN_ID, runId);
    conf.set(RUN_DIR, runDir.toString());
    conf.set(ROOT, root.toString());
  }

  /**
   * A task's plan, from its job configuration and the profile copy in the run's folder. Tasks in
   * one JVM (the local job runner) share one plan: the layout is built once.
   */
  public static RunPlan fromConf(Configuration conf) throws IOException {
    String key = conf.get(RUN_ID) + " " + conf.get(ROOT);
    synchronized (CACHE) {
      RunPlan plan = CACHE.get(key);
      if (plan == null) {
        plan = read(conf);
        CACHE.clear(); // one run at a time per JVM
        CACHE.put(key, plan);
      }
      return plan;
    }
  }

  private static final java.util.Map<String, RunPlan> CACHE = new java.util.HashMap<>();

  private static RunPlan read(Configuration conf) throws IOException {
    Path runDir = new Path(conf.get(RUN_DIR));
    RunOptions options = optionsFromJson(conf.get(OPTIONS));
    Path profileFile = new Path(runDir, ProfileReader.PROFILE_FILE);
    Profile profile = ProfileReader.read(runDir.getFileSystem(conf), profileFile);
    Path root = new Path(conf.get(ROOT));
    RunPlan plan = of(profileFile.toString(), profile, options, conf.get(RUN_ID), root.getParent());
    if (!plan.root.equals(root)) {
      throw new IOException(
          "the task's namespace " + plan.root + " differs from the driver's " + root);
    }
    return plan;
  }

  public static String optionsJson(RunOptions options) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Encoder e = EncoderFactory.get().jsonEncoder(RunOptions.getClassSchema(), bytes);
    new SpecificDatumWriter<>(RunOptions.class).write(options, e);
    e.flush();
    return bytes.toString(StandardCharsets.UTF_8);
  }

  public static RunOptions optionsFromJson(String json) throws IOException {
    return new SpecificDatumReader<>(RunOptions.class)
        .read(null, DecoderFactory.get().jsonDecoder(RunOptions.getClassSchema(), json));
  }

  @Override
  public String runId() {
    return runId;
  }

  /** A short tag of the run in the names of the files it creates. */
  public String runTag() {
    return runId.substring(runId.length() - 6);
  }

  public RunOptions options() {
    return options;
  }

  public Profile profile() {
    return profile;
  }

  public WorkloadModel model() {
    return model;
  }

  public NamespaceLayout layout() {
    return layout;
  }

  private DeletedDirectories deletedDirectories; // drawn on first use, once per task JVM

  /**
   * The directories phase 2 deletes, under which the file types' removed files go, a removed file's
   * calls kept --max-drift apart from its directory's mkdirs and delete: a call later than that
   * stops the run, so no valid run finds a removed file's directory gone (a loaded YARN run's calls
   * ran 5 s late, past a margin of 3 s). Null at time scale 0, where nothing orders one mapper's
   * calls after another's, or without a drift limit.
   */
  public synchronized DeletedDirectories deletedDirectories() {
    if (options.getTimeScale() <= 0
        || options.getMaxDriftMs() <= 0
        || model.runDirectoryTypes().isEmpty()) {
      return null;
    }
    if (deletedDirectories == null) {
      double marginMs = Math.max(1000, options.getMaxDriftMs() / options.getTimeScale());
      deletedDirectories =
          DeletedDirectories.of(model, layout, options.getSeed(), runTag(), marginMs);
    }
    return deletedDirectories;
  }

  /** Why the layout is not the one asked for, or null. */
  public String layoutNote() {
    return layoutNote;
  }

  @Override
  public Path runDir() {
    return runDir;
  }

  /** The namespace root: the hierarchy (or flat directory) every workload path is under. */
  @Override
  public Path root() {
    return root;
  }

  @Override
  public int maxDataReplication() {
    return model.writesData() ? model.maxReplication() : 0;
  }

  @Override
  public String command() {
    return "run";
  }

  @Override
  public String describe() {
    return layout.describe();
  }

  @Override
  public List<String> notes() {
    List<String> notes = new ArrayList<>();
    if (!model.notIssued().isEmpty()) {
      boolean denied = model.notIssued().stream().anyMatch(c -> c.endsWith(" (denied)"));
      notes.add(
          "the profile's calls of "
              + String.join(", ", model.notIssued())
              + " are not issued: the"
              + " generator has no call for them (the profile lists them among its unmodeledCommands)"
              + (denied
                  ? "; those marked (denied) would go as the run's own user, whom nothing denies (--as-one-user)"
                  : ""));
    }
    if (layoutNote != null) {
      notes.add(layoutNote);
    }
    return notes;
  }

  @Override
  public void stage(FileSystem fs) throws IOException {
    fs.copyFromLocalFile(
        false,
        true,
        new Path(java.nio.file.Path.of(where).toUri()),
        new Path(runDir, ProfileReader.PROFILE_FILE));
  }

  @Override
  public Scheduled schedule(LongConsumer onUnit) {
    Forecast forecast = Forecast.count(model, layout, options.getSeed(), runTag(), onUnit);
    return new Scheduled(forecast.byOp(), forecast.byType());
  }

  @Override
  public List<List<TaskSplit>> mappers(Scheduled scheduled, Integer mappers) {
    return MapperPacking.mappers(scheduled.byKey(), options.getMappersPerType(), mappers);
  }

  @Override
  public java.util.Collection<String> modeledUsers() {
    return model.users();
  }

  @Override
  public long namespaceEntries() {
    return model.preExistingFiles();
  }

  @Override
  public boolean prepareNamespace(FileSystem fs, int mappers, boolean resume) throws IOException {
    boolean inPlace = resume && layout.inPlace(fs, root);
    if (!inPlace) {
      try (FileSystem open =
          FileSystem.newInstance(root.toUri(), UserClients.worldWritable(fs.getConf()))) {
        layout.materializeTop(open, root, mappers, resume); // every modeled user may work in it
      }
    }
    if (model.clusterCalls().stream().anyMatch(ClusterCallModel::denied)) {
      // the denied calls' entry: the run's own user's only, so the NameNode denies every modeled
      // user in it
      Path denied = new Path(root, ClusterSchedule.DENIED.substring(1));
      fs.mkdirs(denied);
      fs.setPermission(denied, new org.apache.hadoop.fs.permission.FsPermission((short) 0700));
      Path entry = new Path(root, ClusterSchedule.DENIED_ENTRY.substring(1));
      fs.create(entry, true).close(); // made again if there: no stat in the audit log beside it
    }
    return inPlace;
  }

  @Override
  public Class<NamespaceMapper> namespaceMapper() {
    return NamespaceMapper.class;
  }

  @Override
  public Class<WorkloadMapper> workloadMapper() {
    return WorkloadMapper.class;
  }

  @Override
  public double windowMs() {
    return model.windowMs();
  }

  @Override
  public RunSummary.Input input(org.apache.hadoop.mapreduce.Counters phase2) {
    return new RunSummary.Input(
        new RunSummary.ProfileInput(
            java.nio.file.Path.of(where).getParent().toString(),
            profile.getSource().toString(),
            profile.getDurationMs(),
            profile.getFileTypes().size()),
        null,
        model.runTypes().size());
  }
}
