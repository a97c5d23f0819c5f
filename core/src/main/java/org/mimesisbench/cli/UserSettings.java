package org.mimesisbench.cli;

import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;

/** What the user set in a Hadoop configuration, as opposed to Hadoop's own defaults. */
public final class UserSettings {
  private UserSettings() {}

  /**
   * Whether {@code key} was set by the user (-D, -conf, a site file), not only by Hadoop's
   * *-default.xml: a setting the benchmark would change for its own runs is the user's to keep.
   */
  public static boolean given(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    return sources != null && !Arrays.stream(sources).allMatch(s -> s.endsWith("-default.xml"));
  }
}
