package org.mimesisbench.audit.trace;

import java.io.IOException;
import org.apache.avro.io.Encoder;
import org.mimesisbench.audit.line.AuditRecord;
import org.mimesisbench.trace.AuditEvent;

/** The one mapping between a parsed line (AuditRecord) and its trace record (AuditEvent). */
public final class AuditEvents {
  private AuditEvents() {}

  /** Sets every field of {@code e} from {@code r}; returns {@code e}. */
  public static AuditEvent fill(AuditEvent e, AuditRecord r) {
    e.setTime(r.time);
    e.setOp(r.op);
    e.setCmd(r.cmd);
    e.setSrc(r.src);
    e.setDst(r.dst);
    e.setUser(r.user);
    e.setAuth(r.auth);
    e.setRealUser(r.realUser);
    e.setAllowed(r.allowed);
    e.setIp(r.ip);
    e.setPerm(r.perm);
    e.setProto(r.proto);
    e.setCallerContext(r.callerContext);
    return e;
  }

  /**
   * Writes {@code r} as the AuditEvent that {@link #fill(AuditEvent, AuditRecord)} makes of it
   * would write itself (its generated {@code customEncode}: fields in schema order, a union's
   * branch index before its value, null first), without making that event: the events writer's
   * per-line object and a second large method for the JIT to compile. AuditEventsTest checks the
   * bytes are the same, so a change to AuditEvent.avsc cannot go unseen.
   */
  public static void encode(AuditRecord r, Encoder out) throws IOException {
    out.writeLong(r.time);
    out.writeString(r.op);
    out.writeString(r.cmd);
    optional(r.src, out);
    optional(r.dst, out);
    out.writeString(r.user);
    optional(r.auth, out);
    optional(r.realUser, out);
    out.writeBoolean(r.allowed);
    optional(r.ip, out);
    optional(r.perm, out);
    optional(r.proto, out);
    optional(r.callerContext, out);
  }

  /** A ["null", "string"] union. */
  private static void optional(String s, Encoder out) throws IOException {
    if (s == null) {
      out.writeIndex(0);
      out.writeNull();
    } else {
      out.writeIndex(1);
      out.writeString(s);
    }
  }

  /** Sets every field of {@code r} from {@code e}; returns {@code r}. */
  public static AuditRecord fill(AuditRecord r, AuditEvent e) {
    r.time = e.getTime();
    r.op = e.getOp();
    r.cmd = e.getCmd();
    r.src = e.getSrc();
    r.dst = e.getDst();
    r.user = e.getUser();
    r.auth = e.getAuth();
    r.realUser = e.getRealUser();
    r.allowed = e.getAllowed();
    r.ip = e.getIp();
    r.perm = e.getPerm();
    r.proto = e.getProto();
    r.callerContext = e.getCallerContext();
    r.ascii = false; // not looked at
    return r;
  }
}
