package org.mimesisbench.generator.replay;

import java.util.List;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.Life;
import org.mimesisbench.generator.schedule.Schedule;

/**
 * A partition's calls as one life: the issuing pipeline hands them to the issuer in trace order, so
 * the calls on a path keep their order at every time scale (at 0 they go back to back).
 */
final class ReplaySchedule implements Schedule {
  private final List<ReplayCall> calls;
  private boolean introduced;

  ReplaySchedule(List<ReplayCall> calls) {
    this.calls = calls;
  }

  @Override
  public Life next() {
    if (introduced || calls.isEmpty()) {
      return null;
    }
    introduced = true;
    return new Life() {
      private int next;

      @Override
      public double nextTime() {
        return done() ? Double.POSITIVE_INFINITY : calls.get(next).event().timeMs();
      }

      @Override
      public double firstTime() {
        return calls.get(0).event().timeMs();
      }

      @Override
      public boolean done() {
        return next == calls.size();
      }

      @Override
      public Event next() {
        return calls.get(next++).event();
      }
    };
  }
}
