package org.mimesisbench.generator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.trace.AuditEvent;

/**
 * Replays of the bundled traces (the sample; the warehouse's snapshots, DistCp as a superuser and
 * group-only accesses) against the embedded HDFS (a real NameNode), checked against the issue's
 * bars on the replay's own audit log: every command within 1 % of the trace's calls, the command
 * mix within total variation 0.01, errors the trace did not have under 1 % of the calls, and at
 * time scale 0.5 half the time of the trace it covers (within 5 %; its whole window is a figure of
 * BENCHMARKS.md).
 */
@Tag("slow")
@Tag("paced") // its assertions time what it runs: generator-mr runs it alone
class ReplayEndToEndTest {
  @TempDir Path dir;

  private record Replay(Path trace, int exitCode, String out, JsonNode summary, Path results) {}

  private Replay replay(String name, String... args) throws Exception {
    return replay(SampleTrace.DIR, name, args);
  }

  private Replay replay(Path trace, String name, String... args) throws Exception {
    Path results = dir.resolve(name);
    List<String> argv =
        new ArrayList<>(
            List.of(
                "replay", "--trace", trace.toString(), "--out", results.toString(), "--verbose"));
    argv.addAll(List.of(args));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit =
        new MimesisBench(new PrintStream(out, true, StandardCharsets.UTF_8), System.err)
            .execute(new Configuration(), argv.toArray(new String[0]));
    String printed = out.toString(StandardCharsets.UTF_8);
    JsonNode summary = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
    return new Replay(trace, exit, printed, summary, results);
  }

  /**
   * Calls by command (allowed and denied) of {@code events} from {@code from} to {@code to}, under
   * {@code root}.
   */
  private static Map<String, Long> calls(Path events, String root, long from, long to)
      throws Exception {
    Map<String, Long> calls = new TreeMap<>();
    try (DataFileReader<AuditEvent> r =
        new DataFileReader<>(
            new File(events.toString()), new SpecificDatumReader<>(AuditEvent.class))) {
      for (AuditEvent e : r) {
        String src = e.getSrc() == null ? "" : e.getSrc();
        // the encryption zones' listing is logged on "/", whatever the replay's root
        boolean ours =
            src.isEmpty()
                || src.startsWith(root + "/")
                || src.startsWith("[" + root + "/")
                || src.equals(root)
                || e.getOp().equals("listEncryptionZones");
        if (ours && e.getTime() >= from && e.getTime() <= to) {
          calls.merge(e.getOp(), 1L, Long::sum);
        }
      }
    }
    return calls;
  }

  private static double totalVariation(Map<String, Long> a, Map<String, Long> b) {
    double na = a.values().stream().mapToLong(Long::longValue).sum();
    double nb = b.values().stream().mapToLong(Long::longValue).sum();
    Set<String> commands = new TreeSet<>(a.keySet());
    commands.addAll(b.keySet());
    return 0.5
        * commands.stream()
            .mapToDouble(c -> Math.abs(a.getOrDefault(c, 0L) / na - b.getOrDefault(c, 0L) / nb))
            .sum();
  }

  /** The bars on the replay's own trace; returns its calls by command. */
  private static Map<String, Long> assertBars(Replay r) throws Exception {
    return assertBars(r, Long.MAX_VALUE);
  }

  /**
   * The bars on the replay's own trace against the trace's calls up to {@code untilMs} (what a
   * --duration covers); returns its calls by command.
   */
  private static Map<String, Long> assertBars(Replay r, long untilMs) throws Exception {
    Map<String, Long> trace = calls(r.trace().resolve("events.avro"), "", Long.MIN_VALUE, untilMs);
    String root =
        java.net.URI.create(r.summary().path("target").path("namespaceRoot").asText()).getPath();
    long start = r.summary().path("workload").path("startMs").asLong() - 100;
    long end = r.summary().path("workload").path("endMs").asLong() + 1_000;
    Map<String, Long> replayed = calls(r.results().resolve("trace/events.avro"), root, start, end);
    for (Map.Entry<String, Long> c : trace.entrySet()) {
      long got = replayed.getOrDefault(c.getKey(), 0L);
      assertTrue(
          Math.abs(got - c.getValue()) <= 0.01 * c.getValue(),
          c.getKey()
              + ": "
              + got
              + " replayed of the trace's "
              + c.getValue()
              + "\n"
              + replayed
              + "\n"
              + r.out());
    }
    double tv = totalVariation(replayed, trace);
    assertTrue(tv <= 0.01, "command mix TV " + tv);
    long errors = r.summary().path("overall").path("errors").asLong();
    long count = r.summary().path("overall").path("count").asLong();
    assertTrue(errors < 0.01 * count, errors + " errors the trace did not have\n" + r.out());
    return replayed;
  }

