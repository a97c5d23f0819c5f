package org.mimesisbench.generator.bench;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.mr.RunPlan;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.EntryLife;
import org.mimesisbench.generator.schedule.TypeSchedule;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.profile.ProfileReader;
import org.mimesisbench.run.RunOptions;

/**
 * The closed loop without a cluster, for bench/closed_loop_schedule.py: the popularity (accesses
 * per accessed file) that {@code run --seed s} would issue, for many seeds, counted with the
 * generator's own schedule classes. One line per seed on stdout: the seed, then the counts.
 *
 * <p>usage: {@code java -cp mimesisbench.jar org.mimesisbench.generator.bench.SchedulePopularity
 * <profile-dir> <first-seed> <seeds> [time-scale]}
 */
public final class SchedulePopularity {
  private SchedulePopularity() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 3) {
      System.err.println(
          "usage: SchedulePopularity <profile-dir> <first-seed> <seeds> [time-scale]");
      System.exit(2);
    }
    Path dir = Path.of(args[0]);
    Profile profile = ProfileReader.read(dir);
    long first = Long.parseLong(args[1]);
    int seeds = Integer.parseInt(args[2]);
    double timeScale = args.length > 3 ? Double.parseDouble(args[3]) : 1.0;
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    for (long seed = first; seed < first + seeds; seed++) {
      RunOptions options =
          RunOptions.newBuilder()
              .setProfile(dir.toString())
              .setSeed(seed)
              .setTimeScale(timeScale)
              .build();
      RunPlan plan =
          RunPlan.of(
              dir.toString(),
              profile,
              options,
              "bench-" + seed,
              new org.apache.hadoop.fs.Path("/bench"));
      List<Long> counts = new ArrayList<>();
      for (FileTypeModel type : plan.model().runTypes()) {
        TypeSchedule schedule =
            new TypeSchedule(plan.model(), type, plan.layout(), seed, 0, 1, plan.runTag());
        for (EntryLife f = schedule.next(); f != null; f = schedule.next()) {
          long accesses = 0;
          while (!f.done()) {
            Op op = f.next().op();
            if (op == Op.OPEN || op == Op.LIST_STATUS || op == Op.GET_FILE_INFO) {
              accesses++;
            }
          }
          if (accesses > 0) {
            counts.add(accesses);
          }
        }
      }
      StringBuilder line = new StringBuilder().append(seed);
      counts.forEach(c -> line.append(' ').append(c));
      out.println(line);
    }
    out.flush();
  }
}
