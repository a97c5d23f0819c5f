package org.mimesisbench.audit.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.junit.jupiter.api.Test;

/** ArrayEncoder writes what Avro's own binary encoder writes, with or without the ASCII promise. */
class ArrayEncoderTest {
  private static byte[] avro(List<String> strings) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder e = EncoderFactory.get().binaryEncoder(out, null);
    for (String s : strings) {
      e.writeString(s);
    }
    e.flush();
    return out.toByteArray();
  }

  private static byte[] ours(List<String> strings, boolean ascii) {
    ArrayEncoder e = new ArrayEncoder();
    e.reset(ascii);
    for (String s : strings) {
      e.writeString(s);
    }
    ByteBuffer b = e.bytes();
    byte[] bytes = new byte[b.remaining()];
    b.get(bytes);
    return bytes;
  }

  @Test
  void stringsAsAvroWritesThem() throws IOException {
    List<String> ascii = List.of("", "open", "/a/b/c".repeat(40), "user1198", "10.6.162.45");
    assertArrayEquals(avro(ascii), ours(ascii, true));
    assertArrayEquals(avro(ascii), ours(ascii, false));
    List<String> other = List.of("/café", "/日本", "x\u0080");
    assertArrayEquals(avro(other), ours(other, false));
  }
}
