package org.mimesisbench.generator.issue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mimesisbench.generator.GeneratorVectors;
import org.mimesisbench.generator.layout.FlatLayout;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.schedule.EntryLife;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.TypeSchedule;
import org.mimesisbench.generator.testing.SyntheticProfile;
import org.mimesisbench.run.RunOptions;

/**
 * The three threads hand the issuer every event of the schedule once, in time order; above time
 * scale 0 no op goes before its due time and each op's lateness is measured; issuing stops at the
 * duration, at the maximum drift, after an outage longer than its limit (lateness an outage caused
 * is not drift), or when told to. With several calls in flight, a slow call does not hold up the
 * ops due after it, each file's events still go one after another, and an op that waits for a free
 * slot has the wait in its response time and is counted.
 */
@Timeout(120)
@Tag("paced") // its assertions time what it runs: generator-mr runs it alone
class IssuingPipelineTest {
  private static final long MS = 1_000_000L;

  @Test
  void everyEventOfTheScheduleIsIssuedOnceInTimeOrder() throws Exception {
    WorkloadModel m =
        WorkloadModel.of("vector", GeneratorVectors.profile(), GeneratorVectors.options().build());
    FlatLayout layout = new FlatLayout(m);
    for (FileTypeModel t : m.runTypes()) {
      Map<String, Integer> expected = new TreeMap<>();
      TypeSchedule reference = new TypeSchedule(m, t, layout, 5, 0, 1, "tag");
      for (EntryLife f = reference.next(); f != null; f = reference.next()) {
        while (!f.done()) {
          expected.merge(key(f.next()), 1, Integer::sum);
        }
      }
      List<Event> issued = new ArrayList<>();
      RunStatistics stats =
          new IssuingPipeline(new TypeSchedule(m, t, layout, 5, 0, 1, "tag"), issued::add, 0, 0, 0)
              .run(System.nanoTime(), () -> {});
      Map<String, Integer> got = new TreeMap<>();
      double last = Double.NEGATIVE_INFINITY;
      for (Event e : issued) {
        assertTrue(
            e.timeMs() >= last, "type " + t.index() + ": " + e + " after an event at " + last);
        last = e.timeMs();
        got.merge(key(e), 1, Integer::sum);
      }
      assertEquals(expected, got, "type " + t.index());
      assertEquals(issued.size(), stats.totalCount());
    }
  }

  @Test
  void aboveTimeScaleZeroNoOpGoesBeforeItsDueTimeAndEachOpsLatenessIsMeasured() throws Exception {
    WorkloadModel m = steady(50, 10, 10); // 500 accesses over 100 ms of profile time
    double timeScale = 2;
    long start = System.nanoTime() + 20 * MS;
    Issued run = issueTimed(m, timeScale, start);
    List<Event> issued = run.events();
    RunStatistics stats = run.stats();
    assertEquals(500, issued.size());
    run.assertNoneEarly();
    assertEquals(500, stats.totalCount());
    assertEquals(500, stats.lateness().getTotalCount());
    long lastDue = start + (long) (issued.get(499).timeMs() * timeScale * MS);
    assertTrue(
        stats.elapsedSeconds() * 1e9 >= lastDue - start,
        "elapsed " + stats.elapsedSeconds() + " s");
    assertTrue(stats.stops().isEmpty(), stats.stops().toString());
  }

