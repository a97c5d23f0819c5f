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
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.Op;
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
  static final Set<Op> ON_DIRECTORY = EnumSet.of(Op.LIST_STATUS, Op.CONTENT_SUMMARY, Op.QUOTA_USAGE, Op.SET_QUOTA,
      Op.CLEAR_QUOTA, Op.SET_SPACE_QUOTA, Op.CLEAR_SPACE_QUOTA, Op.SET_ERASURE_CODING_POLICY,
      Op.UNSET_ERASURE_CODING_POLICY, Op.GET_ERASURE_CODING_POLICY, Op.SET_STORAGE_POLICY, Op.UNSET_STORAGE_POLICY,
      Op.SET_ACL, Op.MODIFY_ACL_ENTRIES, Op.REMOVE_ACL_ENTRIES, Op.REMOVE_DEFAULT_ACL,
      Op.REMOVE_ACL, Op.GET_ACL_STATUS);

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
      if (op == Op.CREATE || op == Op.MKDIRS || op == Op.DELETE || op == Op.DELETE_RECURSIVE || op == Op.RENAME
          || Op.REPLAYED_ONLY.contains(op)) { // a replay issues those (ReplayClient; ReplayTest)
        continue; // they change the namespace the others use; the end-to-end tests issue them
      }
      String path = Op.CLUSTER.contains(op) ? null
          : op == Op.GET_FILE_INFO_PROBE || op == Op.LIST_STATUS_PROBE ? "/d/not-yet"
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
    client.issue(new Event(0, Op.GET_FILE_INFO_PROBE, "/d/none", null)); // a probe expects nothing there
    assertThrows(FileNotFoundException.class, () -> client.issue(new Event(0, Op.GET_FILE_INFO, "/d/none", null)));
    List<String> sources = new ArrayList<>();
    for (int wait = 0; wait < 100 && sources.size() < 3; wait++) {
      Thread.sleep(20); // the audit logger may be asynchronous
      sources.clear();
      for (String line : Files.readAllLines(audit).subList(before, Files.readAllLines(audit).size())) {
        if (line.contains("cmd=getfileinfo")) {
          sources.add(line.replaceAll(".*\\tsrc=([^\\t]*).*", "$1"));
        }
      }
    }
    assertEquals(List.of("/ns/d/f", "/ns/d/none", "/ns/d/none"), sources);
    assertThrows(FileNotFoundException.class, () -> client.issue(new Event(0, Op.OPEN, "/d/none", null)));
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
