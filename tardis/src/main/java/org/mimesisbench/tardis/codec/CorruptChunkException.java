package org.mimesisbench.tardis.codec;

import java.io.IOException;

/** An encoded chunk that cannot be decoded: the replica holding it is corrupt. */
public class CorruptChunkException extends IOException {
  public CorruptChunkException(String message) {
    super(message);
  }
}
