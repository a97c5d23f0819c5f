package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.line.LogTimestamps;
import org.mimesisbench.audit.line.MalformedLineException;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.generator.infra.EmbeddedCluster;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.ClusterSchedule;
import org.mimesisbench.run.RunOp;

/**
 * Runs of the benchmark against a real NameNode (one MiniDFSCluster for the class, each run in a
 * base directory of its own), checked against the NameNode's own audit log.
 */
@Tag("slow")
@Tag("paced") // its assertions time what it runs: generator-mr runs it alone
class RunEndToEndTest {
  @TempDir static Path dir;
  private static EmbeddedCluster cluster;
  private static Path auditLog;
  private static final Map<String, Run> RUNS = new HashMap<>();

  record Run(int exit, JsonNode summary, List<String[]> audit, String output) {
    long count(String op) {
      return summary.path("ops").path(op).path("count").asLong();
    }

    /**
     * The audit lines of phase 2: from the schedule's time zero on (phase 1 and the clients'
     * warm-up come before it).
     */
    List<String[]> workload() {
      long start = summary.path("workload").path("startMs").asLong();
      return audit.stream().filter(a -> Long.parseLong(a[3]) >= start - CLOCK_SLACK_MS).toList();
    }

    long accesses() {
      return count("open") + count("listStatus") + count("getFileInfo");
    }
  }

  @BeforeAll
  static void startCluster() throws IOException {
    auditLog = dir.resolve("audit.log");
    cluster = EmbeddedCluster.start(new Configuration(), dir.resolve("dfs"), auditLog, 1);
  }

  @AfterAll
  static void stopCluster() {
    cluster.close();
  }

  /** Runs the benchmark with {@code args} in base {@code /<name>}, once per name. */
  static Run run(String name, String... args) throws Exception {
    return runIn(name, name, args);
  }

  /** Runs the benchmark with {@code args} in base {@code /<base>}, once per name. */
  static synchronized Run runIn(String name, String base, String... args) throws Exception {
    if (RUNS.containsKey(name)) {
      return RUNS.get(name);
    }
    long auditBefore = Files.readAllLines(auditLog).size();
    List<String> argv =
        new ArrayList<>(
            List.of(
                "run",
                "--profile",
                GeneratorVectors.PROFILE.toString(),
                "--base-dir",
                "/" + base,
                "--out",
                dir.resolve("results-" + name).toString(),
                "-fs",
                cluster.uri().toString()));
    argv.addAll(List.of(args));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit =
        new MimesisBench(new PrintStream(out, true, StandardCharsets.UTF_8), System.err)
            .execute(new Configuration(), argv.toArray(new String[0]));
    JsonNode summary =
        new ObjectMapper()
            .readTree(dir.resolve("results-" + name).resolve("summary.json").toFile());
    List<String> lines = Files.readAllLines(auditLog);
    List<String[]> audit = new ArrayList<>();
    for (String line : lines.subList((int) auditBefore, lines.size())) {
      audit.add(fields(line));
    }
    Run r = new Run(exit, summary, audit, out.toString(StandardCharsets.UTF_8));
    RUNS.put(name, r);
    return r;
  }

  /** The embedded NameNode's audit log4j writes local time. */
  private static final LogTimestamps TIMES = new LogTimestamps(ZoneId.systemDefault());

  /** cmd, src, dst and the epoch ms of an audit line. */
  private static String[] fields(String line) throws MalformedLineException {
    String cmd = null, src = null, dst = null;
    for (String f : line.substring(line.indexOf("allowed=")).split("\t")) {
      if (f.startsWith("cmd=")) {
        cmd = f.substring(4);
      } else if (f.startsWith("src=")) {
        src = f.substring(4);
      } else if (f.startsWith("dst=")) {
        dst = f.substring(4);
      }
    }
    return new String[] {cmd, src, dst, Long.toString(TIMES.parse(line, 0))};
  }

  private static final Pattern WORKLOAD_FILE =
      Pattern.compile(".*/ns-\\w+/.*\\.t\\d+(\\._r\\d+)?$");
  private static final Pattern PRE_EXISTING = Pattern.compile(".*/f[0-9a-z]+\\.t\\d+$");

