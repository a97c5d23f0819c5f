package org.mimesisbench.tardis.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;

/**
 * Coverage-guided fuzz targets of the codecs (Jazzer). Under plain {@code mvn test} they run their
 * seed inputs as regression tests; to fuzz one, run with {@code JAZZER_FUZZ=1} (tardis/README.md).
 * Chunks of at most 1 MiB, so that a forged length cannot make a decoder allocate more.
 */
class ChunkCodecFuzzTest {
  private static final int MAX = 1 << 20;
  private static final TardisCodec EXACT =
      new TardisCodec(TardisFlag.DEFAULT, MarkerCheck.EVERY_UNIT, MAX);
  private static final TardisCodec FIRST_AND_LAST =
      new TardisCodec(TardisFlag.DEFAULT, MarkerCheck.FIRST_AND_LAST, MAX);
  private static final AdaptiveCodec ADAPTIVE = new AdaptiveCodec(EXACT);
  private static final ChunkCodec[] DECODERS = {
    EXACT, FIRST_AND_LAST, ADAPTIVE, new DeflateCodec(MAX)
  };

  /**
   * Every chunk comes back exactly from the Tardis codec (exact marker check) and the adaptive one.
   * An even first byte: the rest is the chunk. An odd one: the rest builds a chunk of Tardis data
   * with foreign bytes inserted (see {@link #tardisWithInsertions}), which fuzzing alone would
   * rarely reach.
   */
  @FuzzTest(maxDuration = "60s")
  void everyChunkComesBack(byte[] input) throws CorruptChunkException {
    byte[] chunk =
        input.length > 0 && (input[0] & 1) == 1
            ? tardisWithInsertions(ByteBuffer.wrap(input, 1, input.length - 1))
            : Arrays.copyOfRange(input, Math.min(1, input.length), input.length);
    for (ChunkCodec codec : new ChunkCodec[] {EXACT, ADAPTIVE}) {
      byte[] encoded = codec.compress(chunk, 0, chunk.length);
      assertArrayEquals(chunk, codec.decompress(encoded, 0, encoded.length), codec.name());
    }
  }

  /**
   * Decoding any bytes gives a chunk or a CorruptChunkException, nothing else. First byte 0 mod 3:
   * the rest as they are; 1: the rest with a right CRC32C after it, to reach past the checksum into
   * the Tardis layout; 2: the same as an adaptive chunk (its first byte names the codec).
   */
  @FuzzTest(maxDuration = "60s")
  void decodingFailsOnlyAsACorruptChunk(byte[] input) {
    byte[] encoded = Arrays.copyOfRange(input, Math.min(1, input.length), input.length);
    int mode = input.length == 0 ? 0 : (input[0] & 0xff) % 3;
    if (mode != 0) {
      encoded = Arrays.copyOf(encoded, encoded.length + 4);
      CRC32C crc = new CRC32C();
      crc.update(encoded, 0, encoded.length - 4);
      ByteBuffer.wrap(encoded).putInt(encoded.length - 4, (int) crc.getValue());
    }
    ChunkCodec[] decoders =
        mode == 0 ? DECODERS : mode == 1 ? new ChunkCodec[] {EXACT} : new ChunkCodec[] {ADAPTIVE};
    for (ChunkCodec codec : decoders) {
      try {
        codec.decompress(encoded, 0, encoded.length);
      } catch (CorruptChunkException expected) {
        // the replica is corrupt: what the DataNode reports
      }
    }
  }

  /**
   * A chunk read from the input: a Tardis sequence's length (3 bytes) and the chunk's first
   * position in it (3 bytes), then steps: a byte with its low bit 0 is followed by 2 bytes, the
   * count of the sequence's next bytes to take; with its low bit 1, the byte's other 7 bits count
   * foreign bytes taken from the input. At most 1 MiB.
   */
  private static byte[] tardisWithInsertions(ByteBuffer in) {
    if (in.remaining() < 6) {
      return new byte[0];
    }
    long length = (in.getShort() & 0xffffL) << 8 | (in.get() & 0xff);
    long position = ((in.getShort() & 0xffffL) << 8 | (in.get() & 0xff)) % (length + 1);
    TardisSequence sequence = new TardisSequence(TardisFlag.DEFAULT, length);
    ByteArrayOutputStream chunk = new ByteArrayOutputStream();
    while (in.hasRemaining() && chunk.size() < MAX) {
      int step = in.get() & 0xff;
      if ((step & 1) == 1) {
        byte[] foreign =
            new byte[Math.min(Math.min(step >>> 1, in.remaining()), MAX - chunk.size())];
        in.get(foreign);
        chunk.writeBytes(foreign);
      } else if (in.remaining() >= 2) {
        int n =
            (int) Math.min(Math.min(in.getShort() & 0xffff, length - position), MAX - chunk.size());
        byte[] tardis = new byte[n];
        sequence.copy(position, tardis, 0, n);
        chunk.writeBytes(tardis);
        position += n;
      } else {
        break;
      }
    }
    return chunk.toByteArray();
  }
}