  /**
   * Sub-millisecond gaps keep their size when scaled: each op's due time is its schedule time times
   * the time scale in nanoseconds, never rounded to a millisecond (which would issue ops due 0.1 ms
   * apart together, or early).
   */
  @Test
  void subMillisecondGapsAreScaledNotRounded() throws Exception {
    WorkloadModel m = steady(20, 10, 0.5); // each file's accesses 0.5 ms apart
    double timeScale = 0.2; // due 0.1 ms apart
    Issued run = issueTimed(m, timeScale, System.nanoTime() + 20 * MS);
    List<Event> issued = run.events();
    assertEquals(200, issued.size());
    run.assertNoneEarly();
    int subMillisecond = 0;
    for (int i = 0; i < issued.size(); i++) {
      double gap = i == 0 ? 1 : (issued.get(i).timeMs() - issued.get(i - 1).timeMs()) * timeScale;
      if (gap > 0 && gap < 0.2) {
        subMillisecond++;
      }
    }
    assertTrue(subMillisecond > 10, subMillisecond + " gaps under 0.2 ms: the test needs many");
  }

  /**
   * The progress callback (the job's counters, the run's progress line) runs about once a second
   * all along, though the schedule's few ops come in one batch and one file's ops in a row.
   */
  @Test
  void progressIsReportedEverySecondAtALowRate() throws Exception {
    WorkloadModel m = steady(1, 12, 250); // one file's 12 accesses over 2.75 s
    List<Long> reported = new ArrayList<>();
    long start = System.nanoTime() + 20 * MS;
    RunStatistics stats =
        new IssuingPipeline(schedule(m), e -> {}, 1, 0, 0)
            .run(start, () -> reported.add(System.nanoTime()));
    long end = System.nanoTime();
    assertTrue(stats.totalCount() >= 12, stats.totalCount() + " ops");
    long gap = reported.isEmpty() ? end - start : reported.get(0) - start;
    for (int i = 1; i < reported.size(); i++) {
      gap = Math.max(gap, reported.get(i) - reported.get(i - 1));
    }
    assertTrue(
        gap < 1_500 * MS && reported.size() >= 3,
        reported.size()
            + " reports, at most "
            + gap / MS
            + " ms apart, over "
            + (end - start) / MS
            + " ms");
  }

  @Test
  void atTimeScaleZeroNothingGoesBeforeTheStart() throws Exception {
    WorkloadModel m = steady(20, 5, 10);
    List<Long> issuedAt = new ArrayList<>();
    long start = System.nanoTime() + 100 * MS;
    RunStatistics stats =
        new IssuingPipeline(schedule(m), e -> issuedAt.add(System.nanoTime()), 0, 0, 0)
            .run(start, () -> {});
    assertEquals(100, issuedAt.size());
    assertTrue(
        issuedAt.get(0) >= start,
        "the first op went " + (start - issuedAt.get(0)) + " ns before the start");
    assertEquals(100, stats.lateness().getTotalCount());
    assertEquals(0, stats.lateness().getMaxValue(), "lateness is not measured back to back");
  }

  @Test
  void issuingStopsWhenTheDurationEnds() throws Exception {
    WorkloadModel m = steady(10, 100, 10); // 1 s of profile time
    List<Event> issued = new ArrayList<>();
    long t0 = System.nanoTime();
    RunStatistics stats =
        new IssuingPipeline(schedule(m), issued::add, 1, 0, 200).run(System.nanoTime(), () -> {});
    assertTrue(System.nanoTime() - t0 < 900 * MS, "the pipeline ran past its 200 ms duration");
    assertTrue(issued.size() > 0 && issued.size() < 1000, issued.size() + " ops issued");
    assertTrue(
        issued.get(issued.size() - 1).timeMs() < 200,
        "an op due after the duration: " + issued.get(issued.size() - 1));
    assertEquals(List.of(IssuingPipeline.DURATION_ENDED), stats.stops());
  }

  @Test
  void issuingStopsWhenAnOpIsLaterThanTheMaximumDrift() throws Exception {
    WorkloadModel m = steady(10, 100, 10); // 1,000 ops a ms apart; each takes 5 ms here
    List<Event> issued = new ArrayList<>();
    RunStatistics stats =
        new IssuingPipeline(
                schedule(m),
                e -> {
                  issued.add(e);
                  sleepMs(5);
                },
                1,
                50,
                0)
            .run(System.nanoTime(), () -> {});
    assertTrue(issued.size() < 100, issued.size() + " ops issued");
    assertEquals(1, stats.stops().size());
    assertTrue(stats.stops().get(0).startsWith("drift: an op was issued"), stats.stops().get(0));
    assertTrue(
        stats.lateness().getMaxValue() <= 50_000 + 10_000,
        "lateness " + stats.lateness().getMaxValue() + " us");
  }

