package org.mimesisbench.tardis.dataset;

import java.util.function.BooleanSupplier;

/** Waits for a cluster condition that heartbeats and block reports make true a little later. */
final class DFSTestWait {
  private DFSTestWait() {}

  static void until(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(200);
    }
  }
}
