package io.brokerbench.result;

import java.util.List;
import java.util.Set;

/**
 * Whether a run measured the broker: {@code valid}, or {@code suspect} with the reasons it may have
 * measured the generator or the machine instead. A threshold that holds on a suspect run may hold
 * because the generator did not push, and one that fails may fail on the generator's account; the
 * command line says so with its own exit code.
 *
 * @param verdict {@value #VALID} or {@value #SUSPECT}
 * @param reasons the warnings that make the run suspect, in the order they were raised; empty for a
 *     valid run
 */
public record Validity(String verdict, List<Warning> reasons) {

  /** The verdict of a run with no reason to doubt it. */
  public static final String VALID = "valid";

  /** The verdict of a run that may have measured the generator or the machine. */
  public static final String SUSPECT = "suspect";

  /**
   * The warnings that put a run's figures in doubt: the generator was the limit (its schedule, its
   * CPU), the process stalled, the broker shared its process, the window was not steady, or the
   * queue grew through it.
   */
  public static final Set<String> REASONS =
      Set.of(
          Warning.SCHEDULE_SLIP,
          Warning.WINDOW_FULL,
          Warning.GENERATOR_CPU,
          Warning.GENERATOR_PAUSED,
          Warning.EMBEDDED_BROKER,
          Warning.UNSTEADY,
          Warning.QUEUE_GREW);

  /** Copies the reasons. */
  public Validity {
    reasons = List.copyOf(reasons);
  }

  /** The verdict these warnings call for. */
  public static Validity of(List<Warning> warnings) {
    List<Warning> reasons = warnings.stream().filter(w -> REASONS.contains(w.code())).toList();
    return new Validity(reasons.isEmpty() ? VALID : SUSPECT, reasons);
  }

  /** True when nothing puts the run in doubt. */
  public boolean valid() {
    return reasons.isEmpty();
  }

  /** The reasons' codes, comma-separated, for one line. */
  public String codes() {
    return String.join(", ", reasons.stream().map(Warning::code).toList());
  }
}