  @Test
  void anOutageLongerThanTheLimitStopsIssuingAndTheStatisticsSayWhenAndHow() throws Exception {
    WorkloadModel m = steady(10, 100, 10); // 1,000 ops a ms apart
    List<Event> issued = new ArrayList<>();
    long t0 = System.nanoTime();
    RunStatistics stats =
        new IssuingPipeline(
                schedule(m),
                e -> {
                  issued.add(e);
                  if (issued.size() > 100) {
                    throw new ConnectException("Connection refused");
                  }
                },
                1,
                50,
                0)
            .outageLimit(200)
            .run(System.nanoTime(), () -> {});
    long ms = (System.nanoTime() - t0) / MS;
    assertTrue(ms < 600, "stopped after " + ms + " ms");
    assertTrue(issued.size() > 200 && issued.size() < 600, issued.size() + " ops issued");
    assertEquals(issued.size(), stats.totalCount());
    assertEquals(issued.size() - 100, stats.totalErrors());
    assertEquals(Map.of("ConnectException", (long) issued.size() - 100), stats.errorClasses());
    assertEquals(1, stats.stops().size());
    String why = stats.stops().get(0);
    assertTrue(
        why.matches(
            "outage: every call failed for 0\\.2 s from \\d\\d:\\d\\d:\\d\\d, the --outage-limit "
                + "\\(first: ConnectException: Connection refused\\)"),
        why);
    assertEquals(1, stats.outages().size(), stats.outages().toString());
    RunStatistics copy = roundTrip(stats);
    assertEquals(stats.errorClasses(), copy.errorClasses());
    assertEquals(stats.outages(), copy.outages());
    assertEquals(stats.longestOutageSeconds(), copy.longestOutageSeconds());
  }

  @Test
  void callsDeniedOrNotFoundForLongerThanTheLimitAreErrorsNotAnOutage() throws Exception {
    WorkloadModel m = steady(10, 60, 10); // 600 ops a ms apart
    List<Event> issued = new ArrayList<>();
    RunStatistics stats =
        new IssuingPipeline(
                schedule(m),
                e -> {
                  issued.add(e);
                  // the answers a Router gives for a folder its caller cannot traverse
                  switch (issued.size() % 3) {
                    case 0 -> throw new FileNotFoundException("File does not exist: /b/x1/f");
                    case 1 -> throw new AccessControlException("Permission denied: user=alice");
                    default ->
                        throw new RemoteException(
                            FileNotFoundException.class.getName(), "File does not exist: /b/x1/g");
                  }
                },
                1,
                0, // no drift limit: only an outage could stop it
                0)
            .outageLimit(200)
            .run(System.nanoTime(), () -> {});
    assertEquals(600, stats.totalCount(), stats.stops().toString()); // 0.6 s, past the limit
    assertEquals(600, stats.totalErrors());
    assertTrue(stats.stops().isEmpty(), stats.stops().toString());
    assertTrue(stats.outages().isEmpty(), stats.outages().toString());
    assertEquals(
        Map.of("FileNotFoundException", 400L, "AccessControlException", 200L),
        stats.errorClasses());
  }

