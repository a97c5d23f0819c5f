package org.mimesisbench.tardis.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.mimesisbench.errors.BadInputException;

class TardisFlagTest {
  @Test
  void printsAndParsesSixteenHexDigits() {
    TardisFlag flag = TardisFlag.parse("0123456789ABCDEF");
    assertEquals(0x0123456789abcdefL, flag.value());
    assertEquals("0123456789abcdef", flag.toString());
    assertEquals(flag, TardisFlag.parse(flag.toString()));
    assertEquals(TardisFlag.of(-1), TardisFlag.parse("ffffffffffffffff"));
  }

  @Test
  void theDefaultHasEightDistinctBytesSoItCannotOverlapItself() {
    long v = TardisFlag.DEFAULT.value();
    assertEquals(
        8, IntStream.range(0, 8).map(i -> (int) (v >>> (8 * i)) & 0xff).distinct().count());
    assertEquals(TardisFlag.FLAG_DEFAULT, TardisFlag.DEFAULT.toString());
  }

  @Test
  void rejectsWhatIsNotSixteenHexDigits() {
    for (String bad :
        new String[] {"", "0123", "0123456789abcdef0", "0123456789abcdeg", "+123456789abcdef"}) {
      assertThrows(IllegalArgumentException.class, () -> TardisFlag.parse(bad), bad);
    }
  }

  @Test
  void comesFromTheConfigurationNamingTheKeyWhenWrong() {
    Configuration conf = new Configuration(false);
    assertEquals(TardisFlag.DEFAULT, TardisFlag.from(conf));
    conf.set(TardisFlag.FLAG_KEY, " 00112233445566ff ");
    assertEquals(TardisFlag.of(0x00112233445566ffL), TardisFlag.from(conf));
    conf.set(TardisFlag.FLAG_KEY, "xyz");
    BadInputException e = assertThrows(BadInputException.class, () -> TardisFlag.from(conf));
    assertTrue(e.getMessage().startsWith(TardisFlag.FLAG_KEY + ": "), e.getMessage());
  }
}
