package org.mimesisbench.generator.measure;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;
import org.mimesisbench.generator.op.Op;

/**
 * What issuing measured, kept apart from the workload (as YCSB does): per op the count, errors (by
 * exception class) and two latency histograms (microseconds, HdrHistogram): service time, from the
 * call's start to its end, and response time, from the op's due time to its end (YCSB's "intended"
 * latency: it counts the time an op waited behind schedule, so a slow NameNode cannot hide its
 * backlog); the lateness of every op against its schedule (the drift); how many ops waited for a
 * free in-flight slot or for the op before them on their file; ops per second of the run by op; the
 * outages (spans in which every call failed); and why issuing stopped early, if it did. Mappers
 * each fill one; the reducer merges them with {@link #add}.
 */
public final class RunStatistics implements Writable {
  /** Significant digits of every histogram. */
  private static final int DIGITS = 3;

  private static final int ERROR_SAMPLES = 3;

  /** Exception classes kept apart per op; more are counted as {@link #OTHER_CLASSES}. */
  private static final int ERROR_CLASSES = 16;

  static final String OTHER_CLASSES = "(other)";
  private static final int OUTAGES = 3;
  private static final int OPS = Op.values().length;

  private final long[] count = new long[OPS];
  private final long[] errors = new long[OPS];

  @SuppressWarnings("unchecked")
  private final Map<String, Long>[] errorClasses = new TreeMap[OPS];

  // made at an op's first value: an empty histogram is 16 KB, and the mappers make counts-only
  // statistics every second, whose garbage paused an embedded NameNode's calls
  private final Histogram[] latency = new Histogram[OPS]; // service time
  private final Histogram[] response = new Histogram[OPS];
  private long slotWaits; // ops whose due time came while every in-flight slot was busy
  private long slotWaitMicros;
  private long
      orderWaits; // ops whose due time came while the op before them on their file was in flight
  private long orderWaitMicros;
  private Histogram lateness;
  private long[] timeline = new long[0]; // [second * OPS + op], grown as seconds come
  // [second]: the latest op of the second against its due time
  private long[] latestMicros = new long[0];
  private int seconds;
  private final List<String> errorSamples = new ArrayList<>();
  private final List<String> stops =
      new ArrayList<>(); // why issuing ended early, one per mapper that stopped
  private final List<String> outages =
      new ArrayList<>(); // the longest few, as described by the mapper
  private long longestOutageNanos;
  private long mappers;
  private long elapsedNanos; // from the start to the last op's end, the longest of the mappers
  private final java.util.SortedSet<String> users =
      new TreeSet<>(); // the users the mappers issued as

  public RunStatistics() {
    for (int i = 0; i < OPS; i++) {
      errorClasses[i] = new TreeMap<>();
    }
  }

  private static Histogram histogram() {
    return new Histogram(DIGITS); // auto-resizing: no ceiling on what it records
  }

  /**
   * One op issued at {@code second} of the run, {@code latencyNanos} long, {@code latenessNanos}
   * after its due time; its response time is taken as the lateness and the call together.
   */
  public void record(Op op, long latencyNanos, long latenessNanos, int second, String error) {
    record(
        op,
        latencyNanos,
        latencyNanos + Math.max(0, latenessNanos),
        latenessNanos,
        second,
        error,
        error == null ? null : OTHER_CLASSES);
  }

  /**
   * One op issued at {@code second} of the run: its call took {@code serviceNanos}, it ended {@code
   * responseNanos} after its due time, and began {@code latenessNanos} after it; a failed call's
   * exception class is {@code errorClass}.
   */
  public void record(
      Op op,
      long serviceNanos,
      long responseNanos,
      long latenessNanos,
      int second,
      String error,
      String errorClass) {
    int i = op.ordinal();
    count[i]++;
    latencyAt(i).recordValue(Math.max(0, serviceNanos / 1000));
    responseAt(i).recordValue(Math.max(0, responseNanos / 1000));
    lateness().recordValue(Math.max(0, latenessNanos / 1000));
    if (error != null) {
      errors[i]++;
      countClass(errorClasses[i], errorClass, 1);
      if (errorSamples.size() < ERROR_SAMPLES) {
        errorSamples.add(op.label() + ": " + error);
      }
    }
    if (second >= 0) {
      if (second >= seconds) {
        seconds = second + 1;
        if (seconds * OPS > timeline.length) {
          timeline =
              Arrays.copyOf(
                  timeline, Math.max(64 * OPS, Math.max(seconds * OPS, timeline.length * 2)));
          latestMicros = Arrays.copyOf(latestMicros, timeline.length / OPS);
        }
      }
      timeline[second * OPS + i]++;
      latestMicros[second] = Math.max(latestMicros[second], latenessNanos / 1000);
    }
  }

