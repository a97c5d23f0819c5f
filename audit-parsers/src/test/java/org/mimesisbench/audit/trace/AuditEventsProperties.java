package org.mimesisbench.audit.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.mimesisbench.audit.line.AuditRecord;
import org.mimesisbench.trace.AuditEvent;

/**
 * A record encoded directly is, byte for byte, the AuditEvent made of it encoding itself (the code
 * generated from AuditEvent.avsc): a change of the schema shows here.
 */
class AuditEventsProperties {
  @Provide
  Arbitrary<AuditRecord> records() {
    Arbitrary<String> text =
        Arbitraries.oneOf(
            Arbitraries.strings().ascii().ofMaxLength(30), Arbitraries.strings().ofMaxLength(10));
    Arbitrary<String> optional = text.injectNull(0.4);
    return Combinators.combine(
            Arbitraries.longs(),
            text,
            text,
            optional,
            optional,
            Arbitraries.of(true, false),
            optional,
            optional)
        .as(
            (time, cmd, user, src, dst, allowed, auth, ip) -> {
              AuditRecord r = new AuditRecord();
              r.time = time;
              r.cmd = cmd;
              r.op = cmd.isEmpty() ? cmd : cmd.substring(0, 1);
              r.user = user;
              r.src = src;
              r.dst = dst;
              r.allowed = allowed;
              r.auth = auth;
              r.realUser = dst;
              r.ip = ip;
              r.perm = src;
              r.proto = auth;
              r.callerContext = ip;
              return r;
            });
  }

  @Property(tries = 2000)
  void encodesAsItsAuditEvent(@ForAll("records") AuditRecord r) throws IOException {
    ArrayEncoder generated = new ArrayEncoder();
    generated.reset();
    AuditEvents.fill(new AuditEvent(), r).customEncode(generated);
    ArrayEncoder direct = new ArrayEncoder();
    direct.reset(isAscii(r));
    AuditEvents.encode(r, direct);
    assertEquals(bytes(generated.bytes()), bytes(direct.bytes()));
  }

  private static boolean isAscii(AuditRecord r) {
    for (String s :
        new String[] {
          r.op,
          r.cmd,
          r.src,
          r.dst,
          r.user,
          r.auth,
          r.realUser,
          r.ip,
          r.perm,
          r.proto,
          r.callerContext
        }) {
      if (s != null && !s.chars().allMatch(c -> c < 0x80)) {
        return false;
      }
    }
    return true;
  }

  private static ByteBuffer bytes(ByteBuffer b) {
    return ByteBuffer.wrap(java.util.Arrays.copyOfRange(b.array(), b.position(), b.limit()));
  }
}
