package org.mimesisbench.audit.line;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Property tests of the line parser: round trips of generated lines, and no crash on any text. */
class AuditLineProperties {

  record Fields(
      String user,
      String auth,
      String cmd,
      String src,
      String dst,
      boolean allowed,
      boolean spaces) {}

  @Provide
  Arbitrary<Fields> fields() {
    Arbitrary<String> name =
        Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(8);
    Arbitrary<String> path = confinedPaths();
    Arbitrary<String> auth = Arbitraries.of("SIMPLE", "KERBEROS", "TOKEN", "PROXY");
    Arbitrary<String> cmd =
        Arbitraries.of(
            "open",
            "create",
            "listStatus",
            "getfileinfo",
            "delete",
            "mkdirs",
            "rename",
            "rename (options=[TO_TRASH])",
            "setPermission");
    return Combinators.combine(
            name,
            auth,
            cmd,
            path,
            path.injectNull(0.5),
            Arbitraries.of(true, false),
            Arbitraries.of(true, false))
        .as(Fields::new);
  }

  /** Paths as a NameNode writes them: '/'-separated names, none empty, '.' or '..'. */
  static Arbitrary<String> confinedPaths() {
    Arbitrary<String> component =
        Arbitraries.strings()
            .withCharRange('a', 'z')
            .withChars('.', '_', '-', '=')
            .ofMinLength(1)
            .ofMaxLength(8)
            .filter(c -> !c.equals(".") && !c.equals(".."));
    return component.list().ofMaxSize(6).map(names -> "/" + String.join("/", names));
  }

