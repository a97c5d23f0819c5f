package org.mimesisbench.audit.trace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;

/** Opens the trace's Avro container files with one codec choice for all of them. */
public final class AvroFiles {
  /** Codec name as Avro spells it: null, deflate, snappy, zstandard, ... */
  public static final String CODEC_KEY = "mimesisbench.trace.codec";

  /** Snappy: 40 % of the size of none for a fraction of deflate's time (BENCHMARKS.md). */
  public static final String CODEC_DEFAULT = "snappy";

  /** Generated classes encode themselves (no reflection per field): several times faster. */
  private static final SpecificData MODEL = new SpecificData();

  static {
    MODEL.setCustomCoders(true);
  }

  private static final Schema PROBE = Schema.create(Schema.Type.STRING);

  private AvroFiles() {}

  /** A writer of generated records that encode themselves. */
  public static <T> DatumWriter<T> datumWriter(Schema schema) {
    return new SpecificDatumWriter<>(schema, MODEL);
  }

  /**
   * Avro's codec names, plus "deflate-N" for deflate at level N (1 fastest, 9 smallest).
   *
   * @throws IllegalArgumentException for a codec unknown or not usable here
   */
  public static CodecFactory codec(String name) {
    CodecFactory codec;
    try {
      codec =
          name.startsWith("deflate-")
              ? CodecFactory.deflateCodec(Integer.parseInt(name.substring("deflate-".length())))
              : CodecFactory.fromString(name);
      try (DataFileWriter<Object> probe = new DataFileWriter<>(new SpecificDatumWriter<>(PROBE))) {
        probe.setCodec(codec);
        probe.create(PROBE, new ByteArrayOutputStream()).append("probe"); // its library is here
      }
    } catch (RuntimeException | IOException | LinkageError e) {
      throw new IllegalArgumentException("unknown or unavailable Avro codec " + name, e);
    }
    return codec;
  }

  public static <T> DataFileWriter<T> create(Schema schema, Path file, String codec)
      throws IOException {
    return create(schema, Files.newOutputStream(file), codec);
  }

  /** Writes to any stream, e.g. a file on HDFS; closing the writer closes it. */
  public static <T> DataFileWriter<T> create(Schema schema, OutputStream out, String codec)
      throws IOException {
    DataFileWriter<T> writer = new DataFileWriter<>(datumWriter(schema));
    writer.setCodec(codec(codec));
    writer.setSyncInterval(1 << 20);
    return writer.create(schema, out);
  }
}
