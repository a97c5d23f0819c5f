package org.mimesisbench.generator.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.mimesisbench.generator.model.CallModel;
import org.mimesisbench.generator.model.DirectoryTypeModel;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.LifeModel;
import org.mimesisbench.generator.model.ProbeModel;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.run.RunOp;

/**
 * One file's (or directory's) events, drawn when it is introduced and issued in time order (the
 * module doc of modeler-py's synthesis.py is the reference): before its creation, the probes of its
 * path; at its creation, the mkdirs that go with creates; its renames at its creation plus a draw
 * of its type's rename delay each (at its creation when the type has none), every call before a
 * rename on the name it has then; from its activation, accesses spread over its active span; its
 * other calls (setPermission, ...) at their offsets from its origin; then maybe a delete, after
 * which no call comes. Only the next access is kept; the gaps between accesses are redrawn from a
 * stored seed as they are needed, so a file with a million accesses costs a few words of memory.
 * Probes and calls are few: drawn at once, kept in arrays.
 */
public final class EntryLife implements Life {
  private static final int START = 0;
  private static final int AT_ORIGIN = 1;
  private static final int ACCESSES = 2;
  private static final int DELETE = 3;
  private static final int DONE = 4;
  // apart from the file's own stream, so that drawing rename delays changes none of its other draws
  private static final long RENAME_STREAM = 0x632BE59BD9B4E019L;

  /** RunOp.avsc's {@code renameSuffix}: a renamed file's name, which fidelity strips. */
  public static final String RENAME_SUFFIX = RunOp.getClassSchema().getProp("renameSuffix");

  private final LifeModel type;
  private final boolean directory; // a directory's life: made by mkdirs, deleted with its subtree
  private int subtree; // files made in a directory with it, for its delete to remove in one call
  private final String path;
  private final String mkdirPrefix; // for mkdirs made alongside the create
  private final double window; // the run's: nothing at or after it is issued
  // the window its life is drawn over (at least the run's): a shorter run keeps the same life
  private final double planWindow;
  private final SplittableRandom random;

  private final double origin;
  private int mkdirs;
  private int renames;
  private int originIssued;

  private long accesses; // the first at activation, then one after each gap
  private long accessed;
  private double nextAccess;
  private double gapFactor;
  private SplittableRandom gaps;
  private boolean evenGaps;
  private double kindStart; // a directory's one uniform of its access kinds (systematic sampling)
  private double last = Double.NaN; // time of the last access issued
  private double lastAccessAt = Double.NaN; // when its last access is due: activation + span
  private final double deleteDelay; // NaN: not deleted

  private final boolean created;
  private String user; // its owner, who makes, renames and deletes it; null: the run's own user
  private final long seed;
  private int userDraws; // the other calls' users drawn so far
  private FileWrites writes; // its data; null: an empty file (or a directory)
  private int appends; // its appends issued so far

  private int state = START;
  private double mainTime; // the next access, create or delete: the state's event
  private double nextTime; // the earliest of the next probe, call and the state's event

  private static final double[] NONE = new double[0];
  private double[] probeTimes = NONE; // ascending, all at or before the origin
  private Op[] probeOps;
  private int nextProbe;
  private double[] callTimes = NONE; // ascending, after the origin and within the window
  private Op[] callOps;
  private int nextCall;
  private double[] renameTimes = NONE; // ascending, after the origin, within the window
  private int renamed; // renames issued so far, at the origin or later

  /**
   * @param path where the file lives, relative to the namespace root
   * @param created whether the run creates it at {@code origin} (else it pre-exists, origin 0)
   * @param window the run's window: nothing at or after it is issued
   * @param planWindow the window its life is drawn over, at least the run's (WorkloadModel)
   * @param popularity the file's quantile, in [0, 1), of its type's popularity: below the
   *     unaccessed share it is never accessed, above it picks the active span and the number of
   *     accesses ({@link PopularityQuantiles})
   * @param seed this file's own seed: the same seed draws the same life
   * @param strata its uniforms for its counts: deleted or not, calls, probes, mkdirs, renames
   * @param mkdirPrefix directories made with its create are {@code mkdirPrefix + i}
   */
  public EntryLife(
      FileTypeModel type,
      String path,
      boolean created,
      double origin,
      double window,
      double planWindow,
      double spanScale,
      double mkdirsPerCreate,
      double renamesPerCreate,
      double popularity,
      long seed,
      Strata.Entry strata,
      String mkdirPrefix) {
    this(
        type,
        false,
        path,
        created,
        origin,
        window,
        planWindow,
        spanScale,
        mkdirsPerCreate,
        renamesPerCreate,
        popularity,
        seed,
        strata,
        mkdirPrefix);
  }

