package org.mimesisbench.generator.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.profile.DirectoryType;
import org.mimesisbench.profile.FileSizeModel;
import org.mimesisbench.profile.FileType;
import org.mimesisbench.profile.PreExistingActivation;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.run.RunOptions;

/**
 * What a run replays: a profile's file types with the run's what-if options applied (type scales,
 * isolation, span scale, window). Times are in the profile's milliseconds; the time scale is
 * applied when events are issued, not here.
 *
 * @param windowMs length of the schedule in the profile's time
 * @param planWindowMs the window lives are drawn over: the profile's, or the run's when longer; a
 *     shorter run window only cuts the schedule, so its events are the longer one's that come first
 * @param allTypes every type of the profile, scaled (phase 1 creates all their pre-existing files)
 * @param runTypes the types phase 2 runs (all, or those chosen with --types)
 * @param dormantFiles pre-existing files no type owns (never touched), scaled with every type
 * @param dormantSizes the dormant files' sizes (empty files: ZERO, or with --zero-size)
 * @param clusterCalls the commands without a path, then the probes of paths nothing makes, then the
 *     calls the NameNode denies; none when types are isolated (--types)
 * @param directoryTypes the profile's directory types, scaled ("d0", "d1"... in --type-scale); none
 *     run when file types are isolated (--types)
 * @param notIssued the profile's commands the generator has no call for (the profile names them in
 *     unmodeledCommands too), and "command (denied)" for denied calls it cannot have denied (issued
 *     as the run's own user); the run's notes list them
 */
