package org.mimesisbench.audit.trace;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.avro.io.BinaryData;
import org.apache.avro.io.BinaryEncoder;

/**
 * Avro binary encoding into one reusable array, whose bytes the container takes without a copy.
 * Strings promised ASCII (a parsed line's, nearly all of an audit log) are copied straight in, with
 * no byte[] per string.
 */
final class ArrayEncoder extends BinaryEncoder {
  private byte[] buf = new byte[4096];
  private ByteBuffer view = ByteBuffer.wrap(buf); // reused: a view per record was 230 MB a parse
  private int count;
  private boolean asciiStrings;

  void reset() {
    reset(false);
  }

  /**
   * Starts a new record; {@code asciiStrings} promises every string written until the next reset is
   * ASCII (as a parsed line's record says), which spares looking at each char.
   */
  void reset(boolean asciiStrings) {
    count = 0;
    this.asciiStrings = asciiStrings;
  }

  /** The record's bytes, in a view valid until the next reset. */
  ByteBuffer bytes() {
    if (view.array() != buf) {
      view = ByteBuffer.wrap(buf);
    }
    return view.limit(count).position(0);
  }

  private void room(int n) {
    if (count + n > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, count + n));
    }
  }

  @Override
  public void writeString(String s) {
    if (!asciiStrings) {
      // String's own encoder checks and copies an ASCII string in a few wide steps: looking at
      // each char here was a fifth of writing the live timelines at the trace's end
      writeUtf8(s);
      return;
    }
    int n = s.length();
    room(5 + n);
    count += BinaryData.encodeInt(n, buf, count);
    s.getBytes(0, n, buf, count); // ASCII: each char is its UTF-8 byte
    count += n;
  }

  private void writeUtf8(String s) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    writeInt(utf8.length);
    writeFixed(utf8, 0, utf8.length);
  }

  @Override
  public void writeBoolean(boolean b) {
    room(1);
    buf[count++] = (byte) (b ? 1 : 0);
  }

  @Override
  public void writeInt(int n) {
    room(5);
    count += BinaryData.encodeInt(n, buf, count);
  }

  @Override
  public void writeLong(long n) {
    room(10);
    count += BinaryData.encodeLong(n, buf, count);
  }

  @Override
  public void writeFloat(float f) {
    room(4);
    count += BinaryData.encodeFloat(f, buf, count);
  }

  @Override
  public void writeDouble(double d) {
    room(8);
    count += BinaryData.encodeDouble(d, buf, count);
  }

  @Override
  public void writeFixed(byte[] bytes, int start, int len) {
    room(len);
    System.arraycopy(bytes, start, buf, count, len);
    count += len;
  }

  @Override
  protected void writeZero() {
    room(1);
    buf[count++] = 0;
  }

  @Override
  public int bytesBuffered() {
    return 0;
  }

  @Override
  public void flush() {}
}
