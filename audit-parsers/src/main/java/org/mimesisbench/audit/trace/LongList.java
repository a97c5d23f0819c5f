package org.mimesisbench.audit.trace;

import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/** A read-only List view of a long[]'s first elements, for Avro array fields: no boxed copy. */
final class LongList extends AbstractList<Long> implements RandomAccess {
  private final long[] values;
  private final int size;

  LongList(long[] values, int size) {
    this.values = values;
    this.size = size;
  }

  @Override
  public Long get(int index) {
    Objects.checkIndex(index, size);
    return values[index];
  }

  @Override
  public int size() {
    return size;
  }
}
