package org.mimesisbench.audit.line;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.Arrays;
import org.apache.commons.text.StringEscapeUtils;
import org.mimesisbench.fs.TracePaths;

/**
 * Parses one NameNode audit-log line, in every layout HDFS 1.x to 3.x writes and the common ways
 * logs get mangled:
 *
 * <ul>
 *   <li>prefix {@code <ISO8601> INFO FSNamesystem.audit: }, the full logger name, or the test
 *       layout {@code ... FSNamesystem.audit (FSNamesystem.java:...) - };
 *   <li>fields separated by one tab (as written), or by runs of spaces (as copied into docs), found
 *       by their keys, since values (ugi, cmd, paths) may themselves contain spaces;
 *   <li>Hadoop 1 lines with no {@code allowed=}; {@code ugi} with or without {@code (auth:...)} and
 *       with {@code via} for proxy users; optional trackingId, proto and callerContext;
 *   <li>Ambari Log Search JSON lines ({@code log_message} and {@code logtime}).
 * </ul>
 *
 * One instance per thread: it keeps a timestamp cache.
 */
public final class AuditLineParser {
  private static final String[] KEYS = {
    "allowed", "ugi", "ip", "cmd", "src", "dst", "perm", "trackingId", "proto", "callerContext"
  };
  private static final int ALLOWED = 0,
      UGI = 1,
      IP = 2,
      CMD = 3,
      SRC = 4,
      DST = 5,
      PERM = 6,
      TRACKING_ID = 7,
      PROTO = 8,
      CALLER_CONTEXT = 9,
      UNKNOWN = 10;
  private static final int NONE = -1;
  private static final byte[][] KEY_BYTES = new byte[KEYS.length][];

  static {
    for (int k = 0; k < KEYS.length; k++) {
      KEY_BYTES[k] = KEYS[k].getBytes(StandardCharsets.US_ASCII);
    }
  }

  private static final byte[] ALLOWED_FIELD = ascii("allowed="),
      UGI_FIELD = ascii("ugi="),
      VIA = ascii(" via "),
      AUTH = ascii(" (auth:"),
      TRUE = ascii("true"),
      FALSE = ascii("false"),
      NULL = ascii("null");
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final long TABS = '\t' * ONES;
  private static final long SPACES = ' ' * ONES;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final LogTimestamps timestamps;
  // Field value bounds of the line being parsed, by key; -1 when absent.
  private final int[] valueStart = new int[UNKNOWN + 1];
  private final int[] valueEnd = new int[UNKNOWN + 1];
  // Values of few kinds (cmds, auths, protos) are kept once, saving an allocation per line; a
  // cache per field, small enough to stay in the core's first-level cache. Addresses and perms are
  // not cached: thousands of values met at random missed the processor's caches at a cost above
  // the allocation saved (the read thread took 15 % longer with them and users cached).
  private final ValueCache cmds = new ValueCache(1 << 8);
  private final ValueCache auths = new ValueCache(1 << 6);
  private final ValueCache protos = new ValueCache(1 << 4);
  // Users read from bytes are cached all the same, for the trace builder's sake: one String a
  // user, hot in its cache, so it finds a user's counts by identity, not by reading the bytes of a
  // String new to its core each event (its thread, the longest stage, saves more than this costs)
  private final ValueCache users = new ValueCache(1 << 13);
  // The line being parsed as bytes, when it is all ASCII (char i is byte asciiOffset + i): the
  // cache hashes and compares those rather than the String's chars. The buffer is kept across
  // lines and a flag tells it valid: a reference stored into this long-lived parser for each
  // line would cost G1 a card mark each time.
  private byte[] ascii;
  private int asciiOffset;
  private boolean lineInAscii;
  // a path of the line was Java-unescaped, which may have made non-ASCII chars
  private boolean unescaped;

  public AuditLineParser(ZoneId zone) {
    this.timestamps = new LogTimestamps(zone);
  }

