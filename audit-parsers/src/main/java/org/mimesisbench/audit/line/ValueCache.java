package org.mimesisbench.audit.line;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Returns one shared String for each distinct short value (user, cmd, ip, perm, proto): audit
 * logs repeat some thousands of them millions of times. A table keyed by hash, two-way (a value
 * may sit in either slot of its pair), so a miss costs one allocation and a collision only
 * evicts; the stored hash skips most compares. Values met as ASCII bytes keep their bytes too,
 * compared without going through the String.
 *
 * <p>One cache per field, each sized to its field: the reader's time went into cache misses
 * (a lookup touches the hash, the bytes and the string), and small tables for the few cmds,
 * auths and protos stay in the core's first-level cache while users and addresses have theirs.
 */
final class ValueCache {
  private static final int MAX_LENGTH = 128;
  private final int pairs; // slots - 2: masks a hash to the first slot of its pair
  private final String[] values;
  private final int[] hashes;
  private final byte[][] bytes; // null for values met as chars only

  /** A cache of {@code slots} values, a power of two at least 2. */
  ValueCache(int slots) {
    if (slots < 2 || Integer.bitCount(slots) != 1) {
      throw new IllegalArgumentException("slots must be a power of two, at least 2: " + slots);
    }
    pairs = slots - 2;
    values = new String[slots];
    hashes = new int[slots];
    bytes = new byte[slots][];
  }

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
      if (hit != null && hashes[k] == h && hit.length() == length
          && s.regionMatches(start, hit, 0, length)) {
        return hit;
      }
    }
    String v = s.substring(start, stop);
    put(slot, h, v, null);
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
    put(slot, h, v, Arrays.copyOfRange(b, start, stop));
    return v;
  }

  private int slot(int h) {
    return (h ^ (h >>> 16)) & pairs;
  }

  /** Stores into the pair's empty slot, else evicts one chosen by the hash. */
  private void put(int slot, int h, String v, byte[] b) {
    int k = values[slot] == null ? slot
        : values[slot + 1] == null ? slot + 1
        : slot + ((h >>> 24) & 1);
    values[k] = v;
    hashes[k] = h;
    bytes[k] = b;
  }
}
