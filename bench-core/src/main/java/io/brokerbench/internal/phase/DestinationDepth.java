package io.brokerbench.internal.phase;

import io.brokerbench.internal.BoundedWait;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.ShardLayout;
import java.math.BigDecimal;
import java.time.Duration;

/**
 * How many messages the broker still holds in the destinations this run's consumers read, asked
 * within a bound: a frozen broker does not answer, and the results must still come out, within a
 * signal's grace too. The end of the run asks before it stops consuming, the loss check before it
 * counts what is missing as lost.
 *
 * <pre>{@code
 * DestinationDepth depth =
 *     new DestinationDepth(layout, driver::messagesWaiting, DestinationDepth.BOUND);
 * DestinationDepth.Answer answer = depth.ask();   // answer.waiting(): -1 when not known
 * }</pre>
 */
public final class DestinationDepth {
  /** How long the broker may take to tell its depth. */
  public static final Duration BOUND = Duration.ofSeconds(5);

  /** Asks the broker how many messages a destination holds. */
  public interface Broker {
    /**
     * The messages waiting in {@code destination}, or -1 when the broker cannot be asked.
     *
     * @throws DriverException when asking failed
     */
    long messagesWaiting(String destination) throws DriverException;
  }

  /**
   * The broker's answer.
   *
   * @param waiting the messages waiting in all the destinations, or -1 when not known
   * @param asking the destination asked about when asking failed, or null
   * @param failure why asking failed, or null (a broker that cannot be asked is no failure)
   */
  public record Answer(long waiting, String asking, String failure) {}

  private final ShardLayout layout;
  private final Broker broker;
  private final Duration bound;

  /**
   * @param broker asks the broker for a destination's depth
   * @param bound how long to wait for the broker's answers: {@link #BOUND}, but for tests
   */
  public DestinationDepth(ShardLayout layout, Broker broker, Duration bound) {
    this.layout = layout;
    this.broker = broker;
    this.bound = bound;
  }

  /** Asks the broker, waiting for its answers the bound at most. */
  public Answer ask() {
    Query query = new Query();
    if (!BoundedWait.run("depth", query, bound.toMillis())) {
      return new Answer(
          -1,
          query.asking,
          "the broker did not answer within "
              + BigDecimal.valueOf(bound.toMillis(), 3).stripTrailingZeros().toPlainString()
              + " s");
    }
    return query.failure != null
        ? new Answer(-1, query.asking, query.failure)
        : new Answer(query.waiting, null, null);
  }

  private final class Query implements Runnable {
    private volatile String asking;
    private volatile String failure;
    private volatile long waiting;

    @Override
    public void run() {
      long total = 0;
      for (int d = 0; d < layout.destinations(); d++) {
        if (layout.consumersHere(d) == 0) {
          continue;
        }
        asking = layout.name(d);
        try {
          long messages = broker.messagesWaiting(asking);
          if (messages < 0) {
            waiting = -1;
            return;
          }
          total += messages;
        } catch (DriverException | RuntimeException e) {
          failure = String.valueOf(e.getMessage());
          return;
        }
      }
      waiting = total;
    }
  }
}
