package org.mimesisbench.tardis.codec;

import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.zip.CRC32C;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.errors.BadInputException;

/**
 * The codec of the emulated DataNode's storage: Tardis when the chunk is Tardis data; otherwise, as
 * BlobSeer does, Deflater at its fastest level when a sample of the chunk compresses well;
 * otherwise the bytes as they are. An encoded chunk is one byte naming the codec ('T', 'D' or 'S'),
 * that codec's encoding, and a CRC32C of both. Thread-safe, like the codecs it uses.
 */
public final class AdaptiveCodec implements ChunkCodec {
  public static final String NAME = "adaptive";

  /**
   * How many times smaller than the chunk an encoding must be to be kept (also the sample's bar).
   */
  public static final String MIN_RATIO_KEY = "mimesisbench.tardis.adaptive.min-ratio";

  public static final double MIN_RATIO_DEFAULT = 1.25;

  /** The bytes of a foreign chunk deflated to judge it (BlobSeer: 64 KB of a 64 MB chunk). */
  public static final String SAMPLE_BYTES_KEY = "mimesisbench.tardis.adaptive.sample-bytes";

  public static final int SAMPLE_BYTES_DEFAULT = 16 * 1024;

  static final byte TARDIS = 'T';
  static final byte DEFLATE = 'D';
  static final byte STORED = 'S';
  private static final int ENVELOPE_BYTES = 1 + 4;

  private final TardisCodec tardis;
  private final DeflateCodec deflate;
  private final StoredAsIs stored = new StoredAsIs();
  private final CompressibilitySample sample;
  private final double minRatio;

  public AdaptiveCodec(TardisCodec tardis, double minRatio, int sampleBytes) {
    if (!(minRatio >= 1) || sampleBytes < 1) {
      throw new IllegalArgumentException(
          "min ratio "
              + minRatio
              + " must be at least 1 and sample bytes "
              + sampleBytes
              + " at least 1");
    }
    this.tardis = Objects.requireNonNull(tardis, "tardis");
    this.deflate = new DeflateCodec(tardis.maxChunkBytes());
    this.sample = new CompressibilitySample(sampleBytes, minRatio);
    this.minRatio = minRatio;
  }

  @Override
  public AdaptiveCodec exact() {
    TardisCodec exact = tardis.exact();
    return exact == tardis ? this : new AdaptiveCodec(exact, minRatio, sample.sampleBytes());
  }

  public AdaptiveCodec(TardisCodec tardis) {
    this(tardis, MIN_RATIO_DEFAULT, SAMPLE_BYTES_DEFAULT);
  }

  /**
   * The codec set by {@link #MIN_RATIO_KEY}, {@link #SAMPLE_BYTES_KEY} and {@link
   * TardisCodec#from}'s keys.
   */
  public static AdaptiveCodec from(Configuration conf) {
    TardisCodec tardis = TardisCodec.from(conf);
    double minRatio;
    int sampleBytes;
    try {
      minRatio = conf.getDouble(MIN_RATIO_KEY, MIN_RATIO_DEFAULT);
    } catch (NumberFormatException e) {
      minRatio = Double.NaN;
    }
    try {
      sampleBytes = conf.getInt(SAMPLE_BYTES_KEY, SAMPLE_BYTES_DEFAULT);
    } catch (NumberFormatException e) {
      sampleBytes = 0;
    }
    if (!(minRatio >= 1)) {
      throw new BadInputException(
          MIN_RATIO_KEY + ": a ratio of at least 1, not '" + conf.get(MIN_RATIO_KEY) + "'");
    }
    if (sampleBytes < 1) {
      throw new BadInputException(
          SAMPLE_BYTES_KEY
              + ": a byte count of at least 1, not '"
              + conf.get(SAMPLE_BYTES_KEY)
              + "'");
    }
    return new AdaptiveCodec(tardis, minRatio, sampleBytes);
  }

  @Override
  public byte[] compress(byte[] data, int off, int len) {
    ChunkLayout layout = tardis.layout(data, off, len);
    if (pays(layout.encodedBytes(), len)) {
      byte[] encoded = layout.encode();
      return envelope(TARDIS, encoded, 0, encoded.length);
    }
    if (sample.pays(data, off, len)) {
      byte[] deflated = deflate.compress(data, off, len);
      if (pays(deflated.length, len)) {
        return envelope(DEFLATE, deflated, 0, deflated.length);
      }
    }
    return envelope(STORED, data, off, len);
  }

  private boolean pays(int encodedBytes, int len) {
    return encodedBytes * minRatio <= len;
  }

  private static byte[] envelope(byte codec, byte[] inner, int off, int len) {
    byte[] out = new byte[len + ENVELOPE_BYTES];
    out[0] = codec;
    System.arraycopy(inner, off, out, 1, len);
    CRC32C crc = new CRC32C();
    crc.update(out, 0, len + 1);
    ByteBuffer.wrap(out).putInt(len + 1, (int) crc.getValue());
    return out;
  }

  @Override
  public byte[] decompress(byte[] encoded, int off, int len) throws CorruptChunkException {
    Objects.checkFromIndexSize(off, len, encoded.length);
    if (len < ENVELOPE_BYTES) {
      throw new CorruptChunkException(
          "adaptive chunk of " + len + " bytes: shorter than its envelope");
    }
    int inner = len - ENVELOPE_BYTES;
    CRC32C crc = new CRC32C();
    crc.update(encoded, off, inner + 1);
    if ((int) crc.getValue() != ByteBuffer.wrap(encoded).getInt(off + inner + 1)) {
      throw new CorruptChunkException("adaptive chunk of " + len + " bytes: checksum mismatch");
    }
    return codec(encoded[off]).decompress(encoded, off + 1, inner);
  }

  /** The name of the codec that encoded a chunk, e.g. to count how the stored chunks were kept. */
  public String encodedWith(byte[] encoded, int off, int len) throws CorruptChunkException {
    if (len < ENVELOPE_BYTES) {
      throw new CorruptChunkException(
          "adaptive chunk of " + len + " bytes: shorter than its envelope");
    }
    return codec(encoded[off]).name();
  }

  private ChunkCodec codec(byte id) throws CorruptChunkException {
    switch (id) {
      case TARDIS:
        return tardis;
      case DEFLATE:
        return deflate;
      case STORED:
        return stored;
      default:
        throw new CorruptChunkException(
            "adaptive chunk: unknown codec '" + (char) (id & 0xff) + "'");
    }
  }

  @Override
  public String name() {
    return NAME;
  }
}
