package org.mimesisbench.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar against a cluster started apart from it, as a user's is: Hadoop's own
 * MiniHadoopClusterManager in a process of its own (HDFS, a ResourceManager with two NodeManagers
 * of 3 GiB, a JobHistoryServer, Hadoop's default settings: 1 GiB map containers, a 1.5 GiB
 * application master, rounded to 2 GiB), given to the run only as the configuration file the
 * cluster wrote. The history server looks for job history where this client's configuration does
 * not say, so a run that needed it for counters would fail here.
 */
@Tag("slow")
@TestMethodOrder(
    MethodOrderer.OrderAnnotation.class) // the refusal counts the room of an idle cluster
class YarnClusterIT {
  private static final Path JAR = Path.of("target/mimesisbench.jar").toAbsolutePath();
  private static final Path PROFILE = Path.of("../profiles/vectors/profile").toAbsolutePath();
  private static final Path TRACE = Path.of("../tests/sample-trace/trace").toAbsolutePath();
  private static final String JAVA =
      Path.of(System.getProperty("java.home"), "bin", "java").toString();

  /**
   * Map containers the cluster runs at once beside an application master: 1 + 3 GiB of 2 x 3 GiB
   * (on two cores every container JVM costs the runs' timing: four pack as well as six).
   */
  private static final int SLOTS = 4;

  /**
   * The cluster's folder, its task logs included: kept after the test, for a failure's container
   * logs.
   */
  private static final Path CLUSTER = Path.of("target/yarn-cluster-it").toAbsolutePath();

  @TempDir static Path dir;
  static Process cluster;
  static Path config;
  static Configuration conf;

  @BeforeAll
  static void startCluster() throws Exception {
    config = dir.resolve("cluster.xml");
    List<String> command =
        new ArrayList<>(
            List.of(
                JAVA,
                "-cp",
                String.join(
                    File.pathSeparator,
                    JAR.toString(),
                    jarOf(org.junit.jupiter.api.Assertions.class),
                    jarOf(org.opentest4j.AssertionFailedError.class)),
                "org.apache.hadoop.mapreduce.MiniHadoopClusterManager",
                "-format",
                "-datanodes",
                "1",
                "-nodemanagers",
                "2",
                "-nnport",
                free(),
                "-rmport",
                free(),
                "-jhsport",
                free(),
                "-writeConfig",
                config.toString(),
                "-D",
                "yarn.minicluster.yarn.nodemanager.resource.memory-mb=3072"));
    // with fixed ports the cluster takes Hadoop's defaults for its other servers: free ones, beside
    // other builds
    for (String address :
        List.of(
            "yarn.resourcemanager.scheduler.address",
            "yarn.resourcemanager.resource-tracker.address",
            "yarn.resourcemanager.admin.address",
            "yarn.resourcemanager.webapp.address",
            "mapreduce.jobhistory.admin.address",
            "mapreduce.jobhistory.webapp.address")) {
      command.addAll(List.of("-D", address + "=localhost:" + free()));
    }
    deleteTree(CLUSTER);
    Files.createDirectories(CLUSTER);
    long t0 = System.nanoTime();
    cluster =
        new ProcessBuilder(command)
            .directory(CLUSTER.toFile())
            .redirectErrorStream(true)
            .redirectOutput(CLUSTER.resolve("cluster.log").toFile())
            .start();
    conf = new Configuration(false);
    while (!Files.exists(config)
        || running(2) < 2) { // the file is written once every server started
      assertTrue(cluster.isAlive(), "the cluster stopped: " + tail(CLUSTER.resolve("cluster.log")));
      assertTrue(
          System.nanoTime() - t0 < TimeUnit.MINUTES.toNanos(6),
          "the cluster did not start in 6 minutes");
      Thread.sleep(1_000);
    }
    System.out.printf("cluster: up in %.0f s%n", (System.nanoTime() - t0) / 1e9);
  }

  /** Running NodeManagers, once the configuration is written; 0 before. */
  private static int running(int expected) throws Exception {
    if (conf.get("yarn.resourcemanager.address") == null) {
      Thread.sleep(2_000); // written as it is read: let it end
      conf.addResource(new org.apache.hadoop.fs.Path(config.toUri()));
    }
    try (YarnClient yarn = yarn()) {
      return yarn.getNodeReports(NodeState.RUNNING).size();
    }
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (cluster == null) {
      return;
    }
    List<ProcessHandle> containers =
        cluster.descendants().toList(); // task JVMs the NodeManagers started
    cluster.destroy();
    assertTrue(
        cluster.waitFor(60, TimeUnit.SECONDS)
            || cluster.destroyForcibly().waitFor(30, TimeUnit.SECONDS));
    containers.forEach(ProcessHandle::destroy);
  }

