package org.mimesisbench.tardis.bench;

import java.util.SplittableRandom;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;

/** The chunks both benchmarks measure: 1 MiB of Tardis data and 1 MiB of random bytes. */
final class Chunks {
  static final int BYTES = 1 << 20;

  private Chunks() {}

  /**
   * 1 MiB from the middle of a 1 GiB Tardis file, starting inside a unit, as a DataNode sees it.
   */
  static byte[] tardis() {
    byte[] chunk = new byte[BYTES];
    new TardisSequence(TardisFlag.DEFAULT, 1L << 30).copy((128L << 20) + 5, chunk, 0, BYTES);
    return chunk;
  }

  static byte[] random() {
    byte[] chunk = new byte[BYTES];
    new SplittableRandom(42).nextBytes(chunk);
    return chunk;
  }
}
