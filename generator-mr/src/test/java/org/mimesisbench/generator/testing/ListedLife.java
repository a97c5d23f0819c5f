package org.mimesisbench.generator.testing;

import java.util.Iterator;
import java.util.List;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.Life;
import org.mimesisbench.generator.schedule.Schedule;

/** A file's life made of given events, in order, whose reads overlap as a run's files' do. */
public final class ListedLife implements Life {
  private final List<Event> events;
  private int next;

  public ListedLife(List<Event> events) {
    this.events = events;
  }

  /** A schedule of these lives, introduced in the order given. */
  public static Schedule schedule(List<? extends Life> lives) {
    Iterator<? extends Life> each = lives.iterator();
    return () -> each.hasNext() ? each.next() : null;
  }

  @Override
  public double nextTime() {
    return done() ? Double.POSITIVE_INFINITY : events.get(next).timeMs();
  }

  @Override
  public double firstTime() {
    return events.get(0).timeMs();
  }

  @Override
  public boolean done() {
    return next == events.size();
  }

  @Override
  public Event next() {
    return events.get(next++);
  }

  @Override
  public boolean readsOverlap() {
    return true;
  }
}
