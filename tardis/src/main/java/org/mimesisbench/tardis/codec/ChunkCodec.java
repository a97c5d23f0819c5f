package org.mimesisbench.tardis.codec;

/**
 * Encodes one chunk of block data on its own, so any chunk of a block (any offset, any length) can
 * be stored and read back without its neighbours. Lossless for every input.
 */
public interface ChunkCodec {

  /** The encoded form of {@code data[off, off + len)}. */
  byte[] compress(byte[] data, int off, int len);

  /** The original bytes of a chunk that {@link #compress} encoded. */
  byte[] decompress(byte[] encoded, int off, int len) throws CorruptChunkException;

  /** Stored beside encoded data, so a restarted DataNode decodes it with the same codec. */
  String name();

  /**
   * A codec of the same name and format that reads every byte it encodes, so its encodings always
   * decode to the input; this one when it already does. A fast codec may take bytes on trust
   * (Exalt's first-and-last marker check); a caller that finds an encoding does not decode to its
   * input encodes it again with this one.
   */
  default ChunkCodec exact() {
    return this;
  }
}
