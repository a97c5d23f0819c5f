package org.mimesisbench.audit.trace;

import java.io.IOException;
import org.apache.avro.file.DataFileWriter;
import org.mimesisbench.audit.input.TimeOrderedAuditReader;
import org.mimesisbench.audit.line.AuditRecord;
import org.mimesisbench.trace.AuditEvent;

/**
 * Writes every audit record, as read, into {@code events.avro}. Each event encodes itself (the
 * generated, schema-derived code) into an array handed over encoded: the container's own
 * encoder writes byte by byte, and the generic datum writer costs a large JIT compilation.
 */
public final class EventWriter implements TimeOrderedAuditReader.Sink {
  private final DataFileWriter<AuditEvent> events;
  private final ArrayEncoder encoded = new ArrayEncoder();

  public EventWriter(DataFileWriter<AuditEvent> events) {
    this.events = events;
  }

  @Override
  public void accept(AuditRecord r) throws IOException {
    AuditEvent event = AuditEvents.fill(new AuditEvent(), r); // young: filling it marks no G1 cards
    encoded.reset(r.ascii);
    event.customEncode(encoded);
    events.appendEncoded(encoded.bytes());
  }
}