  /** An op waited {@code nanos} past its due time for a free in-flight slot. */
  public void waitedForSlot(long nanos) {
    slotWaits++;
    slotWaitMicros += Math.max(0, nanos / 1000);
  }

  /** An op waited {@code nanos} past its due time for the op before it on its file to end. */
  public void waitedForOrder(long nanos) {
    orderWaits++;
    orderWaitMicros += Math.max(0, nanos / 1000);
  }

  /** Ops that waited for a free in-flight slot past their due time. */
  public long slotWaits() {
    return slotWaits;
  }

  /** Their waits together, in microseconds. */
  public long slotWaitMicros() {
    return slotWaitMicros;
  }

  /** Ops that waited past their due time for the op before them on their file (per-file order). */
  public long orderWaits() {
    return orderWaits;
  }

  /** Their waits together, in microseconds. */
  public long orderWaitMicros() {
    return orderWaitMicros;
  }

  /** Issuing of one mapper ended before its schedule did, for {@code reason}. */
  public void stopped(String reason) {
    stops.add(reason);
  }

  /**
   * Every call failed for {@code nanos} ({@code what}: when it began, the first error); the longest
   * few are kept.
   */
  public void outage(long nanos, String what) {
    if (nanos > longestOutageNanos) {
      longestOutageNanos = nanos;
      outages.add(0, what);
    } else {
      outages.add(what);
    }
    while (outages.size() > OUTAGES) {
      outages.remove(outages.size() - 1);
    }
  }

  /**
   * Statistics known only from the jobs' counters (the mappers' own were lost): counts, errors and
   * errors by exception class per op; no latencies, timeline or drift. {@code seconds} is the run's
   * length.
   */
  public static RunStatistics counted(
      Map<Op, Long> counts,
      Map<Op, Long> errorCounts,
      Map<Op, Map<String, Long>> classes,
      double seconds) {
    RunStatistics s = new RunStatistics();
    for (Op op : Op.values()) {
      s.count[op.ordinal()] = counts.getOrDefault(op, 0L);
      s.errors[op.ordinal()] = errorCounts.getOrDefault(op, 0L);
      classes
          .getOrDefault(op, Map.of())
          .forEach((c, n) -> countClass(s.errorClasses[op.ordinal()], c, n));
    }
    s.elapsedNanos = Math.round(seconds * 1e9);
    return s;
  }

  private static void countClass(Map<String, Long> classes, String name, long n) {
    String key = classes.containsKey(name) || classes.size() < ERROR_CLASSES ? name : OTHER_CLASSES;
    classes.merge(key, n, Long::sum);
  }

  /** One more mapper's statistics are in; it issued for {@code elapsedNanos} after the start. */
  public void mapperDone(long elapsedNanos) {
    mappers++;
    this.elapsedNanos = Math.max(this.elapsedNanos, elapsedNanos);
  }

  /** Seconds from the start to the end of the last op issued. */
  public double elapsedSeconds() {
    return elapsedNanos / 1e9;
  }

