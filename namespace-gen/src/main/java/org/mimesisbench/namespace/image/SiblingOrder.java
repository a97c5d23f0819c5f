package org.mimesisbench.namespace.image;

/**
 * The order of a directory's children by name, as the NameNode keeps them: generated siblings are
 * named by their number in base 36 ({@code d1a}, {@code f3.t7}), and base-36 digits sort in ASCII
 * as their values do, so the names' order is the numbers' lexicographic order: 0, 1, 10, 100, ...,
 * 11, ..., 2, ... A file's ".t" suffix never decides ('.' sorts before every digit, like an end).
 * An image whose children come in this order loads each directory by appending, not inserting.
 */
final class SiblingOrder {
  static final int RADIX = 36;

  private SiblingOrder() {}

  /** {@code order}, or a larger array when it holds fewer than n. */
  static int[] sized(int[] order, int n) {
    return order.length >= n ? order : new int[Math.max(n, order.length * 2)];
  }

  /**
   * Fills {@code out[0..n)} with 0..n-1 in their base-36 names' order; {@code out} holds at least
   * n.
   */
  static void of(int n, int[] out) {
    if (n == 0) {
      return;
    }
    out[0] = 0; // "0" is a prefix of no other number
    long last = n - 1L;
    long cur = 1;
    for (int k = 1; k < n; k++) {
      out[k] = (int) cur;
      if (cur * RADIX <= last) {
        cur *= RADIX; // the next name extends this one
      } else {
        if (cur >= last) {
          cur /= RADIX;
        }
        cur++;
        while (cur % RADIX == 0) { // past the last digit at this length: back up one
          cur /= RADIX;
        }
      }
    }
  }
}
