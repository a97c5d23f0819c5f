package org.mimesisbench.generator.mr;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.cli.Messages;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.generator.infra.YarnCapacity;

/**
 * Phase 2's mappers as a YARN queue can run them at once (they meet at the start barrier, so all
 * must run together): the ResourceManager is asked; shares that do not fit are packed into fewer
 * mappers, unless --mappers asked for more than fit, or not even one fits beside the application
 * master: then the run is refused (bad input, exit code 2), naming the numbers.
 */
public final class QueueFit {
  private QueueFit() {}

  /**
   * {@code mappers} for a job of {@code jobConf}, or fewer holding the same shares; {@code asked}:
   * their number came from --mappers. What was changed, or could not be checked, goes to {@code
   * note}.
   */
  public static List<List<TaskSplit>> fit(
      Configuration jobConf,
      Map<Integer, Long> opsByType,
      List<List<TaskSplit>> mappers,
      boolean asked,
      Consumer<String> note)
      throws IOException {
    if ("local".equals(jobConf.get("mapreduce.framework.name", "local"))) {
      return mappers; // the local job runner runs every mapper in this JVM
    }
    YarnCapacity capacity;
    try {
      capacity = YarnCapacity.ask(jobConf);
    } catch (YarnCapacity.QueueException e) {
      throw new BadInputException("run: " + e.getMessage());
    } catch (IOException e) {
      if (Messages.firstLine(e).contains("onnect")) { // the jobs could not be submitted either
        throw new BadInputException(
            "run: cannot reach the ResourceManager at "
                + jobConf.get("yarn.resourcemanager.address")
                + " ("
                + Messages.firstLine(e)
                + ")");
      }
      note.accept(
          "the ResourceManager could not say how many containers its queue can run at once ("
              + Messages.firstLine(e)
              + "): phase 2 runs "
              + mappers.size()
              + " mappers unchecked");
      return mappers;
    }
    int n = capacity.mappersFor(mappers.size(), asked);
    if (n == mappers.size()) {
      return mappers;
    }
    int shares = mappers.stream().mapToInt(List::size).sum();
    List<List<TaskSplit>> packed =
        MapperPacking.pack(mappers.stream().flatMap(List::stream).toList(), opsByType, n);
    note.accept(
        capacity.describe(mappers.size())
            + ": its "
            + shares
            + " shares are packed into "
            + packed.size()
            + " mappers (each share on its own issuing threads)");
    return packed;
  }
}
