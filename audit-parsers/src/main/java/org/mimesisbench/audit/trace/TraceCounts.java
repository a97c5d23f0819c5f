package org.mimesisbench.audit.trace;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mimesisbench.trace.FileTimeline;

/** Totals over the file timelines a trace holds, for the parse report. */
public final class TraceCounts {
  long files;
  long preExisting;
  long preExistingNotInSnapshot;
  long created;
  long deleted;
  long renamed;
  long accesses;
  long firstTime;
  long lastTime;

  void count(FileTimeline t, boolean inSnapshot, int accessCount) {
    files++;
    if (t.getPreExisting()) {
      preExisting++;
      if (!inSnapshot) {
        preExistingNotInSnapshot++;
      }
    } else {
      created++;
    }
    if (t.getDeleteTime() != null) {
      deleted++;
    }
    if (t.getRenames() > 0) {
      renamed++;
    }
    accesses += accessCount;
  }

  public long firstTime() {
    return firstTime;
  }

  public long lastTime() {
    return lastTime;
  }

  public Map<String, Long> asMap(boolean withSnapshot) {
    Map<String, Long> m = new LinkedHashMap<>();
    m.put("files", files);
    m.put("pre_existing", preExisting);
    if (withSnapshot) {
      m.put("pre_existing_not_in_fsimage", preExistingNotInSnapshot);
    }
    m.put("created", created);
    m.put("deleted", deleted);
    m.put("renamed", renamed);
    m.put("accesses", accesses);
    return m;
  }
}