  /**
   * As {@link #parse(String, AuditRecord)}, given also the line's bytes from {@code offset} when
   * they are all ASCII (null otherwise), as a reader has them.
   */
  public void parse(String line, byte[] asciiBytes, int offset, AuditRecord r)
      throws MalformedLineException {
    if (asciiBytes != null && asciiBytes != ascii) {
      ascii = asciiBytes; // the reader's buffer: it changes only when a line outgrows it
    }
    lineInAscii = asciiBytes != null;
    asciiOffset = offset;
    try {
      parse(line, r);
      r.ascii = lineInAscii && !unescaped; // JSON lines turned lineInAscii off
    } finally {
      lineInAscii = false;
    }
  }

  /**
   * As {@link #parse(String, AuditRecord)}, for an all-ASCII line given as its bytes b[from, to),
   * as a reader has them: the fields are read from the bytes, with no String of the whole line (a
   * quarter of a parse's allocation). A line this way does not take (JSON, or anything malformed)
   * goes the String's way, so its record, or why it is malformed, is the String's.
   */
  public void parseAscii(byte[] b, int from, int to, AuditRecord r) throws MalformedLineException {
    r.clear();
    unescaped = false;
    int end = to;
    while (end > from && isWhitespace(b[end - 1])) {
      end--;
    }
    if (to > from && b[from] != '{' && LogTimestamps.startsWithTimestamp(b, from, to)) {
      try {
        r.time = timestamps.parse(b, from);
        parseBody(b, from + LogTimestamps.LENGTH, end, to, r);
        r.ascii = !unescaped;
        return;
      } catch (MalformedLineException e) {
        // the String's way below says why, in its words: a malformed line is rare
      }
    }
    parse(new String(b, from, to - from, StandardCharsets.ISO_8859_1), b, from, r);
  }

  /** Character.isWhitespace of an ASCII byte. */
  private static boolean isWhitespace(byte c) {
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
  }

  /**
   * Fills {@code r} from {@code line}.
   *
   * @throws MalformedLineException when the line is not an audit record
   */
  public void parse(String line, AuditRecord r) throws MalformedLineException {
    r.clear();
    unescaped = false;
    int end = line.length();
    while (end > 0 && Character.isWhitespace(line.charAt(end - 1))) {
      end--;
    }
    if (end > 0 && line.charAt(0) == '{') {
      parseJson(line, r);
      return;
    }
    if (!LogTimestamps.startsWithTimestamp(line, 0)) {
      throw new MalformedLineException(
          line.contains("cmd=") ? "audit record without a timestamp" : "not an audit line");
    }
    r.time = timestamps.parse(line, 0);
    parseBody(line, LogTimestamps.LENGTH, end, r);
  }

  private void parseJson(String line, AuditRecord r) throws MalformedLineException {
    lineInAscii = false; // the fields are read from the message, another string
    JsonNode node;
    try {
      node = JSON.readTree(line);
    } catch (Exception e) {
      throw new MalformedLineException("bad JSON");
    }
    JsonNode message = node.get("log_message");
    JsonNode time = node.get("logtime");
    if (message == null || !message.isTextual() || time == null) {
      throw new MalformedLineException("JSON line without log_message and logtime");
    }
    try {
      r.time = time.isNumber() ? time.asLong() : Long.parseLong(time.asText().trim());
    } catch (NumberFormatException e) {
      throw new MalformedLineException("JSON logtime is not epoch milliseconds");
    }
    String body = message.asText();
    int end = body.length();
    while (end > 0 && Character.isWhitespace(body.charAt(end - 1))) {
      end--;
    }
    parseBody(body, 0, end, r);
  }

