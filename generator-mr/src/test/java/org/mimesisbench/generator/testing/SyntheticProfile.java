package org.mimesisbench.generator.testing;

import java.util.ArrayList;
import java.util.List;
import org.mimesisbench.profile.AccessShares;
import org.mimesisbench.profile.Distribution;
import org.mimesisbench.profile.FileType;
import org.mimesisbench.profile.Profile;

/**
 * A profile made in memory for the speed benches, whose schedule is known in advance: one type of
 * {@code files} pre-existing files, each accessed {@code accessesPerFile} times {@code intervalMs}
 * apart, the first access of each drawn uniformly in [0, intervalMs) so the files interleave. The
 * schedule then runs at a steady {@code files / intervalMs} accesses per ms (profile time) and
 * holds {@code files * accessesPerFile} of them. Nothing is created or deleted; no namespace
 * statistics, so a run lays the files out flat.
 */
public final class SyntheticProfile {
  /** Steps of the activation delay: fine enough that accesses look uniform in time. */
  private static final int STAGGER_STEPS = 1000;

  private SyntheticProfile() {}

  public static Profile steadyAccesses(
      long files, long accessesPerFile, double intervalMs, AccessShares shares) {
    if (files < 1 || accessesPerFile < 1 || !(intervalMs > 0)) {
      throw new IllegalArgumentException("files, accesses per file and interval must be positive");
    }
    long window = (long) Math.ceil(accessesPerFile * intervalMs);
    FileType type =
        FileType.newBuilder()
            .setIndex(0)
            .setWeight(1.0)
            .setFiles(files)
            .setPreExisting(files)
            .setUnaccessedShare(0.0)
            .setAccessShares(shares)
            .setDeleteShare(0.0)
            .setDepth(point(1))
            .setCreateInterarrival(empty())
            .setActivationDelay(uniform(0, intervalMs, STAGGER_STEPS))
            .setAccessInterarrival(point(intervalMs))
            .setActiveSpan(point((accessesPerFile - 1) * intervalMs))
            .setAccessesPerFile(point(accessesPerFile))
            .setDeleteDelay(empty())
            .build();
    return Profile.newBuilder()
        .setFormatVersion(1)
        .setSource(
            String.format(
                "synthetic: %d files, each accessed %d times %.3f ms apart",
                files, accessesPerFile, intervalMs))
        .setDurationMs(window)
        .setFileTypes(List.of(type))
        .setDormantFiles(0)
        .setMkdirsPerCreate(0.0)
        .setRenamesPerCreate(0.0)
        .build();
  }

  /** Only opens, only getFileInfo, ... */
  public static AccessShares only(String access) {
    return switch (access) {
      case "open" -> shares(1, 0, 0);
      case "listStatus" -> shares(0, 1, 0);
      case "getFileInfo" -> shares(0, 0, 1);
      default ->
          throw new IllegalArgumentException(
              "no access " + access + " (open, listStatus, getFileInfo)");
    };
  }

  public static AccessShares shares(double open, double listStatus, double getFileInfo) {
    return AccessShares.newBuilder()
        .setOpen(open)
        .setListStatus(listStatus)
        .setGetFileInfo(getFileInfo)
        .build();
  }

  private static Distribution point(double v) {
    return distribution(List.of(v), List.of(1.0));
  }

  private static Distribution empty() {
    return distribution(List.of(), List.of());
  }

  /** {@code steps} evenly spaced values in [from, to), equally likely. */
  private static Distribution uniform(double from, double to, int steps) {
    List<Double> values = new ArrayList<>();
    List<Double> cumulative = new ArrayList<>();
    for (int i = 0; i < steps; i++) {
      values.add(from + (to - from) * i / steps);
      cumulative.add(i == steps - 1 ? 1.0 : (i + 1.0) / steps);
    }
    return distribution(values, cumulative);
  }

  private static Distribution distribution(List<Double> values, List<Double> cumulative) {
    return Distribution.newBuilder()
        .setValues(values)
        .setCumulative(cumulative)
        .setCount(values.size())
        .build();
  }
}
