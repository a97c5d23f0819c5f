package org.mimesisbench.audit.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.util.LineReader;

/**
 * AuditLogSource splits lines exactly as Hadoop's LineReader (which it replaced) does: LF, CR and
 * CRLF, a CR or CRLF across a read boundary, lines just over the bound cut to it, longer ones
 * dropped, a last line without a terminator. Reads come in random small pieces.
 */
class LineSplitProperties {
  private static final int MAX = 1024; // the smallest bound the command line allows

  @Provide
  Arbitrary<String> text() {
    Arbitrary<String> line =
        Arbitraries.oneOf(
            Arbitraries.strings().withChars('a', 'é', '\r', '\n').ofMaxLength(40),
            Arbitraries.integers().between(MAX - 3, MAX + 4).map("x"::repeat),
            Arbitraries.integers().between(1, 5 * MAX).map("y"::repeat));
    return line.list().ofMaxSize(30).map(l -> String.join("", l));
  }

  @Property(tries = 3000)
  void splitsAsHadoopLineReader(
      @ForAll("text") String text, @ForAll @IntRange(min = 1, max = 700) int piece)
      throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    assertEquals(hadoop(bytes), ours(new Pieces(bytes, piece)));
  }

  /**
   * A line's bytes are offered as ASCII when they all are (and only then), and they are its bytes.
   */
  @Property(tries = 1000)
  void asciiBytesOnlyForAsciiLines(
      @ForAll("text") String text, @ForAll @IntRange(min = 1, max = 700) int piece)
      throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    try (AuditLogSource s = new AuditLogSource("x", new Pieces(bytes, piece), MAX)) {
      while (s.next()) {
        if (s.lineTooLong()) {
          assertEquals(null, s.asciiBytes());
          continue;
        }
        String line = s.line();
        boolean ascii = line.chars().allMatch(c -> c < 0x80);
        if (line.getBytes(StandardCharsets.UTF_8).length
            < MAX) { // one cut to the bound may have lost non-ASCII bytes
          assertEquals(ascii, s.asciiBytes() != null, line);
        }
        if (s.asciiBytes() != null) {
          assertTrue(ascii, line);
          assertEquals(
              line,
              new String(s.asciiBytes(), s.lineStart(), line.length(), StandardCharsets.US_ASCII));
        }
      }
    }
  }

  private static List<String> ours(InputStream in) throws IOException {
    List<String> lines = new ArrayList<>();
    try (AuditLogSource s = new AuditLogSource("x", in, MAX)) {
      while (s.next()) {
        lines.add(s.lineNumber() + (s.lineTooLong() ? " <too long>" : " " + s.line()));
      }
    }
    return lines;
  }

  private static List<String> hadoop(byte[] bytes) throws IOException {
    List<String> lines = new ArrayList<>();
    Text t = new Text();
    try (LineReader r = new LineReader(new ByteArrayInputStream(bytes), 64)) {
      int consumed;
      long n = 0;
      while ((consumed = r.readLine(t, MAX, Integer.MAX_VALUE)) > 0) {
        boolean tooLong = consumed - t.getLength() > 2;
        lines.add(
            ++n
                + (tooLong
                    ? " <too long>"
                    : " " + new String(t.getBytes(), 0, t.getLength(), StandardCharsets.UTF_8)));
      }
    }
    return lines;
  }

  /** Gives at most {@code piece} bytes per read, as a network or decompressing stream may. */
  private static final class Pieces extends ByteArrayInputStream {
    private final int piece;

    Pieces(byte[] bytes, int piece) {
      super(bytes);
      this.piece = piece;
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) {
      return super.read(b, off, Math.min(len, piece));
    }
  }
}