  /** Reads the key=value fields of the record that starts after {@code from}. */
  private void parseBody(String s, int from, int end, AuditRecord r) throws MalformedLineException {
    int bodyStart = s.indexOf("allowed=", from);
    if (bodyStart < 0 || bodyStart >= end) {
      bodyStart = s.indexOf("ugi=", from); // Hadoop 1 writes no allowed=
      if (bodyStart < 0 || bodyStart >= end) {
        throw new MalformedLineException("not an audit line");
      }
    }
    for (int k = 0; k <= UNKNOWN; k++) {
      valueStart[k] = NONE;
    }
    int key = keyAt(s, bodyStart, end, true);
    int fieldStart = bodyStart + KEYS[key].length() + 1;
    // jump from separator to separator with indexOf, which the JIT vectorizes: the hot loop
    int tab = indexOf(s, '\t', fieldStart, end);
    int space = indexOf(s, ' ', fieldStart, end);
    while (tab < end || space < end) {
      int i = Math.min(tab, space);
      boolean isTab = i == tab;
      int next = keyAt(s, i + 1, end, isTab);
      if (next != NONE) {
        int valueStop = i;
        while (valueStop > fieldStart
            && (s.charAt(valueStop - 1) == ' ' || s.charAt(valueStop - 1) == '\t')) {
          valueStop--;
        }
        setField(key, fieldStart, valueStop);
        key = next;
        int keyLength = next == UNKNOWN ? s.indexOf('=', i + 1) - (i + 1) : KEYS[next].length();
        fieldStart = i + 1 + keyLength + 1;
      }
      int after = Math.max(i + 1, fieldStart);
      if (tab < after) {
        tab = indexOf(s, '\t', after, end);
      }
      if (space < after) {
        space = indexOf(s, ' ', after, end);
      }
    }
    setField(key, fieldStart, end);
    fill(s, r);
  }

  /** Position of {@code c} in [from, end), or end when there is none. */
  private static int indexOf(String s, char c, int from, int end) {
    int i = s.indexOf(c, from);
    return i < 0 || i > end ? end : i;
  }

  private void setField(int key, int start, int stop) {
    if (valueStart[key] == NONE) { // a repeated key keeps its first value
      valueStart[key] = start;
      valueEnd[key] = stop;
    }
  }

  /**
   * The key that starts at {@code at} ("cmd=" and the like), or NONE. After a tab any word= starts
   * a field (a field added by a newer Hadoop); after a space only known keys do, since spaces also
   * occur inside values.
   */
  private static int keyAt(String s, int at, int end, boolean anyWord) {
    int eq = at;
    while (eq < end && eq - at <= 16) {
      char c = s.charAt(eq);
      if (c == '=') {
        break;
      }
      if ((c | 0x20) < 'a' || (c | 0x20) > 'z') { // keys are ASCII letters
        return NONE;
      }
      eq++;
    }
    if (eq >= end || eq == at || s.charAt(eq) != '=') {
      return NONE;
    }
    int length = eq - at;
    int k = candidateKey(length, s.charAt(at));
    if (k != NONE && s.regionMatches(at, KEYS[k], 0, length)) {
      return k;
    }
    return anyWord ? UNKNOWN : NONE;
  }

  /** The key a word of {@code length} letters starting with {@code first} can be: the hot path. */
  private static int candidateKey(int length, int first) {
    return switch (length) {
      case 2 -> IP;
      case 3 ->
          switch (first) {
            case 'u' -> UGI;
            case 'c' -> CMD;
            case 's' -> SRC;
            case 'd' -> DST;
            default -> NONE;
          };
      case 4 -> PERM;
      case 5 -> PROTO;
      case 7 -> ALLOWED;
      case 10 -> TRACKING_ID;
      case 13 -> CALLER_CONTEXT;
      default -> NONE;
    };
  }

  private void fill(String s, AuditRecord r) throws MalformedLineException {
    if (valueStart[UGI] == NONE || valueStart[CMD] == NONE) {
      throw new MalformedLineException(valueStart[UGI] == NONE ? "no ugi= field" : "no cmd= field");
    }
    if (valueStart[ALLOWED] != NONE) {
      if (valueIs(s, ALLOWED, "true")) {
        r.allowed = true;
      } else if (valueIs(s, ALLOWED, "false")) {
        r.allowed = false;
      } else {
        throw new MalformedLineException("allowed= is neither true nor false");
      }
    }
    readUgi(s, r);
    command(cached(cmds, s, valueStart[CMD], valueEnd[CMD]), r);
    r.src = path(s, SRC);
    r.dst = path(s, DST);
    r.ip = address(s);
    r.perm = nullable(s, PERM, null);
    r.proto = nullable(s, PROTO, protos);
    r.callerContext = nullable(s, CALLER_CONTEXT, null);
  }

