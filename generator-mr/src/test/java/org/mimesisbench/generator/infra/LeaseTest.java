package org.mimesisbench.generator.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.errors.BadInputException;

/**
 * The lease on a local folder and on HDFS (a real NameNode): exclusive between runs, re-entrant on
 * its holder's thread, kept alive by its heartbeat, taken over when its holder is killed, gone when
 * let go.
 */
@Tag("slow")
class LeaseTest {
  @TempDir static Path dir;
  private static EmbeddedCluster cluster;
  private static FileSystem hdfs;

  @BeforeAll
  static void start() throws Exception {
    cluster =
        EmbeddedCluster.start(new Configuration(), dir.resolve("dfs"), dir.resolve("audit.log"), 1);
    hdfs = FileSystem.newInstance(cluster.uri(), new Configuration());
  }

  @AfterAll
  static void stop() throws Exception {
    hdfs.close();
    cluster.close();
  }

  private static Configuration staleAfter(String bound) {
    Configuration conf = new Configuration();
    conf.set(Lease.STALE_AFTER, bound);
    return conf;
  }

  /** A lease folder, opened by each run that uses it (each with its own client). */
  private interface Folder {
    LeaseFiles open() throws Exception;
  }

  /** A folder of each kind: a local one (not there yet) and one on HDFS. */
  private static List<Folder> folders(String name) throws Exception {
    hdfs.mkdirs(new org.apache.hadoop.fs.Path("/" + name));
    return List.of(
        () -> LeaseFiles.in(dir.resolve(name).resolve("out"), "run: --out"),
        () -> LeaseFiles.in(hdfs, new org.apache.hadoop.fs.Path("/" + name), new Configuration()));
  }

  /** Takes the lease on another thread, as a second run would; its refusal's message, or null. */
  private static String secondRun(Folder folder, Configuration conf) throws Exception {
    LeaseFiles files = folder.open();
    try {
      CompletableFuture.supplyAsync(
              () -> {
                try {
                  Lease l =
                      Lease.take(
                          "run: --out x",
                          files,
                          "lease",
                          Lease.Holder.now("run --out x", "second"),
                          conf,
                          n -> {});
                  l.close();
                  return null;
                } catch (Exception e) {
                  throw new CompletionException(e);
                }
              })
          .join();
      return null;
    } catch (CompletionException e) {
      assertTrue(e.getCause() instanceof BadInputException, String.valueOf(e.getCause()));
      return e.getCause().getMessage();
    }
  }

  @Test
  void aLiveLeaseRefusesASecondRunNamingItsHolderAndGoesWhenLetGo() throws Exception {
    for (Folder folder : folders("live")) {
      LeaseFiles files = folder.open();
      Configuration conf = new Configuration();
      Lease.Holder me = Lease.Holder.now("run --profile P --out out/B", "20261128-010203-abcdef");
      Lease lease = Lease.take("run: --out out/B", files, "lease", me, conf, n -> {});
      String content = new String(files.read("lease"), StandardCharsets.UTF_8);
      assertTrue(content.contains("pid=" + ProcessHandle.current().pid()), content);
      assertNotNull(files.modified(Lease.heartbeat("lease")), "a heartbeat from the start");

      String refused = secondRun(folder, conf);
      assertNotNull(refused, files.where("lease") + ": a second run is refused");
      assertEquals(1, refused.lines().count(), refused);
      assertTrue(
          refused.startsWith("run: --out x is in use by a live run 20261128-010203-abcdef (host ")
              && refused.contains(", pid " + ProcessHandle.current().pid() + ", since ")
              && refused.contains("): run --profile P --out out/B; wait until it ends"),
          refused);

      // its own thread takes it again (a sweep's runs), and only the outermost close lets go
      Lease again = Lease.take("run: --out out/B", files, "lease", me, conf, n -> {});
      again.close();
      assertTrue(lease.held());
      assertNotNull(secondRun(folder, conf), "still held after the inner close");
      lease.close();
      assertFalse(lease.held());
      LeaseFiles after = folder.open();
      assertNull(after.read("lease"));
      assertNull(after.modified(Lease.heartbeat("lease")));
      after.released();
      assertNull(secondRun(folder, conf), "free once let go");
    }
    assertFalse(Files.exists(dir.resolve("live")), "the local folder it made is gone too");
  }

