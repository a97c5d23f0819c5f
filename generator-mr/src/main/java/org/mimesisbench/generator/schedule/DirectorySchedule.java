package org.mimesisbench.generator.schedule;

import java.util.SplittableRandom;
import org.mimesisbench.generator.layout.NamespaceLayout;
import org.mimesisbench.generator.model.DirectoryTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;

/**
 * The directories of one directory type that one mapper introduces, as {@link TypeSchedule} does
 * for files: its share of the pre-existing ones (made by phase 1, each under a directory of the
 * layout at its depth), then its share of those the type's mkdirs renewal process makes. Each draws
 * its life from a seed of its own: the same directory has the same life in phase 1 (which makes the
 * subtree a pre-existing one's delete removes) and in phase 2.
 */
public final class DirectorySchedule implements Schedule {
  private static final long CREATES_STREAM = -1;
  private static final long POPULARITY_STREAM = -2;
  private static final long USERS_STREAM = -3;
  private static final long STRATA_STREAM = -4;
  private static final long PLACEMENT = 0x5DEECE66DL;

  private final WorkloadModel model;
  private final DirectoryTypeModel type;
  private final NamespaceLayout layout;
  private final long seed;
  private final int share;
  private final int shares;
  private final String runTag;
  private final CreateProcess creates;
  private final PopularityQuantiles popularity;
  private final UserQuantiles users;
  private final Strata strata; // each directory's uniforms for its counts
  private final FirstEventOrder order;
  private long nextPreExisting;

  public DirectorySchedule(
      WorkloadModel model,
      DirectoryTypeModel type,
      NamespaceLayout layout,
      long seed,
      int share,
      int shares,
      String runTag) {
    this.model = model;
    this.type = type;
    this.layout = layout;
    this.seed = seed;
    this.share = share;
    this.shares = shares;
    this.runTag = runTag;
    this.nextPreExisting = share;
    this.creates =
        new CreateProcess(
            type.createInterarrival(),
            type.creates(),
            model.windowMs(),
            TypeSchedule.fileSeed(seed, key(type), CREATES_STREAM),
            share,
            shares);
    this.popularity =
        new PopularityQuantiles(
            TypeSchedule.fileSeed(seed, key(type), POPULARITY_STREAM),
            type.preExisting() + type.creates());
    this.users = new UserQuantiles(TypeSchedule.fileSeed(seed, key(type), USERS_STREAM));
    this.strata =
        new Strata(TypeSchedule.fileSeed(seed, key(type), STRATA_STREAM), type.calls().size());
    this.order =
        type.probes() == null ? null : new FirstEventOrder(this::draw, type.probes().maxLead());
  }

  /**
   * The key of directory type {@code type} among the file types' indexes (tasks, statistics): -2,
   * -3, ...
   */
  public static int key(DirectoryTypeModel type) {
    return -2 - type.index();
  }

  /** The directory type index of {@code key}, or -1 when the key is not a directory type's. */
  public static int indexOf(int key) {
    return key <= -2 ? -2 - key : -1;
  }

  /**
   * This share's next pre-existing directory, or null when they are all out (phase 1 makes them).
   */
  public EntryLife nextPreExisting() {
    if (nextPreExisting >= type.preExisting()) {
      return null;
    }
    long id = nextPreExisting;
    nextPreExisting += shares;
    String name = "p" + Long.toString(id, 36) + ".d" + type.index();
    return EntryLife.directory(
            type,
            place(id, name),
            false,
            0.0,
            model.windowMs(),
            model.planWindowMs(),
            model.spanScale(),
            popularity.of(id),
            TypeSchedule.fileSeed(seed, key(type), id),
            strata.entry(id))
        .as(TypeSchedule.userOf(type.users(), users, id));
  }

  @Override
  public EntryLife next() {
    return order == null ? draw() : order.next();
  }

  private EntryLife draw() {
    EntryLife pre = nextPreExisting();
    if (pre != null) {
      return pre;
    }
    if (!creates.next()) {
      return null;
    }
    long i = creates.index();
    long id = type.preExisting() + i;
    String name = "c" + Long.toString(i, 36) + "-" + runTag + ".d" + type.index();
    return EntryLife.directory(
            type,
            place(id, name),
            true,
            creates.time(),
            model.windowMs(),
            model.planWindowMs(),
            model.spanScale(),
            popularity.of(id),
            TypeSchedule.fileSeed(seed, key(type), id),
            strata.entry(id))
        .as(TypeSchedule.userOf(type.users(), users, id));
  }

  /** Directory {@code name} under a directory of the layout at the depth its type draws for it. */
  private String place(long id, String name) {
    SplittableRandom placement =
        new SplittableRandom(TypeSchedule.fileSeed(seed, key(type), id) ^ PLACEMENT);
    int depth = type.depth().isEmpty() ? 1 : (int) Math.max(1, type.depth().sample(placement));
    String parent = layout.parentFor(depth, placement);
    return (parent.equals("/") ? "" : parent) + "/" + name;
  }
}
