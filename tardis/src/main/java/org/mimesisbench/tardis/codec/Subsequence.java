package org.mimesisbench.tardis.codec;

/**
 * A run of Tardis bytes found in a chunk, {@code data[start, start + length)}: its first byte is
 * byte {@code offset} of the unit whose marker is {@code marker}, and the rest follow as units
 * counting down. Knowing this much, the decompressor writes the run back byte for byte.
 */
record Subsequence(int start, int length, long marker, int offset) {
  int end() {
    return start + length;
  }
}
