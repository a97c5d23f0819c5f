package org.mimesisbench.generator.replay;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecordBase;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.folders.TraceFolder;
import org.mimesisbench.fs.TracePaths;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;
import org.mimesisbench.trace.NamespaceEntry;
import org.mimesisbench.trace.TraceManifests;

/**
 * A trace read for a replay: its events dealt to partitions (times from the trace's first event),
 * the calls it cannot replay counted by command and why, the groups its users were in
 * (GroupInference), the directories snapshottable at its start (SnapshotHistory), and the namespace
 * at its start: the fsimage's entries (namespace.avro) with their owners and modes, plus the files
 * and directories the events show existed before the trace (files.avro, dirs.avro pre-existing).
 * Without an fsimage the namespace is those alone, open to every user (no owner or mode is known).
 * The sizes a replay writes come from the fsimages: the start one's for its files, the end one's
 * (namespace-end.avro) for the files the trace creates (CreatedSizes).
 */
final class ReplayTrace {
  static final String EVENTS = TraceFolder.EVENTS;
  static final String NAMESPACE = TraceFolder.NAMESPACE;
  static final String FILES = TraceFolder.FILES;
  static final String DIRS = TraceFolder.DIRS;
  static final String NAMESPACE_END = TraceFolder.NAMESPACE_END;

  final long startMs;
  final long endMs;
  final long events;
  final boolean fsimage;

  /** Per partition, its calls in trace order, times in ms from the trace's first event. */
  final List<List<AuditEvent>> partitions;

  final Map<Op, Long> byOp = new EnumMap<>(Op.class);

  /** Command -> why -> calls not replayed. */
  final Map<String, Map<String, Long>> notReplayed = new TreeMap<>();

  /** Calls after --duration (times the time scale) of the trace: not issued, as asked. */
  final long afterDuration;

  /**
   * The namespace at the trace's start, sorted by path, the root ("/") first when the fsimage has
   * it.
   */
  final List<NamespaceEntry> namespace;

  /**
   * The groups the trace shows its users in (GroupInference); the fsimage root's owner is the
   * superuser.
   */
  final GroupInference groups;

  /** The directories snapshottable at the trace's start (SnapshotHistory), sorted. */
  final List<String> snapshottable;

  final String superuser;

  /**
   * The namespace at the trace's start with the fsimage's file sizes (a concat's source at least a
   * byte): what phase 1 makes when the replay writes data.
   */
  final List<NamespaceEntry> sizedNamespace;

  /** The sizes phase 2's creates write when the replay writes data. */
  final CreatedSizes createdSizes;

  /** Whether the trace has an end image (namespace-end.avro, parse --fsimage-end). */
  final boolean endImage;

  /** Whether the trace knows any file's size: an fsimage (start or end) holds a non-empty file. */
  final boolean sizes;