  /**
   * A directory of {@code type} at {@code path}: made by mkdirs at {@code origin} when {@code
   * created}, with the subtree its delete will remove (when it is to be deleted).
   */
  public static EntryLife directory(
      DirectoryTypeModel type,
      String path,
      boolean created,
      double origin,
      double window,
      double planWindow,
      double spanScale,
      double popularity,
      long seed,
      Strata.Entry strata) {
    return new EntryLife(
        type,
        true,
        path,
        created,
        origin,
        window,
        planWindow,
        spanScale,
        0,
        0,
        popularity,
        seed,
        strata,
        null);
  }

  private EntryLife(
      LifeModel type,
      boolean directory,
      String path,
      boolean created,
      double origin,
      double window,
      double planWindow,
      double spanScale,
      double mkdirsPerCreate,
      double renamesPerCreate,
      double popularity,
      long seed,
      Strata.Entry strata,
      String mkdirPrefix) {
    this.type = type;
    this.directory = directory;
    this.path = path;
    this.mkdirPrefix = mkdirPrefix;
    this.window = window;
    this.planWindow = planWindow;
    this.origin = origin;
    this.random = new SplittableRandom(seed);
    this.seed = seed;
    this.created = created;
    if (created) {
      mkdirs = strata.round(mkdirsPerCreate, Strata.MKDIRS);
      renames = strata.round(renamesPerCreate, Strata.RENAMES);
    }
    if (type.accessed() && popularity >= type.unaccessedShare()) {
      double activation =
          origin
              + (created || type.preExistingUniformMs() <= 0
                  ? type.activationDelay().sample(random)
                  : random.nextDouble() * type.preExistingUniformMs());
      if (activation < planWindow) {
        double u = (popularity - type.unaccessedShare()) / (1 - type.unaccessedShare());
        planAccesses(activation, spanScale, u);
      }
    }
    boolean deleted =
        !type.deleteDelay().isEmpty()
            && type.deleteShare() > 0
            && strata.u(Strata.DELETE) < type.deleteShare();
    deleteDelay = deleted ? type.deleteDelay().sample(random) : Double.NaN;
    if (directory
        && deleted
        && type instanceof DirectoryTypeModel d
        && !d.subtreeFiles().isEmpty()) {
      subtree = (int) Math.round(d.subtreeFiles().sample(random));
      if (created) { // its subtree's creates are the file types' own: their removed files fill it
        subtree = 0;
      }
    }
    if (created
        && type.probes() != null) { // drawn after the rest: a format-1 profile draws as before
      drawProbes(type.probes(), strata);
    }
    if (!type.calls().isEmpty()) {
      drawCalls(type.calls(), strata);
    }
    if (directory && accesses > 0) { // drawn last: the draws before it are as they were
      kindStart = random.nextDouble();
    }
    if (renames > 0 && type instanceof FileTypeModel f && !f.renameDelay().isEmpty()) {
      drawRenames(f);
    }
    mainTime = origin;
    state = created ? AT_ORIGIN : ACCESSES;
    settle();
  }

  private void drawProbes(ProbeModel probes, Strata.Entry strata) {
    int n = strata.round(probes.perCreate(), Strata.PROBES);
    probeTimes = new double[n];
    probeOps = new Op[n];
    for (int i = 0; i < n; i++) {
      probeTimes[i] = Math.max(0, origin - probes.lead().sample(random));
      probeOps[i] =
          random.nextDouble() < probes.listStatusShare()
              ? Op.LIST_STATUS_PROBE
              : Op.GET_FILE_INFO_PROBE;
    }
    sortTogether(probeTimes, probeOps);
  }

