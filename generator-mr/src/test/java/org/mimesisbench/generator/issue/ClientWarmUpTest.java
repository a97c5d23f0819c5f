package org.mimesisbench.generator.issue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.generator.infra.EmbeddedCluster;

/**
 * The clients' warm-up against a real NameNode: every client a mapper will issue through calls, as
 * its user, before the start, on what is under the root; nothing there is made or changed, and no
 * user counts as issued as.
 */
class ClientWarmUpTest {
  @TempDir static Path dir;
  static EmbeddedCluster cluster;
  static Path audit;
  static org.apache.hadoop.fs.Path root;
  static FileSystem fs;

  @BeforeAll
  static void start() throws Exception {
    audit = dir.resolve("audit.log");
    cluster = EmbeddedCluster.start(new Configuration(), dir.resolve("dfs"), audit, 1);
    fs = FileSystem.get(cluster.uri(), new Configuration());
    root = new org.apache.hadoop.fs.Path(cluster.uri() + "/ns");
    fs.mkdirs(new org.apache.hadoop.fs.Path(root, "d"));
    fs.create(new org.apache.hadoop.fs.Path(root, "d/f")).close();
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  /** The field {@code name} of the audit log's lines since line {@code from}, once written. */
  private static Set<String> loggedSince(int from, String name, int atLeast) throws Exception {
    Set<String> values = new TreeSet<>();
    for (int wait = 0; wait < 100 && values.size() < atLeast; wait++) {
      Thread.sleep(20); // the audit logger may be asynchronous
      List<String> lines = Files.readAllLines(audit);
      for (String line : lines.subList(from, lines.size())) {
        values.add(line.replaceAll(".*\\t" + name + "=([^ \\t]*).*", "$1"));
      }
    }
    return values;
  }

  @Test
  void everyClientCallsAsItsUserAndNothingIsMadeOrCounted() throws Exception {
    FileStatus[] before = fs.listStatus(root);
    FileStatus file = fs.getFileStatus(new org.apache.hadoop.fs.Path(root, "d/f"));
    int logged = Files.readAllLines(audit).size();
    try (UserClients clients =
        new UserClients(new NamespaceClient(fs, root), cluster.uri(), root, fs.getConf())) {
      List<FileSystem> warmed = clients.clients(Set.of("alice", "bob"));
      assertEquals(3, warmed.size(), "the run's own client and each user's");
      long calls = ClientWarmUp.run(warmed, root, 200);

      assertTrue(calls >= 15, calls + " calls: a round at least, five by each client");
      String own = UserGroupInformation.getCurrentUser().getShortUserName();
      assertEquals(new TreeSet<>(Set.of("alice", "bob", own)), loggedSince(logged, "ugi", 3));
      assertEquals(
          new TreeSet<>(Set.of("getfileinfo", "listStatus", "open")),
          loggedSince(logged, "cmd", 3),
          "reads only: stats, listings and an open of what is there");
      assertEquals(Set.of(), clients.users(), "a warm-up is no call of the run's");
    }
    assertEquals(List.of(before), List.of(fs.listStatus(root)), "nothing under the root changed");
    assertEquals(
        file.getModificationTime(),
        fs.getFileStatus(new org.apache.hadoop.fs.Path(root, "d/f")).getModificationTime());
    assertFalse(fs.exists(new org.apache.hadoop.fs.Path(root, ClientWarmUp.ABSENT)));
  }

  @Test
  void aClientThatFailsEndsTheWarmUpWithoutAnError() throws Exception {
    FileSystem closed = FileSystem.newInstance(cluster.uri(), new Configuration());
    closed.close();
    assertEquals(0, ClientWarmUp.run(List.of(closed), root, 60_000), "stops at once");
  }
}