  /**
   * Audit counts of the workload's ops (phase 2) under the run's namespace root, by audit command.
   */
  private static Map<String, Long> workloadAudit(Run r) {
    String root = rootOf(r);
    Map<String, Long> counts = new HashMap<>();
    for (String[] a : r.workload()) {
      if (a[1] != null && a[1].startsWith(root + "/")) {
        counts.merge(a[0], 1L, Long::sum);
      }
    }
    return counts;
  }

  /**
   * The schedule's start is on the file system's clock; a mapper meets it to within a millisecond
   * or so.
   */
  private static final long CLOCK_SLACK_MS = 100;

  /**
   * The run most tests look at; it captures the (shared) audit log into its trace as a cluster run
   * would.
   */
  private static Run base() throws Exception {
    return run("base", "--time-scale", "0.05", "--capture-audit", auditLog.toString());
  }

  @Test
  void theRunsOwnTraceShowsTheIssuedOpsInTheWorkloadWindow() throws Exception {
    Run r = base();
    JsonNode workload = r.summary().path("workload");
    long start = workload.path("startMs").asLong();
    long end = workload.path("endMs").asLong();
    assertTrue(start > 0 && end >= start, workload.toString());
    String root = rootOf(r) + "/";
    Map<String, Long> traced = new HashMap<>();
    long phase1 = 0;
    for (GenericRecord e : baseTraceEvents()) {
      Object src = e.get("src");
      if (src == null || !src.toString().startsWith(root)) {
        continue; // other runs share this cluster's log
      }
      long t = (Long) e.get("time");
      if (t < start - CLOCK_SLACK_MS) {
        phase1++;
      } else if (t <= end + 1000) { // the log has millisecond times; the last op ends by endMs
        traced.merge(e.get("op").toString(), 1L, Long::sum);
      }
    }

    assertTrue(phase1 > 0, "phase 1 created the namespace before the schedule's start");
    issuedByCommand(r)
        .forEach(
            (command, issued) ->
                assertEquals(issued, traced.getOrDefault(command, 0L), "trace " + command));
  }

  /**
   * Each workload call names in its caller context when it was due and when it began, which the
   * embedded NameNode logs: due within the workload, begun at or after due, logged at or after its
   * begin (the log's milliseconds are cut, hence a millisecond's slack).
   */
  @Test
  void eachWorkloadCallNamesWhenItWasDueAndBegan() throws Exception {
    Run r = base();
    JsonNode workload = r.summary().path("workload");
    long start = workload.path("startMs").asLong();
    long end = workload.path("endMs").asLong();
    String root = rootOf(r) + "/";
    String prefix = RunOp.getClassSchema().getProp("callerContextPrefix");
    int marked = 0;
    for (GenericRecord e : baseTraceEvents()) {
      Object src = e.get("src");
      long t = (Long) e.get("time");
      if (src == null || !src.toString().startsWith(root) || t < start - CLOCK_SLACK_MS) {
        continue; // another run's, or phase 1's
      }
      Object context = e.get("callerContext");
      assertNotNull(context, "the caller context of " + e);
      assertTrue(context.toString().startsWith(prefix), context.toString());
      String[] times = context.toString().substring(prefix.length()).split("_");
      long dueMicros = Long.parseLong(times[0]);
      long begunMicros = Long.parseLong(times[1]);
      assertTrue(dueMicros / 1000 >= start - 1 && dueMicros / 1000 <= end, context + " " + e);
      assertTrue(begunMicros >= dueMicros, context.toString());
      assertTrue(t >= begunMicros / 1000 - 1, t + " logged before " + context);
      marked++;
    }

    assertTrue(marked > 100, marked + " calls marked");
  }

  /** The path of the run's namespace root (its summary's target.namespaceRoot). */
  private static String rootOf(Run r) {
    return java.net.URI.create(r.summary().path("target").path("namespaceRoot").asText()).getPath();
  }

  /** The events of the base run's own trace (parsed from the cluster's shared audit log). */
  private static List<GenericRecord> baseTraceEvents() throws IOException {
    List<GenericRecord> all = new ArrayList<>();
    try (DataFileReader<GenericRecord> events =
        new DataFileReader<>(
            dir.resolve("results-base").resolve("trace").resolve("events.avro").toFile(),
            new GenericDatumReader<>())) {
      events.forEach(all::add);
    }
    return all;
  }