public record WorkloadModel(
    String source,
    double windowMs,
    double planWindowMs,
    List<FileTypeModel> allTypes,
    List<FileTypeModel> runTypes,
    double spanScale,
    double mkdirsPerCreate,
    double renamesPerCreate,
    long dormantFiles,
    FileSizeModel dormantSizes,
    List<ClusterCallModel> clusterCalls,
    List<DirectoryTypeModel> directoryTypes,
    boolean directoriesRun,
    Set<String> notIssued) {

  /** {@code profile} (read from {@code where}) replayed with {@code options}. */
  public static WorkloadModel of(String where, Profile profile, RunOptions options) {
    if (profile.getDurationMs() <= 0) {
      throw new BadInputException(
          where + ": durationMs " + profile.getDurationMs() + " must be positive");
    }
    if (profile.getFileTypes().isEmpty()) {
      throw new BadInputException(where + ": the profile has no file types");
    }
    double window = windowMs(profile.getDurationMs(), options);
    double stretch = Math.max(1.0, window / profile.getDurationMs());
    // Over the profile's own window, whatever the run's: the profile says when they are accessed.
    double uniform =
        profile.getPreExistingActivation() == PreExistingActivation.UNIFORM
            ? profile.getDurationMs()
            : 0;
    Map<String, Double> scales = options.getTypeScales();
    int types = profile.getFileTypes().size();
    int directoryTypes = profile.getDirectoryTypes().size();
    for (Map.Entry<String, Double> e : scales.entrySet()) {
      if (e.getKey().startsWith("d")) {
        directoryIndex(e.getKey(), directoryTypes);
      } else if (!e.getKey().equals("all")) {
        typeIndex(e.getKey(), types, "--type-scale"); // refuses an unknown type
      }
      if (!(e.getValue() > 0) || Double.isInfinite(e.getValue())) {
        throw new BadInputException(
            "--type-scale "
                + e.getKey()
                + "="
                + e.getValue()
                + ": the factor must be a positive number");
      }
    }
    double all = scales.getOrDefault("all", 1.0);
    Set<String> notIssued = new java.util.TreeSet<>();
    List<FileTypeModel> models = new ArrayList<>();
    for (int i = 0; i < types; i++) {
      FileType t = profile.getFileTypes().get(i);
      if (t.getIndex() != i) {
        throw new BadInputException(where + ": fileTypes[" + i + "] has index " + t.getIndex());
      }
      double f = all * scales.getOrDefault(Integer.toString(i), 1.0);
      models.add(
          FileTypeModel.of(
              where,
              t,
              f,
              stretch,
              uniform,
              notIssued,
              !options.getAsOneUser(),
              options.getZeroSize()));
    }
    TreeSet<Integer> chosen = new TreeSet<>();
    for (int j : options.getTypes()) {
      if (j < 0 || j >= types) {
        throw new BadInputException(
            "--types: no file type " + j + " in " + where + " (types 0 to " + (types - 1) + ")");
      }
      chosen.add(j);
    }
    List<FileTypeModel> run = chosen.isEmpty() ? models : chosen.stream().map(models::get).toList();
    if (profile.getMkdirsPerCreate() < 0
        || profile.getRenamesPerCreate() < 0
        || profile.getDormantFiles() < 0) {
      throw new BadInputException(
          where + ": mkdirsPerCreate, renamesPerCreate and dormantFiles must be >= 0");
    }
    List<ClusterCallModel> cluster =
        new ArrayList<>(
            ClusterCallModel.of(
                where,
                profile.getClusterCalls(),
                all,
                stretch,
                notIssued,
                !options.getAsOneUser()));
    cluster.addAll(
        ClusterCallModel.probesOf(
            where,
            profile.getMissingPathProbes(),
            all,
            stretch,
            notIssued,
            !options.getAsOneUser()));
    cluster.addAll(
        ClusterCallModel.deniedOf(
            where, profile.getDeniedCalls(), all, stretch, notIssued, !options.getAsOneUser()));
    List<DirectoryTypeModel> directories = new ArrayList<>();
    for (int i = 0; i < directoryTypes; i++) {
      DirectoryType t = profile.getDirectoryTypes().get(i);
      if (t.getIndex() != i) {
        throw new BadInputException(
            where + ": directoryTypes[" + i + "] has index " + t.getIndex());
      }
      directories.add(
          DirectoryTypeModel.of(
              where,
              t,
              all * scales.getOrDefault("d" + i, 1.0),
              stretch,
              uniform,
              notIssued,
              !options.getAsOneUser()));
    }
    return new WorkloadModel(
        where,
        window,
        Math.max(window, profile.getDurationMs()),
        List.copyOf(models),
        List.copyOf(run),
        options.getSpanScale(),
        profile.getMkdirsPerCreate(),
        profile.getRenamesPerCreate(),
        Math.round(profile.getDormantFiles() * all),
        options.getZeroSize()
            ? FileSizeModel.ZERO
            : FileSizeModel.of(where + ": dormantSizes", profile.getDormantSizes()),
        chosen.isEmpty() ? List.copyOf(cluster) : List.of(),
        List.copyOf(directories),
        chosen.isEmpty(),
        java.util.Collections.unmodifiableSet(notIssued));
  }

  /**
   * The schedule's length in profile time: --window, or --duration / time scale, or the profile's
   * window.
   */
  static double windowMs(long profileMs, RunOptions options) {
    if (options.getWindowMs() != null) {
      return options.getWindowMs();
    }
    Long duration = options.getDurationMs();
    if (duration == null || options.getTimeScale() == 0) {
      return profileMs; // at time scale 0 the duration caps the wall clock instead
    }
    return duration / options.getTimeScale();
  }

  /** {@code text} as a type index of a profile with {@code types} types. */
  public static int typeIndex(String text, int types, String option) {
    try {
      int j = Integer.parseInt(text.trim());
      if (j >= 0 && j < types) {
        return j;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BadInputException(
        option + ": no file type '" + text + "' (types 0 to " + (types - 1) + ", or all)");
  }

  /** {@code text} ("d2") as a directory type's index, of a profile with {@code types} of them. */
  static int directoryIndex(String text, int types) {
    try {
      int j = Integer.parseInt(text.substring(1));
      if (j >= 0 && j < types) {
        return j;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BadInputException(
        "--type-scale: no directory type '"
            + text
            + "' ("
            + (types == 0 ? "the profile has none" : "d0 to d" + (types - 1))
            + ")");
  }

  /** The directory types phase 2 runs: all of them, or none when file types are isolated. */
  public List<DirectoryTypeModel> runDirectoryTypes() {
    return directoriesRun ? directoryTypes : List.of();
  }

  /**
   * The users phase 2 issues as, sorted: those of the types and cluster calls it runs; empty when
   * the profile names none or the run is --as-one-user (everything goes as the run's own user).
   */
  public java.util.SortedSet<String> users() {
    List<UserModel> models = new ArrayList<>();
    runTypes.forEach(t -> models.add(t.users()));
    runDirectoryTypes().forEach(t -> models.add(t.users()));
    clusterCalls.forEach(c -> models.add(c.users()));
    return UserModel.names(models);
  }

  /** Whether any file of the run holds data: a type has sizes and the run is not --zero-size. */
  public boolean writesData() {
    return !dormantSizes.isZero() || allTypes.stream().anyMatch(t -> !t.sizes().isZero());
  }

  /**
   * The highest replication any type's files draw (1 when none holds data): the DataNodes a run
   * needs to place every replica.
   */
  public int maxReplication() {
    int most = dormantSizes.replication(Math.nextDown(1.0), (short) 1);
    for (FileTypeModel t : allTypes) {
      if (!t.sizes().isZero()) {
        most = Math.max(most, t.sizes().replication(Math.nextDown(1.0), (short) 1));
      }
    }
    return most;
  }

  /** The sizes of the files of type {@code type}; the dormant files' after the last type. */
  public FileSizeModel sizesOf(int type) {
    return type < allTypes.size() ? allTypes.get(type).sizes() : dormantSizes;
  }

  /** Pre-existing files of every type, the dormant ones included: what phase 1 creates. */
  public long preExistingFiles() {
    return allTypes.stream().mapToLong(FileTypeModel::preExisting).sum() + dormantFiles;
  }
}
