package org.mimesisbench.tardis.codec;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.tardis.format.TardisFlag;

/**
 * Exalt's Tardis compressor and decompressor (Figure 2): each Tardis subsequence of a chunk is kept
 * as its first marker, offset and length; the foreign bytes between subsequences are kept verbatim.
 * A chunk may start and end anywhere in a sequence. Encoded chunks carry their flag and a CRC32C,
 * and decode on their own. Thread-safe: one instance serves every DataNode of a process.
 */
public final class TardisCodec implements ChunkCodec {
  public static final String NAME = "tardis";
  public static final String MARKER_CHECK_KEY = "mimesisbench.tardis.codec.marker-check";
  // Exalt's check, the fast one; the DataNode storage verifies each encoding and redoes a wrong one
  // exactly
  public static final String MARKER_CHECK_DEFAULT = MarkerCheck.FIRST_AND_LAST.toString();

  /**
   * The largest chunk compressed or decoded: a bound on what a damaged length can make us allocate.
   */
  public static final String MAX_CHUNK_BYTES_KEY = "mimesisbench.tardis.codec.max-chunk-bytes";

  public static final int MAX_CHUNK_BYTES_DEFAULT = 256 << 20; // twice HDFS's default block

  private final TardisFlag flag;
  private final MarkerCheck check;
  private final int maxChunkBytes;
  private final SubsequenceFinder finder;

  public TardisCodec(TardisFlag flag, MarkerCheck check, int maxChunkBytes) {
    if (maxChunkBytes < 0) {
      throw new IllegalArgumentException("max chunk bytes " + maxChunkBytes + " < 0");
    }
    this.flag = Objects.requireNonNull(flag, "flag");
    this.check = Objects.requireNonNull(check, "check");
    this.maxChunkBytes = maxChunkBytes;
    this.finder = new SubsequenceFinder(flag, check);
  }

  public TardisCodec(TardisFlag flag, MarkerCheck check) {
    this(flag, check, MAX_CHUNK_BYTES_DEFAULT);
  }

  /**
   * The codec set by {@link TardisFlag#FLAG_KEY}, {@link #MARKER_CHECK_KEY} and {@link
   * #MAX_CHUNK_BYTES_KEY}.
   */
  public static TardisCodec from(Configuration conf) {
    MarkerCheck check;
    int max;
    try {
      check = MarkerCheck.parse(conf.getTrimmed(MARKER_CHECK_KEY, MARKER_CHECK_DEFAULT));
    } catch (IllegalArgumentException e) {
      throw new BadInputException(MARKER_CHECK_KEY + ": " + e.getMessage());
    }
    try {
      max = conf.getInt(MAX_CHUNK_BYTES_KEY, MAX_CHUNK_BYTES_DEFAULT);
    } catch (NumberFormatException e) {
      max = -1;
    }
    if (max < 0) {
      throw new BadInputException(
          MAX_CHUNK_BYTES_KEY
              + ": a byte count from 0 to "
              + Integer.MAX_VALUE
              + ", not '"
              + conf.get(MAX_CHUNK_BYTES_KEY)
              + "'");
    }
    return new TardisCodec(TardisFlag.from(conf), check, max);
  }

  @Override
  public TardisCodec exact() {
    return check == MarkerCheck.EVERY_UNIT
        ? this
        : new TardisCodec(flag, MarkerCheck.EVERY_UNIT, maxChunkBytes);
  }

  public TardisFlag flag() {
    return flag;
  }

  public MarkerCheck markerCheck() {
    return check;
  }

  public int maxChunkBytes() {
    return maxChunkBytes;
  }

  /** TardisCompress of Figure 2: the subsequences of {@code data[off, off + len)}, in order. */
  public ChunkLayout layout(byte[] data, int off, int len) {
    Objects.checkFromIndexSize(off, len, data.length);
    if (len > maxChunkBytes) {
      throw new IllegalArgumentException(
          "a chunk of "
              + len
              + " bytes is over "
              + MAX_CHUNK_BYTES_KEY
              + " ("
              + maxChunkBytes
              + ")");
    }
    List<Subsequence> subsequences = new ArrayList<>(1);
    int end = off + len;
    for (int index = off; index < end; ) {
      Subsequence s = finder.find(data, index, end);
      if (s == null) {
        break;
      }
      subsequences.add(s);
      index = s.end();
    }
    return new ChunkLayout(flag, data, off, len, subsequences);
  }

  @Override
  public byte[] compress(byte[] data, int off, int len) {
    return layout(data, off, len).encode();
  }

  @Override
  public byte[] decompress(byte[] encoded, int off, int len) throws CorruptChunkException {
    Objects.checkFromIndexSize(off, len, encoded.length);
    return TardisChunkDecoder.decode(encoded, off, len, maxChunkBytes);
  }

  @Override
  public String name() {
    return NAME;
  }
}
