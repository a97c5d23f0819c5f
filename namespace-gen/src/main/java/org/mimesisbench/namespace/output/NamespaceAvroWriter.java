package org.mimesisbench.namespace.output;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.io.BinaryData;
import org.apache.avro.specific.SpecificDatumWriter;
import org.mimesisbench.namespace.generate.NamespaceVisitor;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * Writes a generated namespace as {@code namespace.avro}: NamespaceEntry records, the schema of a
 * trace's fsimage snapshot, so whatever reads a real namespace reads a generated one. Each record
 * is encoded straight from the path bytes into one reused array (no String, no record object per
 * entry). Generated entries have no size, times, replication, owner, group, permission or blocks: 0
 * and null.
 */
public final class NamespaceAvroWriter implements NamespaceVisitor, Closeable {
  /** The fields this encoder writes, in order; a schema change must change the encoder too. */
  static final List<String> FIELDS =
      List.of(
          "path",
          "isDir",
          "depth",
          "size",
          "mtime",
          "atime",
          "replication",
          "owner",
          "group",
          "permission",
          "blocks",
          "blockSize");

  private final DataFileWriter<NamespaceEntry> writer;
  private byte[] record = new byte[512];
  private long entries;
  private long pathBytes;

  public NamespaceAvroWriter(OutputStream out, CodecFactory codec) throws IOException {
    Schema schema = NamespaceEntry.getClassSchema();
    List<String> fields = schema.getFields().stream().map(Schema.Field::name).toList();
    if (!fields.equals(FIELDS)) {
      throw new IllegalStateException(
          "NamespaceEntry.avsc has fields " + fields + ", the encoder writes " + FIELDS);
    }
    writer = new DataFileWriter<>(new SpecificDatumWriter<NamespaceEntry>(schema));
    writer.setCodec(codec);
    writer.setSyncInterval(1 << 20);
    writer.create(schema, out);
  }

  @Override
  public void directory(byte[] path, int length, int depth) throws IOException {
    append(path, length, true, depth);
  }

  @Override
  public void file(byte[] path, int length, int depth, int type) throws IOException {
    append(path, length, false, depth);
  }

  private void append(byte[] path, int length, boolean isDir, int depth) throws IOException {
    if (record.length < length + 32) {
      record = new byte[2 * (length + 32)];
    }
    int at = BinaryData.encodeInt(length, record, 0);
    System.arraycopy(path, 0, record, at, length);
    at += length;
    record[at++] = (byte) (isDir ? 1 : 0);
    at += BinaryData.encodeInt(depth, record, at);
    // size, mtime, atime (longs), replication (int) are 0; owner, group, permission take the null
    // branch (index 0); blocks (int) and blockSize (long) are 0
    for (int i = 0; i < 9; i++) {
      record[at++] = 0;
    }
    writer.appendEncoded(ByteBuffer.wrap(record, 0, at));
    entries++;
    pathBytes += length;
  }

  public long entries() {
    return entries;
  }

  /** Bytes of all paths written, for the benchmark's like-for-like reference. */
  public long pathBytes() {
    return pathBytes;
  }

  @Override
  public void close() throws IOException {
    writer.close();
  }
}
