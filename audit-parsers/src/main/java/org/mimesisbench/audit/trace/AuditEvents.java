package org.mimesisbench.audit.trace;

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
