package org.mimesisbench.generator.model;

import java.util.List;
import java.util.Set;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.profile.DirectoryType;
import org.mimesisbench.profile.EmpiricalCdf;

/**
 * One directory type as the generator replays it, scaled as a file type is: its directories are
 * listed, stat'ed and summed up over their active span, given their other calls, and a share of
 * them deleted, each with its subtree in one call.
 *
 * @param index the type's index in the profile's directoryTypes
 * @param accessKinds cumulative shares of listStatus, getFileInfo, contentSummary
 * @param subtreeFiles files a deleted directory holds, made with it
 * @param users who issues its directories' calls; null: the run's own user
 */
public record DirectoryTypeModel(
    int index,
    long preExisting,
    long creates,
    double unaccessedShare,
    double[] accessKinds,
    double deleteShare,
    EmpiricalCdf subtreeFiles,
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
    UserModel users)
    implements LifeModel {

  /** How the type is named in options and results: "d" and its index. */
  public String name() {
    return "d" + index;
  }

  @Override
  public Op[] accessOps() {
    return Op.DIRECTORY_ACCESSES;
  }

  /**
   * {@code t} read from {@code where}, its directory counts times {@code scale}, its window
   * stretched by {@code windowStretch}, its pre-existing directories first accessed uniformly over
   * {@code preExistingUniformMs} when positive.
   */
  static DirectoryTypeModel of(
      String where,
      DirectoryType t,
      double scale,
      double windowStretch,
      double preExistingUniformMs,
      Set<String> notIssued,
      boolean users) {
    String at = where + ": directoryTypes[" + t.getIndex() + "].";
    double list = t.getAccessShares().getListStatus();
    double info = t.getAccessShares().getGetFileInfo();
    double summary = t.getAccessShares().getContentSummary();
    double sum = list + info + summary;
    if (!(list >= 0 && info >= 0 && summary >= 0) || (sum > 0 && Math.abs(sum - 1) > 1e-6)) {
      throw new BadInputException(at + "accessShares must be >= 0 and sum to 1");
    }
    double[] kinds =
        sum > 0
            ? new double[] {list / sum, (list + info) / sum, 1.0}
            : new double[] {1.0, 1.0, 1.0};
    FileTypeModel.share(at + "unaccessedShare", t.getUnaccessedShare());
    FileTypeModel.share(at + "deleteShare", t.getDeleteShare());
    if (t.getPreExisting() < 0 || t.getDirectories() < t.getPreExisting()) {
      throw new BadInputException(
          at
              + "directories ("
              + t.getDirectories()
              + ") must be >= preExisting ("
              + t.getPreExisting()
              + ") >= 0");
    }
    return new DirectoryTypeModel(
        t.getIndex(),
        Math.round(t.getPreExisting() * scale),
        Math.round((t.getDirectories() - t.getPreExisting()) * scale * windowStretch),
        t.getUnaccessedShare(),
        kinds,
        t.getDeleteShare(),
        EmpiricalCdf.of(at + "subtreeFiles", t.getSubtreeFiles()),
        EmpiricalCdf.of(at + "depth", t.getDepth()),
        EmpiricalCdf.of(at + "createInterarrival", t.getCreateInterarrival()).scaled(1.0 / scale),
        EmpiricalCdf.of(at + "activationDelay", t.getActivationDelay()),
        preExistingUniformMs,
        EmpiricalCdf.of(at + "accessInterarrival", t.getAccessInterarrival()),
        EmpiricalCdf.of(at + "activeSpan", t.getActiveSpan()),
        EmpiricalCdf.of(at + "accessesPerDirectory", t.getAccessesPerDirectory()),
        EmpiricalCdf.of(at + "deleteDelay", t.getDeleteDelay()),
        CallModel.of(at, t.getCalls(), notIssued),
        ProbeModel.of(at + "probes", t.getProbes()),
        users ? UserModel.of(at + "users", t.getUsers()) : null);
  }
}
