package org.mimesisbench.audit.mapreduce;

import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.hadoop.io.Writable;
import org.mimesisbench.trace.AuditEvent;

/**
 * An AuditEvent in the shuffle, Avro-encoded behind a length. Hadoop's own AvroSerialization cannot
 * be used for map output: its buffering decoder reads past the record's end.
 */
public final class AuditEventWritable implements Writable {
  private static final SpecificDatumWriter<AuditEvent> WRITER =
      new SpecificDatumWriter<>(AuditEvent.class);
  private static final SpecificDatumReader<AuditEvent> READER =
      new SpecificDatumReader<>(AuditEvent.class);

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
  private BinaryEncoder encoder;
  private BinaryDecoder decoder;
  private byte[] buffer = new byte[256];
  private AuditEvent event;

  public AuditEvent get() {
    return event;
  }

  public AuditEventWritable set(AuditEvent event) {
    this.event = event;
    return this;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    bytes.reset();
    encoder = EncoderFactory.get().directBinaryEncoder(bytes, encoder);
    WRITER.write(event, encoder);
    out.writeInt(bytes.size());
    bytes.writeTo(
        new java.io.OutputStream() {
          @Override
          public void write(int b) throws IOException {
            out.write(b);
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
          }
        });
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    int length = in.readInt();
    if (buffer.length < length) {
      buffer = new byte[Math.max(length, buffer.length * 2)];
    }
    in.readFully(buffer, 0, length);
    decoder = DecoderFactory.get().binaryDecoder(buffer, 0, length, decoder);
    event = READER.read(event, decoder);
  }
}