  private ReplayTrace(
      String option,
      Path dir,
      boolean recordedUsers,
      double timeScale,
      Long durationMs,
      int mappers)
      throws IOException {
    Path namespaceFile = dir.resolve(NAMESPACE);
    this.fsimage = Files.isRegularFile(namespaceFile);
    Map<String, NamespaceEntry> entries = new TreeMap<>();
    String owner = null;
    if (fsimage) {
      try (DataFileReader<NamespaceEntry> r = open(option, namespaceFile, NamespaceEntry.class)) {
        whole(option, namespaceFile);
        for (NamespaceEntry e : r) {
          confined(option, namespaceFile, e.getPath());
          entries.put(e.getPath(), e);
          if (e.getPath().equals("/")) {
            owner = e.getOwner();
          }
        }
      } catch (AvroRuntimeException e) {
        throw new BadInputException(
            option + " " + namespaceFile + ": not a namespace: " + e.getMessage());
      }
    }
    this.superuser = owner;
    GroupInference inference = new GroupInference(entries.values(), owner);
    Path eventsFile = dir.resolve(EVENTS);
    List<AuditEvent> replayed = new ArrayList<>();
    Set<String> concatSources = new HashSet<>();
    SnapshotHistory snapshots = new SnapshotHistory();
    Partitioner partitioner = new Partitioner();
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    long n = 0;
    long late = 0;
    try (DataFileReader<AuditEvent> r = open(option, eventsFile, AuditEvent.class)) {
      whole(option, eventsFile);
      for (AuditEvent e : r) {
        n++;
        confinedField(option, eventsFile, e.getSrc());
        confinedField(option, eventsFile, e.getDst());
        inference.accept(e);
        first = Math.min(first, e.getTime());
        last = Math.max(last, e.getTime());
        Op op = ReplayCalls.op(e);
        String why = ReplayCalls.whyNot(e, recordedUsers);
        why = why != null ? why : snapshots.whyNot(e, op);
        if (why != null) {
          notReplayed.computeIfAbsent(e.getOp(), c -> new TreeMap<>()).merge(why, 1L, Long::sum);
          continue;
        }
        if (durationMs != null && timeScale > 0 && (e.getTime() - first) * timeScale > durationMs) {
          late++;
          continue;
        }
        snapshots.accept(e, op);
        String src = ReplayCalls.path(e, op);
        // a snapshot holds its directory's subtree: its calls come in order with every call under
        // it
        boolean moves = op == Op.DELETE || op == Op.RENAME || Op.SNAPSHOTS.contains(op);
        partitioner.add(src, op == Op.RENAME ? e.getDst() : null, moves);
        if (op == Op.CONCAT) {
          for (String source : ReplayCalls.concatSources(e.getSrc())) {
            partitioner.join(src, source);
            concatSources.add(source);
          }
        }
        byOp.merge(op, 1L, Long::sum);
        replayed.add(e);
      }
    } catch (AvroRuntimeException e) {
      throw new BadInputException(
          option + " " + eventsFile + ": not a trace's events: " + e.getMessage());
    }
    if (n == 0) {
      throw new BadInputException(option + " " + eventsFile + ": no events to replay");
    }
    if (replayed.isEmpty()) {
      throw new BadInputException(
          option
              + " "
              + eventsFile
              + ": none of its "
              + n
              + " calls is replayed (not"
              + " replayable: "
              + notReplayed
              + "; after the --duration: "
              + late
              + ")");
    }
    this.groups = inference;
    this.snapshottable = new ArrayList<>(snapshots.snapshottableAtStart());
    this.startMs = first;
    this.endMs = last;
    this.events = n;
    this.afterDuration = late;
    Map<String, Integer> byKey = partitioner.partition(mappers);
    int count = byKey.values().stream().mapToInt(i -> i + 1).max().orElse(1);
    partitions = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      partitions.add(new ArrayList<>());
    }
    for (AuditEvent e : replayed) {
      String key = Partitioner.key(ReplayCalls.path(e, ReplayCalls.op(e)));
      AuditEvent relative = AuditEvent.newBuilder(e).setTime(e.getTime() - first).build();
      partitions.get(byKey.getOrDefault(key, 0)).add(relative);
    }
    List<CreatedSizes.Created> created = new ArrayList<>();
    timelines(
        option,
        dir.resolve(FILES),
        FileTimeline.class,
        f -> {
          confined(option, dir.resolve(FILES), f.getPath());
          if (f.getPreExisting()) {
            entries.putIfAbsent(f.getPath(), entry(f.getPath(), false));
          } else if (f.getCreateTime() != null) {
            created.add(
                new CreatedSizes.Created(
                    f.getPath(), f.getCreateTime(), f.getFinalPath(), f.getDeleteTime() == null));
          }
        });
    timelines(
        option,
        dir.resolve(DIRS),
        DirectoryTimeline.class,
        d -> {
          confined(option, dir.resolve(DIRS), d.getPath());
          if (d.getPreExisting()) {
            entries.putIfAbsent(d.getPath(), entry(d.getPath(), true));
          }
        });
    for (String path :
        new ArrayList<>(entries.keySet())) { // the directories above what existed existed too
      for (int at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) {
        entries.putIfAbsent(path.substring(0, at), entry(path.substring(0, at), true));
      }
    }
    entries
        .keySet()
        .removeIf(ReplayCalls::inSnapshot); // files seen through a snapshot: no one can make them
    Map<String, NamespaceEntry> endFiles = new TreeMap<>();
    Path endFile = dir.resolve(NAMESPACE_END);
    this.endImage = Files.isRegularFile(endFile);
    if (endImage) {
      try (DataFileReader<NamespaceEntry> r = open(option, endFile, NamespaceEntry.class)) {
        whole(option, endFile);
        for (NamespaceEntry e : r) {
          if (!e.getIsDir()) {
            endFiles.put(e.getPath(), e);
          }
        }
      } catch (AvroRuntimeException e) {
        throw new BadInputException(
            option + " " + endFile + ": not a namespace: " + e.getMessage());
      }
    }
    // the fsimage's files: one inferred from the events has no replication (nor size)
    List<NamespaceEntry> startFiles =
        entries.values().stream().filter(e -> !e.getIsDir() && e.getReplication() > 0).toList();
    this.sizes =
        startFiles.stream().anyMatch(e -> e.getSize() > 0)
            || endFiles.values().stream().anyMatch(e -> e.getSize() > 0);
    this.createdSizes = new CreatedSizes(created, endFiles, startFiles, first);
    this.namespace = new ArrayList<>();
    this.sizedNamespace = new ArrayList<>();
    for (NamespaceEntry e : entries.values()) {
      boolean source = !e.getIsDir() && concatSources.contains(e.getPath());
      // without data a file is empty, but a concat refuses empty files: its sources get a byte
      long size = source ? 1 : 0;
      namespace.add(e.getSize() == size ? e : NamespaceEntry.newBuilder(e).setSize(size).build());
      sizedNamespace.add(
          source && e.getSize() == 0 ? NamespaceEntry.newBuilder(e).setSize(1).build() : e);
    }
  }

  /**
   * Reads the trace in {@code dir}; bad input (one line) when it is not a trace, its message naming
   * the command and option that gave it ({@code option}: "replay: --trace", "sweep: --replay").
   */
  static ReplayTrace read(
      String option,
      Path dir,
      boolean recordedUsers,
      double timeScale,
      Long durationMs,
      int mappers)
      throws IOException {
    check(option, dir);
    return new ReplayTrace(option, dir, recordedUsers, timeScale, durationMs, mappers);
  }

  /**
   * Bad input (one line) unless {@code dir} holds a trace's events and its Avro files are whole:
   * what a command checks before it starts (reading the trace waits for its run; a sweep's, for its
   * warm-up).
   */
  static void check(String option, Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new BadInputException(
          option
              + " "
              + dir
              + ": "
              + (Files.exists(dir) ? "not a directory" : "no such directory"));
    }
    if (!Files.isRegularFile(dir.resolve(EVENTS))) {
      throw new BadInputException(
          option + " " + dir + ": no " + EVENTS + " (not a trace: make one with parse)");
    }
    for (String name : List.of(EVENTS, NAMESPACE, FILES, DIRS, NAMESPACE_END)) {
      Path file = dir.resolve(name);
      try {
        if (Files.isRegularFile(file) && startsAsAvro(file)) {
          whole(option, file); // a file that is not Avro at all is named as such when it is read
        }
      } catch (IOException e) {
        throw new BadInputException(option + " " + file + ": cannot read: " + e.getMessage(), e);
      }
    }
  }

  private static boolean startsAsAvro(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return Arrays.equals(in.readNBytes(4), new byte[] {'O', 'b', 'j', 1});
    }
  }

  /**
   * The most replicas a file the replay writes data to has (its image's replication), at least 1.
   */
  int maxReplication() {
    int most = 1;
    for (NamespaceEntry e : sizedNamespace) {
      if (!e.getIsDir() && e.getSize() > 0) {
        most = Math.max(most, e.getReplication());
      }
    }
    for (NamespaceEntry e : createdSizes.entries) {
      if (e.getSize() > 0) {
        most = Math.max(most, e.getReplication());
      }
    }
    return most;
  }

  /** Calls to replay, over every partition. */
  long replayed() {
    return partitions.stream().mapToLong(List::size).sum();
  }

  long notReplayedCount() {
    return notReplayed.values().stream()
        .flatMap(m -> m.values().stream())
        .mapToLong(Long::longValue)
        .sum();
  }

  /** The trace's length: its first event to its last. */
  long windowMs() {
    return endMs - startMs;
  }

  /**
   * Bad input naming {@code path} of {@code file} unless it is confined (TracePaths): a trace must
   * never steer a replay out of its root, so one such path refuses the whole trace.
   */
  private static void confined(String option, Path file, String path) {
    refuse(option, file, path, TracePaths.whyNotConfined(path));
  }

  /** As {@link #confined}, for an event's src or dst: a path, a concat's list, or no path. */
  private static void confinedField(String option, Path file, String value) {
    if (value != null) {
      refuse(option, file, value, TracePaths.whyNotConfinedValue(value));
    }
  }

  private static void refuse(String option, Path file, String path, String why) {
    if (why != null) {
      throw new BadInputException(
          option
              + " "
              + file
              + ": path "
              + path
              + " would leave the replay's base directory ("
              + why
              + "); refusing the trace");
    }
  }

  private static NamespaceEntry entry(String path, boolean dir) {
    int depth = path.equals("/") ? 0 : (int) path.chars().filter(c -> c == '/').count();
    return NamespaceEntry.newBuilder()
        .setPath(path)
        .setIsDir(dir)
        .setDepth(depth)
        .setSize(0)
        .setMtime(0)
        .setAtime(0)
        .setReplication(0)
        .build();
  }

  /** Each record of {@code file} (none when the trace has no such file), one at a time. */
  private static <T extends SpecificRecordBase> void timelines(
      String option, Path file, Class<T> type, Consumer<T> each) throws IOException {
    if (!Files.isRegularFile(file)) {
      return;
    }
    try (DataFileReader<T> r = open(option, file, type)) {
      whole(option, file);
      T t = null;
      while (r.hasNext()) {
        t = r.next(t);
        each.accept(t);
      }
    } catch (AvroRuntimeException e) {
      throw new BadInputException(
          option + " " + file + ": not a trace's timelines: " + e.getMessage());
    }
  }

  /**
   * Bad input unless {@code file} is whole (every block complete) and as parse wrote it (the
   * trace's manifest): Avro's reader would end quietly at a cut and the replay issue a part.
   */
  private static void whole(String option, Path file) throws IOException {
    TraceManifests.check(file, option + " " + file);
  }

  private static <T> DataFileReader<T> open(String option, Path file, Class<T> type)
      throws IOException {
    try {
      return new DataFileReader<>(new File(file.toString()), new SpecificDatumReader<>(type));
    } catch (IOException | AvroRuntimeException e) {
      throw new BadInputException(
          option
              + " "
              + file
              + ": not an Avro file of "
              + type.getSimpleName()
              + " records: "
              + e.getMessage());
    }
  }

  /**
   * Users and their groups for an embedded NameNode's static group mapping: those the trace shows
   * (GroupInference), superusers in {@code superGroup}; a user {@code given} names has the groups
   * it gives.
   */
  Map<String, Set<String>> groupMapping(String superGroup, Map<String, List<String>> given) {
    Map<String, Set<String>> mapping = groups.mapping(superGroup);
    given.forEach((user, gs) -> mapping.put(user, new java.util.LinkedHashSet<>(gs)));
    return mapping;
  }
}
