package org.mimesisbench.generator.results;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.folders.ResultsFolder;
import org.mimesisbench.generator.infra.Lease;
import org.mimesisbench.generator.infra.LeaseFiles;
import org.mimesisbench.generator.infra.WorkFolder;

/**
 * What a command's --out already holds, before it writes there: nothing (it runs), what a killed
 * run left (its working folder and unfinished files, which {@code --overwrite} deletes), a finished
 * run's results (replaced only with {@code --overwrite}), or something else (refused: a run never
 * deletes what it did not write). A command holds --out's {@link Lease} ({@value #LEASE}) from
 * before it looks until it ends, so a live run's folder is refused, never cleared.
 */
public final class OutFolder {
  /** The files of a finished run's folder: its results and what the modeler writes beside them. */
  public static final OutFolder RUN =
      new OutFolder("run", ResultsFolder.SUMMARY, ResultsFolder.RUN_FILES::contains);

  /** The files of a finished sweep's folder: sweep.json, a folder per run, the modeler's figure. */
  public static final OutFolder SWEEP =
      new OutFolder("sweep", ResultsFolder.SWEEP, ResultsFolder::sweepHolds);

  /** The lease file of the command writing in --out (and its heartbeat). */
  public static final String LEASE = ".lease";

  private final String command;
  private final String finishedMarker;
  private final Predicate<String> written;

  private OutFolder(String command, String finishedMarker, Predicate<String> written) {
    this.command = command;
    this.finishedMarker = finishedMarker;
    this.written = written;
  }

  /** Whether {@code name}, in --out, is one of the command's own files (--overwrite deletes it). */
  public boolean writes(String name) {
    return written.test(name);
  }

  /** The same folder rules for another command's messages ("replay" writes what "run" writes). */
  public OutFolder named(String otherCommand) {
    return new OutFolder(otherCommand, finishedMarker, written);
  }

  /**
   * Takes {@code out}'s lease for {@code holder}, before {@link #prepare} looks at (and may delete)
   * what is there: a live run's --out is refused in one line naming it; a killed run's lease is
   * taken over, said on {@code note}. Made when missing; the lease removes it again if it stays
   * empty.
   */
  public Lease lease(Path out, Lease.Holder holder, Configuration conf, Consumer<String> note)
      throws IOException {
    if (Files.exists(out) && !Files.isDirectory(out)) {
      throw new BadInputException(command + ": --out " + out + " is a file");
    }
    return Lease.take(
        command + ": --out " + out,
        LeaseFiles.in(out, command + ": --out"),
        LEASE,
        holder,
        conf,
        note);
  }

  /**
   * A killed command's working folder and unfinished files (AtomicOutputDir's in-progress names).
   */
  private static boolean leftover(String name) {
    return name.equals(WorkFolder.NAME) || name.startsWith(".") && name.endsWith(".inprogress");
  }

  /**
   * Checks {@code out} before the command writes there; with {@code overwrite}, deletes a killed
   * run's leftovers or a finished run's results (saying so on {@code say}). Anything else is bad
   * input, refused in one line naming what is there.
   */
  public void prepare(Path out, boolean overwrite, PrintStream say) throws IOException {
    if (!Files.exists(out)) {
      return;
    }
    if (!Files.isDirectory(out)) {
      throw new BadInputException(command + ": --out " + out + " is a file");
    }
    List<Path> leftovers = new ArrayList<>();
    List<Path> results = new ArrayList<>();
    List<String> others = new ArrayList<>();
    try (Stream<Path> entries = Files.list(out)) {
      for (Path p : entries.sorted().toList()) {
        String name = p.getFileName().toString();
        if (name.startsWith(LEASE)) { // the lease this command holds
          continue;
        }
        if (leftover(name)) {
          leftovers.add(p);
        } else if (written.test(name)) {
          results.add(p);
        } else {
          others.add(name);
        }
      }
    }
    if (leftovers.isEmpty() && results.isEmpty() && others.isEmpty()) {
      return;
    }
    boolean finished = Files.exists(out.resolve(finishedMarker));
    if (!others.isEmpty()) {
      String what =
          String.join(", ", others.subList(0, Math.min(3, others.size())))
              + (others.size() > 3 ? ", ..." : "");
      throw new BadInputException(
          command
              + ": --out "
              + out
              + " exists and is not empty ("
              + (finished || !leftovers.isEmpty() ? "besides a " + command + "'s files, " : "")
              + "it holds "
              + what
              + (overwrite ? ", which --overwrite never deletes" : "")
              + "); give another --out");
    }
    if (!overwrite) {
      throw new BadInputException(
          command
              + ": --out "
              + out
              + (finished
                  ? " holds a finished "
                      + command
                      + "'s results ("
                      + finishedMarker
                      + "); give another --out, or"
                      + " --overwrite to replace them"
                  : " holds what a killed "
                      + command
                      + " left ("
                      + describe(leftovers, results)
                      + "); give --overwrite to"
                      + " delete it and "
                      + command
                      + " here, or another --out"));
    }
    String gone =
        finished
            ? "the results of an earlier " + command
            : "what a killed " + command + " left (" + describe(leftovers, results) + ")";
    for (Path p : leftovers) {
      WorkFolder.deleteTree(p);
    }
    for (Path p : results) {
      WorkFolder.deleteTree(p);
    }
    say.println(command + ": --overwrite: deleted " + gone + " from " + out);
  }

  private static String describe(List<Path> leftovers, List<Path> results) throws IOException {
    List<String> parts = new ArrayList<>();
    long unfinished = 0;
    for (Path p : leftovers) {
      if (p.getFileName().toString().equals(WorkFolder.NAME)) {
        parts.add(
            String.format(
                Locale.ROOT,
                "its working files (%s, %.0f MB)",
                WorkFolder.NAME,
                WorkFolder.size(p) / 1e6));
      } else {
        unfinished++;
      }
    }
    if (unfinished + results.size() > 0) {
      parts.add(
          (unfinished + results.size())
              + " unfinished result"
              + (unfinished + results.size() > 1 ? "s" : ""));
    }
    return String.join(" and ", parts);
  }
}
