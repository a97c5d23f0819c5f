package org.mimesisbench.audit.trace;

import java.io.IOException;
import org.apache.avro.file.DataFileWriter;
import org.mimesisbench.audit.input.TimeOrderedAuditReader;
import org.mimesisbench.audit.line.AuditRecord;
import org.mimesisbench.trace.AuditEvent;

/**
 * Writes every audit record, as read, into {@code events.avro}. Each record is encoded as its
 * AuditEvent (see {@link AuditEvents#encode}) into an array handed over encoded: the container's
 * own encoder writes byte by byte, and the generic datum writer costs a large JIT compilation.
 */
public final class EventWriter implements TimeOrderedAuditReader.Sink {
  private final DataFileWriter<AuditEvent> events;
  private final ArrayEncoder encoded = new ArrayEncoder();

  public EventWriter(DataFileWriter<AuditEvent> events) {
    this.events = events;
  }

  @Override
  public void accept(AuditRecord r) throws IOException {
    encoded.reset(r.ascii);
    AuditEvents.encode(r, encoded); // as the AuditEvent made of r would encode itself
    events.appendEncoded(encoded.bytes());
  }
}
