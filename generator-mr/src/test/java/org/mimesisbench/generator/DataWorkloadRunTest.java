package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.generator.RunChecks.Outcome;
import org.mimesisbench.generator.infra.EmbeddedCluster;
import org.mimesisbench.generator.issue.DataTransfer;
import org.mimesisbench.generator.issue.IssuingPipeline;
import org.mimesisbench.generator.issue.NamespaceClient;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.mr.CounterNames;
import org.mimesisbench.generator.mr.RunPlan;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.results.RunResults;
import org.mimesisbench.generator.schedule.EntryLife;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.FileWrites;
import org.mimesisbench.generator.schedule.TypeSchedule;
import org.mimesisbench.generator.schedule.Write;
import org.mimesisbench.generator.testing.ListedLife;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.run.RunOptions;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;
import org.mimesisbench.tardis.format.TardisValidator;

/**
 * A profile whose file types have sizes, run against a real NameNode with three emulated DataNodes:
 * phase 1 and phase 2 write every file's drawn bytes through the DataNodes (the NameNode allocates
 * blocks), the data reads back as Tardis data, replication is capped to the live DataNodes with a
 * note, the same seed writes the same sizes, and --zero-size makes every file empty.
 */
@Tag("slow")
class DataWorkloadRunTest {
  private static final long MIB = GeneratorVectors.MIB;
  private static final int DATA_NODES = 3;
  private static final long SEED = 7;

  @TempDir static Path dir;
  static EmbeddedCluster cluster;
  static Path profileDir;
  static Profile profile;

