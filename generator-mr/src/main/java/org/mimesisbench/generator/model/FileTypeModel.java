package org.mimesisbench.generator.model;

import java.util.List;
import java.util.Set;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.profile.EmpiricalCdf;
import org.mimesisbench.profile.FileSizeModel;
import org.mimesisbench.profile.FileType;

/**
 * One file type as the generator replays it: the profile's distributions with the run's scaling
 * applied (a file scale f multiplies the pre-existing and created files and divides the create
 * interarrivals, so creates come f times as often in the same window).
 *
 * @param index the type's index in the profile
 * @param preExisting files that exist before phase 2 (created by phase 1)
 * @param creates the most files the create renewal process introduces in the window
 * @param accessKinds cumulative shares of open, listStatus, getFileInfo
 * @param calls the type's other calls (format 2; none in a profile of version 1)
 * @param probes the probes of its files' paths before their create, or null
 * @param users who issues its files' calls (each file one user); null: the run's own user
 * @param sizes its files' bytes, block size and replication ({@link FileSizeModel#ZERO}: empty)
 * @param removedShare of its created files no delete of their own ends, the share a directory's
 *     recursive delete removes (placed under such a directory)
 * @param renameDelay a rename of a created file minus its creation (empty: renamed at its create)
 */
public record FileTypeModel(
    int index,
    long preExisting,
    long creates,
    double unaccessedShare,
    double[] accessKinds,
    double deleteShare,
    EmpiricalCdf depth,
    EmpiricalCdf createInterarrival,
    EmpiricalCdf activationDelay,
    double preExistingUniformMs,
    EmpiricalCdf accessInterarrival,
    EmpiricalCdf activeSpan,
    EmpiricalCdf accessesPerFile,
    EmpiricalCdf deleteDelay,
    List<CallModel> calls,
    ProbeModel probes,
    UserModel users,
    FileSizeModel sizes,
    double removedShare,
    EmpiricalCdf renameDelay)
    implements LifeModel {

  /**
   * {@code t} of a profile read from {@code where}, its file counts times {@code fileScale}, its
   * window stretched by {@code windowStretch} (>= 1 adds creates at the same rate), its
   * pre-existing files first accessed uniformly over {@code preExistingUniformMs} when positive,
   * its files empty with {@code zeroSize} (--zero-size) whatever sizes the profile gives.
   */
  static FileTypeModel of(
      String where,
      FileType t,
      double fileScale,
      double windowStretch,
      double preExistingUniformMs,
      Set<String> notIssued,
      boolean users,
      boolean zeroSize) {
    String at = where + ": fileTypes[" + t.getIndex() + "].";
    double open = t.getAccessShares().getOpen();
    double list = t.getAccessShares().getListStatus();
    double info = t.getAccessShares().getGetFileInfo();
    double sum = open + list + info;
    if (!(open >= 0 && list >= 0 && info >= 0) || (sum > 0 && Math.abs(sum - 1) > 1e-6)) {
      throw new org.mimesisbench.errors.BadInputException(
          at + "accessShares must be >= 0 and sum to 1");
    }
    double[] kinds =
        sum > 0
            ? new double[] {open / sum, (open + list) / sum, 1.0}
            : new double[] {1.0, 1.0, 1.0};
    share(at + "unaccessedShare", t.getUnaccessedShare());
    share(at + "deleteShare", t.getDeleteShare());
    share(at + "removedShare", t.getRemovedShare());
    if (t.getPreExisting() < 0 || t.getFiles() < t.getPreExisting()) {
      throw new org.mimesisbench.errors.BadInputException(
          at
              + "files ("
              + t.getFiles()
              + ") must be >= preExisting ("
              + t.getPreExisting()
              + ") >= 0");
    }
    EmpiricalCdf createInterarrival =
        EmpiricalCdf.of(at + "createInterarrival", t.getCreateInterarrival());
    return new FileTypeModel(
        t.getIndex(),
        Math.round(t.getPreExisting() * fileScale),
        Math.round((t.getFiles() - t.getPreExisting()) * fileScale * windowStretch),
        t.getUnaccessedShare(),
        kinds,
        t.getDeleteShare(),
        EmpiricalCdf.of(at + "depth", t.getDepth()),
        createInterarrival.scaled(1.0 / fileScale),
        EmpiricalCdf.of(at + "activationDelay", t.getActivationDelay()),
        preExistingUniformMs,
        EmpiricalCdf.of(at + "accessInterarrival", t.getAccessInterarrival()),
        EmpiricalCdf.of(at + "activeSpan", t.getActiveSpan()),
        EmpiricalCdf.of(at + "accessesPerFile", t.getAccessesPerFile()),
        EmpiricalCdf.of(at + "deleteDelay", t.getDeleteDelay()),
        CallModel.of(at, t.getCalls(), notIssued),
        ProbeModel.of(at + "probes", t.getProbes()),
        users ? UserModel.of(at + "users", t.getUsers()) : null,
        zeroSize ? FileSizeModel.ZERO : FileSizeModel.of(at + "sizes", t.getSizes()),
        t.getRemovedShare(),
        EmpiricalCdf.of(at + "renameDelay", t.getRenameDelay()));
  }

  static void share(String where, double v) {
    if (!(v >= 0 && v <= 1)) {
      throw new org.mimesisbench.errors.BadInputException(
          where + " " + v + ": a share must be within [0, 1]");
    }
  }

  @Override
  public Op[] accessOps() {
    return Op.ACCESSES;
  }
}
