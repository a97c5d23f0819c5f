package org.mimesisbench.audit.line;

/**
 * Returns one shared String for each distinct short value (user, cmd, ip, perm, proto): audit
 * logs repeat some thousands of them millions of times. A direct-mapped table keyed by hash, so a
 * miss costs one allocation and a collision only evicts; the stored hash skips most compares.
 */
final class ValueCache {
  private static final int SIZE = 1 << 16; // power of two, above a big cluster's users and hosts
  private static final int MAX_LENGTH = 128;
  private final String[] values = new String[SIZE];
  private final int[] hashes = new int[SIZE];

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
    return v;
  }
}
