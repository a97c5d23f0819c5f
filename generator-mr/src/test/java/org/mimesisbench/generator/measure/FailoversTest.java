package org.mimesisbench.generator.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mimesisbench.generator.measure.NameServiceMetrics.Failover;
import org.mimesisbench.generator.measure.NameServiceMetrics.States;

/** Failovers read from a nameservice's HA states, reading by reading (every 500 ms). */
class FailoversTest {
  private static States at(long ms, String nn0, String nn1) {
    return new States(ms, Map.of("nn0", nn0, "nn1", nn1));
  }

  @Test
  void anotherActiveIsAFailoverFromTheLastOneSeen() {
    List<Failover> found =
        NameServiceMetrics.failovers(
            List.of(
                at(0, "active", "standby"),
                at(500, "unknown", "standby"),
                at(1000, "standby", "active"),
                at(1500, "standby", "active")));
    assertEquals(1, found.size(), found.toString());
    assertEquals("nn0", found.get(0).from());
    assertEquals("nn1", found.get(0).to());
    assertEquals(1000, found.get(0).withoutActiveMs());
  }

  @Test
  void oneUnansweredReadingAtTheEndIsABusyNameNodeNotOneGone() {
    // a loaded CI host: the active's last reading timed out 0.5 s before the run's end
    assertEquals(
        List.of(),
        NameServiceMetrics.failovers(
            List.of(at(0, "active", "observer"), at(500, "unknown", "observer"))));
  }

  @Test
  void anActiveThatStopsAnsweringOrStandsDownWithNoneAfterItIsGone() {
    List<Failover> killed =
        NameServiceMetrics.failovers(
            List.of(
                at(0, "active", "standby"),
                at(500, "unknown", "standby"),
                at(1000, "unknown", "standby")));
    assertEquals(1, killed.size(), killed.toString());
    assertNull(killed.get(0).to());
    assertEquals(1000, killed.get(0).withoutActiveMs());
    List<Failover> stoodDown =
        NameServiceMetrics.failovers(
            List.of(at(0, "active", "standby"), at(500, "standby", "standby")));
    assertEquals(1, stoodDown.size(), stoodDown.toString());
  }
}