  /** A path that climbs out or holds an empty or '.' component is malformed, wherever it is. */
  @Property(tries = 1000)
  void aPathThatIsNotConfinedIsMalformed(
      @ForAll("fields") Fields f,
      @ForAll("badComponents") String bad,
      @ForAll boolean inDst,
      @ForAll boolean escaped) {
    String climbing = f.src() + (f.src().endsWith("/") ? "" : "/") + bad + "/x";
    String written = escaped ? climbing.replace(".", "\\u002e") : climbing;
    String line =
        "2020-02-29 23:59:59,999 INFO FSNamesystem.audit: allowed=true\tugi="
            + f.user()
            + "\tip=/10.0.0.1\tcmd="
            + f.cmd()
            + "\tsrc="
            + (inDst ? f.src() : written)
            + "\tdst="
            + (inDst ? written : "null")
            + "\tperm=null";
    MalformedLineException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            MalformedLineException.class,
            () -> new AuditLineParser(ZoneId.of("UTC")).parse(line, new AuditRecord()),
            line);
    assertEquals(
        (inDst ? "dst" : "src") + "= path not confined: an empty, '.' or '..' component",
        e.getMessage(),
        line);
  }

  @Provide
  Arbitrary<String> badComponents() {
    return Arbitraries.of("..", ".", "", "../..");
  }

  @Property(tries = 2000)
  void writtenLinesReadBack(@ForAll("fields") Fields f) throws Exception {
    String sep = f.spaces() ? "  " : "\t";
    String line =
        "2020-02-29 23:59:59,999 INFO FSNamesystem.audit: allowed="
            + f.allowed()
            + sep
            + "ugi="
            + f.user()
            + " (auth:"
            + f.auth()
            + ")"
            + sep
            + "ip=/10.0.0.1"
            + sep
            + "cmd="
            + f.cmd()
            + sep
            + "src="
            + f.src()
            + sep
            + "dst="
            + (f.dst() == null ? "null" : f.dst())
            + sep
            + "perm=null"
            + sep
            + "proto=rpc";
    AuditRecord r = new AuditRecord();
    new AuditLineParser(ZoneId.of("UTC")).parse(line, r);
    assertEquals(f.user(), r.user);
    assertEquals(f.auth(), r.auth);
    assertEquals(f.cmd(), r.cmd);
    assertEquals(f.src(), r.src);
    assertEquals(f.dst(), r.dst);
    assertEquals(f.allowed(), r.allowed);
    assertEquals("rpc", r.proto);
  }

  @Property(tries = 5000)
  void anyTextIsAnAuditRecordOrMalformed(@ForAll String noise, @ForAll("fields") Fields f) {
    String[] lines = {
      noise,
      "2020-01-01 00:00:00,000 INFO FSNamesystem.audit: " + noise,
      "2020-01-01 00:00:00,000 INFO FSNamesystem.audit: allowed=true\tugi="
          + noise
          + "\tcmd="
          + f.cmd(),
      "{\"log_message\":\"" + noise + "\",\"logtime\":1}",
    };
    AuditLineParser parser = new AuditLineParser(ZoneId.of("UTC"));
    for (String line : lines) {
      try {
        parser.parse(line, new AuditRecord());
      } catch (MalformedLineException expected) {
        // a counted line, which is all that may happen besides success
      }
    }
  }

  @Property(tries = 3000)
  void asciiBytesGiveTheSameRecordAsTheString(@ForAll("fields") Fields f, @ForAll String noise) {
    String sep = f.spaces() ? "  " : "\t";
    String line =
        "2020-02-29 23:59:59,999 INFO FSNamesystem.audit: allowed="
            + f.allowed()
            + sep
            + "ugi="
            + f.user()
            + " (auth:"
            + f.auth()
            + ") via "
            + noise
            + sep
            + "ip=/10.0.0.1"
            + sep
            + "cmd="
            + f.cmd()
            + sep
            + "src="
            + f.src()
            + sep
            + "dst="
            + (f.dst() == null ? "null" : f.dst())
            + sep
            + "perm="
            + f.user()
            + ":g:rw-r--r--"
            + sep
            + "proto=rpc "
            + noise;
    if (!line.chars().allMatch(c -> c < 0x80)) {
      return; // a reader gives bytes only for ASCII lines
    }
    byte[] bytes = ("xx" + line).getBytes(StandardCharsets.US_ASCII);
    AuditLineParser chars = new AuditLineParser(ZoneId.of("UTC"));
    AuditLineParser ascii = new AuditLineParser(ZoneId.of("UTC"));
    for (int round = 0; round < 2; round++) { // the second round takes the values from the caches
      assertEquals(
          outcome(r -> chars.parse(line, r)), outcome(r -> ascii.parse(line, bytes, 2, r)));
    }
  }

  @Provide
  Arbitrary<String> asciiNoise() {
    // the keys and separators a field is found by, among any ASCII
    Arbitrary<String> pieces =
        Arbitraries.oneOf(
            Arbitraries.strings().ascii().ofMaxLength(6),
            Arbitraries.of(
                "\t",
                " ",
                "  ",
                "=",
                "/",
                ",",
                ")",
                "\\",
                "\\u002e",
                "null",
                " via ",
                " (auth:",
                "allowed=",
                "ugi=",
                "ip=",
                "cmd=",
                "src=",
                "dst=",
                "perm=",
                "proto=",
                "callerContext=",
                "trackingId=",
                "true",
                "false",
                "x=",
                "{",
                "\r",
                "\u000b"));
    return pieces.list().ofMaxSize(12).map(l -> String.join("", l));
  }

  /** The reader's way for ASCII lines (their bytes alone) gives what the String gives. */
  @Property(tries = 5000)
  void asciiLinesReadAsBytesAsAsStrings(
      @ForAll("fields") Fields f,
      @ForAll("asciiNoise") String noise,
      @ForAll("asciiNoise") String more,
      @ForAll boolean spaces) {
    String sep = spaces ? "  " : "\t";
    String head = "2020-02-29 23:59:59,999 INFO FSNamesystem.audit: ";
    String[] lines = {
      noise,
      head + noise,
      head + "allowed=" + f.allowed() + sep + "ugi=" + f.user() + noise + sep + "cmd=" + f.cmd(),
      head
          + "allowed="
          + f.allowed()
          + sep
          + "ugi="
          + f.user()
          + " (auth:"
          + f.auth()
          + ")"
          + more
          + sep
          + "ip="
          + noise
          + sep
          + "cmd="
          + f.cmd()
          + sep
          + "src="
          + f.src()
          + more
          + sep
          + "dst="
          + (f.dst() == null ? "null" : f.dst())
          + sep
          + "perm=null"
          + noise
          + sep
          + "proto=rpc"
          + more,
      head + "ugi=" + f.user() + "," + more + sep + "cmd=" + f.cmd() + sep + "src=" + noise,
      "{\"log_message\":\"allowed=true ugi=" + noise + " cmd=open\",\"logtime\":1}",
    };
    AuditLineParser chars = new AuditLineParser(ZoneId.of("UTC"));
    AuditLineParser bytes = new AuditLineParser(ZoneId.of("UTC"));
    for (String line : lines) {
      byte[] b = ("ab" + line + "cd").getBytes(StandardCharsets.US_ASCII);
      for (int round = 0; round < 2; round++) { // the second round takes values from the caches
        AuditRecord[] asString = {null};
        AuditRecord[] asBytes = {null};
        assertEquals(
            outcome(r -> chars.parse(line, b, 2, (asString[0] = r))),
            outcome(r -> bytes.parseAscii(b, 2, b.length - 2, (asBytes[0] = r))),
            line);
        assertEquals(asString[0].ascii, asBytes[0].ascii, line);
      }
    }
  }

  private interface Parse {
    void into(AuditRecord r) throws MalformedLineException;
  }

  private static String outcome(Parse p) {
    try {
      AuditRecord r = new AuditRecord();
      p.into(r);
      return String.join(
          "|",
          String.valueOf(r.time),
          String.valueOf(r.allowed),
          r.user,
          r.auth,
          r.realUser,
          r.ip,
          r.cmd,
          r.op,
          r.src,
          r.dst,
          r.perm,
          r.proto,
          r.callerContext);
    } catch (MalformedLineException e) {
      return "malformed: " + e.getMessage();
    }
  }
}
