package org.mimesisbench.tardis.format;

import java.util.HexFormat;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.errors.BadInputException;

/**
 * The 8 bytes that open every unit of Tardis data. Random, so that metadata a storage system writes
 * among the data is very unlikely to contain it (Exalt, section 3.2); written and read as 16 hex
 * digits, most significant byte first.
 */
public final class TardisFlag {
  public static final String FLAG_KEY = "mimesisbench.tardis.flag";

  /** Drawn once at random (Python's secrets.token_hex(8)); its 8 bytes are distinct. */
  public static final String FLAG_DEFAULT = "5c0f6f1b7ba22ff1";

  public static final TardisFlag DEFAULT = parse(FLAG_DEFAULT);

  private final long value;

  private TardisFlag(long value) {
    this.value = value;
  }

  public static TardisFlag of(long value) {
    return new TardisFlag(value);
  }

  /** The flag written as 16 hex digits (upper or lower case), as in {@link #toString()}. */
  public static TardisFlag parse(String hex) {
    String digits = hex.strip();
    if (digits.length() != 2 * Unit.FLAG_BYTES
        || !digits.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
      throw new IllegalArgumentException("a Tardis flag is 16 hex digits, not '" + hex + "'");
    }
    return new TardisFlag(HexFormat.fromHexDigitsToLong(digits));
  }

  /** The flag set by {@link #FLAG_KEY}, or the default one. */
  public static TardisFlag from(Configuration conf) {
    String hex = conf.getTrimmed(FLAG_KEY, FLAG_DEFAULT);
    try {
      return parse(hex);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(FLAG_KEY + ": " + e.getMessage());
    }
  }

  /** The flag's 8 bytes as one big-endian long: byte 0 is the most significant. */
  public long value() {
    return value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TardisFlag f && f.value == value;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(value);
  }

  @Override
  public String toString() {
    return HexFormat.of().toHexDigits(value);
  }
}
