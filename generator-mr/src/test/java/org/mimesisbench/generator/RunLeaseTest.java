package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.generator.infra.EmbeddedCluster;
import org.mimesisbench.generator.infra.YarnCapacity;

/**
 * One run per base directory and per --out: while a run is live, a second one on its base (with
 * --cleanup) or on its --out (with --overwrite) is refused before it deletes anything, and the live
 * run ends valid with all its files; a killed run's leases are taken over with a note; a run that
 * fails after claiming its base on HDFS leaves nothing there.
 */
@Tag("slow")
class RunLeaseTest {
  @TempDir Path dir;

  /** A command's exit code and what it printed. */
  private record Ran(int exit, String out, String err) {}

  private static Ran mimesis(String... argv) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        new MimesisBench(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .execute(new Configuration(), argv);
    return new Ran(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8).strip());
  }

  private static String[] run(String... args) {
    List<String> argv =
        new ArrayList<>(List.of("run", "--profile", GeneratorVectors.PROFILE.toString()));
    argv.addAll(List.of(args));
    return argv.toArray(new String[0]);
  }

  /** Waits until the run in local base {@code base} is in phase 2 (its mappers at the barrier). */
  private static void inPhase2(Path base) throws Exception {
    long deadline = System.currentTimeMillis() + 120_000;
    Path runs = base.resolve(".mimesisbench/runs");
    while (System.currentTimeMillis() < deadline) {
      if (Files.isDirectory(runs)) {
        try (Stream<Path> barriers = Files.walk(runs)) {
          if (barriers.anyMatch(p -> p.getParent().getFileName().toString().equals("barrier"))) {
            return;
          }
        }
      }
      Thread.sleep(200);
    }
    throw new AssertionError("the live run never reached phase 2");
  }

  /** The base's entries and its run folders (what --cleanup would delete). */
  private static List<String> entries(Path base) throws Exception {
    List<String> names = new ArrayList<>();
    try (Stream<Path> top = Files.list(base);
        Stream<Path> runs = Files.list(base.resolve(".mimesisbench/runs"))) {
      Stream.concat(top, runs).map(p -> base.relativize(p).toString()).sorted().forEach(names::add);
    }
    return names;
  }

  private static List<String> tree(Path p) throws Exception {
    try (Stream<Path> all = Files.walk(p)) {
      return all.map(p::relativize).map(Path::toString).sorted().toList();
    }
  }

  @Test
  void aLiveRunsBaseAndOutAreRefusedToASecondRunAndItEndsValidWithAllItsFiles() throws Exception {
    Path base = dir.resolve("mb");
    Path outB = dir.resolve("out/B");
    CompletableFuture<Ran> live =
        CompletableFuture.supplyAsync(
            () ->
                mimesis(
                    run(
                        "--base-dir",
                        "file://" + base,
                        "--time-scale",
                        "0.05",
                        "--duration",
                        "40s",
                        "--out",
                        outB.toString())));
    inPhase2(base);
    assertTrue(Files.exists(outB.resolve(".lease")) && Files.exists(outB.resolve(".work")));
    List<String> baseBefore = entries(base);

    // a second run on its base with --cleanup: refused before anything is made or deleted
    Path outA = dir.resolve("out/A");
    Ran cleanup =
        mimesis(
            run(
                "--base-dir",
                "file://" + base,
                "--time-scale",
                "0",
                "--duration",
                "5s",
                "--cleanup",
                "--out",
                outA.toString()));
    assertEquals(2, cleanup.exit(), cleanup.out() + cleanup.err());
    assertEquals(1, cleanup.err().lines().count(), cleanup.err());
    assertTrue(
        cleanup
            .err()
            .matches(
                "mimesisbench: run: --base-dir file:"
                    + base
                    + " is in use by a live run \\d{8}-\\d{6}-\\p{XDigit}{6} \\(host .+, pid "
                    + ProcessHandle.current().pid()
                    + ", since .+ UTC\\): run --profile .+ --out "
                    + outB
                    + " --time-scale 0.05; wait until it ends .*"),
        cleanup.err());
    assertFalse(Files.exists(outA), "nothing made in its --out");

    // a second run on its --out with --overwrite (another base): refused, .work untouched
    Ran overwrite =
        mimesis(
            run(
                "--base-dir",
                "file://" + dir.resolve("other"),
                "--time-scale",
                "0",
                "--duration",
                "5s",
                "--overwrite",
                "--out",
                outB.toString()));
    assertEquals(2, overwrite.exit(), overwrite.out() + overwrite.err());
    assertEquals(1, overwrite.err().lines().count(), overwrite.err());
    assertTrue(
        overwrite.err().startsWith("mimesisbench: run: --out " + outB + " is in use by a live run ")
            && overwrite.err().contains("--time-scale 0.05; wait until it ends"),
        overwrite.err());
    assertTrue(Files.exists(outB.resolve(".work")), "the live run's working files stay");
    assertFalse(Files.exists(dir.resolve("other")), "nothing made in its base");
    // the live run's base lost nothing (a run refused never reached --cleanup)
    assertEquals(baseBefore, entries(base));

    Ran ended = live.get();
    assertEquals(0, ended.exit(), ended.out() + ended.err());
    JsonNode summary = new ObjectMapper().readTree(outB.resolve("summary.json").toFile());
    assertTrue(summary.path("valid").asBoolean(), summary.path("invalidBecause").toString());
    // file:// has no append or quotas; nothing of the live run's was deleted under it
    assertTrue(
        summary.path("overall").path("errorsByClass").path("FileNotFoundException").isMissingNode(),
        summary.path("overall").toString());
    for (String file : List.of("summary.json", "latency.hlog", "timeline.csv", "counters.json")) {
      assertTrue(Files.exists(outB.resolve(file)), file + " in " + tree(outB));
    }
    assertFalse(Files.exists(outB.resolve(".lease")), "its --out lease is let go");
    assertFalse(Files.exists(outB.resolve(".work")));
    assertFalse(Files.exists(base.resolve(".mimesisbench/lease")), "its base's lease is let go");
  }

  @Test
  void aKilledRunsLeasesAreTakenOverWithANote() throws Exception {
    Path base = dir.resolve("mb");
    Path out = dir.resolve("out");
    String killed =
        "host=elsewhere\npid=4242\nsince=2026-01-01T00:00:00Z\nrun=20260101-000000-000000\n"
            + "command=run --profile P\n";
    Files.createDirectories(base.resolve(".mimesisbench"));
    Files.writeString(base.resolve(".mimesisbench/marker"), "made by mimesisbench\n");
    Files.writeString(base.resolve(".mimesisbench/lease"), killed);
    Files.createDirectories(out);
    Files.writeString(out.resolve(".lease"), killed);
    FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 30_000);
    Files.setLastModifiedTime(base.resolve(".mimesisbench/lease"), old);
    Files.setLastModifiedTime(out.resolve(".lease"), old);

    // within the bound (-D, 2 minutes unless set), the killed run's lease still refuses
    Ran refused =
        mimesis(run("--base-dir", "file://" + base, "--time-scale", "0", "--out", out.toString()));
    assertEquals(2, refused.exit(), refused.out() + refused.err());
    assertTrue(
        refused.err().contains("is in use by a live run 20260101-000000-000000 (host elsewhere"),
        refused.err());

    Ran ran =
        mimesis(
            run(
                "--base-dir",
                "file://" + base,
                "--time-scale",
                "0",
                "--duration",
                "3s",
                "--out",
                out.toString(),
                "-D",
                "mimesisbench.lease.stale-after=20s"));
    assertEquals(0, ran.exit(), ran.out() + ran.err());
    JsonNode notes =
        new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("notes");
    for (String what : List.of("run: --out " + out, "run: --base-dir file:" + base)) {
      String note =
          "took over the lease of "
              + what
              + " from run 20260101-000000-000000 (host elsewhere, pid 4242, since 2026-01-01"
              + " 00:00:00 UTC): run --profile P, whose last heartbeat was ";
      assertTrue(notes.toString().contains(note), what + ": " + notes);
      assertTrue(ran.out().contains("note: " + note), ran.out());
    }
    assertFalse(Files.exists(out.resolve(".lease")));
    assertFalse(Files.exists(base.resolve(".mimesisbench/lease")));
  }

  /** A live run's lease, of another host, as its file would be with a heartbeat just now. */
  private static void liveLease(Path file) throws Exception {
    Files.createDirectories(file.getParent());
    Files.writeString(
        file,
        "host=elsewhere\npid=4242\nsince=2026-01-01T00:00:00Z\nrun=20260101-000000-live00\n"
            + "command=run --profile P --out out/B\n");
  }

  @Test
  void aReplayOrASweepOnALeasedBaseOrOutIsRefusedBeforeItMakesOrDeletesAnything() throws Exception {
    Path trace = Path.of("..", "tests", "sample-trace", "trace").toAbsolutePath().normalize();
    Path base = dir.resolve("mb");
    Files.createDirectories(base.resolve(".mimesisbench"));
    Files.writeString(base.resolve(".mimesisbench/marker"), "made by mimesisbench\n");
    liveLease(base.resolve(".mimesisbench/lease"));
    List<String> baseBefore = tree(base);
    // an --out holding a finished run's results, which --overwrite would replace
    Path finished = dir.resolve("finished");
    Files.createDirectories(finished);
    Files.writeString(finished.resolve("summary.json"), "{}");
    Path leasedOut = dir.resolve("leased-out");
    Files.createDirectories(leasedOut);
    Files.writeString(leasedOut.resolve("summary.json"), "{}");
    liveLease(leasedOut.resolve(".lease"));

    String live = " is in use by a live run 20260101-000000-live00 (host elsewhere, pid 4242,";
    List<String[]> refusedOnBase =
        List.of(
            new String[] {"replay", "--trace", trace.toString(), "--time-scale", "0"},
            new String[] {
              "sweep", "--profile", GeneratorVectors.PROFILE.toString(), "--time-scale", "0"
            },
            new String[] {"sweep", "--replay", trace.toString(), "--time-scale", "0"});
    for (String[] command : refusedOnBase) {
      List<String> argv = new ArrayList<>(List.of(command));
      argv.addAll(
          List.of("--base-dir", "file://" + base, "--overwrite", "--out", finished.toString()));
      Ran r = mimesis(argv.toArray(new String[0]));
      assertEquals(2, r.exit(), r.out() + r.err());
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(
          r.err().startsWith("mimesisbench: " + command[0] + ": --base-dir file:" + base + live),
          r.err());
      assertEquals(List.of("summary.json"), tree(finished).subList(1, 2), "--out untouched");
      assertEquals(2, tree(finished).size());
      assertEquals(baseBefore, tree(base));
    }
    List<String[]> refusedOnOut =
        List.of(
            new String[] {"replay", "--trace", trace.toString(), "--time-scale", "0"},
            new String[] {
              "sweep", "--profile", GeneratorVectors.PROFILE.toString(), "--time-scale", "0"
            });
    for (String[] command : refusedOnOut) {
      List<String> argv = new ArrayList<>(List.of(command));
      argv.addAll(
          List.of(
              "--base-dir",
              "file://" + dir.resolve("free"),
              "--overwrite",
              "--out",
              leasedOut.toString()));
      Ran r = mimesis(argv.toArray(new String[0]));
      assertEquals(2, r.exit(), r.out() + r.err());
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(
          r.err().startsWith("mimesisbench: " + command[0] + ": --out " + leasedOut + live),
          r.err());
      assertTrue(Files.exists(leasedOut.resolve("summary.json")), "the live run's files stay");
      assertFalse(Files.exists(dir.resolve("free")), "nothing made in its base");
    }
  }

  @Test
  void aSweepsRunsTakeItsLeasesAgainAndItsCleanupLeavesAReusedBaseAsItWas() throws Exception {
    Path base = dir.resolve("users");
    Files.createDirectories(base.resolve("notebooks"));
    Files.writeString(base.resolve("notebooks/nb-07.ipynb"), "{}");
    Path out = dir.resolve("sweep");
    Ran sweep =
        mimesis(
            "sweep",
            "--profile",
            GeneratorVectors.PROFILE.toString(),
            "--time-scale",
            "0",
            "--repeat",
            "2",
            "--duration",
            "3s",
            "--base-dir",
            "file://" + base,
            "--reuse",
            "--cleanup",
            "--out",
            out.toString());
    assertEquals(0, sweep.exit(), sweep.out() + sweep.err());
    assertTrue(sweep.out().contains("sweep: 2 runs"), sweep.out());
    assertEquals(List.of("", "notebooks", "notebooks/nb-07.ipynb"), tree(base));
    try (Stream<Path> left = Files.list(out)) {
      assertEquals(
          List.of("sweep.json", "ts-0-r1", "ts-0-r2"),
          left.map(p -> p.getFileName().toString()).sorted().toList());
    }
  }

  /** Every path under {@code root} on {@code fs}, files and directories. */
  private static List<String> tree(FileSystem fs, String root) throws Exception {
    List<String> paths = new ArrayList<>();
    org.apache.hadoop.fs.Path r = new org.apache.hadoop.fs.Path(root);
    for (FileStatus s : fs.listStatus(r)) {
      paths.add(s.getPath().toUri().getPath());
      if (s.isDirectory()) {
        paths.addAll(tree(fs, s.getPath().toUri().getPath()));
      }
    }
    return paths.stream().sorted().toList();
  }

  @Test
  void aRunThatFailsAfterClaimingItsBaseOnHdfsLeavesNothingThere() throws Exception {
    try (EmbeddedCluster cluster =
            EmbeddedCluster.start(
                new Configuration(), dir.resolve("dfs"), dir.resolve("audit.log"), 1);
        FileSystem fs = FileSystem.newInstance(cluster.uri(), new Configuration())) {
      String[] failing = {
        "-fs",
        cluster.uri().toString(),
        "--time-scale",
        "0",
        "--duration",
        "3s",
        // phase 2 is fit to a ResourceManager that is not there: refused after the base is
        // claimed, the namespace's root recorded and the run's files staged
        "-D",
        "mapreduce.framework.name=yarn",
        "-D",
        "yarn.resourcemanager.address=127.0.0.1:1",
        "-D",
        "ipc.client.connect.max.retries=0", // refused in seconds, not minutes
        "-D",
        YarnCapacity.CONNECT_WAIT + "=2s" // the question's own wait, 20 s unless set
      };
      List<String> before = tree(fs, "/");
      List<String> args = new ArrayList<>(List.of("--base-dir", "/bench/mb", "--out"));
      args.add(dir.resolve("failed").toString());
      args.addAll(List.of(failing));
      Ran failed = mimesis(run(args.toArray(new String[0])));
      assertEquals(2, failed.exit(), failed.out() + failed.err());
      assertEquals(1, failed.err().lines().count(), failed.err());
      assertTrue(failed.err().contains("cannot reach the ResourceManager"), failed.err());
      assertTrue(failed.out().contains("removed what it made under"), failed.out());
      assertEquals(before, tree(fs, "/"), "the base and its parent it made are gone");
      assertFalse(Files.exists(dir.resolve("failed")));

      // in a base an earlier run left, only what the failed run made goes
      Ran first =
          mimesis(
              run(
                  "-fs",
                  cluster.uri().toString(),
                  "--base-dir",
                  "/kept",
                  "--time-scale",
                  "0",
                  "--duration",
                  "3s",
                  "--out",
                  dir.resolve("first").toString()));
      assertEquals(0, first.exit(), first.out() + first.err());
      List<String> kept = tree(fs, "/kept");
      args = new ArrayList<>(List.of("--base-dir", "/kept", "--out"));
      args.add(dir.resolve("failed-again").toString());
      args.addAll(List.of(failing));
      failed = mimesis(run(args.toArray(new String[0])));
      assertEquals(2, failed.exit(), failed.out() + failed.err());
      assertEquals(kept, tree(fs, "/kept"), "the earlier run's files, and nothing more");

      // in an empty folder that was there, the folder stays, empty (no .mimesisbench)
      fs.mkdirs(new org.apache.hadoop.fs.Path("/empty"));
      args = new ArrayList<>(List.of("--base-dir", "/empty", "--out"));
      args.add(dir.resolve("failed-empty").toString());
      args.addAll(List.of(failing));
      failed = mimesis(run(args.toArray(new String[0])));
      assertEquals(2, failed.exit(), failed.out() + failed.err());
      assertEquals(List.of(), tree(fs, "/empty"));
    }
  }
}
