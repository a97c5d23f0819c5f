package org.mimesisbench.audit.line;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class AuditLineParserTest {
  private final AuditLineParser parser = new AuditLineParser(ZoneId.of("UTC"));

  private AuditRecord parse(String line) throws MalformedLineException {
    AuditRecord r = new AuditRecord();
    parser.parse(line, r);
    return r;
  }

  private static long utc(String iso) {
    return Instant.parse(iso).toEpochMilli();
  }

  @Test
  void hadoop3LineWithProtoAndCallerContext() throws Exception {
    AuditRecord r =
        parse(
            "2021-03-04 05:06:07,089 INFO FSNamesystem.audit: allowed=true\t"
                + "ugi=hdfs/host@DBANET4.ROOT (auth:KERBEROS)\tip=/10.1.2.3\tcmd=getfileinfo\t"
                + "src=/warehouse/t1\tdst=null\tperm=null\tproto=rpc\tcallerContext=CLI");
    assertEquals(utc("2021-03-04T05:06:07.089Z"), r.time);
    assertTrue(r.allowed);
    assertEquals("hdfs/host@DBANET4.ROOT", r.user);
    assertEquals("KERBEROS", r.auth);
    assertNull(r.realUser);
    assertEquals("10.1.2.3", r.ip);
    assertEquals("getfileinfo", r.cmd);
    assertEquals("getfileinfo", r.op);
    assertEquals("/warehouse/t1", r.src);
    assertNull(r.dst);
    assertNull(r.perm);
    assertEquals("rpc", r.proto);
    assertEquals("CLI", r.callerContext);
  }

  @Test
  void proxyUserRenameWithOptionsAndPerm() throws Exception {
    AuditRecord r =
        parse(
            "2020-01-01 00:00:00,000 INFO FSNamesystem.audit: allowed=true\t"
                + "ugi=hue/host@REALM (auth:PROXY) via hive/host@REALM (auth:KERBEROS)\tip=/1.2.3.4\t"
                + "cmd=rename (options=[TO_TRASH])\tsrc=/a/b c\tdst=/user/hue/.Trash/Current/a/b c\t"
                + "perm=hue:hive:rwxrwx--x\tproto=rpc");
    assertEquals("hue/host@REALM", r.user);
    assertEquals("PROXY", r.auth);
    assertEquals("hive/host@REALM", r.realUser);
    assertEquals("rename (options=[TO_TRASH])", r.cmd);
    assertEquals("rename", r.op);
    assertEquals("/a/b c", r.src);
    assertEquals("/user/hue/.Trash/Current/a/b c", r.dst);
    assertEquals("hue:hive:rwxrwx--x", r.perm);
    assertNull(r.callerContext);
  }

  @Test
  void tabsTurnedIntoSpacesAndFullLoggerName() throws Exception {
    AuditRecord r =
        parse(
            "2019-05-05 10:00:00,123 INFO org.apache.hadoop.hdfs.server.namenode."
                + "FSNamesystem.audit: allowed=true   ugi=hdfs (auth:SIMPLE)   ip=/127.0.0.1   "
                + "cmd=rename (options=[NONE])   src=/x y/z   dst=/w   perm=hdfs:supergroup:rw-r--r--   "
                + "proto=rpc callerContext=SPARK_TASK_1");
    assertEquals("hdfs", r.user);
    assertEquals("rename", r.op);
    assertEquals("/x y/z", r.src);
    assertEquals("/w", r.dst);
    assertEquals("rpc", r.proto);
    assertEquals("SPARK_TASK_1", r.callerContext);
  }

  @Test
  void testLayoutPrefix() throws Exception {
    AuditRecord r =
        parse(
            "2015-04-17 07:46:18,293 INFO  [IPC Server handler 0 on 60605] "
                + "FSNamesystem.audit (FSNamesystem.java:logAuditMessage(8234)) - allowed=true\t"
                + "ugi=jenkins (auth:SIMPLE)\tip=/127.0.0.1\tcmd=open\tsrc=/f\tdst=null\tperm=null\tproto=rpc");
    assertEquals("jenkins", r.user);
    assertEquals("open", r.op);
    assertEquals("/f", r.src);
  }

  @Test
  void hadoop1LineWithoutAllowedOrAuth() throws Exception {
    AuditRecord r =
        parse(
            "2014-02-03 04:05:06,007 INFO FSNamesystem.audit: "
                + "ugi=search via azkaban/host@GRID.LINKEDIN.COM\tip=/10.0.0.1\tcmd=open\t"
                + "src=/data/part-0\tdst=null\tperm=null");
    assertTrue(r.allowed);
    assertEquals("search", r.user);
    assertNull(r.auth);
    assertEquals("azkaban/host@GRID.LINKEDIN.COM", r.realUser);
    assertNull(r.proto);
  }

  @Test
  void deniedRequestTrackingIdAndHostSlashIp() throws Exception {
    AuditRecord r =
        parse(
            "2022-01-01 00:00:00,000 INFO FSNamesystem.audit: allowed=false\t"
                + "ugi=bob (auth:TOKEN)\tip=nn1.example.com/10.0.0.9\tcmd=open\tsrc=/secret\tdst=null\t"
                + "perm=null\ttrackingId=abc123\tproto=rpc\tcallerContext=HIVE_QUERY_ID:q_1:sig");
    assertFalse(r.allowed);
    assertEquals("10.0.0.9", r.ip);
    assertEquals("rpc", r.proto);
    assertEquals("HIVE_QUERY_ID:q_1:sig", r.callerContext);
  }

  @Test
  void javaEscapedPathsAreUnescaped() throws Exception {
    AuditRecord r =
        parse(
            "2022-01-01 00:00:00,000 INFO FSNamesystem.audit: allowed=true\t"
                + "ugi=a (auth:SIMPLE)\tip=/1.1.1.1\tcmd=create\tsrc=/caf\\u00E9/tab\\there\tdst=null\t"
                + "perm=a:g:rw-r--r--\tproto=rpc");
    assertEquals("/café/tab\there", r.src);
  }

  /** A record says its strings are all ASCII only when read from ASCII bytes, nothing decoded. */
  @Test
  void recordIsAsciiOnlyFromAsciiBytesWithoutEscapes() throws Exception {
    String plain =
        "2022-01-01 00:00:00,000 INFO FSNamesystem.audit: allowed=true\t"
            + "ugi=a (auth:SIMPLE)\tip=host/1.1.1.1\tcmd=create\tsrc=/a/b\tdst=null\tperm=null\tproto=rpc";
    String escaped = plain.replace("src=/a/b", "src=/caf\\u00E9");
    String json = "{\"log_message\":\"allowed=true\\tugi=a\\tcmd=open\\tsrc=/x\",\"logtime\":1}";
    assertTrue(parseBytes(plain).ascii);
    assertEquals("1.1.1.1", parseBytes(plain).ip);
    AuditRecord unescaped = parseBytes(escaped);
    assertEquals("/café", unescaped.src);
    assertFalse(unescaped.ascii);
    assertFalse(parseBytes(json).ascii);
    assertFalse(parse(plain).ascii, "no bytes given: not known");
  }

  private AuditRecord parseBytes(String line) throws MalformedLineException {
    AuditRecord r = new AuditRecord();
    parser.parse(line, line.getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, r);
    return r;
  }

  @Test
  void unknownFieldOfANewerHadoopIsSkipped() throws Exception {
    AuditRecord r =
        parse(
            "2022-01-01 00:00:00,000 INFO FSNamesystem.audit: allowed=true\t"
                + "ugi=a (auth:SIMPLE)\tip=/1.1.1.1\tcmd=open\tsrc=/f\tdst=null\tperm=null\t"
                + "proto=rpc\tnewField=x y\tcallerContext=CLI");
    assertEquals("rpc", r.proto);
    assertEquals("CLI", r.callerContext);
  }

  @Test
  void ambariJsonWrapper() throws Exception {
    AuditRecord r =
        parse(
            "{\"level\":\"INFO\",\"log_message\":\"FSNamesystem.audit: allowed\\u003dtrue\\t"
                + "ugi\\u003dambari-qa (auth:SIMPLE)\\tip\\u003d/192.168.64.102\\tcmd\\u003dlistStatus\\t"
                + "src\\u003d/ats/active\\tdst\\u003dnull\\tperm\\u003dnull\\tproto\\u003drpc\","
                + "\"logtime\":\"1497791166000\"}");
    assertEquals(1497791166000L, r.time);
    assertEquals("ambari-qa", r.user);
    assertEquals("listStatus", r.op);
    assertEquals("/ats/active", r.src);
  }

  @Test
  void localTimeIsReadInTheGivenZoneAcrossDst() throws Exception {
    AuditLineParser la = new AuditLineParser(ZoneId.of("America/Los_Angeles"));
    AuditRecord r = new AuditRecord();
    String body =
        " INFO FSNamesystem.audit: allowed=true\tugi=a\tip=/1.1.1.1\tcmd=open\tsrc=/f\tdst=null\tperm=null";
    la.parse("2021-03-14 01:59:59,999" + body, r); // PST, UTC-8
    assertEquals(utc("2021-03-14T09:59:59.999Z"), r.time);
    la.parse("2021-03-14 03:00:00,000" + body, r); // PDT, UTC-7
    assertEquals(utc("2021-03-14T10:00:00.000Z"), r.time);
  }

  @Test
  void malformedLinesSayWhy() {
    assertEquals(
        "audit record without a timestamp",
        reason("allowed=true\tugi=a\tip=/1.1.1.1\tcmd=open\tsrc=/f\tdst=null\tperm=null"));
    assertEquals(
        "not an audit line", reason("2015-04-24 13:31:40,183 INFO BlockStateChange: BLOCK* x"));
    assertEquals("not an audit line", reason("\u0000\u0001binary"));
    assertEquals(
        "no cmd= field",
        reason("2015-04-24 13:31:40,183 INFO FSNamesystem.audit: allowed=true\tugi=a"));
    assertEquals(
        "allowed= is neither true nor false",
        reason(
            "2015-04-24 13:31:40,183 INFO FSNamesystem.audit: allowed=maybe\tugi=a\tcmd=open\tsrc=/f"));
    assertEquals(
        "bad timestamp",
        reason(
            "2015-13-45 13:31:40,183 INFO FSNamesystem.audit: allowed=true\tugi=a\tcmd=open\tsrc=/f"));
    assertEquals(
        "src= is not UTF-8",
        reason(
            "2015-04-24 13:31:40,183 INFO FSNamesystem.audit: allowed=true\tugi=a\tcmd=open\tsrc=/\uFFFD"));
  }

  private String reason(String line) {
    return assertThrows(MalformedLineException.class, () -> parse(line)).getMessage();
  }

  /** The attack's lines: each names a path that climbs out of a replay's root. */
  static final String[] CLIMBING_OUT = {
    "cmd=delete\tsrc=/../../precious\tdst=null\tperm=null",
    "cmd=rename (options=[OVERWRITE])\tsrc=/jobs/a/f1\tdst=/../../victim/overwritten.txt"
        + "\tperm=mallory:supergroup:rw-r--r--",
    "cmd=setOwner\tsrc=/../../user/alice/notebooks/nb-07.ipynb\tdst=null"
        + "\tperm=mallory:supergroup:rw-r--r--",
    "cmd=setPermission\tsrc=/../../victim/keep.txt\tdst=null\tperm=alice:supergroup:rwx------",
    "cmd=create\tsrc=/../../data/logs/real.log\tdst=null\tperm=mallory:supergroup:rw-r--r--",
  };

  /** An attack line in the layout of profiles/vectors/input/audit.log, '..' Java-escaped or not. */
  static String climbingOut(String fields, boolean escaped) {
    return "2024-06-01 12:00:00,000 INFO FSNamesystem.audit: allowed=true\t"
        + "ugi=mallory (auth:SIMPLE)\tip=/10.0.0.66\t"
        + (escaped ? fields.replace("..", "\\u002e\\u002e") : fields)
        + "\tproto=rpc";
  }

  @Test
  void pathsThatClimbOutOfTheRootAreMalformedEscapedOrNot() {
    for (boolean escaped : new boolean[] {false, true}) {
      for (String fields : CLIMBING_OUT) {
        String line = climbingOut(fields, escaped);
        MalformedLineException e = assertThrows(MalformedLineException.class, () -> parse(line));
        String key = fields.contains("dst=/..") ? "dst" : "src";
        assertEquals(
            key + "= path not confined: an empty, '.' or '..' component", e.getMessage(), line);
      }
    }
    assertTrue(climbingOut(CLIMBING_OUT[0], true).contains("src=/\\u002e\\u002e/"));
  }

  @Test
  void emptyAndDotComponentsAreMalformedAndOddButRealNamesAreNot() throws Exception {
    for (String bad : new String[] {"/a//b/./c", "/a/", "/a/.", "/x:y", "/a/\\u005c.."}) {
      String line = climbingOut("cmd=mkdirs\tsrc=" + bad + "\tdst=null\tperm=null", false);
      assertThrows(MalformedLineException.class, () -> parse(line), bad);
    }
    String concat = "cmd=concat\tsrc=[/a/x, /../y]\tdst=/a/t\tperm=null";
    MalformedLineException e =
        assertThrows(MalformedLineException.class, () -> parse(climbingOut(concat, false)));
    assertTrue(e.getMessage().startsWith("src= path not confined"), e.getMessage());
    assertEquals(
        "/d/.snapshot/s1/..x",
        parse(climbingOut("cmd=open\tsrc=/d/.snapshot/s1/..x\tdst=null\tperm=null", false)).src);
    assertEquals(
        "RS-6-3-1024k",
        parse(
                climbingOut(
                    "cmd=enableErasureCodingPolicy\tsrc=RS-6-3-1024k\tdst=null\tperm=null", false))
            .src,
        "not a path: a replay issues nothing on it");
  }
}