  private static YarnClient yarn() {
    YarnClient yarn = YarnClient.createYarnClient();
    yarn.init(conf);
    yarn.start();
    return yarn;
  }

  private static void deleteTree(Path p) throws IOException {
    if (Files.exists(p)) {
      try (Stream<Path> all = Files.walk(p)) {
        for (Path f : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(f);
        }
      }
    }
  }

  private static String free() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return Integer.toString(s.getLocalPort());
    }
  }

  private static String jarOf(Class<?> c) throws Exception {
    return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
  }

  private static String tail(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
  }

  /** The jar's run against the cluster: only its written configuration and the framework. */
  private static Process run(Path out, String... more) throws IOException {
    return jar(out, "run", "--profile", PROFILE.toString(), more);
  }

  /** The jar's {@code command} ({@code run}, {@code replay}) on {@code path}, on the cluster. */
  private static Process jar(Path out, String command, String input, String path, String... more)
      throws IOException {
    List<String> line =
        new ArrayList<>(
            List.of(
                JAVA,
                "-jar",
                JAR.toString(),
                command,
                input,
                path,
                "--out",
                out.toString(),
                "--base-dir",
                "/bench-" + out.getFileName()));
    line.addAll(List.of(more));
    line.addAll(List.of("-conf", config.toString(), "-D", "mapreduce.framework.name=yarn"));
    return new ProcessBuilder(line).redirectErrorStream(true).start();
  }

  private static String finish(Process p, int expected, long minutes) throws Exception {
    CompletableFuture<String> output =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
              } catch (IOException e) {
                return e.toString();
              }
            });
    assertTrue(p.waitFor(minutes, TimeUnit.MINUTES), "still running after " + minutes + " minutes");
    String printed = output.get();
    assertEquals(expected, p.exitValue(), printed);
    return printed;
  }

  /**
   * The vector profile's 46 shares (8 file types, the heavy ones on several mappers, 18 directory
   * types and the cluster's calls) on a queue with 4 map containers at once: packed into 4 mappers,
   * both phases' counters kept though the history server never sees the jobs.
   */
  @Test
  @Order(2)
  void aRunOnTheClusterKeepsBothPhasesCountersAndPacksWhatTheQueueCannotRunAtOnce()
      throws Exception {
    Path out = dir.resolve("packed");
    long t0 = System.nanoTime();
    // packing and counters, not timing: with no drift limit a loaded host (the other fork's
    // HA cluster beside it in CI) cannot stop 4 mappers issuing 45 shares at 50x
    String printed = finish(run(out, "--time-scale", "0.02", "--max-drift", "0"), 0, 15);
    System.out.printf("packed run: %.0f s%n%s%n", (System.nanoTime() - t0) / 1e9, printed);
    assertTrue(
        printed.contains("queue default can run " + SLOTS + " mappers beside it now")
            && printed.contains("packed into " + SLOTS + " mappers"),
        printed);
    assertTrue(printed.contains("start barrier: "), "the barrier's progress: " + printed);
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertTrue(summary.path("valid").asBoolean(), summary.path("invalidBecause").toString());
    assertEquals("yarn", summary.path("target").path("framework").asText());
    assertEquals(SLOTS, summary.path("workload").path("mapTasks").asInt());
    assertEquals(
        summary.path("overall").path("scheduled").asLong(),
        summary.path("overall").path("count").asLong());
    assertTrue(
        summary.path("namespace").path("entries").asLong() > 0,
        summary.path("namespace").toString());
    assertFalse(
        summary.path("notes").toString().contains("could not be read"),
        summary.path("notes").toString());
    JsonNode counters = new ObjectMapper().readTree(out.resolve("counters.json").toFile());
    for (String phase : List.of("phase1", "phase2")) {
      assertTrue(counters.path(phase).path("MimesisBench").size() > 0, phase + ": " + counters);
    }
  }

  @Test
  @Order(1)
  void askingForMoreMappersThanTheQueueRunsAtOnceIsRefusedAtOnce() throws Exception {
    long t0 = System.nanoTime();
    String printed = finish(run(dir.resolve("refused"), "--mappers", "12"), 2, 1).strip();
    System.out.printf("refused in %.0f s: %s%n", (System.nanoTime() - t0) / 1e9, printed);
    assertTrue(
        printed.endsWith(
            "mimesisbench: run: phase 2 needs 13 containers at once (12 mappers of 1024 MB and"
                + " the application master's 2048 MB); queue default can run "
                + SLOTS
                + " mappers beside it now: use"
                + " --mappers "
                + SLOTS
                + ", smaller containers (-D mapreduce.map.memory.mb) or a larger queue"),
        printed);
    assertTrue(Files.notExists(dir.resolve("refused").resolve("summary.json")));
  }

  /**
   * SIGTERM to the client while its job runs: the application is killed, not left running (phase
   * 1's, the first to run: the same hook kills phase 2's, whose mappers would wait at the barrier).
   */
  @Test
  @Order(3)
  void stoppingTheClientKillsItsApplication() throws Exception {
    Process client = run(dir.resolve("stopped"), "--time-scale", "1");
    BufferedReader r =
        new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder seen = new StringBuilder();
    for (String line = r.readLine();
        line != null && !line.startsWith("phase 1:");
        line = r.readLine()) {
      seen.append(line).append('\n');
    }
    Matcher id = Pattern.compile("(?m)^run (\\S+): ").matcher(seen);
    assertTrue(id.find(), seen.toString());
    ApplicationReport app = application("mimesisbench phase 1 (namespace) " + id.group(1));
    assertTrue(
        EnumSet.of(YarnApplicationState.ACCEPTED, YarnApplicationState.RUNNING)
            .contains(app.getYarnApplicationState()),
        app.getYarnApplicationState() + "\n" + seen);
    CompletableFuture<String> rest =
        CompletableFuture.supplyAsync(
            () -> {
              StringBuilder b = new StringBuilder();
              try {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                  b.append(line).append('\n');
                }
              } catch (IOException e) {
                b.append(e); // the stream closes with the process
              }
              return b.toString();
            });
    long t0 = System.nanoTime();
    client.toHandle().destroy(); // SIGTERM, as Ctrl-C (Process.destroy would also close its output)
    assertTrue(
        client.waitFor(2, TimeUnit.MINUTES), "the client still runs 2 minutes after SIGTERM");
    System.out.printf(
        "stopped: client gone after %.0f s: %s%n", (System.nanoTime() - t0) / 1e9, rest.get());
    assertTrue(
        rest.get().contains("run: interrupted (SIGTERM or Ctrl-C): killed job"), seen + rest.get());
    assertEquals(
        1, rest.get().lines().filter(l -> l.contains("interrupted")).count(), seen + rest.get());
    YarnApplicationState state = application(app.getName()).getYarnApplicationState();
    for (int wait = 0;
        wait < 60 && state != YarnApplicationState.KILLED;
        wait++) { // its AM unregisters
      Thread.sleep(1_000);
      state = application(app.getName()).getYarnApplicationState();
    }
    assertEquals(YarnApplicationState.KILLED, state);
  }

  /** The application named {@code name}, as the ResourceManager reports it now. */
  /**
   * A replay on the cluster (`hadoop jar ... replay`): the sample trace's events, partitioned into
   * files in the run's folder on HDFS, read there by the mappers; every call replayed, the trace's
   * denials as recorded.
   */
  @Test
  @Order(4)
  void aReplayOnTheClusterIssuesEveryCallOfTheTrace() throws Exception {
    Path out = dir.resolve("replay");
    long t0 = System.nanoTime();
    String printed =
        finish(jar(out, "replay", "--trace", TRACE.toString(), "--time-scale", "0"), 0, 15);
    System.out.printf("replay: %.0f s%n%s%n", (System.nanoTime() - t0) / 1e9, printed);
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    assertTrue(summary.path("valid").asBoolean(), summary.path("invalidBecause").toString());
    assertEquals("yarn", summary.path("target").path("framework").asText());
    JsonNode replay = summary.path("replay");
    assertEquals(6789, replay.path("replayed").asLong(), replay.toString());
    assertEquals(0, replay.path("notReplayed").size(), replay.path("notReplayed").toString());
    JsonNode outcomes = replay.path("outcomes");
    // the trace's denials come out as recorded; this cluster was not given the users' groups the
    // replay prints (README), so a few calls the trace allowed may be denied here
    assertEquals(5, outcomes.path("deniedAsRecorded").asLong(), outcomes.toString());
    assertEquals(0, outcomes.path("allowedButDeniedInTrace").asLong(), outcomes.toString());
  }

  private static ApplicationReport application(String name) throws Exception {
    try (YarnClient yarn = yarn()) {
      for (ApplicationReport a : yarn.getApplications(EnumSet.allOf(YarnApplicationState.class))) {
        if (a.getName().equals(name)) {
          return a;
        }
      }
    }
    throw new AssertionError("the ResourceManager has no application " + name);
  }
}
