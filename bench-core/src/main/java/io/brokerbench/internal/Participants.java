package io.brokerbench.internal;

import io.brokerbench.internal.receive.ConsumerTask;
import io.brokerbench.internal.send.ProducerTask;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.RequestReplyCounts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The run's producers and consumers, and every count read across them. The runner adds them while
 * it sets up, before any other thread starts; then the reporting, backlog and runner threads read
 * the counts at any time. Each read sums what the tasks hold at that moment, so two reads need not
 * agree with each other.
 */
public final class Participants {
  private final List<ProducerTask> producers = new ArrayList<>();
  private final List<ConsumerTask> consumers = new ArrayList<>();
  private final List<ProducerTask> producersView = Collections.unmodifiableList(producers);
  private final List<ConsumerTask> consumersView = Collections.unmodifiableList(consumers);

  /** Set-up: adds a producer. */
  public void add(ProducerTask producer) {
    producers.add(producer);
  }

  /** Set-up: adds a consumer. */
  public void add(ConsumerTask consumer) {
    consumers.add(consumer);
  }

  /** The producers, in the order added (their local index). */
  public List<ProducerTask> producers() {
    return producersView;
  }

  /** The consumers, in the order added (their local index). */
  public List<ConsumerTask> consumers() {
    return consumersView;
  }

  /** The run's cumulative counts now, over every producer and consumer. */
  public MessageCounts counts() {
    MessageCounts total = MessageCounts.ZERO;
    for (ProducerTask p : producers) {
      total = total.plus(p.counts());
    }
    long received = 0;
    for (ConsumerTask c : consumers) {
      received += c.received();
    }
    return total.plus(
        new MessageCounts(0, 0, received, MessageCounts.ZERO.notAccepted(), 0, 0, 0, 0));
  }

  /** What became of the requests, or {@link RequestReplyCounts#NONE} without requesters. */
  RequestReplyCounts requestReply() {
    RequestReplyCounts total = RequestReplyCounts.NONE;
    for (ProducerTask p : producers) {
      total = total.plus(p.requestReply());
    }
    return total;
  }

  /** Messages the broker holds from the producers: confirmed, or sent without confirms. */
  public long queued() {
    long queued = 0;
    for (ProducerTask p : producers) {
      queued += p.queued();
    }
    return queued;
  }

  /** Messages the producers sent that are not yet confirmed, or requests not yet answered. */
  public long unconfirmed() {
    long unconfirmed = 0;
    for (ProducerTask p : producers) {
      unconfirmed += p.unconfirmed();
    }
    return unconfirmed;
  }

  /** True once no producer sends again and none awaits a confirm. */
  public boolean sendingOver() {
    for (ProducerTask p : producers) {
      if (p.thread().isAlive()) {
        return false;
      }
    }
    return unconfirmed() == 0;
  }

  /** Messages the consumers received from producers of this run (the foreign ones left out). */
  public long receivedFromProducers() {
    long received = 0;
    for (ConsumerTask c : consumers) {
      received += c.received() - c.foreign();
    }
    return received;
  }

  /** Messages the consumers received from producers not of this run. */
  public long foreign() {
    long foreign = 0;
    for (ConsumerTask c : consumers) {
      foreign += c.foreign();
    }
    return foreign;
  }

  /** When a consumer last received a message ({@link io.brokerbench.rate.NanoClock}), 0 before. */
  public long lastReceiveNanos() {
    long last = 0;
    for (ConsumerTask c : consumers) {
      last = Math.max(last, c.lastReceiveNanos());
    }
    return last;
  }

  /** True when there are consumers and each has a message limit it reached. */
  public boolean consumersReachedLimit() {
    if (consumers.isEmpty()) {
      return false;
    }
    for (ConsumerTask c : consumers) {
      if (!c.reachedLimit()) {
        return false;
      }
    }
    return true;
  }
}
