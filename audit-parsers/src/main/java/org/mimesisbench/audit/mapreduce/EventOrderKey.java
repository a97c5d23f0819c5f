package org.mimesisbench.audit.mapreduce;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;

/**
 * The shuffle key that puts events in the local parse's order. The local parse merges the files by
 * each file's next record; sorting by (the file's running maximum time so far, file index, line)
 * gives the same order, including for the few lines a NameNode logs out of time order.
 */
public final class EventOrderKey implements WritableComparable<EventOrderKey> {
  private long time;
  private int source;
  private long line;

  public void set(long time, int source, long line) {
    this.time = time;
    this.source = source;
    this.line = line;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeLong(time);
    out.writeInt(source);
    out.writeLong(line);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    time = in.readLong();
    source = in.readInt();
    line = in.readLong();
  }

  @Override
  public int compareTo(EventOrderKey o) {
    int c = Long.compare(time, o.time);
    if (c == 0) {
      c = Integer.compare(source, o.source);
    }
    return c != 0 ? c : Long.compare(line, o.line);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EventOrderKey k && compareTo(k) == 0;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(time) * 31 + source;
  }

  /** Compares serialized keys without reading them into objects: the sort's inner loop. */
  public static final class Comparator extends WritableComparator {
    public Comparator() {
      super(EventOrderKey.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      int c = Long.compare(readLong(b1, s1), readLong(b2, s2));
      if (c == 0) {
        c = Integer.compare(readInt(b1, s1 + 8), readInt(b2, s2 + 8));
      }
      return c != 0 ? c : Long.compare(readLong(b1, s1 + 12), readLong(b2, s2 + 12));
    }
  }

  static {
    WritableComparator.define(EventOrderKey.class, new Comparator());
  }
}
