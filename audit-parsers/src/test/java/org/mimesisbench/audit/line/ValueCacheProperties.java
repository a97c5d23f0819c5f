package org.mimesisbench.audit.line;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Whatever was stored before and however it is asked (as chars or as bytes, short or long, near the
 * end of the buffer), the cache gives the text asked for.
 */
class ValueCacheProperties {
  @Provide
  Arbitrary<List<String>> values() {
    Arbitrary<String> value =
        Arbitraries.oneOf(
            Arbitraries.strings().withChars("ab/=").ofMaxLength(20), // many near-equal values
            Arbitraries.strings().ascii().ofMaxLength(140),
            Arbitraries.of(
                "user1", "10.0.0.1", "getfileinfo", "", "null", "a".repeat(15), "a".repeat(16)));
    return value.list().ofMaxSize(200);
  }

  @Property(tries = 1000)
  void givesTheTextAskedFor(@ForAll("values") List<String> values, @ForAll boolean small) {
    ValueCache cache = new ValueCache(small ? 2 : 1 << 10); // 2: everything collides
    for (int i = 0; i < values.size(); i++) {
      String v = values.get(i);
      String got;
      if (v.length() > 0 && i % 3 == 0) {
        got = cache.get("<" + v + ">", 1, v.length() + 1);
      } else {
        byte[] line = ("x=" + v).getBytes(StandardCharsets.ISO_8859_1);
        // the value at the end of its buffer (no 16 bytes after it), or in a bigger one
        byte[] buf = i % 2 == 0 ? line : java.util.Arrays.copyOf(line, line.length + 40);
        got = cache.get(buf, 2, line.length);
      }
      assertEquals(v, got);
    }
  }

  @Test
  void aRepeatedValueIsOneString() {
    ValueCache cache = new ValueCache(1 << 8);
    byte[] a =
        "ugi=user1198 ip=10.6.162.45 cmd=getfileinfo padding to sixteen"
            .getBytes(StandardCharsets.US_ASCII);
    byte[] b =
        "ugi=user1198 ip=10.6.162.45 cmd=getfileinfo other padding"
            .getBytes(StandardCharsets.US_ASCII);
    assertSame(cache.get(a, 4, 12), cache.get(b, 4, 12));
    assertSame(cache.get(a, 16, 27), cache.get(b, 16, 27));
    assertSame(cache.get(a, 32, 43), cache.get(b, 32, 43));
    assertEquals("10.6.162.45", cache.get(a, 16, 27));
  }
}
