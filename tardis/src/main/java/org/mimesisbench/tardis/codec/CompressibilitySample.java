package org.mimesisbench.tardis.codec;

import java.util.zip.Deflater;

/**
 * BlobSeer's test (B. Nicolae, "High throughput data-compression for cloud storage", Globe 2010):
 * deflate a small sample of a chunk and compress the whole chunk only if the sample shrank enough.
 * The sample is a few slices spread evenly over the chunk rather than one random piece, so a chunk
 * is always encoded the same way.
 */
final class CompressibilitySample {
  private static final int SLICES = 4;

  private final int sampleBytes;
  private final double minRatio;

  int sampleBytes() {
    return sampleBytes;
  }

  CompressibilitySample(int sampleBytes, double minRatio) {
    this.sampleBytes = sampleBytes;
    this.minRatio = minRatio;
  }

  /**
   * Whether the sample of {@code data[off, off + len)} deflates to at most 1 / minRatio of its
   * size.
   */
  boolean pays(byte[] data, int off, int len) {
    if (len == 0) {
      return false;
    }
    int slices = len <= sampleBytes ? 1 : SLICES;
    int slice = len <= sampleBytes ? len : Math.max(1, sampleBytes / SLICES);
    Deflater deflater = new Deflater(Deflater.BEST_SPEED);
    try {
      byte[] out = new byte[Math.min(slice, 64 * 1024) + 64];
      long compressed = 0;
      for (int i = 0; i < slices; i++) {
        int from = slices == 1 ? off : off + (int) ((long) (len - slice) * i / (slices - 1));
        deflater.setInput(data, from, slice);
        while (!deflater.needsInput()) {
          compressed += deflater.deflate(out);
        }
      }
      deflater.finish();
      while (!deflater.finished()) {
        compressed += deflater.deflate(out);
      }
      return (long) slices * slice >= minRatio * compressed;
    } finally {
      deflater.end();
    }
  }
}
