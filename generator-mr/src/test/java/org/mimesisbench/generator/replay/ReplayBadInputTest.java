package org.mimesisbench.generator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.trace.AuditEvent;

/**
 * Bad input to replay (and sweep --replay): one line on stderr naming what is wrong, exit code 2,
 * nothing created.
 */
class ReplayBadInputTest {
  @TempDir Path dir;

  private String refused(String command, String... args) {
    Path out = dir.resolve("out");
    Path base = dir.resolve("base");
    List<String> argv =
        new ArrayList<>(List.of(command, "--out", out.toString(), "--base-dir", "file://" + base));
    argv.addAll(List.of(args));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        new MimesisBench(
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .execute(new Configuration(), argv.toArray(new String[0]));
    String message = err.toString(StandardCharsets.UTF_8).strip();
    assertEquals(2, exit, message);
    assertEquals(1, message.lines().count(), message);
    assertFalse(Files.exists(out), "no results folder");
    assertFalse(Files.exists(base), "no base directory");
    return message;
  }

  @Test
  void aTraceWithoutEvents() throws Exception {
    Path trace = Files.createDirectories(dir.resolve("trace"));
    Files.copy(SampleTrace.DIR.resolve("namespace.avro"), trace.resolve("namespace.avro"));
    String m = refused("replay", "--trace", trace.toString());
    assertTrue(m.contains("--trace " + trace + ": no events.avro"), m);
  }

  @Test
  void noTraceAtAll() {
    Path nowhere = dir.resolve("nowhere");
    String m = refused("replay", "--trace", nowhere.toString());
    assertTrue(m.contains("replay: --trace " + nowhere + ": no such directory"), m);
    assertTrue(refused("replay").contains("trace"), "--trace is required");
  }

  @Test
  void eventsThatAreNotATrace() throws Exception {
    Path trace = Files.createDirectories(dir.resolve("trace"));
    Files.writeString(trace.resolve("events.avro"), "not avro");
    String m = refused("replay", "--trace", trace.toString());
    assertTrue(m.contains("events.avro: not an Avro file of AuditEvent records"), m);
  }

  @Test
  void aTraceWithNothingToReplay() throws Exception {
    Path trace = Files.createDirectories(dir.resolve("trace"));
    try (DataFileWriter<AuditEvent> w =
        new DataFileWriter<>(new SpecificDatumWriter<>(AuditEvent.class))) {
      w.create(AuditEvent.getClassSchema(), trace.resolve("events.avro").toFile());
      w.append(
          AuditEvent.newBuilder()
              .setTime(1)
              .setOp("fsck")
              .setCmd("fsck")
              .setSrc("/d")
              .setUser("hdfs")
              .setAllowed(true)
              .build());
    }
    String m = refused("replay", "--trace", trace.toString());
    assertTrue(m.contains("none of its 1 calls is replayed") && m.contains("fsck"), m);
  }

  @Test
  void badOptions() {
    String t = SampleTrace.DIR.toString();
    assertTrue(
        refused("replay", "--trace", t, "--users", "some")
            .contains("--users some: expected recorded or one"));
    assertTrue(
        refused("replay", "--trace", t, "--mappers", "0")
            .contains("--mappers 0: must be 1 to 1000"));
    assertTrue(
        refused("replay", "--trace", t, "--time-scale", "-1")
            .contains("--time-scale -1: must be >= 0"));
    assertTrue(
        refused("replay", "--trace", t, "--span-scale", "2")
            .contains("Unrecognized option: --span-scale"),
        "a profile's options are not a replay's");
  }

  @Test
  void aGroupsFileThatIsNotAStaticMapping() throws Exception {
    String t = SampleTrace.DIR.toString();
    Path groups = Files.writeString(dir.resolve("groups"), "backup=supergroup\nalice\n");
    String m = refused("replay", "--trace", t, "--groups", groups.toString());
    assertTrue(
        m.contains("--groups " + groups + ": line 2: 'alice': expected user=group,group"), m);
    m = refused("replay", "--trace", t, "--groups", dir.resolve("nowhere").toString());
    assertTrue(m.endsWith("nowhere: no such file"), m);
  }

  @Test
  void aSweepOfAProfileOrOfATraceNotBoth() {
    String m =
        refused(
            "sweep", "--replay", SampleTrace.DIR.toString(), "--profile", "p", "--time-scale", "1");
    assertTrue(
        m.contains("give --profile (runs of a profile) or --replay (replays of a trace), one"), m);
    Path nowhere = dir.resolve("nowhere");
    m = refused("sweep", "--replay", nowhere.toString(), "--time-scale", "1,0");
    assertTrue(m.contains("sweep: --replay " + nowhere + ": no such directory"), m);
  }

  @Test
  void aSweepsReplayErrorsNameTheSweep() throws Exception {
    Path groups = Files.writeString(dir.resolve("groups"), "alice\n");
    String m =
        refused(
            "sweep",
            "--replay",
            SampleTrace.DIR.toString(),
            "--time-scale",
            "1,0",
            "--groups",
            groups.toString());
    assertTrue(m.contains("sweep: --groups " + groups + ": line 1: 'alice'"), m);
    m = refused("replay", "--trace", SampleTrace.DIR.toString(), "--groups", groups.toString());
    assertTrue(m.contains("replay: --groups " + groups + ": line 1: 'alice'"), m);
  }
}
