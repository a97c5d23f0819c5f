package org.mimesisbench.generator;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;
import org.mimesisbench.generator.RunChecks.Outcome;
import org.mimesisbench.generator.infra.EmbeddedCluster;
import org.mimesisbench.generator.issue.UserClients;
import org.mimesisbench.profile.ClusterCalls;
import org.mimesisbench.profile.DirectoryType;
import org.mimesisbench.profile.FileType;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.profile.UserMix;
import org.mimesisbench.profile.UserShare;

/**
 * Runs that issue as the profile's users, against a real NameNode whose proxy-user rules let the
 * run's login user impersonate alice and bob but not carol: the audit log shows each user's calls
 * in about the profile's shares, with no permission error; --as-one-user issues everything as the
 * run's own user; a user the rules forbid stops the run before anything is made.
 */
@Tag("slow")
class UsersRunTest {
  @TempDir static Path dir;
  static EmbeddedCluster cluster;
  static Path audit;
  static String me;

  @BeforeAll
  static void start() throws Exception {
    me = UserGroupInformation.getLoginUser().getShortUserName();
    Configuration server = new Configuration();
    server.set("hadoop.proxyuser." + me + ".users", "alice,bob");
    server.set("hadoop.proxyuser." + me + ".hosts", "*");
    audit = dir.resolve("audit.log");
    cluster = EmbeddedCluster.start(server, dir.resolve("dfs"), audit, 1);
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  /**
   * The vector profile with calls and a directory type, every type issued 70 % by alice and 30 % by
   * bob.
   */
  static Path profile(String name, String... users) throws Exception {
    Profile p = GeneratorVectors.profileWithCallsAndProbes();
    List<UserShare> top = new ArrayList<>();
    double[] shares = users.length == 2 ? new double[] {0.7, 0.3} : new double[] {1.0};
    for (int i = 0; i < users.length; i++) {
      top.add(new UserShare(users[i], shares[i]));
    }
    UserMix mix = new UserMix(top, 0L, 0.0);
    List<FileType> types = new ArrayList<>();
    for (FileType t : p.getFileTypes()) {
      types.add(FileType.newBuilder(t).setUsers(mix).build());
    }
    p.setFileTypes(types);
    List<DirectoryType> directories = new ArrayList<>();
    for (DirectoryType t : p.getDirectoryTypes()) {
      directories.add(DirectoryType.newBuilder(t).setUsers(mix).build());
    }
    p.setDirectoryTypes(directories);
    p.setClusterCalls(withUsers(p.getClusterCalls(), mix));
    p.setDeniedCalls(withUsers(p.getDeniedCalls(), mix));
    p.setMissingPathProbes(withUsers(p.getMissingPathProbes(), mix));
    return GeneratorVectors.write(p, dir.resolve(name));
  }

  private static List<ClusterCalls> withUsers(List<ClusterCalls> streams, UserMix mix) {
    List<ClusterCalls> given = new ArrayList<>();
    for (ClusterCalls c : streams) {
      given.add(ClusterCalls.newBuilder(c).setUsers(mix).build());
    }
    return given;
  }

  /** Calls under the namespace root (ns-...) by user, from audit line {@code from} on. */
  static Map<String, Long> workloadCallsByUser(int from) throws Exception {
    Thread.sleep(500); // the audit log may lag
    Map<String, Long> byUser = new TreeMap<>();
    List<String> lines = Files.readAllLines(audit);
    for (String line : lines.subList(from, lines.size())) {
      String user = null;
      String src = null;
      for (String f : line.split("\t")) {
        user = f.startsWith("ugi=") ? f.substring(4).split(" ")[0] : user;
        src = f.startsWith("src=") ? f.substring(4) : src;
      }
      if (src != null && src.contains("/ns-")) {
        byUser.merge(user, 1L, Long::sum);
      }
    }
    return byUser;
  }

  @Test
  void eachTypeIssuesAsItsUsersInTheirShares() throws Exception {
    Path results = dir.resolve("two-users");
    int before = Files.readAllLines(audit).size();
    Outcome o =
        RunChecks.run(
            new Configuration(),
            "--profile",
            profile("p2", "alice", "bob").toString(),
            "--time-scale",
            "0.02",
            "--base-dir",
            "/two",
            "--out",
            results.toString(),
            "-fs",
            cluster.uri().toString());
    JsonNode summary = RunChecks.assertValidAndComplete(results, o); // no permission error either
    assertEquals(
        3, summary.path("overall").path("users").asInt(), "alice, bob and the run's own user");
    assertTrue(o.out().contains("issued as 3 users"), o.out());
    Map<String, Long> byUser = workloadCallsByUser(before);
    long alice = byUser.getOrDefault("alice", 0L);
    long bob = byUser.getOrDefault("bob", 0L);
    assertTrue(alice > 0 && bob > 0, byUser.toString());
    double share = alice / (double) (alice + bob);
    assertTrue(share > 0.55 && share < 0.85, "alice's share " + share + " of " + byUser);
    // phase 1 made the directory type's pre-existing directories as their owners, so those
    // owners, not the run's own user, make the owner-only calls on them, as in a trace
    Map<String, Long> owners = new TreeMap<>();
    List<String> lines = Files.readAllLines(audit);
    for (String line : lines.subList(before, lines.size())) {
      if (line.contains("\tcmd=setPermission\t") && line.matches(".*/p[0-9a-z]+\\.d0\tdst=.*")) {
        owners.merge(line.replaceAll(".*\tugi=(\\S+).*", "$1"), 1L, Long::sum);
      }
    }
    assertFalse(owners.isEmpty(), "setPermission on pre-existing directories");
    assertTrue(List.of("alice", "bob").containsAll(owners.keySet()), owners.toString());
  }

  @Test
  void asOneUserIssuesEverythingAsTheRunsUser() throws Exception {
    Path results = dir.resolve("one-user");
    int before = Files.readAllLines(audit).size();
    Outcome o =
        RunChecks.run(
            new Configuration(),
            "--profile",
            profile("p1", "alice", "bob").toString(),
            "--time-scale",
            "0.02",
            "--as-one-user",
            "--base-dir",
            "/one",
            "--out",
            results.toString(),
            "-fs",
            cluster.uri().toString());
    JsonNode summary = RunChecks.assertValidAndComplete(results, o);
    assertEquals(1, summary.path("overall").path("users").asInt());
    assertEquals(List.of(me), new ArrayList<>(workloadCallsByUser(before).keySet()));
  }

  @Test
  void aUserTheProxyRulesForbidStopsTheRunBeforeAnythingIsMade() throws Exception {
    Configuration conf = new Configuration();
    conf.setBoolean(UserClients.IMPERSONATE, true); // proxy users on simple auth, as with Kerberos
    Path results = dir.resolve("forbidden");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        new MimesisBench(
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, UTF_8))
            .execute(
                conf,
                new String[] {
                  "run",
                  "--profile",
                  profile("p3", "alice", "carol").toString(),
                  "--time-scale",
                  "0.02",
                  "--base-dir",
                  "/forbidden",
                  "--out",
                  results.toString(),
                  "-fs",
                  cluster.uri().toString()
                });
    String line = err.toString(UTF_8).strip();
    assertEquals(2, exit, line);
    assertEquals(1, line.lines().count(), line);
    assertTrue(line.contains("user carol cannot be impersonated by " + me), line);
    assertTrue(line.contains("hadoop.proxyuser." + me + ".users"), line);
    FileSystem fs = FileSystem.get(cluster.uri(), new Configuration());
    assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/forbidden")), "nothing created");
    assertFalse(Files.exists(results), "no results either");
  }
}
