package org.mimesisbench.cli;

import java.util.Arrays;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;

/** What the user set in a Hadoop configuration, as opposed to Hadoop's own defaults. */
public final class UserSettings {
  private UserSettings() {}

  /**
   * A MapReduce job's configuration file as a task reads it: job.xml in a YARN container, job_*.xml
   * under the local job runner. It holds every setting of the client that submitted the job, each
   * with the sources it had there listed before it.
   */
  private static final Pattern JOB_FILE = Pattern.compile("(.*/)?job(_[^/]*)?\\.xml");

  /**
   * Whether {@code key} was set by the user (-D, -conf, a site file), not only by Hadoop's
   * *-default.xml (and carried by a job's configuration file): a setting the benchmark would change
   * for its own runs is the user's to keep.
   */
  public static boolean given(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    return sources != null
        && Arrays.stream(sources)
            .anyMatch(s -> !s.endsWith("-default.xml") && !JOB_FILE.matcher(s).matches());
  }
}
