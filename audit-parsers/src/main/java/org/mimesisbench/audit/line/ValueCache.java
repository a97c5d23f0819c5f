package org.mimesisbench.audit.line;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Returns one shared String for each distinct short value of a field with few values (cmd, auth,
 * proto): audit logs repeat them millions of times. A table keyed by hash, two-way (a value may sit
 * in either slot of its pair), so a miss costs one allocation and a collision only evicts.
 *
 * <p>Looking values up was most of the reader's time, nearly all of it cache misses and
 * byte-at-a-time loops, hence: one small cache per field, which stays in the core's first-level
 * cache (fields of thousands of values, such as addresses, are better not cached for the reader's
 * sake alone; users are, for the trace builder's: AuditLineParser); and an ASCII value of up to 15
 * bytes is its own key, two longs read from the line and compared at once. Longer values, and
 * values met as chars (non-ASCII lines), are hashed and compared in full; every path compares in
 * full, so a hit is always the same text.
 */
final class ValueCache {
  private static final int MAX_LENGTH = 128;

  /** Longest value kept as its own key: 16 bytes, the last one holding the length. */
  static final int INLINE = 15;

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final int pairs; // slots - 2: masks a hash to the first slot of its pair
  private final String[] values;
  // slot k's inline key at 2k, 2k + 1 (bytes 0-7; bytes 8-14 and length + 1 in the top byte);
  // 0, 0 when the value is not inline: no inline key is 0, 0
  private final long[] keys;
  private final int[] hashes; // of values not inline
  private final byte[][] bytes; // of values not inline met as bytes; else null

  /** A cache of {@code slots} values, a power of two at least 2. */
  ValueCache(int slots) {
    if (slots < 2 || Integer.bitCount(slots) != 1) {
      throw new IllegalArgumentException("slots must be a power of two, at least 2: " + slots);
    }
    pairs = slots - 2;
    values = new String[slots];
    keys = new long[2 * slots];
    hashes = new int[slots];
    bytes = new byte[slots][];
  }

  /** The shared String of s[start, stop). */
  String get(String s, int start, int stop) {
    int length = stop - start;
    if (length > MAX_LENGTH) {
      return s.substring(start, stop);
    }
    int h = length;
    for (int i = start; i < stop; i++) {
      h = 31 * h + s.charAt(i);
    }
    int slot = slot(h);
    for (int k = slot; k < slot + 2; k++) {
      String hit = values[k];
      if (hit != null
          && hashes[k] == h
          && hit.length() == length
          && s.regionMatches(start, hit, 0, length)) {
        return hit;
      }
    }
    String v = s.substring(start, stop);
    put(slot, h, v, null, 0, 0);
    return v;
  }

  /** The shared String of the ASCII bytes b[start, stop). */
  String get(byte[] b, int start, int stop) {
    int length = stop - start;
    if (length <= INLINE && start + 16 <= b.length) {
      return getInline(b, start, length);
    }
    if (length > MAX_LENGTH) {
      return new String(b, start, length, StandardCharsets.ISO_8859_1);
    }
    int h = length;
    for (int i = start; i < stop; i++) {
      h = 31 * h + b[i];
    }
    int slot = slot(h);
    for (int k = slot; k < slot + 2; k++) {
      if (hashes[k] == h) {
        byte[] hit = bytes[k];
        if (hit != null && Arrays.equals(hit, 0, hit.length, b, start, stop)) {
          return values[k];
        }
      }
    }
    String v = new String(b, start, length, StandardCharsets.ISO_8859_1);
    put(slot, h, v, Arrays.copyOfRange(b, start, stop), 0, 0);
    return v;
  }

  private String getInline(byte[] b, int start, int length) {
    // the 16 bytes from start, those past the value masked off; its length in the top byte
    long k0 = (long) LONGS.get(b, start) & lowBytes(length);
    long k1 = (long) LONGS.get(b, start + 8) & lowBytes(length - 8) | (long) (length + 1) << 56;
    long x = k0 * 0x9E3779B97F4A7C15L + k1;
    x = (x ^ (x >>> 29)) * 0xBF58476D1CE4E5B9L;
    int slot = slot((int) (x ^ (x >>> 32)));
    for (int k = slot; k < slot + 2; k++) {
      if (keys[2 * k] == k0 && keys[2 * k + 1] == k1) {
        return values[k];
      }
    }
    String v = new String(b, start, length, StandardCharsets.ISO_8859_1);
    put(slot, 0, v, null, k0, k1);
    return v;
  }

  /** A mask of the low n bytes of a long (none for n <= 0, all for n >= 8). */
  private static long lowBytes(int n) {
    return n <= 0 ? 0 : n >= 8 ? -1L : (1L << (n << 3)) - 1;
  }

  private int slot(int h) {
    return (h ^ (h >>> 16)) & pairs;
  }

  /** Stores into the pair's empty slot, else evicts one chosen by the hash. */
  private void put(int slot, int h, String v, byte[] b, long k0, long k1) {
    int k =
        values[slot] == null
            ? slot
            : values[slot + 1] == null ? slot + 1 : slot + ((h ^ (int) k1 ^ (int) k0) >>> 24 & 1);
    values[k] = v;
    hashes[k] = h;
    bytes[k] = b;
    keys[2 * k] = k0;
    keys[2 * k + 1] = k1;
  }
}
