package org.mimesisbench.generator.schedule;

import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.function.Supplier;

/**
 * Puts lives drawn in order of origin into order of first event: a life's probes come before its
 * origin, by at most the longest lead, so a life drawn waits here until no life still to come can
 * start earlier.
 */
final class FirstEventOrder {
  private final Supplier<EntryLife> draw;
  private final double maxLead;
  private final PriorityQueue<EntryLife> pending =
      new PriorityQueue<>(Comparator.comparingDouble(EntryLife::firstTime));
  private boolean drawnAll;
  private double lastOrigin;

  FirstEventOrder(Supplier<EntryLife> draw, double maxLead) {
    this.draw = draw;
    this.maxLead = maxLead;
  }

  EntryLife next() {
    while (!drawnAll && (pending.isEmpty() || pending.peek().firstTime() > lastOrigin - maxLead)) {
      EntryLife f = draw.get();
      if (f == null) {
        drawnAll = true;
      } else {
        lastOrigin = f.origin();
        pending.add(f);
      }
    }
    return pending.poll();
  }
}
