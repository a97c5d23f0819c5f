package org.mimesisbench.generator.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.mimesisbench.generator.layout.NamespaceLayout;
import org.mimesisbench.generator.model.DirectoryTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;

/**
 * The directories a run's directory types delete in the window, each with when it is made and
 * deleted: where a file type's removed files go (the profile's removedShare), so that one
 * directory's recursive delete ends them, as the trace's did, and no file outlives the window that
 * the trace's namespace lost. A directory's life does not depend on how many mappers share its
 * type, so every mapper draws the same directories and agrees where a file goes.
 */
public final class DeletedDirectories {
  /**
   * Model time kept between a directory's mkdirs and a removed file's create, and between the
   * file's last call and the directory's delete: other mappers issue them.
   */
  private final double marginMs;

  /**
   * A component below a holder shallower than a file's place: a name no directory type gives (an
   * untyped directory, as the layout's own made parents are), so the holder's delete ends it too.
   */
  static final String PADDING = "/x0";

  private final double[] deleteTimes; // ascending
  private final double[] origins; // 0 for a pre-existing directory
  private final boolean[] created;
  private final String[] paths;

  private record Deleted(double deleteTime, double origin, boolean created, String path) {}

  private DeletedDirectories(List<Deleted> deleted, double marginMs) {
    this.marginMs = marginMs;
    deleted.sort(Comparator.comparingDouble(Deleted::deleteTime));
    int n = deleted.size();
    deleteTimes = new double[n];
    origins = new double[n];
    created = new boolean[n];
    paths = new String[n];
    for (int i = 0; i < n; i++) {
      Deleted d = deleted.get(i);
      deleteTimes[i] = d.deleteTime();
      origins[i] = d.origin();
      created[i] = d.created();
      paths[i] = d.path();
    }
  }

  /**
   * The directories phase 2's directory types delete, drawn as their mappers draw them, with {@code
   * marginMs} of model time kept around a removed file's calls.
   */
  public static DeletedDirectories of(
      WorkloadModel model, NamespaceLayout layout, long seed, String runTag, double marginMs) {
    List<Deleted> deleted = new ArrayList<>();
    for (DirectoryTypeModel type : model.runDirectoryTypes()) {
      if (type.deleteShare() <= 0 || type.deleteDelay().isEmpty()) {
        continue; // none of its lives is deleted: not worth drawing
      }
      DirectorySchedule schedule = new DirectorySchedule(model, type, layout, seed, 0, 1, runTag);
      for (EntryLife d = schedule.next(); d != null; d = schedule.next()) {
        double at = d.deleteTime();
        if (!Double.isNaN(at)) {
          deleted.add(new Deleted(at, d.origin(), d.created(), d.path()));
        }
      }
    }
    return new DeletedDirectories(deleted, marginMs);
  }

  public int size() {
    return paths.length;
  }

  /** The model time kept between a removed file's calls and its directory's mkdirs and delete. */
  public double marginMs() {
    return marginMs;
  }

  /**
   * The directory a removed file made at {@code origin}, whose last call is due at {@code last},
   * goes under: of those that exist a margin before its create and are deleted a margin after its
   * last call, the first deleted (a scratch directory goes soon after its files are done); null
   * when there is none.
   */
  public String holding(double origin, double last) {
    return holding(origin, last, -1);
  }

  /**
   * As {@link #holding(double, double)}, for a file whose layout directory is {@code depth} deep
   * (its components; -1: any), so that the file keeps the depth its layout drew from the profile:
   * the first deleted at that depth; else below the first deleted shallower one, through parents
   * the file's create makes ({@link #PADDING}); else the first deleted at any.
   */
  public String holding(double origin, double last, int depth) {
    String shallower = null;
    String any = null;
    int i = Arrays.binarySearch(deleteTimes, last + marginMs);
    if (i < 0) {
      i = -i - 1;
    } else {
      while (i > 0 && deleteTimes[i - 1] == deleteTimes[i]) {
        i--; // the first of equal times, as an insertion point would be
      }
    }
    for (; i < paths.length; i++) {
      if (!created[i] || origins[i] + marginMs <= origin) {
        int at = depthOf(paths[i]);
        if (depth < 0 || at == depth) {
          return paths[i];
        }
        shallower = shallower == null && at < depth ? paths[i] : shallower;
        any = any == null ? paths[i] : any;
      }
    }
    return shallower == null ? any : shallower + PADDING.repeat(depth - depthOf(shallower));
  }

  /** A directory's depth: its components ("/" has none, "/a/b" two). */
  public static int depthOf(String path) {
    int depth = 0;
    for (int i = 0; i < path.length(); i++) {
      if (path.charAt(i) == '/' && i + 1 < path.length()) {
        depth++;
      }
    }
    return depth;
  }
}
