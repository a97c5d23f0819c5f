package org.mimesisbench.generator.issue;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;
import org.mimesisbench.cli.Messages;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.Life;
import org.mimesisbench.generator.schedule.Schedule;
import org.mimesisbench.output.Durations;

/**
 * One mapper's threads (paper, section 3):
 *
 * <ol>
 *   <li>the introducer adds files to a priority queue in order of origin (pre-existing ones, then
 *       the create renewal process), staying at most {@link #LOOKAHEAD_MS} ahead of sequencing;
 *   <li>the sequencer moves the next event of the file whose next event is earliest from the
 *       priority queue to a FIFO, never past the origin of a file not yet introduced;
 *   <li>the issuers (the calling thread, and up to {@link #inFlight} - 1 more) each take the next
 *       event, wait for its due time (its schedule time times the time scale after the start) and
 *       issue it, measuring its service time (call start to end), response time (due time to end)
 *       and lateness.
 * </ol>
 *
 * The sequencer hands events over in batches of up to {@value #BATCH} through a {@link BatchFifo}.
 *
 * <p>Open loop: with an in-flight bound above 1 a slow call holds up only its own issuer; the ops
 * due after it go out on time through the others. Issuers start as calls overlap, one kept free
 * beyond those in a call (so a mapper that keeps up holds two threads, not the bound). When all are
 * busy, the op due next waits; its response time holds the wait, and {@link
 * RunStatistics#slotWaits} counts it. A life's events keep their order (an open never before its
 * create): an event whose life has an op in flight is queued behind it and issued by that op's
 * issuer once the op ended (the wait is in its response time too, and counted apart), except that a
 * file's reads ({@link Op#READS}) overlap its reads, as the clients of one file do: a read queued
 * behind a read took the read's response time off the gap the model gave it, and that a create
 * writing its file's data has them, and the changes HDFS serves on a file being written, go beside
 * it once the file exists ({@link #fileExists}) (a replay's partition keeps every call in its
 * recorded order: {@link Life#readsOverlap}); {@link LifeOrder} decides. With a bound of 1 the
 * calling thread issues every op, one after another, as a closed loop. Issuing stops early when an
 * op is more than the maximum drift late, when the wall-clock limit is reached, when every call has
 * failed, or none ended, for the outage limit (the file system is down), or when {@link #stop} is
 * called; the statistics say why. Lateness that an outage caused (the calls waited or failed while
 * the file system was away) is not counted as drift: after a restart of the NameNode the run goes
 * on, the failed calls counted as errors.
 *
 * <p>An issuer reads the clock twice per op at a time scale above 0 (when the wait for the due time
 * ends, which is the op's begin, and when the op ends) and, with a bound of 1, once at time scale
 * 0, where ops go back to back: there an op begins when the one before it ended (or when the issuer
 * got its batch, if it had to wait for one), so its latency includes the few nanoseconds of
 * bookkeeping between two calls. At time scale 0 nothing is due at a time of its own: the response
 * time is the service time.
 */
public final class IssuingPipeline {
  /** How far (profile ms) introduction may run ahead of sequencing: bounds the files held. */
  static final double LOOKAHEAD_MS = 5_000;

  /** Why issuing stopped when the wall-clock limit (--duration at time scale 0) came first. */
  public static final String DURATION_ENDED = "the --duration ended with events still scheduled";

  /**
   * How an outage (every call failing for a while) is named: in why issuing stopped, and in the
   * run's summary.
   */
  public static final String OUTAGE = "outage: ";

  private static final int FIFO_CAPACITY = 8192; // events
  private static final int BATCH = 64;

  /** How often the progress callback runs while the schedule is issued. */
  private static final long PROGRESS_NANOS = 1_000_000_000L;

