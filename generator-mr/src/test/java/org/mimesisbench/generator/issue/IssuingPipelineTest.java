package org.mimesisbench.generator.issue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.mimesisbench.generator.GeneratorVectors;
import org.mimesisbench.generator.layout.FlatLayout;
import org.mimesisbench.generator.measure.RunStatistics;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.generator.schedule.FileLife;
import org.mimesisbench.generator.schedule.TypeSchedule;

/** The three threads hand the issuer every event of the schedule once, in time order. */
class IssuingPipelineTest {

  @Test
  void everyEventOfTheScheduleIsIssuedOnceInTimeOrder() throws Exception {
    WorkloadModel m = WorkloadModel.of("vector", GeneratorVectors.profile(), GeneratorVectors.options().build());
    FlatLayout layout = new FlatLayout(m);
    for (FileTypeModel t : m.runTypes()) {
      Map<String, Integer> expected = new TreeMap<>();
      TypeSchedule reference = new TypeSchedule(m, t, layout, 5, 0, 1, "tag");
      for (FileLife f = reference.next(); f != null; f = reference.next()) {
        while (!f.done()) {
          expected.merge(key(f.next()), 1, Integer::sum);
        }
      }
      List<Event> issued = new ArrayList<>();
      RunStatistics stats = new IssuingPipeline(new TypeSchedule(m, t, layout, 5, 0, 1, "tag"), issued::add, 0, 0, 0)
          .run(System.nanoTime(), () -> {});
      Map<String, Integer> got = new TreeMap<>();
      double last = Double.NEGATIVE_INFINITY;
      for (Event e : issued) {
        assertTrue(e.timeMs() >= last, "type " + t.index() + ": " + e + " after an event at " + last);
        last = e.timeMs();
        got.merge(key(e), 1, Integer::sum);
      }
      assertEquals(expected, got, "type " + t.index());
      assertEquals(issued.size(), stats.totalCount());
    }
  }

  private static String key(Event e) {
    return e.timeMs() + " " + e.op() + " " + e.path() + " " + e.target();
  }
}
