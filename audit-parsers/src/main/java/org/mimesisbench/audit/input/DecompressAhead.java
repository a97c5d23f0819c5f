package org.mimesisbench.audit.input;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A decompressing stream read ahead by a thread of its own, so that inflating (about half of what
 * reading a gzip audit log costs) runs on one core while the reader splits and parses lines on
 * another: a pipeline stage in front of the parse. The bytes, and where an error ends them, are
 * exactly those of the wrapped stream: its exception is thrown by the read that reaches the point
 * where it happened, after every byte decompressed before it.
 *
 * <p>Memory: {@link #CHUNKS} chunks of {@link #CHUNK_BYTES} per stream, recycled, so a parse of
 * many compressed files holds about half a MiB for each.
 */
final class DecompressAhead extends InputStream {
  static final int CHUNK_BYTES = 1 << 17;
  static final int CHUNKS = 4;

  /** Some decompressed bytes, or the end: the wrapped stream's end or its failure. */
  private static final class Chunk {
    final byte[] bytes;
    int length;
    boolean end;
    Throwable failure;

    Chunk(byte[] bytes) {
      this.bytes = bytes;
    }
  }

  private final BlockingQueue<Chunk> full = new ArrayBlockingQueue<>(CHUNKS);
  private final BlockingQueue<Chunk> free = new ArrayBlockingQueue<>(CHUNKS);
  private final Thread inflater;
  private Chunk current; // being read from: current.bytes[pos, current.length)
  private int pos;
  private volatile boolean closed;

  DecompressAhead(InputStream decompressing, String name) {
    for (int i = 0; i < CHUNKS; i++) {
      free.add(new Chunk(new byte[CHUNK_BYTES]));
    }
    inflater = new Thread(() -> fill(decompressing), "parse-inflate " + name);
    inflater.setDaemon(true); // never keeps the JVM alive
    inflater.start();
  }

  /** The inflating thread: fills free chunks until the end, a failure or close. */
  private void fill(InputStream in) {
    try (in) {
      while (!closed) {
        Chunk c = free.take();
        c.length = 0;
        try {
          while (c.length < c.bytes.length) {
            int n = in.read(c.bytes, c.length, c.bytes.length - c.length);
            if (n < 0) {
              c.end = true;
              break;
            }
            c.length += n;
          }
        } catch (IOException | RuntimeException | Error e) {
          c.failure = e; // after the bytes already in c
          c.end = true;
        }
        full.put(c);
        if (c.end) {
          return;
        }
      }
    } catch (InterruptedException | IOException e) {
      // closed while waiting, or closing the wrapped stream failed: nobody reads any more
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (closed) {
      throw new IOException("stream closed");
    }
    if (len == 0) {
      return 0;
    }
    while (current == null || pos == current.length) {
      if (current != null) {
        if (current.end) {
          return end(current);
        }
        free.add(current);
      }
      current = take();
      pos = 0;
    }
    int n = Math.min(len, current.length - pos);
    System.arraycopy(current.bytes, pos, b, off, n);
    pos += n;
    return n;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  /** At the end of the last chunk: -1, or the wrapped stream's failure, every time asked. */
  private static int end(Chunk last) throws IOException {
    Throwable t = last.failure;
    if (t == null) {
      return -1;
    }
    if (t instanceof IOException io) {
      throw io;
    }
    if (t instanceof RuntimeException r) {
      throw r;
    }
    throw (Error) t;
  }

  private Chunk take() throws IOException {
    try {
      return full.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while reading ahead");
    }
  }

  /** Stops the inflating thread, which closes the wrapped stream. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    inflater.interrupt();
    try {
      inflater.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while closing");
    }
  }
}