  /** The record's cmd= value and its op (the command's first word), from either path. */
  private void command(String cmd, AuditRecord r) throws MalformedLineException {
    if (cmd.isEmpty()) {
      throw new MalformedLineException("empty cmd= field");
    }
    r.cmd = cmd;
    int space = cmd.indexOf(' ');
    r.op = space < 0 ? cmd : cmds.get(cmd, 0, space);
  }

  private void readUgi(String s, AuditRecord r) throws MalformedLineException {
    int start = valueStart[UGI];
    int stop = valueEnd[UGI];
    int via = s.indexOf(" via ", start);
    int effectiveStop = via >= 0 && via + 5 <= stop ? via : stop;
    int authAt = s.indexOf(" (auth:", start);
    if (authAt >= 0 && authAt < effectiveStop) {
      int close = s.indexOf(')', authAt);
      if (close < 0 || close > effectiveStop) {
        throw new MalformedLineException("ugi= has an unclosed (auth:");
      }
      r.auth = cached(auths, s, authAt + 7, close);
      r.user = s.substring(start, authAt);
    } else {
      int comma = s.indexOf(',', start); // Hadoop 0.20 wrote ugi=user,group,group...
      r.user = s.substring(start, comma >= 0 && comma < effectiveStop ? comma : effectiveStop);
    }
    if (r.user.isEmpty()) {
      throw new MalformedLineException("empty ugi= field");
    }
    if (effectiveStop < stop) {
      int realStart = effectiveStop + 5;
      int realAuth = s.indexOf(" (auth:", realStart);
      r.realUser = s.substring(realStart, realAuth >= 0 && realAuth < stop ? realAuth : stop);
    }
  }

  /** The shared String of s[start, stop) of the line, read from its bytes when there are any. */
  private String cached(ValueCache cache, String s, int start, int stop) {
    return lineInAscii
        ? cache.get(ascii, asciiOffset + start, asciiOffset + stop)
        : cache.get(s, start, stop);
  }

  /** Whether the field's value is {@code literal}, without copying it out of the line. */
  private boolean valueIs(String s, int key, String literal) {
    return valueEnd[key] - valueStart[key] == literal.length()
        && s.startsWith(literal, valueStart[key]);
  }

  /** The field's value, shared through {@code cache} unless null; null when absent or "null". */
  private String nullable(String s, int key, ValueCache cache) {
    if (valueStart[key] == NONE) {
      return null;
    }
    if (valueIs(s, key, "null")) {
      return null;
    }
    int start = valueStart[key];
    int stop = valueEnd[key];
    return cache != null ? cached(cache, s, start, stop) : s.substring(start, stop);
  }

  /** ip= without what comes up to its first '/': "/1.2.3.4" or "host/1.2.3.4" is "1.2.3.4". */
  private String address(String s) {
    if (valueStart[IP] == NONE || valueIs(s, IP, "null")) {
      return null;
    }
    int stop = valueEnd[IP];
    int slash = s.indexOf('/', valueStart[IP]);
    int start = slash >= 0 && slash < stop ? slash + 1 : valueStart[IP];
    return s.substring(start, stop);
  }

  /**
   * src or dst: "null" is null; Hadoop 3 writes them Java-escaped (HDFS-11048); a path that is not
   * confined (TracePaths) makes the line malformed.
   */
  private String path(String s, int key) throws MalformedLineException {
    String p = nullable(s, key, null);
    return p == null ? null : checked(p, key);
  }

