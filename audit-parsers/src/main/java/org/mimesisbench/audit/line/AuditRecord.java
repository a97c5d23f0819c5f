package org.mimesisbench.audit.line;

/**
 * The fields of one audit-log line. Mutable and reused by {@link AuditLineParser} so that parsing a
 * line allocates only the field strings. Copy what must outlive the next line.
 */
public final class AuditRecord {
  /** Where it was read: the input file's index among the parse's inputs, and its line there. */
  public int source;

  public long line;

  /** Epoch milliseconds. */
  public long time;

  public boolean allowed;

  /** Effective user: ugi before " (auth:" or " via ". */
  public String user;

  /** SIMPLE, KERBEROS, TOKEN, PROXY, ...; null without "(auth:...)". */
  public String auth;

  /** The real user of a proxied request (after " via "), else null. */
  public String realUser;

  /** Client address without the leading '/'; null when logged as null. */
  public String ip;

  /** cmd exactly as logged, e.g. "rename (options=[TO_TRASH])". */
  public String cmd;

  /** cmd without options: "rename". */
  public String op;

  public String src;
  public String dst;
  public String perm;
  public String proto;
  public String callerContext;

  /**
   * True when every string field is known to be ASCII (read from an ASCII line, no escaped path
   * decoded), so that writers may copy its chars as bytes without looking; false when unknown.
   */
  public boolean ascii;

  void clear() {
    time = 0;
    allowed = true;
    ascii = false;
    user = auth = realUser = ip = cmd = op = src = dst = perm = proto = callerContext = null;
  }

  /** Makes this record a copy of {@code r}. */
  public void copyFrom(AuditRecord r) {
    source = r.source;
    line = r.line;
    time = r.time;
    allowed = r.allowed;
    user = r.user;
    auth = r.auth;
    realUser = r.realUser;
    ip = r.ip;
    cmd = r.cmd;
    op = r.op;
    src = r.src;
    dst = r.dst;
    perm = r.perm;
    proto = r.proto;
    callerContext = r.callerContext;
    ascii = r.ascii;
  }
}