  @Test
  void backToBackTheReplayIssuesTheTrace() throws Exception {
    Replay r = replay("ts0", "--time-scale", "0");
    assertEquals(0, r.exitCode(), r.out());
    assertTrue(r.summary().path("valid").asBoolean(), r.out());
    assertEquals(6789, r.summary().path("replay").path("replayed").asLong());
    assertEquals(
        0,
        r.summary().path("replay").path("notReplayed").size(),
        "every command of the sample has a call");
    assertEquals(
        5,
        r.summary().path("replay").path("outcomes").path("deniedAsRecorded").asLong(),
        "the trace's 5 denied calls are denied again");
    assertEquals(
        0, r.summary().path("replay").path("outcomes").path("deniedButAllowedInTrace").asLong());
    Map<String, Long> replayed = assertBars(r);
    assertEquals(1, replayed.get("concat"), "a concat of sources the replay gave a byte each");
    // the console says what the summary says: the denials are the trace's, not errors
    assertEquals(0, r.summary().path("overall").path("errors").asLong(), r.out());
    assertTrue(r.out().contains(" 0 errors"), r.out());
    assertTrue(r.out().contains("as recorded: 5 denied as in the trace"), r.out());
    assertTrue(
        r.summary().path("overall").path("users").asInt() > 1, "the recorded users: " + r.out());
  }

  @Test
  void atATenthOfTheTimeScaleItTakesATenthOfTheWindow() throws Exception {
    // the bar's time scale 0.5 is the warehouse trace's test; the sample's whole window at 0.5
    // would hold CI two minutes for the same check
    Replay r = replay("ts01", "--time-scale", "0.1");
    assertEquals(0, r.exitCode(), r.out());
    assertBars(r);
    assertTookTheScaledWindow(r, 0.1);
  }

  /**
   * The warehouse trace back to back: every call replayed, the snapshots made and read through,
   * DistCp's user a superuser as on the traced cluster; the trace's 2 denied listings denied again,
   * its 20 deletes of what was gone returning false again, and no other error.
   */
  @Test
  void theWarehouseTraceBackToBack() throws Exception {
    Replay r = replay(SampleTrace.WAREHOUSE, "warehouse-ts0", "--time-scale", "0");
    assertEquals(0, r.exitCode(), r.out());
    assertTrue(
        java.util.regex.Pattern.compile("groups, from the trace: .*backup=[^;]*supergroup;")
            .matcher(r.out())
            .find(),
        "the embedded NameNode's groups: " + r.out());
    JsonNode replay = r.summary().path("replay");
    assertEquals(3050, replay.path("replayed").asLong());
    assertEquals(0, replay.path("notReplayed").size(), replay.path("notReplayed").toString());
    JsonNode outcomes = replay.path("outcomes");
    assertEquals(2, outcomes.path("deniedAsRecorded").asLong(), outcomes.toString());
    assertEquals(20, outcomes.path("falseAsRecorded").asLong(), outcomes.toString());
    assertEquals(0, outcomes.path("deniedButAllowedInTrace").asLong(), outcomes.toString());
    assertEquals(0, outcomes.path("allowedButDeniedInTrace").asLong(), outcomes.toString());
    Map<String, Long> replayed = assertBars(r);
    assertEquals(2, replayed.get("createSnapshot"));
    assertEquals(2, replayed.get("deleteSnapshot"));
    assertEquals(
        0,
        r.summary().path("overall").path("errors").asLong(),
        "the denied listings are outcomes as recorded, not errors\n" + r.out());
  }

  /**
   * --groups over the inferred groups: DistCp's user in no group is denied what the trace allowed
   * it.
   */
  @Test
  void givenGroupsAreTheEmbeddedNameNodes() throws Exception {
    Path groups =
        java.nio.file.Files.writeString(dir.resolve("groups"), "# no superuser\nbackup=\n");
    Replay r =
        replay(
            SampleTrace.WAREHOUSE,
            "warehouse-groups",
            "--time-scale",
            "0",
            "--groups",
            groups.toString());
    assertTrue(r.out().contains("from the trace and --groups: backup=;etl=hive;"), r.out());
    JsonNode outcomes = r.summary().path("replay").path("outcomes");
    assertTrue(outcomes.path("deniedButAllowedInTrace").asLong() > 0, outcomes.toString());
    assertEquals(2, outcomes.path("deniedAsRecorded").asLong(), outcomes.toString());
  }

  /**
   * The warehouse trace's first minute (1,418 calls; its last at 59.9 s) at time scale 0.5: the
   * pacing its whole window checked, in 30 s of CI, not 79.
   */
  @Test
  void theWarehouseTraceAtHalfTheTimeScaleTakesHalfTheTimeItCovers() throws Exception {
    Replay r =
        replay(SampleTrace.WAREHOUSE, "warehouse-ts05", "--time-scale", "0.5", "--duration", "30s");
    assertEquals(0, r.exitCode(), r.out());
    JsonNode replay = r.summary().path("replay");
    assertEquals(1418, replay.path("replayed").asLong(), replay.toString());
    assertBars(r, replay.path("startMs").asLong() + 60_000 - 1);
    assertTook(r, 30_000);
  }

  /** Phase 2 took the trace's window times {@code timeScale}, within 5 %. */
  private static void assertTookTheScaledWindow(Replay r, double timeScale) {
    assertTook(r, timeScale * r.summary().path("replay").path("windowMs").asDouble());
  }

  /** Phase 2 took {@code expectedMs}, within 5 %. */
  private static void assertTook(Replay r, double expectedMs) {
    double took =
        r.summary().path("workload").path("endMs").asLong()
            - r.summary().path("workload").path("startMs").asLong();
    assertTrue(
        Math.abs(took / expectedMs - 1) <= 0.05,
        "took " + took + " ms of the expected " + expectedMs);
  }
}
