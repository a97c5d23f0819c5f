package org.mimesisbench.generator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * The groups a trace's allowed calls show its users in, following HDFS's permission checks through
 * the trace.
 */
class GroupInferenceTest {
  private static NamespaceEntry entry(
      String path, boolean dir, String owner, String group, String mode) {
    return NamespaceEntry.newBuilder()
        .setPath(path)
        .setIsDir(dir)
        .setDepth(0)
        .setSize(0)
        .setMtime(0)
        .setAtime(0)
        .setReplication(0)
        .setOwner(owner)
        .setGroup(group)
        .setPermission(mode)
        .build();
  }

  private static AuditEvent call(
      String user, String cmd, String src, String dst, String perm, boolean allowed) {
    return AuditEvent.newBuilder()
        .setTime(0)
        .setOp(cmd.replaceAll(" \\(options=.*", ""))
        .setCmd(cmd)
        .setSrc(src)
        .setDst(dst)
        .setUser(user)
        .setPerm(perm)
        .setAllowed(allowed)
        .build();
  }

  private static GroupInference following(AuditEvent... calls) {
    GroupInference g =
        new GroupInference(
            List.of(
                entry("/", true, "hdfs", "supergroup", "rwxr-xr-x"),
                entry("/w", true, "hive", "hive", "rwxrwx---"),
                entry("/w/f", false, "hive", "hive", "rw-rw----"),
                entry("/admin", true, "hdfs", "supergroup", "rwxr-x---"),
                entry("/tmp", true, "hdfs", "supergroup", "rwxrwxrwt"),
                entry("/tmp/x", false, "carol", "carol", "rw-r--r--")),
            "hdfs");
    for (AuditEvent c : calls) {
      g.accept(c);
    }
    return g;
  }

  @Test
  void anAccessOnlyTheGroupsBitsAllowMakesAMember() {
    GroupInference g =
        following(
            call("etl", "open", "/w/f", null, null, true),
            call("alice", "getfileinfo", "/tmp/x", null, null, true));
    assertEquals(
        Set.of("hive"),
        g.mapping("supergroup").get("etl"),
        "search on /w and read of /w/f: hive's bits");
    assertFalse(
        g.mapping("supergroup").containsKey("alice"),
        "the other bits allowed alice: nothing learned");
    assertEquals(Set.of("hdfs"), g.superusers(), "the fsimage root's owner");
  }

  @Test
  void aSuperusersCommandOrAnAccessNoBitsAllowMakesASuperuser() {
    GroupInference g =
        following(
            call("backup", "setOwner", "/w/f", null, "etl:hive:rw-rw----", true),
            call("ops", "allowSnapshot", "/w", null, null, true),
            call("dave", "listStatus", "/admin", null, null, true),
            call("erin", "delete", "/tmp/x", null, null, true));
    assertEquals(Set.of("backup", "dave", "erin", "hdfs", "ops"), g.superusers());
    assertTrue(g.mapping("supergroup").get("backup").contains("supergroup"));
    assertTrue(g.why().get("dave").contains("listStatus"), g.why().toString());
    assertTrue(
        g.why().get("erin").contains("sticky"),
        "only carol, /tmp's owner or the superuser may delete /tmp/x");
  }

  @Test
  void aUserDeniedAPermissionCheckIsNoSuperuserByGuess() {
    GroupInference g =
        following(
            call("erin", "delete", "/tmp/x", null, null, true),
            call("erin", "open", "/admin/y", null, null, false),
            call(
                "frank", "delete", "/w/gone", null, null,
                false), // a delete that returned false: no denial
            call("frank", "delete", "/tmp/x", null, null, true));
    assertFalse(g.superusers().contains("erin"), g.why().toString());
    assertTrue(g.superusers().contains("frank"));
  }

  @Test
  void theNamespaceIsFollowedThroughTheTrace() {
    GroupInference g =
        following(
            call("hive", "mkdirs", "/w/t/p", null, "hive:etl:rwxrwx---", true),
            call("etl", "create", "/w/t/p/part-0", null, "etl:etl:rw-r-----", true),
            call("bob", "rename", "/w/t/p", "/w/t/q", "hive:etl:rwxrwx---", true),
            call("ann", "open", "/w/t/q/part-0", null, null, true));
    Map<String, Set<String>> m = g.mapping("supergroup");
    assertEquals(Set.of("hive", "etl"), m.get("etl"), "search on /w (hive), write in /w/t/p (etl)");
    assertEquals(Set.of("hive", "etl"), m.get("bob"), "rename: write on /w/t (etl)");
    assertEquals(Set.of("hive", "etl"), m.get("ann"), "read of the moved file: its group etl");
  }
}
