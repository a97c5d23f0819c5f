package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mimesisbench.generator.RunChecks.PROFILE;
import static org.mimesisbench.generator.RunChecks.assertValidAndComplete;
import static org.mimesisbench.generator.RunChecks.json;
import static org.mimesisbench.generator.RunChecks.run;
import static org.mimesisbench.generator.RunChecks.treeOutside;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.jobhistory.JobHistoryParser;
import org.apache.hadoop.mapreduce.jobhistory.JobHistoryParser.JobInfo;
import org.apache.hadoop.mapreduce.jobhistory.JobHistoryParser.TaskAttemptInfo;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.mapreduce.v2.jobhistory.JHAdminConfig;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.generator.RunChecks.Outcome;
import org.mimesisbench.generator.results.RunResults;

/**
 * The run on YARN, as on a cluster: an in-process ResourceManager with two NodeManagers
 * (MiniMRYarnCluster), every task in a container JVM of its own, against an in-process HDFS. Each
 * NodeManager has room for 8 small containers, so the phase-2 mappers (the vector profile's 8
 * types, the heavy ones on more than one: 13) and the application master run at once (the start
 * barrier needs every mapper running) and spread over both nodes.
 */
@Tag("slow")
class YarnRunTest {
  private static final int CONTAINERS_PER_NODE = 8;
  private static final int TYPES = 8; // profiles/vectors
  private static final int CONTAINER_MB = 256;

  /** Containers start quicker on a small machine without the optimizing compiler. */
  private static final String JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC";

  @TempDir static Path tmp;
  static MiniDFSCluster dfs;
  static MiniMRYarnCluster yarn;

