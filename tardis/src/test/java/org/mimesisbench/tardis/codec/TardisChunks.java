package org.mimesisbench.tardis.codec;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;
import org.mimesisbench.tardis.format.Unit;

/**
 * A chunk made for the properties: a range of a Tardis sequence with foreign byte strings inserted
 * at given offsets of that range. Knows which of its bytes are Tardis data.
 */
final class TardisChunks {
  /** A foreign byte string to insert {@code at} bytes into the Tardis range. */
  record Insertion(int at, byte[] bytes) {}

  final byte[] bytes;

  /** The lengths of the Tardis stretches between insertions, in order. */
  final List<Integer> stretches = new ArrayList<>();

  /** The sequence positions where each stretch starts. */
  final List<Long> stretchStarts = new ArrayList<>();

  final int foreignBytes;

  TardisChunks(TardisFlag flag, long length, long from, int len, List<Insertion> insertions) {
    TardisSequence sequence = new TardisSequence(flag, length);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int done = 0;
    int foreign = 0;
    List<Insertion> sorted = new ArrayList<>(insertions);
    sorted.sort(java.util.Comparator.comparingInt(Insertion::at));
    for (Insertion i : sorted) {
      int at = Math.min(Math.max(i.at(), 0), len);
      stretch(sequence, from + done, at - done, out);
      done = at;
      out.writeBytes(i.bytes());
      foreign += i.bytes().length;
    }
    stretch(sequence, from + done, len - done, out);
    this.bytes = out.toByteArray();
    this.foreignBytes = foreign;
  }

  private void stretch(TardisSequence sequence, long position, int n, ByteArrayOutputStream out) {
    byte[] b = new byte[n];
    sequence.copy(position, b, 0, n);
    out.writeBytes(b);
    stretches.add(n);
    stretchStarts.add(position);
  }

  /** Tardis bytes in stretches that hold a whole unit: those the codec must compress. */
  long bytesInStretchesWithAWholeUnit() {
    long sum = 0;
    for (int i = 0; i < stretches.size(); i++) {
      long start = stretchStarts.get(i);
      long firstUnit = (start + Unit.BYTES - 1) / Unit.BYTES * Unit.BYTES;
      if (firstUnit + Unit.BYTES <= start + stretches.get(i)) {
        sum += stretches.get(i);
      }
    }
    return sum;
  }

  /** How many times the flag occurs in the chunk. */
  static int flagsIn(byte[] data, TardisFlag flag) {
    int n = 0;
    for (int p = 0; p + Unit.FLAG_BYTES <= data.length; p++) {
      n += Unit.readLong(data, p) == flag.value() ? 1 : 0;
    }
    return n;
  }

  /**
   * How many flags the stretches hold: all the chunk has when none is in or across foreign bytes.
   */
  int flagsInStretches() {
    int n = 0;
    for (int i = 0; i < stretches.size(); i++) {
      long start = stretchStarts.get(i);
      long firstUnit = (start + Unit.BYTES - 1) / Unit.BYTES * Unit.BYTES;
      long end = start + stretches.get(i);
      for (long u = firstUnit; u + Unit.FLAG_BYTES <= end; u += Unit.BYTES) {
        n++;
      }
    }
    return n;
  }
}
