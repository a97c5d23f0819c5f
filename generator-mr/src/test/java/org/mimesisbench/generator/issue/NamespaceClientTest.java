package org.mimesisbench.generator.issue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.generator.infra.EmbeddedCluster;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.ClusterSchedule;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.trace.AuditCommand;

/**
 * Every op the generator issues, against a real NameNode: each call succeeds and its audit log
 * names it as {@link Op#auditCommand()}; and the ops are exactly the commands AuditCommand.avsc
 * says the generator issues, the contract the fit reads.
 */
class NamespaceClientTest {
  @TempDir static Path dir;
  static EmbeddedCluster cluster;
  static NamespaceClient client;
  static Path audit;

  /** Ops that only apply to a directory (quotas, erasure coding policies) or only to a file. */
  static final Set<Op> ON_DIRECTORY =
      EnumSet.of(
          Op.LIST_STATUS,
          Op.CONTENT_SUMMARY,
          Op.QUOTA_USAGE,
          Op.SET_QUOTA,
          Op.CLEAR_QUOTA,
          Op.SET_SPACE_QUOTA,
          Op.CLEAR_SPACE_QUOTA,
          Op.SET_ERASURE_CODING_POLICY,
          Op.UNSET_ERASURE_CODING_POLICY,
          Op.GET_ERASURE_CODING_POLICY,
          Op.SET_STORAGE_POLICY,
          Op.UNSET_STORAGE_POLICY,
          Op.SET_ACL,
          Op.MODIFY_ACL_ENTRIES,
          Op.REMOVE_ACL_ENTRIES,
          Op.REMOVE_DEFAULT_ACL,
          Op.REMOVE_ACL,
          Op.GET_ACL_STATUS);