  @BeforeAll
  static void start() throws IOException {
    Configuration conf = new Configuration();
    dfs = new MiniDFSCluster.Builder(conf, tmp.resolve("dfs").toFile()).numDataNodes(1).build();
    dfs.waitActive();
    conf.set(FileSystem.FS_DEFAULT_NAME_KEY, dfs.getURI().toString());
    conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, CONTAINER_MB);
    conf.setInt(YarnConfiguration.NM_PMEM_MB, CONTAINERS_PER_NODE * CONTAINER_MB);
    conf.setInt(YarnConfiguration.NM_VCORES, CONTAINERS_PER_NODE);
    // the NodeManager's environment gives containers their java (a node's hadoop-env.sh does this)
    conf.set(YarnConfiguration.NM_ADMIN_USER_ENV, "JAVA_HOME=" + System.getProperty("java.home"));
    // container logs are not looked at; kept for hours, they hold up each NodeManager's stop by 17
    // s
    conf.setLong(YarnConfiguration.NM_LOG_RETAIN_SECONDS, 1);
    yarn = new MiniMRYarnCluster(YarnRunTest.class.getSimpleName(), 2);
    yarn.init(conf);
    yarn.start();
  }

  @AfterAll
  static void stop() {
    if (yarn != null) {
      yarn.stop();
    }
    if (dfs != null) {
      dfs.shutdown(true);
    }
  }

  @Test
  void everyMapperRunsInAContainerOfItsOwnAndTheCountsAddUp() throws Exception {
    Configuration conf = new Configuration(yarn.getConfig());
    FileSystem hdfs = dfs.getFileSystem();
    org.apache.hadoop.fs.Path base = new org.apache.hadoop.fs.Path("/mimesisbench");
    // outside the base only the cluster's job history may change (YARN writes it for every job)
    org.apache.hadoop.fs.Path intermediateHistory =
        new org.apache.hadoop.fs.Path(conf.get(JHAdminConfig.MR_HISTORY_INTERMEDIATE_DONE_DIR));
    org.apache.hadoop.fs.Path doneHistory =
        new org.apache.hadoop.fs.Path(conf.get(JHAdminConfig.MR_HISTORY_DONE_DIR));
    org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path("/");
    Set<String> before = treeOutside(hdfs, root, base, intermediateHistory, doneHistory);
    Path results = tmp.resolve("results");

    // what a user gives on a small cluster: small containers, a shorter wait at the start barrier
    // the file types only: the vector's 18 directory types would need 18 more containers at once
    // than this cluster has (WholeWorkloadRunTest runs them, several types to a mapper)
    Outcome o =
        run(
            conf,
            "--profile",
            PROFILE.toString(),
            "--types",
            "0,1,2,3,4,5,6,7",
            "--time-scale",
            "0.05",
            // containers and counts, not timing: 13 container JVMs on a loaded 2-core CI host
            // fell 30 s behind, and a drift limit would make the run not valid
            "--max-drift",
            "0",
            "--out",
            results.toString(),
            "-D",
            "mapreduce.map.memory.mb=" + CONTAINER_MB,
            "-D",
            "mapreduce.reduce.memory.mb=" + CONTAINER_MB,
            "-D",
            "yarn.app.mapreduce.am.resource.mb=" + 2 * CONTAINER_MB,
            "-D",
            "mapreduce.map.java.opts=" + JVM,
            "-D",
            "mapreduce.reduce.java.opts=" + JVM,
            "-D",
            "yarn.app.mapreduce.am.command-opts=" + JVM,
            "--barrier-timeout",
            "2m");

    System.out.println(o.both());
    JsonNode summary = assertValidAndComplete(results, o);
    String runId = summary.path("runId").asText();
    assertEquals("yarn", summary.path("target").path("framework").asText());
    assertFalse(summary.path("target").path("embedded").asBoolean());
    assertEquals(dfs.getURI().toString(), summary.path("target").path("fileSystem").asText());
    int mappers = summary.path("workload").path("mappers").asInt();
    assertTrue(mappers >= TYPES && mappers + 2 <= 2 * CONTAINERS_PER_NODE, "mappers " + mappers);
    assertEquals(mappers, summary.path("overall").path("mappers").asInt());
    JsonNode jobCounters = group(json(results, RunResults.COUNTERS).path("phase2"), "Job Counters");
    assertEquals(mappers, jobCounters.path("Launched map tasks").asInt(), jobCounters.toString());
    assertEquals(1, jobCounters.path("Launched reduce tasks").asInt(), jobCounters.toString());
    assertTrue(
        jobCounters.path("Total vcore-milliseconds taken by all map tasks").asLong() > 0,
        jobCounters.toString());

    // the job history of phase 2: a map attempt per mapper, each succeeded at the first try in a
    // container
    // of its own (not the application master's), spread over both NodeManagers
    JobInfo phase2 =
        history(hdfs, "mimesisbench phase 2 (workload) " + runId, intermediateHistory, doneHistory);
    assertEquals("SUCCEEDED", phase2.getJobStatus());
    assertFalse(phase2.getUberized());
    assertEquals(mappers, phase2.getSucceededMaps());
    assertEquals(0, phase2.getFailedMaps() + phase2.getKilledMaps());
    Set<String> containers = new HashSet<>();
    containers.add(phase2.getLatestAMInfo().getContainerId().toString());
    Set<Integer> nodeManagers = new HashSet<>();
    int maps = 0;
    for (TaskAttemptInfo a : phase2.getAllCompletedTaskAttempts().values()) {
      if (a.getTaskType() == TaskType.MAP) {
        maps++;
        assertEquals("SUCCEEDED", a.getTaskStatus(), a.getAttemptId().toString());
        assertEquals(0, a.getAttemptId().getId(), "a retried mapper: " + a.getAttemptId());
        assertNotNull(a.getContainerId(), a.getAttemptId().toString());
        assertTrue(
            containers.add(a.getContainerId().toString()), "two tasks in " + a.getContainerId());
        nodeManagers.add(a.getPort());
      }
    }
    assertEquals(mappers, maps);
    assertEquals(2, nodeManagers.size(), "the mappers ran on NodeManagers " + nodeManagers);

    // the job's staging (job.jar, job.xml, splits) is under the base, as everything the run makes
    assertEquals(before, treeOutside(hdfs, root, base, intermediateHistory, doneHistory));
    assertTrue(
        hdfs.exists(
            new org.apache.hadoop.fs.Path(base, ".mimesisbench/runs/" + runId + "/staging")));
  }

  /** The counter group whose display name is {@code name} (MapReduce pads some with a space). */
  private static JsonNode group(JsonNode counters, String name) {
    for (Iterator<Map.Entry<String, JsonNode>> it = counters.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> g = it.next();
      if (g.getKey().trim().equals(name)) {
        return g.getValue();
      }
    }
    throw new AssertionError("no counter group " + name + " in " + counters);
  }

  /** The job named {@code name}, parsed from its .jhist file in the cluster's history folders. */
  private static JobInfo history(FileSystem fs, String name, org.apache.hadoop.fs.Path... dirs)
      throws IOException {
    for (org.apache.hadoop.fs.Path dir : dirs) {
      if (!fs.exists(dir)) {
        continue;
      }
      RemoteIterator<LocatedFileStatus> files = fs.listFiles(dir, true);
      while (files.hasNext()) {
        LocatedFileStatus f = files.next();
        if (f.getPath().getName().endsWith(".jhist")) {
          JobInfo job = new JobHistoryParser(fs, f.getPath()).parse();
          if (name.equals(job.getJobname())) {
            return job;
          }
        }
      }
    }
    throw new AssertionError("no job history of " + name);
  }
}
