package org.mimesisbench.audit.input;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.util.LineReader;

/**
 * The lines of one audit-log file, plain, gzip or bzip2 (told by the file's first bytes, not
 * its name). Lines longer than the bound are skipped and reported, never held in memory, so a
 * binary file or a runaway line cannot exhaust the heap. A truncated or corrupt compressed
 * stream ends the source with {@link #error()} set instead of an exception.
 */
public final class AuditLogSource implements Closeable {
  private static final int BUFFER_BYTES = 1 << 16;

  private final String name;
  private final int maxLineBytes;
  private final LineReader reader;
  private final InputStream stream;
  private final boolean compressed;
  private final Text text = new Text();
  private long lineNumber;
  private String line;
  private boolean tooLong;
  private String error;

  public AuditLogSource(String name, InputStream raw, int maxLineBytes) throws IOException {
    this.name = name;
    this.maxLineBytes = maxLineBytes;
    BufferedInputStream buffered = new BufferedInputStream(raw, BUFFER_BYTES);
    this.stream = decompressed(buffered);
    this.compressed = stream != buffered;
    this.reader = new LineReader(stream, BUFFER_BYTES);
  }

  private static InputStream decompressed(BufferedInputStream in) throws IOException {
    in.mark(4);
    int b0 = in.read();
    int b1 = in.read();
    int b2 = in.read();
    in.reset();
    if (b0 == 0x1f && b1 == 0x8b) {
      return new GZIPInputStream(in, BUFFER_BYTES);
    }
    if (b0 == 'B' && b1 == 'Z' && b2 == 'h') {
      return new BZip2CompressorInputStream(in, true);
    }
    return in;
  }

  /** Moves to the next line; false at the end of the file or after an error. */
  public boolean next() {
    if (error != null) {
      return false;
    }
    try {
      int consumed = reader.readLine(text, maxLineBytes, Integer.MAX_VALUE);
      if (consumed == 0) {
        return false;
      }
      lineNumber++;
      tooLong = consumed - text.getLength() > 2; // more than the line terminator was dropped
      line = tooLong ? null : new String(text.getBytes(), 0, text.getLength(), StandardCharsets.UTF_8);
      return true;
    } catch (IOException e) {
      error = (compressed ? "truncated or corrupt compressed data: " : "read failed: ") + e.getMessage();
      return false;
    }
  }

  /** The current line, or null when it was longer than the bound. */
  public String line() {
    return line;
  }

  public boolean lineTooLong() {
    return tooLong;
  }

  public long lineNumber() {
    return lineNumber;
  }

  public String name() {
    return name;
  }

  /** Why the source ended early, or null when it was read to its end. */
  public String error() {
    return error;
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
