package org.mimesisbench.audit.trace;

import java.io.IOException;
import org.apache.avro.file.DataFileWriter;
import org.mimesisbench.audit.input.TimeOrderedAuditReader;
import org.mimesisbench.audit.line.AuditRecord;
import org.mimesisbench.trace.AuditEvent;

/** Writes every audit record, as read, into {@code events.avro}. */
public final class EventWriter implements TimeOrderedAuditReader.Sink {
  private final DataFileWriter<AuditEvent> events;
  private final AuditEvent event = new AuditEvent();

  public EventWriter(DataFileWriter<AuditEvent> events) {
    this.events = events;
  }

  @Override
  public void accept(AuditRecord r) throws IOException {
    event.setTime(r.time);
    event.setOp(r.op);
    event.setCmd(r.cmd);
    event.setSrc(r.src);
    event.setDst(r.dst);
    event.setUser(r.user);
    event.setAuth(r.auth);
    event.setRealUser(r.realUser);
    event.setAllowed(r.allowed);
    event.setIp(r.ip);
    event.setPerm(r.perm);
    event.setProto(r.proto);
    event.setCallerContext(r.callerContext);
    events.append(event);
  }
}
