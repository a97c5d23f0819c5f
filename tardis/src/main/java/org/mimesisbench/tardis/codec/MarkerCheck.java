package org.mimesisbench.tardis.codec;

import java.util.Locale;

/** How much of a candidate subsequence the compressor reads before it takes it as Tardis data. */
public enum MarkerCheck {
  /**
   * Exalt's rule: the first unit and the last one the chunk or the marker allows, then a binary
   * search for the rightmost consistent unit if they disagree. Reads a handful of units whatever
   * the chunk's size, and is exact for Tardis data and for any metadata inserted into it; bytes
   * between two consistent units are taken on trust, so foreign bytes forged to hold the flag with
   * consistent markers far apart would come back as Tardis data.
   */
  FIRST_AND_LAST,
  /** Reads every unit it compresses: exact for every input, at a cost linear in the chunk. */
  EVERY_UNIT;

  /** As set in configuration: "first-and-last" or "every-unit". */
  public static MarkerCheck parse(String name) {
    for (MarkerCheck c : values()) {
      if (c.toString().equals(name.strip().toLowerCase(Locale.ROOT))) {
        return c;
      }
    }
    throw new IllegalArgumentException(
        "a marker check is first-and-last or every-unit, not '" + name + "'");
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
