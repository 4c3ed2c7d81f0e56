package io.brokerbench.cli;

/**
 * The command's exit codes, documented in docs/usage.md; public for the Maven plugin, which runs
 * the command in a JVM of its own and says what its code meant.
 */
public final class ExitCodes {
  /** The run completed. */
  public static final int OK = 0;

  /** The run failed (broker unreachable, refused, connection lost, results not written). */
  public static final int RUN_FAILED = 1;

  /** The command line is wrong: unknown option, invalid value, unknown driver. */
  public static final int USAGE = 2;

  /**
   * The run completed, but messages the broker accepted were never received: the figures describe a
   * broker that lost messages (or consumers that missed them).
   */
  public static final int LOSS = 3;

  /** The run completed, but a threshold given with {@code --assert} does not hold. */
  public static final int THRESHOLD_FAILED = 4;

  /**
   * The run completed, lost nothing and its thresholds held, but it is suspect (its validity
   * verdict): it may have measured the generator or the machine, so the pass does not say the
   * broker held. A failed threshold or a loss on a suspect run keeps its own code.
   */
  public static final int SUSPECT = 5;

  /**
   * The runs could not decide a threshold checked on several of them ({@code bench compare} with
   * several runs a side, {@code bench run --repeat}): their median's 95 % interval straddles the
   * bound. More runs may decide it. Checked after {@link #LOSS}, before {@link #SUSPECT}.
   */
  public static final int INCONCLUSIVE = 6;

  /** The user interrupted the run (Ctrl-C); the results so far were printed and written. */
  public static final int INTERRUPTED = 130;

  private ExitCodes() {}

  /** What a command that ended with {@code code} says about its run, in a few words. */
  public static String meaning(int code) {
    return switch (code) {
      case OK -> "completed";
      case RUN_FAILED -> "the run failed";
      case USAGE -> "the command line is wrong";
      case LOSS -> "messages the broker accepted were lost";
      case THRESHOLD_FAILED -> "a threshold does not hold";
      case SUSPECT ->
          "the thresholds held on a suspect run (it may have measured the generator or the"
              + " machine, not the broker)";
      case INCONCLUSIVE -> "the runs could not decide a threshold";
      case INTERRUPTED -> "interrupted";
      default -> "ended with exit code " + code;
    };
  }
}
