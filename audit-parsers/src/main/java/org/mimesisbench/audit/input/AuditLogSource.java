package org.mimesisbench.audit.input;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;

/**
 * The lines of one audit-log file, plain, gzip or bzip2 (told by the file's first bytes, not its
 * name). Lines longer than the bound are skipped and reported, never held in memory, so a binary
 * file or a runaway line cannot exhaust the heap. A truncated or corrupt compressed stream ends the
 * source with {@link #error()} set instead of an exception. Lines end at LF, CR or CRLF, and a line
 * just over the bound is cut to it, as Hadoop's LineReader does; lines are split in place in the
 * decompressed buffer, which is what the reader thread spends its time on.
 */
public final class AuditLogSource implements Closeable {
  private static final int BUFFER_BYTES = 1 << 16;

  private final String name;
  private final int maxLineBytes;
  private final InputStream stream;
  private final boolean compressed;
  // decompressed bytes not yet split: buf[pos, limit); grows only for a line longer than itself
  private byte[] buf = new byte[BUFFER_BYTES];
  private int pos;
  private int limit;
  private boolean eof;
  private long lineNumber;
  private int lineStart; // in buf, until the next line
  private int lineLength; // bytes kept of it
  private boolean ascii;
  private boolean tooLong;
  private String error;

  public AuditLogSource(String name, InputStream raw, int maxLineBytes) throws IOException {
    this.name = name;
    this.maxLineBytes = maxLineBytes;
    BufferedInputStream buffered = new BufferedInputStream(raw, BUFFER_BYTES);
    InputStream decompressing = decompressing(buffered);
    this.compressed = decompressing != buffered;
    // inflating is about half the reader's work: a thread of its own does it, ahead of the split
    this.stream = compressed ? new DecompressAhead(decompressing, name) : buffered;
  }

  private static InputStream decompressing(BufferedInputStream in) throws IOException {
    in.mark(4);
    int b0 = in.read();
    int b1 = in.read();
    int b2 = in.read();
    in.reset();
    try {
      if (b0 == 0x1f && b1 == 0x8b) {
        return new GZIPInputStream(in, BUFFER_BYTES);
      }
      if (b0 == 'B' && b1 == 'Z' && b2 == 'h') {
        return new BZip2CompressorInputStream(in, true);
      }
    } catch (IOException e) { // the header is read here: a damaged one fails before any line
      throw new IOException(
          "damaged " + (b0 == 'B' ? "bzip2" : "gzip") + " header (" + why(e) + ")", e);
    }
    return in;
  }

  /** What an I/O failure says, in words even when it has no message (an EOFException's). */
  public static String why(IOException e) {
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    if (e.getMessage() != null) {
      return e.getMessage();
    }
    return e instanceof EOFException ? "the data ends early" : "unreadable data";
  }

  /** Moves to the next line; false at the end of the file or after an error. */
  public boolean next() {
    if (error != null) {
      return false;
    }
    try {
      return split();
    } catch (IOException e) {
      error = (compressed ? "truncated or corrupt compressed data: " : "read failed: ") + why(e);
      return false;
    }
  }

  private boolean split() throws IOException {
    int start = pos;
    int scan = pos;
    boolean dropped = false; // the line outgrew the bound: its bytes are let go as they come
    while (true) {
      int i = LineBytes.lineEnd(buf, scan, limit);
      if (i < limit && (buf[i] == '\n' || i + 1 < limit || eof)) {
        int terminator = buf[i] == '\r' && i + 1 < limit && buf[i + 1] == '\n' ? 2 : 1;
        take(start, i, terminator, dropped);
        pos = i + terminator;
        return true;
      }
      if (eof) { // the last line has no terminator
        if (i == start && !dropped) {
          return false;
        }
        take(start, i, 0, dropped);
        pos = limit;
        return true;
      }
      if (i - start > maxLineBytes + 2) {
        dropped = true;
      }
      if (dropped) {
        start = i; // keeps only a CR at the end, whose LF may follow
      }
      int kept = limit - start;
      if (start > 0) {
        System.arraycopy(buf, start, buf, 0, kept);
      } else if (kept == buf.length) {
        buf = Arrays.copyOf(buf, buf.length * 2);
      }
      scan = i - start;
      start = 0;
      limit = kept;
      int n = stream.read(buf, limit, buf.length - limit);
      if (n < 0) {
        eof = true;
      } else {
        limit += n;
      }
    }
  }

  /**
   * Makes buf[start, end) the current line; as LineReader, the bound cuts a line 1 or 2 bytes over.
   */
  private void take(int start, int end, int terminator, boolean dropped) {
    lineNumber++;
    int length = end - start;
    int kept = Math.min(length, maxLineBytes);
    tooLong = dropped || length + terminator - kept > 2;
    lineStart = start;
    lineLength = kept;
    ascii = !tooLong && LineBytes.isAscii(buf, start, end);
  }

  /**
   * The current line, or null when it was longer than the bound; a new String each call, made here
   * rather than kept in a field, where each line's would cost G1 a card mark.
   */
  public String line() {
    return tooLong ? null : new String(buf, lineStart, lineLength, StandardCharsets.UTF_8);
  }

  /**
   * The buffer holding the current line from {@link #lineStart()} when it is all ASCII, else null.
   */
  public byte[] asciiBytes() {
    return ascii ? buf : null;
  }

  public int lineStart() {
    return lineStart;
  }

  /** Bytes of the current line kept: those after the bound are cut, as {@link #line()} does. */
  public int lineLength() {
    return lineLength;
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
    stream.close();
  }
}