  @Test
  void lateOpsAfterAnOutageThatEndedAreNotDriftAndTheScheduleGoesOn() throws Exception {
    WorkloadModel m = steady(10, 300, 10); // 3,000 ops a ms apart
    long start = System.nanoTime() + 200 * MS;
    RunStatistics stats =
        new IssuingPipeline(
                schedule(m),
                e -> {
                  long at = (System.nanoTime() - start) / MS;
                  if (at >= 500 && at < 1_700) { // a NameNode restart: each call waits, then fails
                    sleepMs(100);
                    throw new ConnectException("Connection refused");
                  }
                },
                1,
                300,
                0)
            .outageLimit(5_000)
            .run(start, () -> {}); // the outage makes ops 1.2 s late, the limit is 0.3 s
    assertTrue(stats.stops().isEmpty(), stats.stops().toString());
    assertEquals(3000, stats.totalCount());
    assertTrue(
        stats.totalErrors() >= 10 && stats.totalErrors() <= 14, stats.totalErrors() + " errors");
    assertEquals(1, stats.outages().size(), stats.outages().toString());
    assertTrue(
        stats.outages().get(0).startsWith("every call failed for 1."), stats.outages().get(0));
    assertTrue(stats.lateness().getMaxValue() > 1_000_000, "the ops due in the outage were late");
  }

  @Test
  void stopEndsAWaitingIssuerAtOnce() throws Exception {
    WorkloadModel m = steady(10, 10, 10);
    IssuingPipeline p = new IssuingPipeline(schedule(m), e -> {}, 1000, 0, 0); // 100 s of wall time
    CompletableFuture<RunStatistics> run =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return p.run(System.nanoTime(), () -> {});
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    sleepMs(100);
    long t0 = System.nanoTime();
    p.stop();
    RunStatistics stats = run.get(30, TimeUnit.SECONDS);
    assertTrue(stats.totalCount() < 100, stats.totalCount() + " ops issued");
    assertTrue(
        System.nanoTime() - t0 < 5_000 * MS, "stop took " + (System.nanoTime() - t0) / MS + " ms");
  }

  @Test
  void aKilledTaskStopsIssuingWhenItsThreadIsInterruptedOrEveryPipelineIsStopped()
      throws Exception {
    for (boolean all : new boolean[] {false, true}) {
      IssuingPipeline p = new IssuingPipeline(schedule(steady(10, 10, 10)), e -> {}, 1000, 0, 0);
      AtomicReference<RunStatistics> stats = new AtomicReference<>();
      Thread task =
          new Thread(
              () -> {
                try {
                  stats.set(p.run(System.nanoTime(), () -> {}));
                } catch (InterruptedException e) {
                  throw new IllegalStateException(e);
                }
              });
      task.start();
      sleepMs(100);
      long t0 = System.nanoTime();
      if (all) { // the run's interrupt hook: a call's client may have swallowed the interrupt
        IssuingPipeline.stopAll("interrupted: the run was stopped");
      } else { // the local job runner kills its tasks so
        task.interrupt();
      }
      task.join(30_000);
      assertFalse(task.isAlive(), "the task still issues");
      assertTrue(System.nanoTime() - t0 < 5_000 * MS, (System.nanoTime() - t0) / MS + " ms");
      String why = all ? "interrupted: the run was stopped" : "interrupted: the task was killed";
      assertEquals(List.of(why), stats.get().stops());
    }
  }