  private static final long POLL_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** The pipelines issuing in this JVM now, for {@link #stopAll} (a run's own local tasks). */
  private static final Set<IssuingPipeline> RUNNING = ConcurrentHashMap.newKeySet();

  /** The NameNode's answers that a path is denied or absent, as a RemoteException names them. */
  private static final Set<String> ANSWERS =
      Set.of(AccessControlException.class.getName(), FileNotFoundException.class.getName());

  private final Schedule schedule;
  private final EventSink sink;
  private final double timeScale;
  private final long maxDriftNanos;
  private final long wallLimitNanos;
  private int inFlight = 1;
  private final RunStatistics stats = new RunStatistics(); // under stateLock
  private final OutageTracker outages = new OutageTracker(stats); // under stateLock

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition introducerMayGo = lock.newCondition();
  private final Condition sequencerMayGo = lock.newCondition();
  private final FileQueue files = new FileQueue();
  private double nextOrigin; // origin of the next file to introduce; infinite when all are in
  private double sequencedUpTo; // every event before this time is in the FIFO
  // batches, not single events: one hand-over per BATCH events
  private final BatchFifo<Batch> fifo = new BatchFifo<>(FIFO_CAPACITY / BATCH);
  private volatile boolean stopped;
  private volatile Throwable failure;
  private long startNanos;
  private CallBeginContext callBegins;
  private Runnable onProgress;
  private volatile Thread callingThread;

  // taking events: one issuer at a time
  private final ReentrantLock takeLock = new ReentrantLock();
  private Batch current = new Batch(new Event[0], new Life[0], 0);
  private int taken; // events of current taken
  private boolean ended; // the schedule's end was taken

  // what issuers share: the statistics, lives with an op in flight, the outage, the issuers
  private final ReentrantLock stateLock = new ReentrantLock();
  private final LifeOrder order = new LifeOrder(stateLock.newCondition());

  /** The issuing thread's create in flight, which {@link #fileExists} says its file exists of. */
  private static final ThreadLocal<Runnable> FILE_EXISTS = new ThreadLocal<>();

  /**
   * Called by the sink on the issuing thread once the file of the op it issues exists in the
   * namespace (a create's call returned) while the op goes on writing the file's data: from then on
   * the file's reads due are issued beside it, as readers of a file being written are served, not
   * held back until its data is written and closed, and so are the changes HDFS serves on a file
   * open for write ({@link Op#WHILE_WRITTEN}: a put's rename into place). Deletes and appends still
   * wait for it.
   */
  public static void fileExists() {
    Runnable hook = FILE_EXISTS.get();
    if (hook != null) {
      hook.run();
    }
  }

  private final List<Thread> issuerThreads =
      new CopyOnWriteArrayList<>(); // the calling thread's helpers
  private volatile int issuers;
  private final AtomicInteger calling = new AtomicInteger(); // issuers in a call now
  private volatile long nextProgress; // read unlocked by the issuers after each op and wait
  // when the last op issued ended (System.nanoTime), and whether one has: the watchdog reads them
  private volatile long lastEnd;
  private volatile boolean anyEnded;
  private final List<Issuer> everyIssuer = new CopyOnWriteArrayList<>(); // for the watchdog
  private volatile boolean stalled; // the watchdog stopped issuing and interrupted the calls
  private volatile long lateNanos; // how late the last op began (time scale > 0), for progress

  /** Events as the sequencer hands them over, each with the life it comes from. */
  private record Batch(Event[] events, Life[] lives, int size) {}

  /** Where events go: the file system under test, or nowhere (measuring the generator alone). */
  @FunctionalInterface
  public interface EventSink {
    void issue(Event e) throws IOException;

    /** The users its calls went as so far (summary.json's overall.users counts them). */
    default java.util.Set<String> users() {
      return java.util.Set.of();
    }

    /**
     * The file systems the calls of {@code users} and of the run's own user will go through, made
     * now: what {@link ClientWarmUp} warms before the start. None by default (nothing to warm).
     */
    default List<FileSystem> clients(Set<String> users) throws IOException {
      return List.of();
    }
  }

  /**
   * @param timeScale multiplies schedule times (0: back to back)
   * @param maxDriftMs stop when an op is issued this late (0: never); not checked at time scale 0
   * @param wallLimitMs stop issuing this long after the start (0: no limit)
   */
  public IssuingPipeline(
      Schedule schedule, EventSink sink, double timeScale, long maxDriftMs, long wallLimitMs) {
    this.schedule = schedule;
    this.sink = sink;
    this.timeScale = timeScale;
    this.maxDriftNanos = timeScale > 0 && maxDriftMs > 0 ? maxDriftMs * 1_000_000L : Long.MAX_VALUE;
    this.wallLimitNanos = wallLimitMs > 0 ? wallLimitMs * 1_000_000L : Long.MAX_VALUE;
  }

  /** Stops issuing once every call has failed for {@code ms} (0: never); returns this pipeline. */
  public IssuingPipeline outageLimit(long ms) {
    outages.limit(ms);
    return this;
  }

  /**
   * Lets up to {@code n} calls be in flight at once (1: one after another, on the calling thread);
   * returns this pipeline.
   */
  public IssuingPipeline inFlight(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("in-flight bound must be at least 1, not " + n);
    }
    this.inFlight = n;
    return this;
  }