  @Test
  void theHeartbeatKeepsALeaseAliveLongerThanTheBound() throws Exception {
    Configuration conf = staleAfter("2s"); // a beat every 0.5 s
    for (Folder folder : folders("beating")) {
      LeaseFiles files = folder.open();
      try (Lease lease =
          Lease.take(
              "run: --out o", files, "lease", Lease.Holder.now("run", "long"), conf, n -> {})) {
        long first = files.modified(Lease.heartbeat("lease"));
        Thread.sleep(3_500);
        assertTrue(files.modified(Lease.heartbeat("lease")) > first, files.where("lease"));
        assertNotNull(secondRun(folder, conf), "alive after more than the bound");
        assertTrue(lease.held());
      }
    }
  }

  @Test
  void aKilledRunsLeaseIsTakenOverWithANote() throws Exception {
    Configuration conf = staleAfter("2s");
    for (Folder folder : folders("stale")) {
      LeaseFiles files = folder.open();
      // a run of another host whose heartbeat stopped 3 s ago, as the file shows
      files.createNew(
          "lease",
          ("host=elsewhere\npid=4242\nsince=2026-01-01T00:00:00Z\nrun=killed-one\ncommand=run"
                  + " --profile P\n")
              .getBytes(StandardCharsets.UTF_8));
      files.replace(Lease.heartbeat("lease"), "then\n".getBytes(StandardCharsets.UTF_8));
      assertNotNull(secondRun(folder, conf), "alive within the bound");
      Thread.sleep(3_000);
      List<String> notes = new ArrayList<>();
      try (Lease lease =
          Lease.take(
              "run: --base-dir b",
              files,
              "lease",
              Lease.Holder.now("run", "mine"),
              conf,
              notes::add)) {
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(
            notes
                .get(0)
                .matches(
                    "took over the lease of run: --base-dir b from run killed-one \\(host"
                        + " elsewhere, pid 4242, since 2026-01-01 00:00:00 UTC\\): run --profile"
                        + " P, whose last heartbeat was \\d+ s ago: a killed run's"),
            notes.get(0));
        assertTrue(new String(files.read("lease"), StandardCharsets.UTF_8).contains("run=mine"));
        assertTrue(lease.held());
      }
      LeaseFiles after = folder.open();
      assertNull(after.read("lease"));
      after.released();
    }
  }

  @Test
  void aLeaseOfAProcessGoneFromThisHostIsTakenOverAtOnce() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Lease.Holder dead = Lease.Holder.now("run --out o", "dead");
    dead = new Lease.Holder(dead.host(), gone.pid(), dead.since(), dead.command(), dead.runId());
    for (Folder folder : folders("gone")) {
      LeaseFiles files = folder.open();
      files.createNew("lease", dead.render());
      List<String> notes = new ArrayList<>();
      try (Lease lease =
          Lease.take(
              "run: --out o",
              files,
              "lease",
              Lease.Holder.now("run", "mine"),
              new Configuration(),
              notes::add)) {
        assertTrue(
            notes.size() == 1
                && notes.get(0).endsWith("whose process is gone from this host: a killed run's"),
            notes.toString());
      }
    }
  }

  @Test
  void aBoundThatIsNotPositiveIsBadInput() {
    BadInputException e =
        assertThrows(BadInputException.class, () -> Lease.staleAfter(staleAfter("0s")));
    assertEquals("-D mimesisbench.lease.stale-after=0s: must be positive", e.getMessage());
  }
}