  /**
   * Its renames' times: its origin plus sorted draws of the type's rename delay, so the k-th rename
   * takes the k-th; none later than its delete (issued just before it) or the end of the window its
   * life is drawn over, where a rename dropped would leave the file under a temporary name and its
   * type one rename short. A shorter run issues those its window holds.
   */
  private void drawRenames(FileTypeModel f) {
    SplittableRandom draw = new SplittableRandom(seed ^ RENAME_STREAM);
    double deleted = deleteTime();
    double end = Double.isNaN(deleted) ? planWindow : deleted;
    double[] times = new double[renames];
    for (int i = 0; i < renames; i++) {
      times[i] = Math.min(origin + f.renameDelay().sample(draw), end);
    }
    Arrays.sort(times);
    int due = 0; // those the run's window holds: a shorter run issues the same renames, fewer
    while (due < renames && times[due] <= window) {
      due++;
    }
    renameTimes = Arrays.copyOf(times, due);
  }

  private void drawCalls(List<CallModel> calls, Strata.Entry strata) {
    List<Double> times = new ArrayList<>();
    List<Op> ops = new ArrayList<>();
    for (int k = 0; k < calls.size(); k++) {
      CallModel c = calls.get(k);
      int n = strata.round(c.perFile(), Strata.CALLS + k);
      for (int i = 0; i < n; i++) {
        double at = origin + c.offset().sample(random);
        if (at < window) {
          times.add(at);
          ops.add(c.op());
        }
      }
    }
    callTimes = times.stream().mapToDouble(Double::doubleValue).toArray();
    callOps = ops.toArray(new Op[0]);
    sortTogether(callTimes, callOps);
  }

  /** Sorts {@code times} ascending and {@code ops} along (a handful of entries: insertion sort). */
  private static void sortTogether(double[] times, Op[] ops) {
    for (int i = 1; i < times.length; i++) {
      double t = times[i];
      Op op = ops[i];
      int j = i - 1;
      for (; j >= 0 && times[j] > t; j--) {
        times[j + 1] = times[j];
        ops[j + 1] = ops[j];
      }
      times[j + 1] = t;
      ops[j + 1] = op;
    }
  }

  /** Span and number of accesses from one uniform; the gaps stretched together to fill the span. */
  private void planAccesses(double activation, double spanScale, double u) {
    double span = type.activeSpan().at(u) * spanScale;
    long gapCount = Math.max((long) type.accessesPerFile().at(u) - 1, 0);
    if (spanScale != 1.0) { // stochastic rounding keeps the expected number of gaps exact
      gapCount = (long) Math.floor(gapCount * spanScale + random.nextDouble());
    }
    if (span <= 0 || type.accessInterarrival().isEmpty()) {
      gapCount = 0;
    }
    // a life the window's end would cut keeps its accesses: the span ends one mean gap before the
    // end
    span = Math.min(span, (planWindow - activation) * gapCount / (gapCount + 1.0));
    accesses = 1 + gapCount;
    nextAccess = activation;
    lastAccessAt = activation + span; // the gaps are stretched to end exactly there
    if (gapCount > 0) {
      long gapSeed = random.nextLong();
      SplittableRandom draw = new SplittableRandom(gapSeed);
      double total = 0;
      for (long i = 0; i < gapCount; i++) {
        total += type.accessInterarrival().sample(draw);
      }
      evenGaps = total <= 0; // gaps that are all 0 ms fill the span evenly instead
      gapFactor = evenGaps ? span / gapCount : span / total;
      gaps = new SplittableRandom(gapSeed);
    }
  }

  @Override
  public double nextTime() {
    return nextTime;
  }

  @Override
  public boolean readsOverlap() {
    return true;
  }

  @Override
  public boolean independent(Event e) {
    return mkdirPrefix != null && e.op() == Op.MKDIRS && e.path().startsWith(mkdirPrefix);
  }

  @Override
  public boolean done() {
    return nextTime == Double.POSITIVE_INFINITY;
  }

  public double origin() {
    return origin;
  }

  public boolean created() {
    return created;
  }

