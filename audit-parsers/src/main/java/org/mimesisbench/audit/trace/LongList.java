package org.mimesisbench.audit.trace;

import java.util.AbstractList;
import java.util.RandomAccess;

/** A read-only List view of a long[], for Avro array fields: no boxed copy of every element. */
final class LongList extends AbstractList<Long> implements RandomAccess {
  private final long[] values;

  LongList(long[] values) {
    this.values = values;
  }

  @Override
  public Long get(int index) {
    return values[index];
  }

  @Override
  public int size() {
    return values.length;
  }
}