  /** What the run issued by audit command (a probe is a getfileinfo or listStatus too). */
  private static Map<String, Long> issuedByCommand(Run r) {
    Map<String, Long> issued = new HashMap<>();
    for (Op op : Op.values()) {
      issued.merge(op.auditCommand(), r.count(op.label()), Long::sum);
    }
    return issued;
  }

  @Test
  void theTimelineHasEachSecondsOpsAndDrift() throws Exception {
    Run r = base();
    List<String> rows = Files.readAllLines(dir.resolve("results-base").resolve("timeline.csv"));
    assertTrue(
        rows.get(0).startsWith("second,") && rows.get(0).endsWith(",total,maxLatenessUs"),
        rows.get(0));
    long total = 0;
    long lateSeconds = 0;
    for (String row : rows.subList(1, rows.size())) {
      String[] f = row.split(",");
      total += Long.parseLong(f[f.length - 2]);
      lateSeconds += Long.parseLong(f[f.length - 1]) > 0 ? 1 : 0;
    }
    assertEquals(r.summary().path("overall").path("count").asLong(), total);
    assertTrue(
        lateSeconds > 0, "a paced run's ops are issued some microseconds after they are due");
  }

  @Test
  void theSummaryRecordsTheEnvironmentAndTheSettingsGiven() throws Exception {
    JsonNode env = base().summary().path("environment");
    assertEquals(org.apache.hadoop.util.VersionInfo.getVersion(), env.path("hadoop").asText());
    assertEquals(
        cluster.uri().toString(),
        env.path("settings").path("fs.defaultFS").asText(),
        env.toString());
    assertEquals("the cluster's", env.path("dataNodes").asText());
  }

  @Test
  void theSummaryRecordsWhatThisJvmSpentInPhase2() throws Exception {
    JsonNode jvm = base().summary().path("jvm");
    assertTrue(jvm.path("scope").asText().contains("every mapper"), jvm.toString());
    assertTrue(
        jvm.path("cpuSeconds").asDouble() > 0 && jvm.path("cores").asDouble() > 0, jvm.toString());
    long ops = base().summary().path("overall").path("count").asLong();
    assertEquals(
        jvm.path("cpuSeconds").asDouble() * 1e6 / ops,
        jvm.path("cpuMicrosPerOp").asDouble(),
        0.01 * jvm.path("cpuMicrosPerOp").asDouble() + 0.01,
        jvm.toString());
    assertTrue(
        jvm.path("collections").asLong() >= 0 && jvm.has("collectionSeconds"), jvm.toString());
  }

  @Test
  void theAuditLogShowsExactlyTheScheduledOps() throws Exception {
    Run r = base();
    assertEquals(0, r.exit(), r.output());
    assertTrue(r.summary().path("valid").asBoolean());
    Map<String, Long> audit = workloadAudit(r);
    for (Op op : Op.values()) {
      assertEquals(
          r.summary().path("ops").path(op.label()).path("scheduled").asLong(),
          r.count(op.label()),
          op.label());
    }
    issuedByCommand(r)
        .forEach(
            (command, issued) ->
                assertEquals(issued, audit.getOrDefault(command, 0L), "audit log " + command));
    JsonNode counters =
        new ObjectMapper()
            .readTree(dir.resolve("results-base").resolve("counters.json").toFile())
            .path("phase2")
            .path("MimesisBench");
    for (Op op : Op.values()) {
      assertEquals(
          r.count(op.label()), counters.path(op.label()).asLong(), "counter " + op.label());
    }
    assertTrue(
        r.accesses() > 3000, "the vector profile's window has about 4,900 accesses on average");
    JsonNode expected = GeneratorVectors.schedule().get("expectedCommands").get("1.0");
    // one draw of the profile against the reference generator's mean, every call by audit command
    // (heavy tails: 15 %)
    Map<String, Long> issued = issuedByCommand(r);
    for (String command :
        List.of("create", "open", "listStatus", "getfileinfo", "delete", "mkdirs")) {
      double e = expected.get(command).asDouble();
      assertEquals(
          e, issued.get(command), 0.15 * e + 10, command + " against the profile's prediction");
    }
  }