  /** When its own delete is due, or NaN when it has none in the window. */
  public double deleteTime() {
    if (Double.isNaN(deleteDelay) || lastAccessAt >= window) { // after accesses the run cuts
      return Double.NaN;
    }
    double at = (Double.isNaN(lastAccessAt) ? origin : lastAccessAt) + deleteDelay;
    return at < window ? at : Double.NaN;
  }

  /**
   * When its last event before any delete is due: its origin, last access, last call or last
   * rename.
   */
  public double lastEventTime() {
    double at = Double.isNaN(lastAccessAt) ? origin : Math.max(origin, lastAccessAt);
    if (renameTimes.length > 0) {
      at = Math.max(at, renameTimes[renameTimes.length - 1]);
    }
    return callTimes.length > 0 ? Math.max(at, callTimes[callTimes.length - 1]) : at;
  }

  /** Its first probe, or its origin. */
  @Override
  public double firstTime() {
    return probeTimes.length > 0 ? probeTimes[0] : origin;
  }

  @Override
  public Event next() {
    Event e;
    if (nextProbe < probeTimes.length) {
      e = event(probeTimes[nextProbe], probeOps[nextProbe++], path, null);
      settle();
      return e;
    }
    if (callNext()) {
      e = event(callTimes[nextCall], callOps[nextCall++], currentPath(), null);
      settle();
      return e;
    }
    if (renameFirst()) {
      e = rename(renameAt());
      settle();
      return e;
    }
    switch (state) {
      case AT_ORIGIN -> { // mkdirs, then the create, then the renames that go with it
        int k = originIssued++;
        if (k < mkdirs) {
          e = event(origin, Op.MKDIRS, mkdirPrefix + k, null);
        } else if (k == mkdirs) {
          e =
              directory
                  ? event(origin, Op.MKDIRS, path, null)
                  : event(origin, Op.CREATE, renames > 0 ? temporary(0) : path, null);
        } else if (k <= mkdirs + originRenames()) {
          e = rename(origin);
        } else {
          e = event(origin, Op.CREATE, subtreeFile(k - mkdirs - 1 - originRenames()), null);
        }
        if (originIssued == mkdirs + 1 + originRenames() + subtree) {
          state = ACCESSES;
        }
      }
      case ACCESSES -> {
        last = nextAccess;
        accessed++;
        e = event(nextAccess, accessKind(), currentPath(), null);
        if (accessed < accesses) {
          nextAccess += (evenGaps ? 1.0 : type.accessInterarrival().sample(gaps)) * gapFactor;
        }
      }
      case DELETE -> {
        e = event(mainTime, directory ? Op.DELETE_RECURSIVE : Op.DELETE, currentPath(), null);
        state = DONE;
        nextCall = callTimes.length; // nothing comes after a delete
      }
      default -> throw new IllegalStateException("no event left");
    }
    settle();
    return e;
  }

  /**
   * Whether a call comes before the state's event: never before the create, nor at or after the
   * delete.
   */
  private boolean callFirst() {
    return nextCall < callTimes.length && state != AT_ORIGIN && callTimes[nextCall] < mainTime;
  }

  /** Renames issued with the create: all of them for a type without rename delays. */
  private int originRenames() {
    return type instanceof FileTypeModel f && !f.renameDelay().isEmpty() ? 0 : renames;
  }

  /** Whether the next event is one of its other calls: due before the state's and any rename's. */
  private boolean callNext() {
    return callFirst() && !(renameFirst() && renameAt() <= callTimes[nextCall]);
  }

  /**
   * Whether a rename comes before the state's event: never before the create; at the same time
   * before an access, and always before the delete.
   */
  private boolean renameFirst() {
    return renamed < renameTimes.length
        && state != AT_ORIGIN
        && (state == DELETE || renameTimes[renamed] <= mainTime);
  }

  /** When the next rename is due: never after the delete it comes before. */
  private double renameAt() {
    double at = renameTimes[renamed];
    return state == DELETE ? Math.min(at, mainTime) : at;
  }

  /**
   * Its next rename, at {@code time}: from its temporary name to the next, the last to its path.
   */
  private Event rename(double time) {
    int r = renamed++;
    return event(time, Op.RENAME, temporary(r), r == renames - 1 ? path : temporary(r + 1));
  }