  /** A src or dst value {@code p}, unescaped and judged confined, as {@link #path} says. */
  private String checked(String p, int key) throws MalformedLineException {
    if (p.indexOf('\\') >= 0) {
      unescaped = true;
      try {
        p = StringEscapeUtils.unescapeJava(p);
      } catch (RuntimeException e) {
        throw new MalformedLineException("bad escape in " + KEYS[key] + "=");
      }
    }
    if (p.indexOf('\uFFFD') >= 0) {
      throw new MalformedLineException(KEYS[key] + "= is not UTF-8");
    }
    // judged once unescaped: a replay must never be steered out of its root (TracePaths)
    String why = TracePaths.whyNotConfinedValue(p);
    if (why != null) {
      throw new MalformedLineException(KEYS[key] + "= path not confined: " + why);
    }
    return p;
  }

  // The same reading on an ASCII line's bytes, b[..., lineEnd) being the whole line: each method
  // below is its String twin above, line for line, with a String's indexOf from i (which searches
  // to the line's end) as a search of b[i, lineEnd), and one scan for the next tab or space.

  private void parseBody(byte[] b, int from, int end, int lineEnd, AuditRecord r)
      throws MalformedLineException {
    // "allowed=" and "ugi=" end in no whitespace: found before end, they lie before it
    int bodyStart = indexOf(b, ALLOWED_FIELD, from, end);
    if (bodyStart < 0) {
      bodyStart = indexOf(b, UGI_FIELD, from, end);
      if (bodyStart < 0) {
        throw new MalformedLineException("not an audit line");
      }
    }
    for (int k = 0; k <= UNKNOWN; k++) {
      valueStart[k] = NONE;
    }
    int key = keyAt(b, bodyStart, end, true);
    int fieldStart = bodyStart + KEYS[key].length() + 1;
    for (int i = separator(b, fieldStart, end); i < end; ) {
      int next = keyAt(b, i + 1, end, b[i] == '\t');
      if (next != NONE) {
        int valueStop = i;
        while (valueStop > fieldStart && (b[valueStop - 1] == ' ' || b[valueStop - 1] == '\t')) {
          valueStop--;
        }
        setField(key, fieldStart, valueStop);
        key = next;
        int keyLength =
            next == UNKNOWN ? indexOf(b, '=', i + 1, lineEnd) - (i + 1) : KEYS[next].length();
        fieldStart = i + 1 + keyLength + 1;
      }
      i = separator(b, Math.max(i + 1, fieldStart), end);
    }
    setField(key, fieldStart, end);
    fill(b, lineEnd, r);
  }