  /** How far behind schedule the last op began, in ms (0 at time scale 0): for progress. */
  public long behindMillis() {
    return Math.max(0, lateNanos / 1_000_000L);
  }

  /**
   * The statistics so far: read them only from the progress callback, which runs with them locked.
   */
  public RunStatistics statistics() {
    return stats;
  }

  /**
   * Runs the schedule from {@code startNanos} (a {@link System#nanoTime} value, the common start
   * after the barrier); returns when it is issued or issuing stopped. {@code onProgress} runs about
   * once a second, on one of the issuing threads, with the statistics locked (a mapper reports
   * progress to the framework with it).
   */
  public RunStatistics run(long startNanos, Runnable onProgress) throws InterruptedException {
    this.startNanos = startNanos;
    this.callBegins = new CallBeginContext();
    this.onProgress = onProgress;
    this.nextProgress = System.nanoTime();
    this.callingThread = Thread.currentThread();
    RUNNING.add(this);
    Thread introducer = new Thread(this::introduce, "introducer");
    Thread sequencer = new Thread(this::sequence, "sequencer");
    introducer.setDaemon(true);
    sequencer.setDaemon(true);
    introducer.start();
    sequencer.start();
    Thread watchdog = new Thread(this::watch, "outage-watchdog");
    watchdog.setDaemon(true);
    if (outages.limitNanos() != Long.MAX_VALUE) {
      watchdog.start();
    }
    issuers = 1;
    try {
      new Issuer().issueAll();
      for (int i = 0; i < issuerThreads.size(); i++) { // more may start while the first ones end
        Thread t = issuerThreads.get(i);
        while (t.isAlive()) {
          try {
            t.join(POLL_NANOS / 1_000_000);
          } catch (InterruptedException e) {
            if (!stalled) {
              throw e;
            }
          }
          progress(System.nanoTime());
        }
      }
      outages.issuingEnded(lastEnd); // the schedule or the run may end during an outage
    } finally {
      RUNNING.remove(this);
      stop();
      lateNanos = 0; // done: behind nothing
      // a killed task's interrupt stopped issuing: keep it for the caller, join the helpers first
      // (the watchdog's interrupt was the pipeline's own)
      boolean interrupted = Thread.interrupted() && !stalled;
      watchdog.interrupt();
      introducer.interrupt();
      sequencer.interrupt();
      introducer.join();
      sequencer.join();
      for (Thread t : issuerThreads) {
        t.join();
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    if (failure != null) {
      throw new IllegalStateException("issuing failed: " + failure, failure);
    }
    stats.mapperDone(Math.max(0, lastEnd - startNanos));
    return stats;
  }

  /** Stops issuing; the events not yet issued are not (the calls in flight end and are counted). */
  public void stop() {
    stopped = true;
    fifo.close(); // wakes the issuer and the sequencer if they wait on each other
    Thread caller = callingThread;
    if (caller != null) {
      LockSupport.unpark(caller); // an issuer waiting for its op's due time
    }
    for (Thread t : issuerThreads) {
      LockSupport.unpark(t);
    }
  }

  private void introduce() {
    try {
      for (Life f = schedule.next(); f != null && !stopped; f = schedule.next()) {
        lock.lock();
        try {
          // the sequencer can only use a later origin: files of one origin (such as all the
          // pre-existing ones, at 0) wake it once, not once each
          if (f.firstTime() > nextOrigin) {
            sequencerMayGo.signal();
          }
          nextOrigin = f.firstTime();
          while (f.firstTime() > sequencedUpTo + LOOKAHEAD_MS && !stopped) {
            introducerMayGo.await();
          }
          if (!f.done()) {
            files.add(f);
          }
        } finally {
          lock.unlock();
        }
      }
    } catch (InterruptedException e) {
      return;
    } catch (RuntimeException e) {
      fail(e);
    }
    lock.lock();
    try {
      nextOrigin = Double.POSITIVE_INFINITY;
      sequencerMayGo.signal();
    } finally {
      lock.unlock();
    }
  }

  private void sequence() {
    try {
      while (!stopped) {
        Event[] batch = new Event[BATCH]; // handed over as it is: the issuers own it from then on
        Life[] lives = new Life[BATCH];
        int n = 0;
        boolean end = false;
        lock.lock();
        try {
          while (n < BATCH) {
            Life f = files.earliest();
            if (f != null && f.nextTime() <= nextOrigin) {
              Event e = f.next();
              files.reorderEarliest();
              lives[n] = f;
              batch[n++] = e;
              if (e.timeMs() > sequencedUpTo) {
                sequencedUpTo = e.timeMs();
              }
              continue;
            }
            if (f == null && nextOrigin == Double.POSITIVE_INFINITY) {
              end = true;
              break;
            }
            // starved: everything before the next origin is out, so the introducer may move on
            if (nextOrigin > sequencedUpTo) {
              sequencedUpTo = nextOrigin;
            }
            introducerMayGo.signal();
            if (n > 0) {
              break; // hand over what we have before waiting
            }
            sequencerMayGo.await(10, TimeUnit.MILLISECONDS);
            if (stopped) {
              return;
            }
          }
          if (nextOrigin
              <= sequencedUpTo + LOOKAHEAD_MS) { // what the introducer waits for, if it waits
            introducerMayGo.signal();
          }
        } finally {
          lock.unlock();
        }
        if (n > 0 && !fifo.put(new Batch(batch, lives, n))) {
          return; // closed: issuing stopped
        }
        if (end) {
          fifo.put(new Batch(new Event[] {Event.END}, new Life[1], 1));
          return;
        }
      }
    } catch (InterruptedException e) {
      // stopped
    } catch (RuntimeException e) {
      fail(e);
    }
  }

  private void fail(Throwable t) {
    failure = t;
    stop();
  }

  /**
   * Stops every pipeline issuing in this JVM for {@code reason}: a killed local job's tasks are
   * only interrupted, and a call's client may swallow the interrupt (it fails the call instead).
   */
  public static void stopAll(String reason) {
    for (IssuingPipeline p : RUNNING) {
      p.stopBecause(reason);
    }
  }

  /** Stops issuing for {@code reason}, given once per pipeline however many issuers meet it. */
  private void stopBecause(String reason) {
    stateLock.lock();
    try {
      if (!stopped) {
        stats.stopped(reason);
      }
      stop();
    } finally {
      stateLock.unlock();
    }
  }

  /** One issuing thread: takes the next event due, waits for its due time, issues it, and so on. */
  private final class Issuer implements Runnable {
    private Event event; // the event taken, to issue next
    private Life life; // its life
    private boolean afterPrevious; // taken from its life's queue when the op before it ended
    // its create in flight made the file: the ops beside it may begin
    private final Runnable readsMayOverlap = () -> fileExisting(this);
    private boolean awaitsFile; // claimed beside its life's create: it begins once the file exists
    private Thread thread; // the thread issuing, once it runs
    private volatile boolean inCall; // in the file system's call now, since callBegan
    private volatile long callBegan;
    private long
        idleSince; // when this issuer was last free: its last op's end, or when it got a batch

    @Override
    public void run() {
      try {
        issueAll();
      } catch (Throwable t) {
        fail(t);
      }
    }

    void issueAll() {
      thread = Thread.currentThread();
      everyIssuer.add(this);
      boolean taken = false;
      while (!stopped) {
        if (!taken && !take(this)) {
          return;
        }
        taken = issue(this);
        progressIfDue(); // a batch, or one life's events in a row, can span many seconds
      }
    }
  }

  /**
   * Takes the next event of the schedule for {@code w}; false at its end or when issuing stopped.
   * An event whose life has an op in flight is queued behind it: the issuer of that op issues it.
   */
  private boolean take(Issuer w) {
    boolean locked = inFlight > 1; // one issuer alone takes without the lock
    if (locked) {
      takeLock.lock();
    }
    try {
      while (true) {
        if (stopped || ended) {
          return false;
        }
        if (taken == current.size()) {
          Batch b = fifo.poll(POLL_NANOS);
          long now = System.nanoTime();
          w.idleSince = now;
          progress(now);
          if (b == null) {
            continue;
          }
          current = b;
          taken = 0;
        }
        int i = taken++;
        Event e = current.events()[i];
        if (e == Event.END) {
          ended = true;
          return false;
        }
        Life life = current.lives()[i];
        w.awaitsFile = false;
        w.life = life;
        if (inFlight > 1 && life.ordered() && !claim(w, life, e)) {
          continue;
        }
        w.event = e;
        w.afterPrevious = false;
        return true;
      }
    } finally {
      if (locked) {
        takeLock.unlock();
      }
    }
  }

  /** {@code w}'s create in flight made its file and only writes its data now. */
  private void fileExisting(Issuer w) {
    stateLock.lock();
    try {
      order.fileExists(w, w.life);
    } finally {
      stateLock.unlock();
    }
  }

  /**
   * Waits until the create {@code w}'s op was claimed beside made its file (or ended), or issuing
   * stops; returns the clock read when the wait ended.
   */
  private long awaitFile(Issuer w) {
    stateLock.lock();
    try {
      order.awaitFile(w.life, () -> stopped, POLL_NANOS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the task was killed: waitUntil stops issuing
    } finally {
      stateLock.unlock();
    }
    return System.nanoTime();
  }

  /** Claims {@code e} of {@code life} for {@code w} ({@link LifeOrder#claim}); false: queued. */
  private boolean claim(Issuer w, Life life, Event e) {
    stateLock.lock();
    try {
      LifeOrder.Claim claim = order.claim(w, life, e);
      w.awaitsFile = claim == LifeOrder.Claim.AFTER_FILE;
      return claim != LifeOrder.Claim.QUEUED;
    } finally {
      stateLock.unlock();
    }
  }

  /**
   * {@link #progress}, its clock read only when it is due (unlocked: an issuer calls it per op).
   */
  private void progressIfDue() {
    long now = System.nanoTime();
    if (now - nextProgress >= 0) {
      progress(now);
    }
  }

  /** Runs the progress callback if a second has passed since it last ran. */
  private void progress(long now) {
    stateLock.lock();
    try {
      if (now - nextProgress >= 0) {
        nextProgress = now + PROGRESS_NANOS;
        onProgress.run();
      }
    } finally {
      stateLock.unlock();
    }
  }

  /** Starts one more issuer, if the bound allows: every one is busy with an op that is due. */
  private void grow() {
    stateLock.lock();
    try {
      if (issuers < inFlight && !stopped) {
        issuers++;
        Thread t = new Thread(new Issuer(), "issuer-" + issuers);
        t.setDaemon(true);
        issuerThreads.add(t);
        t.start();
      }
    } finally {
      stateLock.unlock();
    }
  }

  /**
   * Issues {@code w}'s event at its due time; true when {@code w} holds the next event of the same
   * life (it was queued behind this one), false when it must take another (or issuing stopped).
   */
  private boolean issue(Issuer w) {
    Event e = w.event;
    long due;
    long begin;
    boolean overdue = false; // the due time had passed when an issuer was free for the op
    if (timeScale > 0) {
      due = startNanos + (long) (e.timeMs() * timeScale * 1e6);
      long now = System.nanoTime();
      if (due - now > 0) {
        begin = waitUntil(due);
      } else {
        begin = now;
        overdue = true;
      }
    } else { // back to back, from the start on: the op begins when its issuer was free
      due = startNanos;
      begin = inFlight == 1 && w.idleSince - startNanos >= 0 ? w.idleSince : waitUntil(startNanos);
    }
    if (w.awaitsFile) {
      long found = awaitFile(w);
      if (found - begin > 0) {
        begin = found; // waited for its file: late by its order, as one queued behind an op
        overdue = timeScale > 0;
        w.afterPrevious = true;
      }
    }
    if (stopped) {
      return false;
    }
    if (begin - startNanos >= wallLimitNanos) {
      stopBecause(DURATION_ENDED);
      return false;
    }
    long late = begin - due;
    if (timeScale > 0) {
      lateNanos = late;
    }
    long excused = outages.excused(late, begin);
    if (late - excused > maxDriftNanos) {
      stopBecause(
          String.format(
              "drift: an op was issued %s behind schedule, over the --max-drift of %s",
              Durations.micros(late / 1e3), Durations.millis(maxDriftNanos / 1_000_000)));
      return false;
    }
    String error = null;
    String errorClass = null;
    boolean lacking = false; // a call the file system lacks, denied or not found: never an outage
    if (inFlight > 1 && calling.incrementAndGet() >= issuers && issuers < inFlight) {
      grow(); // one issuer stays free for the ops due while these calls last
    }
    boolean hooked = inFlight > 1 && w.life.ordered() && w.life.readsOverlap();
    if (hooked) {
      FILE_EXISTS.set(w.readsMayOverlap);
    }
    try {
      callBegins.mark(due, begin);
      w.callBegan = begin;
      w.inCall = true;
      sink.issue(e);
    } catch (IOException | RuntimeException ex) {
      // a denial or a not-found is the file system's answer (a replay's calls the trace saw
      // denied; a Router's folders other users cannot traverse, bench/notes/ha.md): it is up
      lacking =
          ex instanceof UnsupportedOperationException
              || ex instanceof AccessControlException
              || ex instanceof FileNotFoundException
              || ex instanceof RemoteException r && ANSWERS.contains(r.getClassName());
      errorClass =
          ex instanceof RemoteException r
              ? r.getClassName().substring(r.getClassName().lastIndexOf('.') + 1)
              : ex.getClass().getSimpleName();
      error = errorClass + ": " + Messages.firstLine(ex);
    } finally {
      w.inCall = false;
      if (hooked) {
        FILE_EXISTS.remove(); // whatever the call threw: no later call of this thread reaches it
      }
    }
    long end = System.nanoTime();
    if (inFlight > 1) {
      calling.decrementAndGet();
    }
    w.idleSince = end;
    if (inFlight == 1) { // the only issuer, which also runs the progress callback: nothing to share
      return ended(w, due, begin, end, overdue, error, errorClass, lacking);
    }
    stateLock.lock();
    try {
      return ended(w, due, begin, end, overdue, error, errorClass, lacking);
    } finally {
      stateLock.unlock();
    }
  }

  /**
   * Records {@code w}'s op, which ended at {@code end}; the rest as {@link #issue(Issuer)}. Under
   * the state lock.
   */
  private boolean ended(
      Issuer w,
      long due,
      long begin,
      long end,
      boolean overdue,
      String error,
      String errorClass,
      boolean lacking) {
    Event e = w.event;
    long late = begin - due;
    if (!anyEnded || end - lastEnd > 0) {
      lastEnd = end;
      anyEnded = true;
    }
    stats.record(
        e.op(),
        end - begin,
        timeScale > 0 ? end - due : end - begin,
        timeScale > 0 ? late : 0,
        (int) ((begin - startNanos) / 1_000_000_000L),
        error,
        errorClass);
    if (overdue) {
      if (w.afterPrevious) {
        stats.waitedForOrder(late);
      } else {
        stats.waitedForSlot(late);
      }
    }
    if (error == null || lacking) {
      outages.succeeded(begin, late);
    } else if (!stalled) { // else interrupted by the watchdog, in the outage it stopped issuing for
      String limit = outages.failed(begin, end, error);
      if (limit != null) {
        stopBecause(limit);
        return false;
      }
    }
    if (inFlight > 1 && w.life.ordered()) {
      LifeOrder.Next next = order.ended(w, e, w.life, !stopped);
      if (next != null) {
        w.event = next.event(); // the life's next op: this issuer goes on with it
        w.awaitsFile = next.claim() == LifeOrder.Claim.AFTER_FILE;
        w.afterPrevious = true;
        return true;
      }
    }
    return false;
  }

  /**
   * Stops issuing when no call has ended for the outage limit while a call was in flight all along:
   * the file system is down and its clients retry rather than fail (an HA nameservice whose active
   * NameNode is gone with none taking over retries each call for minutes), so no call's failure
   * would ever say so. The calls in flight are interrupted, which ends their retries.
   */
  private void watch() {
    long period = Math.max(10_000_000L, Math.min(outages.limitNanos() / 4, POLL_NANOS));
    while (!stopped) {
      LockSupport.parkNanos(period);
      if (Thread.interrupted()) {
        return; // issuing ended
      }
      long oldest = 0;
      boolean any = false;
      for (Issuer w : everyIssuer) {
        long began = w.callBegan;
        if (w.inCall && (!any || began - oldest < 0)) {
          oldest = began;
          any = true;
        }
      }
      if (any && stalledSince(oldest, System.nanoTime())) {
        for (Issuer w : everyIssuer) {
          if (w.inCall) {
            w.thread.interrupt();
          }
        }
        return;
      }
    }
  }

  /**
   * Whether no call has ended for the outage limit, the call in flight since {@code oldest} waiting
   * all along; if so, stops issuing.
   */
  private boolean stalledSince(long oldest, long now) {
    stateLock.lock();
    try {
      if (stopped) {
        return false;
      }
      // since when no call has ended, with one in flight all along
      long since = anyEnded && lastEnd - oldest > 0 ? lastEnd : oldest;
      String why = outages.stalled(since, now);
      if (why == null) {
        return false;
      }
      stats.stopped(why);
      stalled = true;
      stop();
      return true;
    } finally {
      stateLock.unlock();
    }
  }

  /**
   * Parks until {@code due} (a System.nanoTime value) or issuing stops, as it does when the thread
   * is interrupted; returns the clock read when the wait ended.
   */
  private long waitUntil(long due) {
    long now = System.nanoTime();
    while (due - now > 0 && !stopped) {
      if (Thread.currentThread().isInterrupted()) {
        // the task was killed (the local job runner interrupts its threads): park returns at once
        stopBecause("interrupted: the task was killed");
        break;
      }
      LockSupport.parkNanos(Math.min(due - now, PROGRESS_NANOS)); // a long wait still reports
      progressIfDue();
      now = System.nanoTime();
    }
    return now;
  }
}
