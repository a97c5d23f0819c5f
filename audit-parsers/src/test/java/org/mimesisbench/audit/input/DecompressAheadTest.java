package org.mimesisbench.audit.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class DecompressAheadTest {
  /** {@code data}, then {@code failure} (if any), a few bytes per read. */
  private static final class Failing extends InputStream {
    private final ByteArrayInputStream data;
    private final IOException failure;
    final AtomicBoolean closed = new AtomicBoolean();

    Failing(byte[] data, IOException failure) {
      this.data = new ByteArrayInputStream(data);
      this.failure = failure;
    }

    @Override
    public int read() {
      throw new UnsupportedOperationException();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = data.read(b, off, Math.min(len, 1000));
      if (n < 0 && failure != null) {
        throw failure;
      }
      return n;
    }

    @Override
    public void close() {
      closed.set(true);
    }
  }

  private static byte[] random(int n) {
    byte[] b = new byte[n];
    new Random(n).nextBytes(b);
    return b;
  }

  /** Reads to the end in reads of varying sizes; the bytes read go to {@code into}. */
  private static void readAll(InputStream in, ByteArrayOutputStream into) throws IOException {
    Random sizes = new Random(1);
    byte[] buf = new byte[3 * DecompressAhead.CHUNK_BYTES];
    for (int n; (n = in.read(buf, 0, 1 + sizes.nextInt(buf.length))) >= 0; ) {
      into.write(buf, 0, n);
    }
  }

  @Test
  void givesTheWrappedStreamsBytes() throws IOException {
    for (int n :
        new int[] {0, 1, DecompressAhead.CHUNK_BYTES, 7 * DecompressAhead.CHUNK_BYTES + 13}) {
      byte[] data = random(n);
      Failing wrapped = new Failing(data, null);
      ByteArrayOutputStream read = new ByteArrayOutputStream();
      try (DecompressAhead in = new DecompressAhead(wrapped, "test")) {
        readAll(in, read);
        assertEquals(-1, in.read(new byte[1], 0, 1), "the end stays the end");
      }
      assertArrayEquals(data, read.toByteArray());
      assertTrue(wrapped.closed.get());
    }
  }

  @Test
  void throwsTheWrappedStreamsFailureAfterEveryByteBeforeIt() throws IOException {
    byte[] data = random(5 * DecompressAhead.CHUNK_BYTES / 2);
    IOException failure = new IOException("Unexpected end of ZLIB input stream");
    ByteArrayOutputStream read = new ByteArrayOutputStream();
    try (DecompressAhead in = new DecompressAhead(new Failing(data, failure), "test")) {
      assertSame(failure, assertThrows(IOException.class, () -> readAll(in, read)));
      assertSame(failure, assertThrows(IOException.class, () -> in.read(new byte[1], 0, 1)));
    }
    assertArrayEquals(data, read.toByteArray());
  }

  @Test
  void closeStopsTheThreadAndClosesTheWrappedStream() throws IOException {
    Failing wrapped = new Failing(random(50 * DecompressAhead.CHUNK_BYTES), null);
    DecompressAhead in = new DecompressAhead(wrapped, "test");
    assertEquals(10, in.read(new byte[10], 0, 10));
    in.close(); // the thread waits for a free chunk: close must end it
    assertTrue(wrapped.closed.get());
    assertFalse(
        Thread.getAllStackTraces().keySet().stream()
            .anyMatch(t -> t.getName().equals("parse-inflate test")));
    assertThrows(IOException.class, () -> in.read(new byte[1], 0, 1));
  }
}
