package org.mimesisbench.generator.model;

import java.util.ArrayList;
import java.util.List;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.profile.UserMix;
import org.mimesisbench.profile.UserShare;

/**
 * Who issues a type's (or a cluster command's) calls: a profile's user mix, its tail spread evenly
 * over at most {@link #TAIL_USERS} users named {@code other0}, {@code other1}, ... A file
 * (directory) draws one user for its whole life, a cluster call one per call.
 *
 * @param users the names, top users first
 * @param cumulative the cumulative shares, aligned with {@code users}, the last 1
 */
public record UserModel(String[] users, double[] cumulative) {
  /** Users the tail of a mix is spread over at most: each is a client connection per mapper. */
  public static final int TAIL_USERS = 16;

  /** The model of {@code mix} (read from {@code where}), or null when the profile names no user. */
  static UserModel of(String where, UserMix mix) {
    if (mix == null) {
      return null;
    }
    List<String> names = new ArrayList<>();
    List<Double> shares = new ArrayList<>();
    for (UserShare s : mix.getTop()) {
      if (s.getUser().isEmpty() || names.contains(s.getUser())) {
        throw new BadInputException(
            where + ".users: user '" + s.getUser() + "' is empty or named twice");
      }
      names.add(s.getUser());
      shares.add(s.getShare());
    }
    long tail = Math.min(mix.getOtherUsers(), TAIL_USERS);
    if (mix.getOtherShare() > 0 && tail <= 0) {
      throw new BadInputException(
          where + ".users: otherShare " + mix.getOtherShare() + " for no otherUsers");
    }
    for (int i = 0; i < tail && mix.getOtherShare() > 0; i++) {
      names.add("other" + i);
      shares.add(mix.getOtherShare() / tail);
    }
    double sum = 0;
    double[] cumulative = new double[names.size()];
    for (int i = 0; i < cumulative.length; i++) {
      double share = shares.get(i);
      if (!(share >= 0) || Double.isInfinite(share)) {
        throw new BadInputException(
            where + ".users: share " + share + " of " + names.get(i) + " is not a number >= 0");
      }
      sum += share;
      cumulative[i] = sum;
    }
    if (names.isEmpty() || Math.abs(sum - 1) > 1e-6) {
      throw new BadInputException(where + ".users: the shares sum to " + sum + ", not 1");
    }
    cumulative[cumulative.length - 1] = 1.0;
    return new UserModel(names.toArray(new String[0]), cumulative);
  }

  /** Every user named by {@code mixes}, sorted; a null mix (no users) names none. */
  public static java.util.SortedSet<String> names(List<UserModel> mixes) {
    java.util.SortedSet<String> names = new java.util.TreeSet<>();
    for (UserModel m : mixes) {
      if (m != null) {
        names.addAll(List.of(m.users()));
      }
    }
    return names;
  }

  /** The user at uniform {@code u} in [0, 1). */
  public String at(double u) {
    for (int i = 0; i < cumulative.length; i++) {
      if (u < cumulative[i]) {
        return users[i];
      }
    }
    return users[users.length - 1];
  }
}
