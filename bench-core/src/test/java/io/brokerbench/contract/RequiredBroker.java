package io.brokerbench.contract;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * What an integration test does when its broker is missing: skip on a developer's machine, fail in
 * CI (environment variable {@code CI=true}), where a missing broker means the CI set-up is broken.
 */
public final class RequiredBroker {
  private RequiredBroker() {}

  /** True when running in CI. */
  public static boolean inCi() {
    return "true".equalsIgnoreCase(System.getenv("CI"));
  }

  /**
   * Skips (or, in CI, fails) the current test when {@code available} is false.
   *
   * @param what the broker and where it was looked for, such as {@code RabbitMQ at 127.0.0.1:5672
   *     (set BROKERBENCH_AMQP_URI to use another)}
   */
  public static void require(boolean available, String what) {
    require(available, what, inCi());
  }

  /**
   * Skips the current test when {@code available} is false, or fails it when {@code inCi}.
   *
   * @param what the broker and where it was looked for
   * @param inCi true to fail rather than skip, as in CI
   */
  public static void require(boolean available, String what, boolean inCi) {
    if (available) {
      return;
    }
    if (inCi) {
      Assertions.fail("no broker: " + what + " is required in CI");
    }
    Assumptions.abort("no broker: " + what);
  }
}
