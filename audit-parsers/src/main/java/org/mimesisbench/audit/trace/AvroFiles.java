package org.mimesisbench.audit.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;

/** Opens the trace's Avro container files with one codec choice for all of them. */
public final class AvroFiles {
  /** Codec name as Avro spells it: null, deflate, snappy, zstandard, ... */
  public static final String CODEC_KEY = "mimesisbench.trace.codec";
  /** Deflate at its fastest level: a third of the size of none at a small cost in speed. */
  public static final String CODEC_DEFAULT = "deflate-1";

  /** Generated classes encode themselves (no reflection per field): several times faster. */
  private static final SpecificData MODEL = new SpecificData();

  static {
    MODEL.setCustomCoders(true);
  }

  private AvroFiles() {}

  /** Avro's codec names, plus "deflate-N" for deflate at level N (1 fastest, 9 smallest). */
  public static CodecFactory codec(String name) {
    if (name.startsWith("deflate-")) {
      return CodecFactory.deflateCodec(Integer.parseInt(name.substring("deflate-".length())));
    }
    return CodecFactory.fromString(name);
  }

  public static <T> DataFileWriter<T> create(Schema schema, Path file, String codec)
      throws IOException {
    return create(schema, Files.newOutputStream(file), codec);
  }

  /** Writes to any stream, e.g. a file on HDFS; closing the writer closes it. */
  public static <T> DataFileWriter<T> create(Schema schema, OutputStream out, String codec)
      throws IOException {
    DataFileWriter<T> writer = new DataFileWriter<>(new SpecificDatumWriter<T>(schema, MODEL));
    writer.setCodec(codec(codec));
    writer.setSyncInterval(1 << 20);
    return writer.create(schema, out);
  }
}
