import java.util.concurrent.atomic.AtomicLong;

/**
 * Nanoseconds for a cache line to go from one core to the other and back: two threads (one per
 * vCPU when the machine has two and is otherwise idle) take turns incrementing one counter. An
 * embedded run is mostly threads handing work to each other (mappers, RPC clients, NameNode
 * handlers), so its speed can follow this where a probe of one core's (or two independent cores')
 * work does not: on a host whose cores share a last-level cache in groups (AMD's CCXs), two vCPUs
 * in one group hand a line over faster than two in different groups.
 *
 * <p>usage: java bench/CorePingPong.java [round trips, default 2,000,000]; prints the median of
 * five rounds' nanoseconds per round trip.
 */
public final class CorePingPong {
  public static void main(String[] args) throws InterruptedException {
    long trips = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000;
    double[] rounds = new double[5];
    for (int r = 0; r < rounds.length; r++) {
      rounds[r] = nanosPerRoundTrip(trips);
    }
    java.util.Arrays.sort(rounds);
    System.out.printf(java.util.Locale.ROOT, "%.1f%n", rounds[rounds.length / 2]);
  }

  private static double nanosPerRoundTrip(long trips) throws InterruptedException {
    AtomicLong turn = new AtomicLong();  // even: ping's turn, odd: pong's
    Thread pong = new Thread(() -> take(turn, 1, trips));
    pong.start();
    long start = System.nanoTime();
    take(turn, 0, trips);
    pong.join();
    return (System.nanoTime() - start) / (double) trips;
  }

  /** Waits for each of this side's turns (parity {@code side}) and passes the counter on. */
  private static void take(AtomicLong turn, int side, long trips) {
    for (long t = side; t < 2 * trips; t += 2) {
      while (turn.get() != t) {
        Thread.onSpinWait();
      }
      turn.set(t + 1);
    }
  }
}