  @Test
  void withSeveralInFlightEveryEventIsIssuedOnceAndNoOpOfALifeOverlapsAChangeOfIt()
      throws Exception {
    WorkloadModel m =
        WorkloadModel.of("vector", GeneratorVectors.profile(), GeneratorVectors.options().build());
    FlatLayout layout = new FlatLayout(m);
    FileTypeModel t = m.runTypes().get(0);
    List<List<String>> lives = lives(new TypeSchedule(m, t, layout, 5, 0, 1, "tag"));
    int events = lives.stream().mapToInt(List::size).sum();
    Map<String, long[]> calls = new ConcurrentHashMap<>(); // key and occurrence -> start, end
    Map<String, AtomicInteger> occurrences =
        new ConcurrentHashMap<>(); // a life may repeat an event
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    RunStatistics stats =
        new IssuingPipeline(
                new TypeSchedule(m, t, layout, 5, 0, 1, "tag"),
                e -> {
                  long begin = System.nanoTime();
                  most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                  LockSupport.parkNanos(
                      ThreadLocalRandom.current().nextLong(200_000)); // calls of varying length
                  inFlight.decrementAndGet();
                  String k = occurrence(e, occurrences);
                  assertEquals(
                      null,
                      calls.put(k, new long[] {begin, System.nanoTime()}),
                      "issued twice: " + k);
                },
                0,
                0,
                0)
            .inFlight(8)
            .run(System.nanoTime(), () -> {});
    assertEquals(events, calls.size());
    assertEquals(events, stats.totalCount());
    assertTrue(most.get() > 1, "never more than one call in flight");
    for (List<String> life : lives) {
      for (int i = 1; i < life.size(); i++) {
        for (int j = 0; j < i; j++) {
          if (!isRead(life.get(i)) || !isRead(life.get(j))) { // reads alone may overlap
            assertTrue(
                calls.get(life.get(i))[0] >= calls.get(life.get(j))[1],
                life.get(i) + " began before " + life.get(j) + " ended");
          }
        }
      }
    }
  }