  public void add(RunStatistics o) {
    for (int i = 0; i < OPS; i++) {
      count[i] += o.count[i];
      errors[i] += o.errors[i];
      if (o.latency[i] != null) {
        latencyAt(i).add(o.latency[i]);
        responseAt(i).add(o.response[i]);
      }
      for (Map.Entry<String, Long> c : o.errorClasses[i].entrySet()) {
        countClass(errorClasses[i], c.getKey(), c.getValue());
      }
    }
    if (o.lateness != null) {
      lateness().add(o.lateness);
    }
    slotWaits += o.slotWaits;
    slotWaitMicros += o.slotWaitMicros;
    orderWaits += o.orderWaits;
    orderWaitMicros += o.orderWaitMicros;
    if (o.seconds > seconds) {
      timeline = Arrays.copyOf(timeline, Math.max(o.seconds * OPS, timeline.length));
      latestMicros = Arrays.copyOf(latestMicros, timeline.length / OPS);
      seconds = o.seconds;
    }
    for (int k = 0; k < o.seconds * OPS; k++) {
      timeline[k] += o.timeline[k];
    }
    for (int sec = 0; sec < o.seconds; sec++) {
      latestMicros[sec] = Math.max(latestMicros[sec], o.latestMicros[sec]);
    }
    for (String s : o.errorSamples) {
      if (errorSamples.size() < ERROR_SAMPLES) {
        errorSamples.add(s);
      }
    }
    stops.addAll(o.stops);
    outages.addAll(
        o.longestOutageNanos > longestOutageNanos ? 0 : outages.size(), o.outages); // longest first
    longestOutageNanos = Math.max(longestOutageNanos, o.longestOutageNanos);
    while (outages.size() > OUTAGES) {
      outages.remove(outages.size() - 1);
    }
    mappers += o.mappers;
    users.addAll(o.users);
    elapsedNanos = Math.max(elapsedNanos, o.elapsedNanos);
  }

  public long count(Op op) {
    return count[op.ordinal()];
  }

  public long errors(Op op) {
    return errors[op.ordinal()];
  }

  public long totalCount() {
    return Arrays.stream(count).sum();
  }

  public long totalErrors() {
    return Arrays.stream(errors).sum();
  }

  /** Failed calls of {@code op} by exception class (simple name). */
  public Map<String, Long> errorClasses(Op op) {
    return Map.copyOf(errorClasses[op.ordinal()]);
  }

  /** Failed calls of every op by exception class (simple name). */
  public Map<String, Long> errorClasses() {
    Map<String, Long> all = new TreeMap<>();
    for (Map<String, Long> byClass : errorClasses) {
      byClass.forEach((c, n) -> all.merge(c, n, Long::sum));
    }
    return all;
  }

  /**
   * The outages (every call failing), longest first: when each began, how long, the first error.
   */
  public List<String> outages() {
    return List.copyOf(outages);
  }

  /** The longest outage, in seconds (0: none). */
  public double longestOutageSeconds() {
    return longestOutageNanos / 1e9;
  }

  /** Service time of {@code op} (the call's start to its end) in microseconds. */
  public Histogram latency(Op op) {
    return latencyAt(op.ordinal());
  }

  private Histogram latencyAt(int i) {
    if (latency[i] == null) { // both made at once: write and add read them as a pair
      latency[i] = histogram();
      response[i] = histogram();
    }
    return latency[i];
  }

  private Histogram responseAt(int i) {
    latencyAt(i);
    return response[i];
  }

  /**
   * Response time of {@code op} (its due time to the call's end) in microseconds; at time scale 0
   * the service time.
   */
  public Histogram response(Op op) {
    return responseAt(op.ordinal());
  }

  /** How late ops were issued against their schedule, in microseconds. */
  public Histogram lateness() {
    if (lateness == null) {
      lateness = histogram();
    }
    return lateness;
  }

  /** Seconds the timeline covers. */
  public int seconds() {
    return seconds;
  }

  /**
   * How late (microseconds) the latest op issued in {@code second} was against its due time: drift
   * over time.
   */
  public long maxLatenessMicros(int second) {
    return second < seconds ? latestMicros[second] : 0;
  }

  /** Ops of {@code op} issued in second {@code second} of the run. */
  public long timeline(int second, Op op) {
    return second < seconds ? timeline[second * OPS + op.ordinal()] : 0;
  }

  public List<String> errorSamples() {
    return List.copyOf(errorSamples);
  }

  /** Records that this mapper issued as {@code names}. */
  public void issuedAs(java.util.Collection<String> names) {
    users.addAll(names);
  }

  /** The users the calls were issued as (the run's own user among them when it issued any). */
  public java.util.SortedSet<String> users() {
    return java.util.Collections.unmodifiableSortedSet(users);
  }

  public List<String> stops() {
    return List.copyOf(stops);
  }

  public long mappers() {
    return mappers;
  }

