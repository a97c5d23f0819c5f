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
      char c = s.charAt(from + i);
      switch (i) {
        case 4, 7 -> {
          if (c != '-') return false;
        }
        case 10 -> {
          if (c != ' ' && c != 'T') return false;
        }
        case 13, 16 -> {
          if (c != ':') return false;
        }
        case 19 -> {
          if (c != ',' && c != '.') return false;
        }
        default -> {
          if (c < '0' || c > '9') return false;
        }
      }
    }
    return true;
  }

  /** Epoch ms of the timestamp at {@code from}; call {@link #startsWithTimestamp} first. */
  public long parse(CharSequence s, int from) throws MalformedLineException {
    int year = digits(s, from, 4);
    int month = digits(s, from + 5, 2);
    int day = digits(s, from + 8, 2);
    int hour = digits(s, from + 11, 2);
    int minute = digits(s, from + 14, 2);
    int second = digits(s, from + 17, 2);
    int milli = digits(s, from + 20, 3);
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

  private static int digits(CharSequence s, int from, int n) {
    int v = 0;
    for (int i = 0; i < n; i++) {
      v = v * 10 + (s.charAt(from + i) - '0');
    }
    return v;
  }
}