  /**
   * A file's reads, and the changes HDFS serves on a file being written (rename, setPermission,
   * setReplication), go beside the create writing its data once the file exists; a change never
   * beside anything else of the file (a read, another change), nor the create before the file
   * exists.
   */
  @Test
  void readsAndChangesOfAFileBeingWrittenGoBesideItsCreate() throws Exception {
    WorkloadModel m =
        WorkloadModel.of(
            "vector",
            GeneratorVectors.profileWithCallsAndProbes(),
            GeneratorVectors.options().build());
    FlatLayout layout = new FlatLayout(m);
    FileTypeModel t = m.runTypes().get(0);
    List<List<String>> lives = lives(new TypeSchedule(m, t, layout, 5, 0, 1, "tag"));
    Map<String, long[]> calls = new ConcurrentHashMap<>(); // key and occurrence -> start, end
    Map<String, long[]> existing = new ConcurrentHashMap<>(); // a create's key -> when its file was
    Map<String, AtomicInteger> occurrences = new ConcurrentHashMap<>();
    new IssuingPipeline(
            new TypeSchedule(m, t, layout, 5, 0, 1, "tag"),
            e -> {
              long begin = System.nanoTime();
              String k = occurrence(e, occurrences);
              if (e.op() == org.mimesisbench.generator.op.Op.CREATE) {
                sleepMs(2); // the create's call
                existing.put(k, new long[] {System.nanoTime()});
                IssuingPipeline.fileExists();
                sleepMs(30); // its data, written
              } else {
                LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(200_000));
              }
              calls.put(k, new long[] {begin, System.nanoTime()});
            },
            0.01,
            0,
            0)
        .inFlight(8)
        .run(System.nanoTime(), () -> {});
    int besideCreates = 0;
    int readsBeside = 0;
    for (List<String> life : lives) {
      for (int i = 1; i < life.size(); i++) {
        for (int j = 0; j < i; j++) {
          long[] later = calls.get(life.get(i));
          long[] earlier = calls.get(life.get(j));
          boolean change = org.mimesisbench.generator.op.Op.WHILE_WRITTEN.contains(op(life.get(i)));
          if ((change || isRead(life.get(i))) && life.get(j).contains(" CREATE ")) {
            assertTrue(
                later[0] >= existing.get(life.get(j))[0],
                life.get(i) + " began before its file existed");
            besideCreates += change && later[0] < earlier[1] ? 1 : 0;
            readsBeside += !change && later[0] < earlier[1] ? 1 : 0;
          } else if (!isRead(life.get(i)) || !isRead(life.get(j))) {
            assertTrue(
                later[0] >= earlier[1], life.get(i) + " began before " + life.get(j) + " ended");
          }
        }
      }
    }
    assertTrue(besideCreates > 0, "no change went beside its file's create");
    assertTrue(readsBeside > 0, "no read went beside its file's create");
  }

  /** Each life of {@code schedule}: its events' keys, each with its occurrence in the life. */
  private static List<List<String>> lives(TypeSchedule schedule) {
    List<List<String>> lives = new ArrayList<>();
    for (EntryLife f = schedule.next(); f != null; f = schedule.next()) {
      List<String> life = new ArrayList<>();
      Map<String, Integer> seen = new TreeMap<>();
      while (!f.done()) {
        String k = key(f.next());
        life.add(k + " #" + seen.merge(k, 1, Integer::sum));
      }
      lives.add(life);
    }
    return lives;
  }

  /** {@code e}'s key with its occurrence so far (a life may repeat an event), as lives() gives. */
  private static String occurrence(Event e, Map<String, AtomicInteger> occurrences) {
    return key(e)
        + " #"
        + occurrences.computeIfAbsent(key(e), x -> new AtomicInteger()).incrementAndGet();
  }

  private static boolean isRead(String key) {
    return org.mimesisbench.generator.op.Op.READS.contains(op(key));
  }

  private static org.mimesisbench.generator.op.Op op(String key) {
    return org.mimesisbench.generator.op.Op.valueOf(key.split(" ")[1]);
  }

  /**
   * Reads of one file overlap, as its clients' do: one slow read no longer holds up the reads due
   * after it, which took its response time off the gaps the model gave them.
   */
  @Test
  void theReadsOfAFileOverlapOneAnother() throws Exception {
    WorkloadModel m = steady(1, 40, 2); // one file, read every 2 ms
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    RunStatistics stats =
        new IssuingPipeline(
                schedule(m),
                e -> {
                  most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                  sleepMs(10);
                  inFlight.decrementAndGet();
                },
                1,
                0,
                0)
            .inFlight(8)
            .run(System.nanoTime() + 20 * MS, () -> {});
    assertEquals(40, stats.totalCount());
    assertTrue(most.get() > 2, "reads of the file in flight at once: at most " + most.get());
    assertEquals(0, stats.orderWaits(), "no read waited for another");
  }

  @Test
  void aSlowCallHoldsUpTheOpsDueAfterItOnlyWithOneInFlight() throws Exception {
    WorkloadModel m = steady(10, 100, 10); // 1,000 ops a ms apart
    Map<Integer, RunStatistics> byBound = new TreeMap<>();
    for (int bound : new int[] {4, 1}) {
      AtomicInteger n = new AtomicInteger();
      RunStatistics stats =
          new IssuingPipeline(
                  schedule(m),
                  e -> {
                    if (n.incrementAndGet() == 100) {
                      sleepMs(300);
                    }
                  },
                  1,
                  0,
                  0)
              .inFlight(bound)
              .run(System.nanoTime() + 20 * MS, () -> {});
      assertEquals(1000, stats.totalCount());
      long response = 0;
      for (var op : org.mimesisbench.generator.op.Op.values()) {
        response = Math.max(response, stats.response(op).getMaxValue());
      }
      assertTrue(response >= 300_000, "the slow call's response time: " + response + " us");
      byBound.put(bound, stats);
    }
    // one in flight: the ~300 ops due in those 300 ms wait; four: only what this machine's own
    // pauses make late (the reads of the slow call's file go past it)
    long closed = byBound.get(1).lateness().getCountBetweenValues(50_000, Long.MAX_VALUE);
    long open = byBound.get(4).lateness().getCountBetweenValues(50_000, Long.MAX_VALUE);
    String what = "ops over 50 ms late: " + closed + " with one in flight, " + open + " with four";
    assertTrue(closed > 200, what);
    assertTrue(open < closed / 2, what);
    assertTrue(
        byBound.get(1).slotWaits() > 200,
        byBound.get(1).slotWaits() + " ops waited for the issuer");
    assertEquals(
        0,
        byBound.get(4).orderWaits(),
        "reads of the slow call's file overlap it: none waits for it");
  }

  @Test
  void whenEverySlotIsBusyTheOpWaitsAndItsResponseTimeHoldsTheWait() throws Exception {
    WorkloadModel m =
        steady(5, 40, 25); // 200 ops 5 ms apart; 2 calls of 20 ms at once serve 100 a second
    RunStatistics stats =
        new IssuingPipeline(schedule(m), e -> sleepMs(20), 1, 0, 0)
            .inFlight(2)
            .run(System.nanoTime() + 20 * MS, () -> {});
    assertEquals(200, stats.totalCount());
    assertTrue(stats.slotWaits() > 100, stats.slotWaits() + " ops waited for a slot");
    assertTrue(
        stats.slotWaitMicros() > stats.slotWaits() * 100_000,
        "waited " + stats.slotWaitMicros() + " us");
    long service = 0;
    long response = 0;
    for (var op : org.mimesisbench.generator.op.Op.values()) {
      service = Math.max(service, stats.latency(op).getValueAtPercentile(99));
      response = Math.max(response, stats.response(op).getValueAtPercentile(99));
    }
    assertTrue(service < 60_000, "service time p99 " + service + " us");
    assertTrue(
        response > 500_000, "response time p99 " + response + " us: the backlog is not in it");
    RunStatistics copy = roundTrip(stats);
    assertEquals(stats.slotWaits(), copy.slotWaits());
    assertEquals(
        stats.response(org.mimesisbench.generator.op.Op.OPEN).getTotalCount(),
        copy.response(org.mimesisbench.generator.op.Op.OPEN).getTotalCount());
  }

  private static RunStatistics roundTrip(RunStatistics stats) throws IOException {
    DataOutputBuffer out = new DataOutputBuffer();
    stats.write(out);
    DataInputBuffer in = new DataInputBuffer();
    in.reset(out.getData(), out.getLength());
    RunStatistics copy = new RunStatistics();
    copy.readFields(in);
    return copy;
  }

  private static WorkloadModel steady(long files, long accessesPerFile, double intervalMs) {
    return WorkloadModel.of(
        "synthetic",
        SyntheticProfile.steadyAccesses(
            files, accessesPerFile, intervalMs, SyntheticProfile.shares(0.6, 0.1, 0.3)),
        RunOptions.newBuilder().setProfile("synthetic").setFlat(true).setSeed(1).build());
  }

  /** What a pipeline at {@code timeScale} issued from {@code start}: each op, and when. */
  private record Issued(
      List<Event> events, List<Long> at, RunStatistics stats, long start, double timeScale) {
    void assertNoneEarly() {
      for (int i = 0; i < events.size(); i++) {
        long due = start + (long) (events.get(i).timeMs() * timeScale * MS);
        assertTrue(at.get(i) >= due, "op " + i + " issued " + (due - at.get(i)) + " ns early");
      }
    }
  }

  private static Issued issueTimed(WorkloadModel m, double timeScale, long start) throws Exception {
    List<Long> at = new ArrayList<>();
    List<Event> events = new ArrayList<>();
    RunStatistics stats =
        new IssuingPipeline(
                schedule(m),
                e -> {
                  at.add(System.nanoTime());
                  events.add(e);
                },
                timeScale,
                0,
                0)
            .run(start, () -> {});
    return new Issued(events, at, stats, start, timeScale);
  }

  private static TypeSchedule schedule(WorkloadModel m) {
    return new TypeSchedule(m, m.runTypes().get(0), new FlatLayout(m), 1, 0, 1, "tag");
  }

  private static void sleepMs(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String key(Event e) {
    return e.timeMs() + " " + e.op() + " " + e.path() + " " + e.target();
  }
}