  @Test
  void preExistingFilesExistBeforeTheWorkloadStarts() throws Exception {
    Run r = base();
    int lastPhase1 = -1;
    int firstAccess = Integer.MAX_VALUE;
    for (int i = 0; i < r.audit().size(); i++) {
      String[] a = r.audit().get(i);
      if (a[1] == null) {
        continue;
      }
      if (a[0].equals("create") && PRE_EXISTING.matcher(a[1]).matches()) {
        lastPhase1 = i;
      } else if (WORKLOAD_FILE.matcher(a[1]).matches()
          && List.of("open", "listStatus", "getfileinfo").contains(a[0])) {
        firstAccess = Math.min(firstAccess, i);
      }
    }
    assertTrue(lastPhase1 >= 0, "phase 1 created pre-existing files");
    assertTrue(
        lastPhase1 < firstAccess, "every pre-existing file was created before the first access");
  }

  @Test
  void noOperationTouchesAPathOutsideTheBaseDirectory() throws Exception {
    Run r = base();
    for (String[] a : r.audit()) {
      for (String path : new String[] {a[1], a[2]}) {
        if (path != null && !path.equals("null")) {
          // a stat of the base's own parent (the claim learns which folders it makes, so that a
          // run failing before its results removes them) reads, and changes, nothing outside
          boolean parentStat = a[0].equals("getfileinfo") && path.equals("/");
          assertTrue(
              path.startsWith("/base/") || path.equals("/base") || parentStat, a[0] + " " + path);
        }
      }
    }
  }

  @Test
  void halfTheTimeScaleTakesHalfTheTimeForTheSameOps() throws Exception {
    Run fast = base();
    Run slow = run("slow", "--time-scale", "0.1");
    assertEquals(
        fast.summary().path("overall").path("count").asLong(),
        slow.summary().path("overall").path("count").asLong());
    double ratio =
        fast.summary().path("overall").path("seconds").asDouble()
            / slow.summary().path("overall").path("seconds").asDouble();
    assertEquals(0.5, ratio, 0.05, "time of the run at time scale 0.05 against 0.1");
  }

  @Test
  void spanScaleTwoRoughlyDoublesAccessesPerFile() throws Exception {
    Run one = base();
    Run two = run("span2", "--time-scale", "0", "--span-scale", "2"); // the same events as paced
    assertEquals(0, two.exit(), two.output());
    double ratio = (double) two.accesses() / one.accesses();
    assertTrue(ratio > 1.1 && ratio < 2.1, "accesses at span scale 2 against 1: " + ratio);
    assertEquals(one.count("create"), two.count("create"), "the same files");
  }

  @Test
  void aLongerDurationStretchesTheScheduleAtItsRate() throws Exception {
    Run base = base(); // the profile's 231 s at time scale 0.05: 11.5 s
    Run twice = run("duration", "--time-scale", "0.05", "--duration", "23s");
    RunChecks.assertValidAndComplete(
        dir.resolve("results-duration"), new RunChecks.Outcome(twice.exit(), twice.output(), ""));
    double ratio = (double) twice.count("create") / base.count("create");
    assertTrue(ratio > 1.6 && ratio < 2.4, "creates in 23 s against 11.5 s: " + ratio);
    double seconds = twice.summary().path("overall").path("seconds").asDouble();
    assertTrue(seconds > 18 && seconds < 24, "the run took " + seconds + " s");
  }

  @Test
  void theDurationCapsTheWallClockAtTimeScaleZero() throws Exception {
    Run r =
        run(
            "capped",
            "--time-scale",
            "0",
            "--type-scale",
            "all=5",
            "--duration",
            "1s"); // 25,000 ops: many seconds back to back
    assertEquals(0, r.exit(), r.output());
    JsonNode overall = r.summary().path("overall");
    assertTrue(
        overall.path("count").asLong() < overall.path("scheduled").asLong(), overall.toString());
    // the schedule lasts over 10 s at this rate; a loaded 2-core CI took 2.1 s to stop
    assertTrue(overall.path("seconds").asDouble() < 5.0, overall.toString());
    assertTrue(
        r.summary().path("notes").toString().contains("the --duration ended"),
        r.summary().path("notes").toString());
  }

