package org.mimesisbench.audit.line;

/**
 * Returns one shared String for each distinct short value (user, cmd, ip, proto): audit logs
 * repeat a few hundred of them millions of times. A small direct-mapped table, so a miss costs
 * one allocation and a collision only evicts.
 */
final class ValueCache {
  private static final int SIZE = 4096; // power of two
  private static final int MAX_LENGTH = 128;
  private final String[] table = new String[SIZE];

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
    String hit = table[slot];
    if (hit != null && hit.length() == length && s.regionMatches(start, hit, 0, length)) {
      return hit;
    }
    String v = s.substring(start, stop);
    table[slot] = v;
    return v;
  }
}
