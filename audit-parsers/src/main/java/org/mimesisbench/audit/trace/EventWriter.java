package org.mimesisbench.audit.trace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.EncoderFactory;
import org.mimesisbench.audit.input.TimeOrderedAuditReader;
import org.mimesisbench.audit.line.AuditRecord;
import org.mimesisbench.trace.AuditEvent;

/**
 * Writes every audit record, as read, into {@code events.avro}. Each event is encoded through a
 * buffered encoder and handed over encoded: the container's own encoder writes byte by byte.
 */
public final class EventWriter implements TimeOrderedAuditReader.Sink {
  private final DataFileWriter<AuditEvent> events;
  private final AuditEvent event = new AuditEvent();
  private final DatumWriter<AuditEvent> writer = AvroFiles.datumWriter(AuditEvent.getClassSchema());
  private final Encoded encoded = new Encoded();
  private BinaryEncoder encoder;

  /** A byte buffer whose bytes can be handed over without a copy. */
  private static final class Encoded extends ByteArrayOutputStream {
    ByteBuffer bytes() {
      return ByteBuffer.wrap(buf, 0, count);
    }
  }

  public EventWriter(DataFileWriter<AuditEvent> events) {
    this.events = events;
  }

  @Override
  public void accept(AuditRecord r) throws IOException {
    AuditEvents.fill(event, r);
    encoded.reset();
    encoder = EncoderFactory.get().binaryEncoder(encoded, encoder);
    writer.write(event, encoder);
    encoder.flush();
    events.appendEncoded(encoded.bytes());
  }
}