  @BeforeAll
  static void start() throws Exception {
    audit = dir.resolve("audit.log");
    cluster = EmbeddedCluster.start(new Configuration(), dir.resolve("dfs"), audit, 1);
    FileSystem fs = FileSystem.get(cluster.uri(), new Configuration());
    client = new NamespaceClient(fs, new org.apache.hadoop.fs.Path(cluster.uri() + "/ns"));
    client.issue(new Event(0, Op.MKDIRS, "/d", null));
    client.issue(new Event(0, Op.CREATE, "/d/f", null));
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  /** The audit commands logged since line {@code from}. */
  private static List<String> commandsSince(int from) throws Exception {
    List<String> commands = new ArrayList<>();
    List<String> lines = Files.readAllLines(audit);
    for (String line : lines.subList(from, lines.size())) {
      for (String field : line.split("\t")) {
        if (field.startsWith("cmd=")) {
          commands.add(field.substring(4));
        }
      }
    }
    return commands;
  }

  @Test
  void everyOpIsOneCallThatTheAuditLogNamesAsItsCommand() throws Exception {
    for (Op op : Op.values()) {
      if (op == Op.CREATE
          || op == Op.MKDIRS
          || op == Op.DELETE
          || op == Op.DELETE_RECURSIVE
          || op == Op.RENAME
          || Op.REPLAYED_ONLY.contains(op)) { // a replay issues those (ReplayClient; ReplayTest)
        continue; // they change the namespace the others use; the end-to-end tests issue them
      }
      String path =
          Op.CLUSTER.contains(op)
              ? null
              : op == Op.GET_FILE_INFO_PROBE
                      || op == Op.LIST_STATUS_PROBE
                      || op == Op.DELETE_MISSING
                  ? "/d/not-yet"
                  : ON_DIRECTORY.contains(op) ? "/d" : "/d/f";
      int before = Files.readAllLines(audit).size();
      client.issue(new Event(0, op, path, null));
      List<String> logged = commandsSince(before);
      for (int wait = 0; wait < 100 && !logged.contains(op.auditCommand()); wait++) {
        Thread.sleep(20); // the audit logger may be asynchronous
        logged = commandsSince(before);
      }
      assertTrue(logged.contains(op.auditCommand()), op + " logged " + logged);
    }
  }

  /** HDFS's stats go through its own client: the same path in the audit log, the same answers. */
  @Test
  void aStatNamesThePathUnderTheRootAndFailsOnlyWhereNothingIsThere() throws Exception {
    int before = Files.readAllLines(audit).size();
    client.issue(new Event(0, Op.GET_FILE_INFO, "/d/f", null));
    client.issue(
        new Event(0, Op.GET_FILE_INFO_PROBE, "/d/none", null)); // a probe expects nothing there
    assertThrows(
        FileNotFoundException.class,
        () -> client.issue(new Event(0, Op.GET_FILE_INFO, "/d/none", null)));
    List<String> sources = new ArrayList<>();
    for (int wait = 0; wait < 100 && sources.size() < 3; wait++) {
      Thread.sleep(20); // the audit logger may be asynchronous
      sources.clear();
      for (String line :
          Files.readAllLines(audit).subList(before, Files.readAllLines(audit).size())) {
        if (line.contains("cmd=getfileinfo")) {
          sources.add(line.replaceAll(".*\\tsrc=([^\\t]*).*", "$1"));
        }
      }
    }
    assertEquals(List.of("/ns/d/f", "/ns/d/none", "/ns/d/none"), sources);
    assertThrows(
        FileNotFoundException.class, () -> client.issue(new Event(0, Op.OPEN, "/d/none", null)));
  }

  /**
   * A delete of a path nothing makes returns false, no error; HDFS audits it as a denied delete, as
   * the trace did.
   */
  @Test
  void aDeleteOfAPathNothingMakesIsAuditedDenied() throws Exception {
    int before = Files.readAllLines(audit).size();
    client.issue(new Event(0, Op.DELETE_MISSING, "/d/never-made", null));
    String wanted = "cmd=delete\tsrc=/ns/d/never-made";
    List<String> lines = Files.readAllLines(audit);
    for (int wait = 0;
        wait < 100
            && lines.subList(before, lines.size()).stream().noneMatch(l -> l.contains(wanted));
        wait++) {
      Thread.sleep(20); // the audit logger may be asynchronous
      lines = Files.readAllLines(audit);
    }
    List<String> logged =
        lines.subList(before, lines.size()).stream().filter(l -> l.contains(wanted)).toList();
    assertEquals(1, logged.size(), "one delete logged: " + lines.subList(before, lines.size()));
    assertTrue(logged.get(0).contains("allowed=false"), logged.get(0));
  }

  /**
   * A call under the denied entry (phase 1 makes it 0700 for the run's own user), issued as another
   * user: the NameNode denies it and audits it allowed=false, which is what the call expects, no
   * error; the same call as the run's own user, whom nothing denies, is an error.
   */
  @Test
  void aDeniedCallIsDeniedAsInTheTrace() throws Exception {
    FileSystem own = FileSystem.get(cluster.uri(), new Configuration());
    org.apache.hadoop.fs.Path entry = new org.apache.hadoop.fs.Path(cluster.uri() + "/ns/denied");
    own.mkdirs(entry);
    own.setPermission(entry, new org.apache.hadoop.fs.permission.FsPermission((short) 0700));
    own.create(new org.apache.hadoop.fs.Path(cluster.uri() + "/ns" + ClusterSchedule.DENIED_ENTRY))
        .close();
    FileSystem asBob =
        org.apache.hadoop.security.UserGroupInformation.createRemoteUser("bob")
            .doAs(
                (java.security.PrivilegedExceptionAction<FileSystem>)
                    () -> FileSystem.newInstance(cluster.uri(), new Configuration()));
    NamespaceClient bob =
        new NamespaceClient(asBob, new org.apache.hadoop.fs.Path(cluster.uri() + "/ns"), "bob");
    int before = Files.readAllLines(audit).size();
    for (Op op : List.of(Op.OPEN, Op.LIST_STATUS, Op.SET_OWNER, Op.DELETE)) {
      bob.issue(new Event(0, op, ClusterSchedule.DENIED_ENTRY, null));
    }
    List<String> denied = new ArrayList<>();
    for (int wait = 0; wait < 100 && denied.size() < 4; wait++) {
      Thread.sleep(20); // the audit logger may be asynchronous
      List<String> lines = Files.readAllLines(audit);
      denied =
          lines.subList(before, lines.size()).stream()
              .filter(
                  l ->
                      l.contains("src=/ns" + ClusterSchedule.DENIED_ENTRY) && l.contains("ugi=bob"))
              .toList();
    }
    assertEquals(4, denied.size(), "" + denied);
    assertTrue(denied.stream().allMatch(l -> l.contains("allowed=false")), "" + denied);
    asBob.close();
    java.io.IOException allowed =
        org.junit.jupiter.api.Assertions.assertThrows(
            java.io.IOException.class,
            () -> client.issue(new Event(0, Op.OPEN, ClusterSchedule.DENIED_ENTRY, null)));
    assertTrue(allowed.getMessage().contains("was allowed"), allowed.getMessage());
  }

  @Test
  void theOpsAreTheCommandsTheSchemaSaysTheGeneratorIssues() {
    Set<String> declared = new TreeSet<>();
    for (String key : List.of("generated", "generatedClusterCommands")) {
      for (Object command : (List<?>) AuditCommand.getClassSchema().getObjectProp(key)) {
        declared.add(command.toString());
      }
    }
    Set<String> issued = new TreeSet<>();
    for (Op op : Op.values()) {
      if (!Op.REPLAYED_ONLY.contains(op)) {
        issued.add(op.auditCommand());
      }
    }
    assertEquals(declared, issued);
    for (String command : declared) {
      assertEquals(command, Op.ofCall(command).auditCommand());
    }
  }
}