  /** The first tab or space in b[from, end), or end; eight bytes a step (SWAR). */
  private static int separator(byte[] b, int from, int end) {
    int i = from;
    for (; i + 8 <= end; i += 8) {
      long w = (long) LONGS.get(b, i);
      long found = zeroBytes(w ^ TABS) | zeroBytes(w ^ SPACES);
      if (found != 0) { // the lowest flag is exact (little endian: the first byte)
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < end; i++) {
      if (b[i] == '\t' || b[i] == ' ') {
        return i;
      }
    }
    return end;
  }

  /** The high bit of each zero byte of w, maybe also above the first (a borrow), never below. */
  private static long zeroBytes(long w) {
    return (w - ONES) & ~w & HIGHS;
  }

  /** Where c first is in b[from, to), or -1. */
  private static int indexOf(byte[] b, char c, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] == c) {
        return i;
      }
    }
    return -1;
  }

  /** Where {@code word} first lies wholly in b[from, to), or -1. */
  private static int indexOf(byte[] b, byte[] word, int from, int to) {
    byte first = word[0];
    for (int i = from, last = to - word.length; i <= last; i++) {
      if (b[i] == first && Arrays.equals(b, i, i + word.length, word, 0, word.length)) {
        return i;
      }
    }
    return -1;
  }

  private static int keyAt(byte[] b, int at, int end, boolean anyWord) {
    int eq = at;
    while (eq < end && eq - at <= 16) {
      byte c = b[eq];
      if (c == '=') {
        break;
      }
      if ((c | 0x20) < 'a' || (c | 0x20) > 'z') { // keys are ASCII letters
        return NONE;
      }
      eq++;
    }
    if (eq >= end || eq == at || b[eq] != '=') {
      return NONE;
    }
    int length = eq - at;
    int k = candidateKey(length, b[at]);
    if (k != NONE && Arrays.equals(b, at, eq, KEY_BYTES[k], 0, length)) {
      return k;
    }
    return anyWord ? UNKNOWN : NONE;
  }

  private void fill(byte[] b, int lineEnd, AuditRecord r) throws MalformedLineException {
    if (valueStart[UGI] == NONE || valueStart[CMD] == NONE) {
      throw new MalformedLineException(valueStart[UGI] == NONE ? "no ugi= field" : "no cmd= field");
    }
    if (valueStart[ALLOWED] != NONE) {
      if (valueIs(b, ALLOWED, TRUE)) {
        r.allowed = true;
      } else if (valueIs(b, ALLOWED, FALSE)) {
        r.allowed = false;
      } else {
        throw new MalformedLineException("allowed= is neither true nor false");
      }
    }
    readUgi(b, lineEnd, r);
    command(cmds.get(b, valueStart[CMD], valueEnd[CMD]), r);
    r.src = path(b, SRC);
    r.dst = path(b, DST);
    r.ip = address(b);
    r.perm = nullable(b, PERM, null);
    r.proto = nullable(b, PROTO, protos);
    r.callerContext = nullable(b, CALLER_CONTEXT, null);
  }

  private void readUgi(byte[] b, int lineEnd, AuditRecord r) throws MalformedLineException {
    int start = valueStart[UGI];
    int stop = valueEnd[UGI];
    int via = indexOf(b, VIA, start, stop); // " via " wholly in the value, as via + 5 <= stop
    int effectiveStop = via >= 0 ? via : stop;
    int authAt = indexOf(b, AUTH, start, lineEnd);
    if (authAt >= 0 && authAt < effectiveStop) {
      int close = indexOf(b, ')', authAt, lineEnd);
      if (close < 0 || close > effectiveStop) {
        throw new MalformedLineException("ugi= has an unclosed (auth:");
      }
      r.auth = auths.get(b, authAt + 7, close);
      r.user = users.get(b, start, authAt);
    } else {
      int comma = indexOf(b, ',', start, effectiveStop); // Hadoop 0.20 wrote ugi=user,group,...
      r.user = users.get(b, start, comma >= 0 ? comma : effectiveStop);
    }
    if (r.user.isEmpty()) {
      throw new MalformedLineException("empty ugi= field");
    }
    if (effectiveStop < stop) {
      int realStart = effectiveStop + 5;
      int realAuth = indexOf(b, AUTH, realStart, lineEnd);
      r.realUser = string(b, realStart, realAuth >= 0 && realAuth < stop ? realAuth : stop);
    }
  }

  private static String string(byte[] b, int start, int stop) {
    return new String(b, start, stop - start, StandardCharsets.ISO_8859_1);
  }

  private boolean valueIs(byte[] b, int key, byte[] literal) {
    return Arrays.equals(b, valueStart[key], valueEnd[key], literal, 0, literal.length);
  }

  private String nullable(byte[] b, int key, ValueCache cache) {
    if (valueStart[key] == NONE || valueIs(b, key, NULL)) {
      return null;
    }
    int start = valueStart[key];
    int stop = valueEnd[key];
    return cache != null ? cache.get(b, start, stop) : string(b, start, stop);
  }

  private String address(byte[] b) {
    if (valueStart[IP] == NONE || valueIs(b, IP, NULL)) {
      return null;
    }
    int stop = valueEnd[IP];
    int slash = indexOf(b, '/', valueStart[IP], stop);
    return string(b, slash >= 0 ? slash + 1 : valueStart[IP], stop);
  }

  private String path(byte[] b, int key) throws MalformedLineException {
    String p = nullable(b, key, null);
    return p == null ? null : checked(p, key);
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
