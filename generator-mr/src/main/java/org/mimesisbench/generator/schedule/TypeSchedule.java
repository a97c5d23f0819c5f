package org.mimesisbench.generator.schedule;

import java.util.List;
import java.util.SplittableRandom;
import org.mimesisbench.generator.layout.NamespaceLayout;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.UserModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.profile.FileDataStream;

/**
 * The files one mapper introduces, in order of origin: its share of the type's pre-existing files
 * (origin 0), then its share of the files the type's create renewal process makes. Every share
 * draws the whole type's renewal process from the same seed and keeps every n-th create, and each
 * file draws its life from a seed of its own, so the schedule as a whole does not depend on how
 * many mappers share a type. A file's popularity is its number's quantile ({@link
 * PopularityQuantiles}).
 */
public final class TypeSchedule implements Schedule {
  private static final long CREATES_STREAM = -1;
  private static final long POPULARITY_STREAM = -2;
  private static final long PLACEMENT = 0x5DEECE66DL;
  private static final long USERS_STREAM = -3;
  private static final long STRATA_STREAM = -4;
  private static final long REMOVAL = 0x2545F4914F6CDD1DL;

  private final WorkloadModel model;
  private final FileTypeModel type;
  private final NamespaceLayout layout;
  private final long seed;
  private final int share;
  private final int shares;
  private final String runTag;
  private final List<String> preExisting;
  private final long placed; // the type's pre-existing files in the layout, all shares
  private final CreateProcess creates;
  private final PopularityQuantiles popularity;
  private final UserQuantiles users;
  private final Strata strata; // each file's uniforms for its counts
  private final DeletedDirectories removing; // null: no created file is removed with a directory

  private final FirstEventOrder
      order; // null without probes: the order of origin is the order of first event
  private int nextPreExisting;

  /**
   * @param runTag makes the names of created files unique to the run, so reruns in the same base
   *     never collide
   */
  public TypeSchedule(
      WorkloadModel model,
      FileTypeModel type,
      NamespaceLayout layout,
      long seed,
      int share,
      int shares,
      String runTag) {
    this(model, type, layout, seed, share, shares, runTag, null);
  }

  /**
   * @param removing the directories phase 2 deletes, under which the type's removed files go (null:
   *     none goes, every created file lives in the layout)
   */
  public TypeSchedule(
      WorkloadModel model,
      FileTypeModel type,
      NamespaceLayout layout,
      long seed,
      int share,
      int shares,
      String runTag,
      DeletedDirectories removing) {
    this.removing = removing;
    this.model = model;
    this.type = type;
    this.layout = layout;
    this.seed = seed;
    this.share = share;
    this.shares = shares;
    this.runTag = runTag;
    this.preExisting = layout.preExisting(type.index(), share, shares);
    // numbers past the layout's own pre-existing files: no created file shares one's number
    this.placed = layout.preExistingCount(type.index());
    this.creates =
        new CreateProcess(
            type.createInterarrival(),
            type.creates(),
            model.windowMs(),
            fileSeed(seed, type.index(), CREATES_STREAM),
            share,
            shares);
    this.popularity =
        new PopularityQuantiles(
            fileSeed(seed, type.index(), POPULARITY_STREAM), placed + type.creates());
    this.users = new UserQuantiles(fileSeed(seed, type.index(), USERS_STREAM));
    this.strata = new Strata(fileSeed(seed, type.index(), STRATA_STREAM), type.calls().size());
    this.order =
        type.probes() == null ? null : new FirstEventOrder(this::draw, type.probes().maxLead());
  }

  public FileTypeModel type() {
    return type;
  }

  /**
   * The next file to introduce, in order of first event, or null when the type has no more in the
   * window.
   */
  @Override
  public EntryLife next() {
    return order == null ? draw() : order.next();
  }

  /** The next file in order of origin. */
  private EntryLife draw() {
    if (nextPreExisting < preExisting.size()) {
      long id =
          (long) nextPreExisting * shares
              + share; // the file's number among the type's pre-existing ones
      return life(preExisting.get(nextPreExisting++), false, 0.0, id);
    }
    if (creates.next()) {
      long i = creates.index();
      long id = placed + i;
      SplittableRandom placement =
          new SplittableRandom(fileSeed(seed, type.index(), id) ^ PLACEMENT);
      String dir = layout.directoryFor(type, placement);
      String name = "/c" + Long.toString(i, 36) + "-" + runTag + ".t" + type.index();
      String parent = dir.equals("/") ? "" : dir;
      EntryLife life = created(parent + name, parent, i, id);
      String holder = removedUnder(life, id, DeletedDirectories.depthOf(dir));
      return holder == null ? life : created(holder + name, parent, i, id);
    }
    return null;
  }

  private EntryLife created(String path, String parent, long i, long id) {
    return new EntryLife(
            type,
            path,
            true,
            creates.time(),
            model.windowMs(),
            model.planWindowMs(),
            model.spanScale(),
            model.mkdirsPerCreate(),
            model.renamesPerCreate(),
            popularity.of(id),
            fileSeed(seed, type.index(), id),
            strata.entry(id),
            parent + "/m" + Long.toString(i, 36) + "-" + runTag + "-")
        .as(userOf(type.users(), users, id))
        .writing(FileWrites.of(type.sizes(), fileSeed(seed, type.index(), id)));
  }

  /**
   * The directory a created file goes under when a directory's delete is to remove it (a draw of
   * its own, so its other draws stay as they were), at {@code depth} when one there qualifies, or
   * null: it keeps its place in the layout.
   */
  private String removedUnder(EntryLife life, long id, int depth) {
    if (removing == null || type.removedShare() <= 0 || !Double.isNaN(life.deleteTime())) {
      return null;
    }
    double u = new SplittableRandom(fileSeed(seed, type.index(), id) ^ REMOVAL).nextDouble();
    // a holder as deep as the layout's place keeps the file at the depth the profile gave it
    return u < type.removedShare()
        ? removing.holding(life.origin(), life.lastEventTime(), depth)
        : null;
  }

  private EntryLife life(String path, boolean created, double origin, long id) {
    return new EntryLife(
            type,
            path,
            created,
            origin,
            model.windowMs(),
            model.planWindowMs(),
            model.spanScale(),
            model.mkdirsPerCreate(),
            model.renamesPerCreate(),
            popularity.of(id),
            fileSeed(seed, type.index(), id),
            strata.entry(id),
            path + ".m")
        .as(userOf(type.users(), users, id))
        .writing(FileWrites.of(type.sizes(), fileSeed(seed, type.index(), id)));
  }

  /**
   * The user of file number {@code id}: a draw of its own, so the file's other draws stay as they
   * were.
   */
  static String userOf(UserModel mix, UserQuantiles users, long id) {
    return mix == null ? null : mix.at(users.of(id));
  }

  /** A well-mixed seed for one file of one type (SplitMix64's finalizer over the three). */
  static long fileSeed(long seed, int type, long id) {
    return FileDataStream.fileSeed(seed, type, id);
  }
}
