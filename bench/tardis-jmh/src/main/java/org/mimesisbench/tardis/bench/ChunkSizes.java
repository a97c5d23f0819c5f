package org.mimesisbench.tardis.bench;

import java.util.zip.Deflater;
import org.mimesisbench.tardis.codec.AdaptiveCodec;
import org.mimesisbench.tardis.codec.ChunkCodec;
import org.mimesisbench.tardis.codec.MarkerCheck;
import org.mimesisbench.tardis.codec.TardisCodec;
import org.mimesisbench.tardis.format.TardisFlag;

/** Prints the encoded sizes of the benchmark's chunks, one "size <what> <bytes>" line each. */
public final class ChunkSizes {
  private ChunkSizes() {}

  public static void main(String[] args) throws Exception {
    byte[] tardis = Chunks.tardis();
    byte[] random = Chunks.random();
    TardisCodec codec = new TardisCodec(TardisFlag.DEFAULT, MarkerCheck.FIRST_AND_LAST);
    AdaptiveCodec adaptive =
        new AdaptiveCodec(new TardisCodec(TardisFlag.DEFAULT, MarkerCheck.EVERY_UNIT));
    print("chunk", tardis.length);
    print("tardis", roundTrip(codec, tardis));
    print("adaptive-tardis", roundTrip(adaptive, tardis));
    print("adaptive-random", roundTrip(adaptive, random));
    print("deflater-tardis", deflated(tardis));
    print("deflater-random", deflated(random));
  }

  private static int roundTrip(ChunkCodec codec, byte[] chunk) throws Exception {
    byte[] encoded = codec.compress(chunk, 0, chunk.length);
    if (!java.util.Arrays.equals(chunk, codec.decompress(encoded, 0, encoded.length))) {
      throw new IllegalStateException(codec.name() + " did not give the chunk back");
    }
    return encoded.length;
  }

  private static int deflated(byte[] chunk) {
    Deflater deflater = new Deflater(Deflater.BEST_SPEED);
    deflater.setInput(chunk);
    deflater.finish();
    byte[] out = new byte[2 * chunk.length];
    int n = 0;
    while (!deflater.finished()) {
      n += deflater.deflate(out, n, out.length - n);
    }
    deflater.end();
    return n;
  }

  private static void print(String what, int bytes) {
    System.out.println("size " + what + " " + bytes);
  }
}
