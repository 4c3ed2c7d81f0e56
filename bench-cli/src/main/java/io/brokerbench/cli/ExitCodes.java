package io.brokerbench.cli;

/** The command's exit codes. */
final class ExitCodes {
  /** The run completed. */
  static final int OK = 0;

  /** The run failed (broker unreachable, refused, connection lost, results not written). */
  static final int RUN_FAILED = 1;

  /** The command line is wrong: unknown option, invalid value, unknown driver. */
  static final int USAGE = 2;

  /**
   * The run completed, but messages the broker accepted were never received: the figures describe a
   * broker that lost messages (or consumers that missed them).
   */
  static final int LOSS = 3;

  /** The run completed, but a threshold given with {@code --assert} does not hold. */
  static final int THRESHOLD_FAILED = 4;

  /**
   * The run completed, lost nothing and its thresholds held, but it is suspect (its validity
   * verdict): it may have measured the generator or the machine, so the pass does not say the
   * broker held. A failed threshold or a loss on a suspect run keeps its own code.
   */
  static final int SUSPECT = 5;

  /**
   * The runs could not decide a threshold checked on several of them ({@code bench compare} with
   * several runs a side, {@code bench run --repeat}): their median's 95 % interval straddles the
   * bound. More runs may decide it. Checked after {@link #LOSS}, before {@link #SUSPECT}.
   */
  static final int INCONCLUSIVE = 6;

  /** The user interrupted the run (Ctrl-C); the results so far were printed and written. */
  static final int INTERRUPTED = 130;

  private ExitCodes() {}
}
