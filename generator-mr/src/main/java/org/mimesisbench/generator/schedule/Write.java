package org.mimesisbench.generator.schedule;

/**
 * The data an event writes: a create's whole file (its bytes, preferred block size and
 * replication), or the bytes an append adds (block size and replication 0: the file's own).
 */
public record Write(long bytes, long blockSize, short replication) {
  /** What an append of {@code bytes} writes. */
  public static Write appending(long bytes) {
    return new Write(bytes, 0, (short) 0);
  }
}
