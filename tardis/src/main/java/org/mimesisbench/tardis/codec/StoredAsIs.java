package org.mimesisbench.tardis.codec;

import java.util.Arrays;

/** Keeps a chunk's bytes unchanged: for data that neither Tardis nor a fast codec shrinks. */
public final class StoredAsIs implements ChunkCodec {
  public static final String NAME = "stored";

  @Override
  public byte[] compress(byte[] data, int off, int len) {
    return Arrays.copyOfRange(data, off, off + len);
  }

  @Override
  public byte[] decompress(byte[] encoded, int off, int len) {
    return Arrays.copyOfRange(encoded, off, off + len);
  }

  @Override
  public String name() {
    return NAME;
  }
}
