package org.mimesisbench.audit.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.junit.jupiter.api.Test;

class AuditLogSourceTest {
  private static final byte[] TEXT = "one\ntwo\r\nthree".getBytes(StandardCharsets.UTF_8);

  private static List<String> lines(byte[] data, int max) throws IOException {
    List<String> lines = new ArrayList<>();
    try (AuditLogSource s = new AuditLogSource("x", new ByteArrayInputStream(data), max)) {
      while (s.next()) {
        lines.add(s.lineTooLong() ? "<too long>" : s.line());
      }
      if (s.error() != null) {
        lines.add("<error>");
      }
    }
    return lines;
  }

  private interface Wrap {
    OutputStream wrap(OutputStream out) throws IOException;
  }

  private static byte[] compress(byte[] data, Wrap wrap) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream out = wrap.wrap(bytes)) {
      out.write(data);
    }
    return bytes.toByteArray();
  }

  @Test
  void plainGzipAndBzip2AreToldByTheirBytes() throws IOException {
    List<String> expected = List.of("one", "two", "three");
    assertEquals(expected, lines(TEXT, 1024));
    assertEquals(expected, lines(compress(TEXT, GZIPOutputStream::new), 1024));
    assertEquals(expected, lines(compress(TEXT, BZip2CompressorOutputStream::new), 1024));
  }

  @Test
  void concatenatedGzipMembersAreOneStream() throws IOException {
    byte[] a = compress("a\n".getBytes(StandardCharsets.UTF_8), GZIPOutputStream::new);
    byte[] b = compress("b\n".getBytes(StandardCharsets.UTF_8), GZIPOutputStream::new);
    byte[] both = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    assertEquals(List.of("a", "b"), lines(both, 1024));
  }

  @Test
  void truncatedGzipEndsTheSourceWithAnError() throws IOException {
    byte[] many = "line\n".repeat(100_000).getBytes(StandardCharsets.UTF_8);
    byte[] gz = compress(many, GZIPOutputStream::new);
    List<String> read = lines(Arrays.copyOf(gz, gz.length / 2), 1024);
    assertEquals("<error>", read.get(read.size() - 1));
    assertTrue(read.size() > 1000, "lines before the cut are kept");
  }

  @Test
  void aLineLongerThanTheBoundIsSkippedNotHeld() throws IOException {
    byte[] data = ("a\n" + "x".repeat(1 << 20) + "\nb\n").getBytes(StandardCharsets.UTF_8);
    assertEquals(List.of("a", "<too long>", "b"), lines(data, 64 * 1024));
  }

  @Test
  void emptyInputHasNoLines() throws IOException {
    try (AuditLogSource s =
        new AuditLogSource("empty", new ByteArrayInputStream(new byte[0]), 1024)) {
      assertFalse(s.next());
      assertNull(s.error());
    }
  }
}
