package org.mimesisbench.audit.line;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneId;

/**
 * Reads log4j ISO8601 timestamps ({@code 2015-07-09 00:00:00,172}) as epoch milliseconds. The log
 * carries no offset: the NameNode wrote its local time, so the zone is given. The zone lookup is
 * cached per hour, so the common case is digit arithmetic only. In the repeated hour of a fall-back
 * DST change the earlier offset is taken.
 */
public final class LogTimestamps {
  /** Characters in {@code yyyy-MM-dd HH:mm:ss,SSS}. */
  public static final int LENGTH = 23;

  private final ZoneId zone;
  private long cachedHourKey = Long.MIN_VALUE;
  private long cachedHourEpochMs;

  public LogTimestamps(ZoneId zone) {
    this.zone = zone;
  }

  /** True when {@code s} holds a timestamp at {@code from}. */
  public static boolean startsWithTimestamp(CharSequence s, int from) {
    if (s.length() < from + LENGTH) {
      return false;
    }
    for (int i = 0; i < LENGTH; i++) {
      if (!fits(i, s.charAt(from + i))) {
        return false;
      }
    }
    return true;
  }

  /** As {@link #startsWithTimestamp(CharSequence, int)}, in the ASCII bytes b[from, to). */
  public static boolean startsWithTimestamp(byte[] b, int from, int to) {
    if (to < from + LENGTH) {
      return false;
    }
    for (int i = 0; i < LENGTH; i++) {
      if (!fits(i, b[from + i])) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code c} may stand at place {@code i} of a timestamp (see {@link #LENGTH}). */
  private static boolean fits(int i, int c) {
    return switch (i) {
      case 4, 7 -> c == '-';
      case 10 -> c == ' ' || c == 'T';
      case 13, 16 -> c == ':';
      case 19 -> c == ',' || c == '.';
      default -> c >= '0' && c <= '9';
    };
  }

  /** Epoch ms of the timestamp at {@code from}; call {@link #startsWithTimestamp} first. */
  public long parse(CharSequence s, int from) throws MalformedLineException {
    return epochMs(
        digits(s, from, 4),
        digits(s, from + 5, 2),
        digits(s, from + 8, 2),
        digits(s, from + 11, 2),
        digits(s, from + 14, 2),
        digits(s, from + 17, 2),
        digits(s, from + 20, 3));
  }

  /** As {@link #parse(CharSequence, int)}, of the ASCII bytes from {@code from}. */
  public long parse(byte[] b, int from) throws MalformedLineException {
    return epochMs(
        digits(b, from, 4),
        digits(b, from + 5, 2),
        digits(b, from + 8, 2),
        digits(b, from + 11, 2),
        digits(b, from + 14, 2),
        digits(b, from + 17, 2),
        digits(b, from + 20, 3));
  }

  private long epochMs(int year, int month, int day, int hour, int minute, int second, int milli)
      throws MalformedLineException {
    if (minute > 59 || second > 60) {
      throw new MalformedLineException("bad timestamp");
    }
    long hourKey = ((year * 100L + month) * 100L + day) * 100L + hour;
    if (hourKey != cachedHourKey) {
      try {
        cachedHourEpochMs =
            LocalDateTime.of(year, month, day, hour, 0).atZone(zone).toInstant().toEpochMilli();
      } catch (DateTimeException e) {
        throw new MalformedLineException("bad timestamp");
      }
      cachedHourKey = hourKey;
    }
    return cachedHourEpochMs + minute * 60_000L + second * 1_000L + milli;
  }

  private static int digits(byte[] b, int from, int n) {
    int v = 0;
    for (int i = 0; i < n; i++) {
      v = v * 10 + (b[from + i] - '0');
    }
    return v;
  }

  private static int digits(CharSequence s, int from, int n) {
    int v = 0;
    for (int i = 0; i < n; i++) {
      v = v * 10 + (s.charAt(from + i) - '0');
    }
    return v;
  }
}