  /**
   * Only the ops issued are written, and per-second counts as variable-length numbers: a mapper
   * issues a few of the many ops, and its record must fit phase 2's small sort buffer.
   */
  @Override
  public void write(DataOutput out) throws IOException {
    int issued = 0;
    for (int i = 0; i < OPS; i++) {
      issued += count[i] + errors[i] > 0 ? 1 : 0;
    }
    out.writeInt(issued);
    for (int i = 0; i < OPS; i++) {
      if (count[i] + errors[i] > 0) {
        out.writeInt(i);
        out.writeLong(count[i]);
        out.writeLong(errors[i]);
        writeHistogram(out, latencyAt(i));
        writeHistogram(out, responseAt(i));
        out.writeInt(errorClasses[i].size());
        for (Map.Entry<String, Long> c : errorClasses[i].entrySet()) {
          out.writeUTF(c.getKey());
          out.writeLong(c.getValue());
        }
      }
    }
    writeHistogram(out, lateness());
    out.writeLong(slotWaits);
    out.writeLong(slotWaitMicros);
    out.writeLong(orderWaits);
    out.writeLong(orderWaitMicros);
    out.writeInt(seconds);
    for (int i = 0; i < OPS; i++) {
      if (count[i] + errors[i] > 0) {
        for (int sec = 0; sec < seconds; sec++) {
          WritableUtils.writeVLong(out, timeline[sec * OPS + i]);
        }
      }
    }
    for (int sec = 0; sec < seconds; sec++) {
      out.writeLong(latestMicros[sec]);
    }
    writeStrings(out, errorSamples);
    writeStrings(out, stops);
    writeStrings(out, outages);
    out.writeLong(longestOutageNanos);
    out.writeLong(mappers);
    out.writeLong(elapsedNanos);
    writeStrings(out, new ArrayList<>(users));
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    java.util.Arrays.fill(count, 0);
    java.util.Arrays.fill(errors, 0);
    java.util.Arrays.fill(latency, null);
    java.util.Arrays.fill(response, null);
    for (int i = 0; i < OPS; i++) {
      errorClasses[i].clear(); // a reducer reads every record into the same instance
    }
    int issued = in.readInt();
    int[] ops = new int[issued];
    for (int k = 0; k < issued; k++) {
      int i = in.readInt();
      ops[k] = i;
      count[i] = in.readLong();
      errors[i] = in.readLong();
      latency[i] = readHistogram(in);
      response[i] = readHistogram(in);
      errorClasses[i].clear();
      for (int n = in.readInt(); n > 0; n--) {
        errorClasses[i].put(in.readUTF(), in.readLong());
      }
    }
    lateness = readHistogram(in);
    slotWaits = in.readLong();
    slotWaitMicros = in.readLong();
    orderWaits = in.readLong();
    orderWaitMicros = in.readLong();
    seconds = in.readInt();
    timeline = new long[Math.max(64, seconds) * OPS];
    for (int i : ops) {
      for (int sec = 0; sec < seconds; sec++) {
        timeline[sec * OPS + i] = WritableUtils.readVLong(in);
      }
    }
    latestMicros = new long[Math.max(64, seconds)];
    for (int sec = 0; sec < seconds; sec++) {
      latestMicros[sec] = in.readLong();
    }
    readStrings(in, errorSamples);
    readStrings(in, stops);
    readStrings(in, outages);
    longestOutageNanos = in.readLong();
    mappers = in.readLong();
    elapsedNanos = in.readLong();
    List<String> names = new ArrayList<>();
    readStrings(in, names);
    users.clear();
    users.addAll(names);
  }

  private static void writeHistogram(DataOutput out, Histogram h) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(buf);
    out.writeInt(n);
    out.write(buf.array(), 0, n);
  }

  private static Histogram readHistogram(DataInput in) throws IOException {
    byte[] bytes = new byte[in.readInt()];
    in.readFully(bytes);
    try {
      Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
      h.setAutoResize(true);
      return h;
    } catch (DataFormatException e) {
      throw new IOException("corrupt histogram in run statistics", e);
    }
  }

  private static void writeStrings(DataOutput out, List<String> strings) throws IOException {
    out.writeInt(strings.size());
    for (String s : strings) {
      out.writeUTF(s.length() > 2000 ? s.substring(0, 2000) : s);
    }
  }

  private static void readStrings(DataInput in, List<String> into) throws IOException {
    into.clear();
    for (int n = in.readInt(); n > 0; n--) {
      into.add(in.readUTF());
    }
  }
}
