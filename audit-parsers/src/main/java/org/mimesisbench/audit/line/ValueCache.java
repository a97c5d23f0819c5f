package org.mimesisbench.audit.line;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Returns one shared String for each distinct short value (user, cmd, ip, perm, proto): audit
 * logs repeat some thousands of them millions of times. A direct-mapped table keyed by hash, so a
 * miss costs one allocation and a collision only evicts; the stored hash skips most compares.
 * Values met as ASCII bytes keep their bytes too, compared without going through the String.
 */
final class ValueCache {
  private static final int SIZE = 1 << 16; // power of two, above a big cluster's users and hosts
  private static final int MAX_LENGTH = 128;
  private final String[] values = new String[SIZE];
  private final int[] hashes = new int[SIZE];
  private final byte[][] bytes = new byte[SIZE][]; // null for values met as chars only

  String get(String s, int start, int stop) {
    int length = stop - start;
    if (length > MAX_LENGTH) {
      return s.substring(start, stop);
    }
    int h = length;
    for (int i = start; i < stop; i++) {
      h = 31 * h + s.charAt(i);
    }
    int slot = (h ^ (h >>> 16)) & (SIZE - 1);
    String hit = values[slot];
    if (hit != null && hashes[slot] == h && hit.length() == length
        && s.regionMatches(start, hit, 0, length)) {
      return hit;
    }
    String v = s.substring(start, stop);
    values[slot] = v;
    hashes[slot] = h;
    bytes[slot] = null;
    return v;
  }

  /** As {@link #get(String, int, int)} for ASCII bytes b[start, stop); same hash, same values. */
  String get(byte[] b, int start, int stop) {
    int length = stop - start;
    if (length > MAX_LENGTH) {
      return new String(b, start, length, StandardCharsets.ISO_8859_1);
    }
    int h = length;
    for (int i = start; i < stop; i++) {
      h = 31 * h + b[i];
    }
    int slot = (h ^ (h >>> 16)) & (SIZE - 1);
    byte[] hit = bytes[slot];
    if (hit != null && hashes[slot] == h && Arrays.equals(hit, 0, hit.length, b, start, stop)) {
      return values[slot];
    }
    String v = new String(b, start, length, StandardCharsets.ISO_8859_1);
    values[slot] = v;
    hashes[slot] = h;
    bytes[slot] = Arrays.copyOfRange(b, start, stop);
    return v;
  }
}