  /** The name it has now: temporary until its last rename. */
  private String currentPath() {
    return renamed < renames ? temporary(renamed) : path;
  }

  /** Moves past finished stages and sets the time of the next event. */
  private void settle() {
    settleState();
    if (state == DONE) {
      mainTime = Double.POSITIVE_INFINITY;
    }
    if (nextProbe < probeTimes.length) {
      nextTime = probeTimes[nextProbe];
    } else if (callNext()) {
      nextTime = callTimes[nextCall];
    } else if (renameFirst()) {
      nextTime = renameAt();
    } else {
      nextTime = mainTime;
    }
  }

  private void settleState() {
    if (state == AT_ORIGIN) {
      mainTime = origin;
      return;
    }
    if (state == ACCESSES) {
      if (accessed < accesses && nextAccess < window) {
        mainTime = nextAccess;
        return;
      }
      state = DELETE;
      double at = (Double.isNaN(last) ? origin : last) + deleteDelay;
      // a delete comes after every access its life has: none when the run's window cut some
      if (!Double.isNaN(deleteDelay) && accessed == accesses && at < window) {
        mainTime = at;
        return;
      }
      state = DONE;
    }
  }

  /**
   * The kind of the access just counted: a file's by one draw; a directory's by systematic
   * sampling, as the reference generator's (synthesis.py): its i-th of n accesses takes the first
   * kind whose cumulative share exceeds (u + i) / n, so each kind gets floor or ceil of n times its
   * share, as the trace's directories did.
   */
  private Op accessKind() {
    double u = directory ? (kindStart + accessed - 1) / accesses : random.nextDouble();
    double[] kinds = type.accessKinds();
    Op[] ops = type.accessOps();
    return u < kinds[0] ? ops[0] : u < kinds[1] ? ops[1] : ops[2];
  }

  /**
   * The files a deleted directory holds, made with it: phase 1 makes those of a pre-existing one.
   */
  public int subtreeFiles() {
    return subtree;
  }

  /** The path of file {@code i} of a directory's subtree. */
  public String subtreeFile(int i) {
    return path + "/s" + i;
  }

  public String path() {
    return path;
  }

  /**
   * Its owner, who makes it (phase 1 a directory type's pre-existing one); null: the run's user.
   */
  public String owner() {
    return user;
  }

  /** Issues its calls as {@code user} (null: the run's own user); it owns what it makes. */
  public EntryLife as(String user) {
    this.user = user;
    return this;
  }

  /**
   * Who issues {@code op} on it (docs/model.md, Users): its user makes, renames and deletes it and
   * makes its owner-only calls (the run's own user those on a pre-existing file: the hierarchy
   * phase 1 made is that user's; a directory type's pre-existing directory phase 1 makes as its
   * user); the superuser's calls go as the run's own user; every other call (accesses, probes,
   * setTimes, append, ...) draws its user from the type's mix, call by call.
   */
  private String userOf(Op op) {
    if (user == null || Op.SUPERUSER_ONLY.contains(op)) {
      return null;
    }
    if (Op.OWNER_ONLY.contains(op)) {
      return created || directory ? user : null;
    }
    if (Op.OWNERS.contains(op)) {
      return user;
    }
    return type.users().at(userDraw(seed, userDraws++));
  }

  /**
   * Uniform {@code k} of a file's stream of user draws: SplitMix64 over its seed, apart from its
   * other draws.
   */
  static double userDraw(long seed, int k) {
    long z = seed + 0x2545F4914F6CDD1DL + (k + 1L) * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return ((z ^ (z >>> 31)) >>> 11) * 0x1.0p-53;
  }

  private Event event(double time, Op op, String at, String target) {
    Write write = null;
    if (writes != null) { // a file's own life: its create is the file's, never a subtree's
      write =
          op == Op.CREATE ? writes.created() : op == Op.APPEND ? writes.append(appends++) : null;
    }
    return new Event(time, op, at, target, userOf(op), write);
  }

  /** Writes {@code writes}' data when it creates or appends (null: none); returns this life. */
  public EntryLife writing(FileWrites writes) {
    this.writes = writes;
    return this;
  }

  private String temporary(int i) {
    return path + RENAME_SUFFIX + i;
  }
}