  @Test
  void isolationIssuesOnlyTheChosenTypes() throws Exception {
    Run r = run("isolated", "--time-scale", "0", "--types", "0,2");
    assertEquals(0, r.exit(), r.output());
    List<String> types = new ArrayList<>();
    r.summary().path("byType").fieldNames().forEachRemaining(types::add);
    assertEquals(List.of("0", "2"), types);
    Pattern chosen = Pattern.compile(".*\\.t[02](\\._r\\d+)?$");
    long workload = 0;
    for (String[] a : r.workload()) {
      if (a[1] != null
              && WORKLOAD_FILE.matcher(a[1]).matches()
              && !PRE_EXISTING.matcher(a[1]).matches()
          || a[1] != null && PRE_EXISTING.matcher(a[1]).matches() && !a[0].equals("create")) {
        assertTrue(chosen.matcher(a[1]).matches(), a[0] + " " + a[1]);
        workload++;
      }
    }
    assertTrue(workload > 100, "workload ops seen: " + workload);
  }

  @Test
  void flatPutsEveryFileInOneDirectoryAndMappersShareTypes() throws Exception {
    Run r = run("flat", "--time-scale", "0.02", "--flat", "--mappers-per-type", "2");
    assertEquals(0, r.exit(), r.output());
    for (JsonNode type : r.summary().path("byType")) {
      assertTrue(type.path("mappers").asInt() >= 2, "at least the mappers per type asked: " + type);
    }
    String root = rootOf(r);
    assertTrue(root.startsWith("/flat/flat-"), root);
    for (String[] a : r.audit()) {
      if (a[1] != null
          && a[1].startsWith(root + "/")
          && !a[0].equals("mkdirs")
          && !a[1].contains(".d")
          && !a[1].startsWith(root + ClusterSchedule.DENIED)) { // the denied calls' own folder
        assertEquals(root, a[1].substring(0, a[1].lastIndexOf('/')), a[0] + " " + a[1]);
      }
    }
    assertEquals(
        r.summary().path("overall").path("scheduled").asLong(),
        r.summary().path("overall").path("count").asLong());
  }

  /**
   * --mappers 2 packs every share into two map tasks; each share keeps its own pipeline and
   * statistics.
   */
  @Test
  void packedSharesKeepTheirTypesApartAndEveryOpIsIssued() throws Exception {
    Run r = run("packed", "--time-scale", "0.02", "--mappers", "2");
    assertEquals(0, r.exit(), r.output());
    JsonNode workload = r.summary().path("workload");
    assertEquals(2, workload.path("mapTasks").asInt(), workload.toString());
    assertTrue(workload.path("mappers").asInt() > 2, workload.toString());
    assertEquals(
        workload.path("mappers").asInt(), r.summary().path("overall").path("mappers").asInt());
    int types = 0;
    int mappers = 0;
    for (JsonNode type :
        r.summary().path("byType")) { // file types, directory types, the cluster's calls
      assertTrue(type.path("mappers").asInt() >= 1, type.toString());
      mappers += type.path("mappers").asInt();
      types++;
    }
    assertTrue(types >= workload.path("types").asInt(), r.summary().path("byType").toString());
    assertEquals(workload.path("mappers").asInt(), mappers);
    JsonNode overall = r.summary().path("overall");
    assertEquals(overall.path("scheduled").asLong(), overall.path("count").asLong());
  }

  @Test
  void aKilledRunIsReportedByTheNextAndCleanupRemovesEverything() throws Exception {
    FileSystem fs = FileSystem.get(cluster.uri(), new Configuration());
    Run first = run("killed", "--time-scale", "0.02");
    assertEquals(0, first.exit(), first.output());
    // a run whose driver died: its state says running
    try (var o =
        fs.create(
            new org.apache.hadoop.fs.Path(
                "/killed/.mimesisbench/runs/20260101-000000-dead00/state"))) {
      o.write("running\n".getBytes(StandardCharsets.UTF_8));
    }
    Run next = runIn("killed-again", "killed", "--time-scale", "0.02", "--cleanup");
    assertEquals(0, next.exit(), next.output());
    assertTrue(
        next.summary().path("notes").toString().contains("20260101-000000-dead00"),
        next.summary().path("notes").toString());
    assertEquals(
        1,
        fs.listStatus(new org.apache.hadoop.fs.Path("/killed")).length,
        "only .mimesisbench is left");
    assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/killed/.mimesisbench/runs")));
  }
}