  @BeforeAll
  static void start() throws Exception {
    cluster =
        EmbeddedCluster.start(
            new Configuration(), dir.resolve("dfs"), dir.resolve("audit.log"), DATA_NODES);
    profile = GeneratorVectors.profileWithSizes();
    profileDir = GeneratorVectors.write(profile, dir.resolve("profile"));
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  /**
   * A file's close is retried 10 ms after the NameNode answered that its last block is not reported
   * yet, not after HDFS's 400 ms, so hardly a file's next op waits 400 ms behind its close.
   */
  @Test
  void filesCloseWithoutWaitingHdfsRetryDelay() throws IOException {
    Configuration c = new Configuration();
    DataTransfer.closesPromptly(c);
    DataTransfer data = DataTransfer.defaults();
    int files = 40;
    int slow = 0;
    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), c)) {
      for (int i = 0; i < files; i++) {
        long start = System.nanoTime();
        data.create(
            fs, new org.apache.hadoop.fs.Path("/prompt/f" + i), new Write(4096, MIB, (short) 3));
        if (System.nanoTime() - start >= 400_000_000L) {
          slow++;
        }
      }
    }
    assertTrue(slow <= 2, slow + " of " + files + " creates took 400 ms or more");
  }

  /**
   * A put's rename into place and a setPermission due while the create still writes the file's data
   * go beside it, as HDFS serves them on a file open for write: the writer's lease follows the
   * rename, the data lands whole at the new path and closes there, and no call fails.
   */
  @Test
  void aFileBeingWrittenIsRenamedBesideItsWrite() throws Exception {
    long size = 16 * MIB;
    List<Event> events =
        List.of(
            new Event(
                0, Op.CREATE, "/put/f._COPYING_", null, null, new Write(size, MIB, (short) 3)),
            new Event(1, Op.RENAME, "/put/f._COPYING_", "/put/f", null),
            new Event(2, Op.SET_PERMISSION, "/put/f", null, null));
    Map<Op, long[]> spans = new ConcurrentHashMap<>(); // op -> begin, end
    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), new Configuration())) {
      NamespaceClient client = new NamespaceClient(fs, new org.apache.hadoop.fs.Path("/beside"));
      RunStatistics stats =
          new IssuingPipeline(
                  ListedLife.schedule(List.of(new ListedLife(events))),
                  e -> {
                    long begin = System.nanoTime();
                    client.issue(e);
                    spans.put(e.op(), new long[] {begin, System.nanoTime()});
                  },
                  1,
                  0,
                  0)
              .inFlight(4)
              .run(System.nanoTime(), () -> {});
      assertEquals(0, stats.totalErrors(), () -> stats.errorSamples().toString());
      assertTrue(
          spans.get(Op.RENAME)[0] < spans.get(Op.CREATE)[1], "the rename waited for the write");
      assertTrue(spans.get(Op.SET_PERMISSION)[0] >= spans.get(Op.RENAME)[1]);
      org.apache.hadoop.fs.Path put = new org.apache.hadoop.fs.Path("/beside/put/f");
      assertEquals(size, fs.getFileStatus(put).getLen());
      assertTrue(((DistributedFileSystem) fs).isFileClosed(put));
    }
  }

  /** A user's own retry settings are kept. */
  @Test
  void closeRetriesGivenByTheUserAreKept() {
    Configuration c = new Configuration();
    c.setInt(HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_INITIAL_DELAY_MS_KEY, 250);
    DataTransfer.closesPromptly(c);
    assertEquals(
        250,
        c.getInt(HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_INITIAL_DELAY_MS_KEY, 0));
    assertEquals(
        HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_RETRIES_DEFAULT,
        c.getInt(HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_RETRIES_KEY, 0));
  }

  private Outcome run(String base, Path results, String... more) {
    List<String> argv =
        new ArrayList<>(
            List.of(
                "--profile",
                profileDir.toString(),
                "--time-scale",
                "0.02",
                "--seed",
                Long.toString(SEED),
                "--base-dir",
                base,
                "--out",
                results.toString(),
                "-fs",
                cluster.uri().toString()));
    argv.addAll(List.of(more));
    return RunChecks.run(new Configuration(), argv.toArray(String[]::new));
  }

  @Test
  void filesHoldTheirDrawnSizesInBlocksAndReadBackAsTardisData() throws Exception {
    long blocksBefore = cluster.cluster().getNamesystem().getBlocksTotal();
    Path results = dir.resolve("sized");
    JsonNode summary = RunChecks.assertValidAndComplete(results, run("/sized", results));
    assertTrue(
        summary.path("notes").toString().contains("replication capped to " + DATA_NODES),
        summary.path("notes").toString());

    Map<String, Long> expected = expectedSizes(summary.path("runId").asText(), "/sized");
    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), new Configuration())) {
      org.apache.hadoop.fs.Path root = root(fs, "/sized");
      Map<String, FileStatus> found = files(fs, root);
      int checked = 0;
      int deleted = 0;
      int withData = 0;
      long bytes = 0;
      TardisFlag flag = TardisFlag.from(new Configuration());
      for (Map.Entry<String, Long> e : expected.entrySet()) {
        FileStatus st = found.get(e.getKey());
        if (st == null) {
          deleted++; // in phase 2
          continue;
        }
        assertEquals(e.getValue(), st.getLen(), e.getKey() + ": the drawn size");
        assertTrue(st.getReplication() <= DATA_NODES, e.getKey() + " " + st.getReplication());
        assertEquals(MIB, st.getBlockSize(), e.getKey());
        checked++;
        bytes += st.getLen();
        if (st.getLen() > 0 && withData++ < 10) {
          try (FSDataInputStream in = fs.open(st.getPath())) {
            assertEquals(
                TardisValidator.NONE,
                TardisValidator.firstMismatch(new TardisSequence(flag, st.getLen()), in),
                e.getKey() + " reads back as its Tardis sequence");
          }
        }
      }
      assertTrue(checked > 100, checked + " files checked");
      assertTrue(deleted > 0, "files with data were deleted");
      // deletes free their blocks: every block the NameNode holds is a live file's
      long held = 0;
      for (RemoteIterator<LocatedFileStatus> it =
              fs.listFiles(new org.apache.hadoop.fs.Path("/"), true);
          it.hasNext(); ) {
        held += it.next().getBlockLocations().length;
      }
      assertEquals(held, cluster.cluster().getNamesystem().getBlocksTotal(), "blocks held");
      assertTrue(withData > 0 && bytes > 0, bytes + " bytes");
    }
    long blocks = cluster.cluster().getNamesystem().getBlocksTotal() - blocksBefore;
    assertTrue(blocks > 100, blocks + " blocks allocated by the NameNode");
    JsonNode counters = RunChecks.json(results, RunResults.COUNTERS);
    long phase1 =
        counters.path("phase1").path("MimesisBench").path(CounterNames.BYTES_WRITTEN).asLong();
    long phase2 =
        counters.path("phase2").path("MimesisBench").path(CounterNames.BYTES_WRITTEN).asLong();
    assertTrue(phase1 > 0 && phase2 > 0, counters.toString());

    // the same seed writes the same sizes in a run of its own (created files' names differ)
    Path again = dir.resolve("again");
    RunChecks.assertValidAndComplete(again, run("/again", again));
    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), new Configuration())) {
      assertEquals(sortedSizes(fs, root(fs, "/sized")), sortedSizes(fs, root(fs, "/again")));
    }
  }

  @Test
  void zeroSizeMakesEveryFileEmptyAndWritesNoBytes() throws Exception {
    Path results = dir.resolve("zero");
    RunChecks.assertValidAndComplete(results, run("/zero", results, "--zero-size"));
    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), new Configuration())) {
      Map<String, FileStatus> found = files(fs, root(fs, "/zero"));
      assertTrue(found.size() > 100, found.size() + " files");
      for (FileStatus st : found.values()) {
        assertEquals(0, st.getLen(), st.getPath().toString());
      }
    }
    JsonNode counters = RunChecks.json(results, RunResults.COUNTERS);
    for (String phase : List.of("phase1", "phase2")) {
      assertEquals(
          0,
          counters.path(phase).path("MimesisBench").path(CounterNames.BYTES_WRITTEN).asLong(),
          phase);
    }
  }

  @Test
  void readDataReadsWhatOpensFind() throws Exception {
    // every open reads its file through the DataNodes: slower than the schedule on a small machine
    Path results = dir.resolve("read");
    JsonNode summary =
        RunChecks.assertValidAndComplete(
            results, run("/read", results, "--read-data", "--max-drift", "0"));
    assertTrue(summary.path("ops").path(Op.OPEN.label()).path("count").asLong() > 0);
    JsonNode ours =
        RunChecks.json(results, RunResults.COUNTERS).path("phase2").path("MimesisBench");
    assertTrue(ours.path(CounterNames.BYTES_READ).asLong() > 0, ours.toString());
  }

  @Test
  void replicationIsCappedToTheLiveDataNodesWithANote() {
    assertEquals(null, DataTransfer.cappedNote(3, 3));
    assertEquals(null, DataTransfer.cappedNote(5, 0)); // not HDFS: not capped
    assertTrue(DataTransfer.cappedNote(5, 1).contains("only 1 DataNode is live"));
    assertEquals(EmbeddedCluster.DATA_NODES, EmbeddedCluster.dataNodesFor(1));
    assertEquals(3, EmbeddedCluster.dataNodesFor(3));
    assertEquals(EmbeddedCluster.MAX_DATA_NODES, EmbeddedCluster.dataNodesFor(100));
  }

  /**
   * Each file's size as the run drew it, by its path under the namespace root: a pre-existing one's
   * from the seed and its path, a created one's from its create event (which the run issued).
   */
  private static Map<String, Long> expectedSizes(String runId, String base) {
    RunOptions options =
        GeneratorVectors.options().setProfile(profileDir.toString()).setSeed(SEED).build();
    RunPlan plan = RunPlan.of("test", profile, options, runId, new org.apache.hadoop.fs.Path(base));
    Map<String, Long> sizes = new HashMap<>();
    for (var type : plan.model().allTypes()) {
      for (String p : plan.layout().preExisting(type.index(), 0, 1)) {
        sizes.put(
            p, FileWrites.preExisting(type.sizes(), SEED, type.index(), p).preExisting().bytes());
      }
      TypeSchedule schedule =
          new TypeSchedule(plan.model(), type, plan.layout(), SEED, 0, 1, plan.runTag());
      for (EntryLife life = schedule.next(); life != null; life = schedule.next()) {
        while (!life.done()) {
          Event e = life.next();
          if (e.op() == Op.CREATE && e.write() != null) {
            sizes.put(life.path(), e.write().bytes());
          }
        }
      }
    }
    return sizes;
  }

  /** The run's namespace root under {@code base}: its one directory not the benchmark's own. */
  private static org.apache.hadoop.fs.Path root(FileSystem fs, String base) throws IOException {
    for (FileStatus st : fs.listStatus(new org.apache.hadoop.fs.Path(base))) {
      if (st.isDirectory() && !st.getPath().getName().startsWith(".")) {
        return st.getPath();
      }
    }
    throw new AssertionError("no namespace root under " + base);
  }

  /** Every file under {@code root}, by its path relative to it ("/d0/f3.t7"). */
  private static Map<String, FileStatus> files(FileSystem fs, org.apache.hadoop.fs.Path root)
      throws IOException {
    String prefix = root.toUri().getPath();
    Map<String, FileStatus> files = new HashMap<>();
    for (RemoteIterator<LocatedFileStatus> it = fs.listFiles(root, true); it.hasNext(); ) {
      LocatedFileStatus st = it.next();
      files.put(st.getPath().toUri().getPath().substring(prefix.length()), st);
    }
    return files;
  }

  private static List<Long> sortedSizes(FileSystem fs, org.apache.hadoop.fs.Path root)
      throws IOException {
    return files(fs, root).values().stream().map(FileStatus::getLen).sorted().toList();
  }
}
