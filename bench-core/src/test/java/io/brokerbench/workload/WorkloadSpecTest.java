package io.brokerbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.spi.AckMode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadSpecTest {
  private static Workload workload(String... namesAndTexts) {
    return spec(namesAndTexts).toWorkload();
  }

  private static WorkloadSpec spec(String... namesAndTexts) {
    Map<String, String> texts = new LinkedHashMap<>();
    for (int i = 0; i < namesAndTexts.length; i += 2) {
      texts.put(namesAndTexts[i], namesAndTexts[i + 1]);
    }
    return WorkloadSpec.of(texts);
  }

  @Test
  void anEmptySpecGivesTheDefaults() {
    Workload w = WorkloadSpec.empty().toWorkload();

    assertThat(w)
        .usingRecursiveComparison()
        .ignoringFields("destinations")
        .isEqualTo(Workload.builder().build());
    assertThat(w.producers()).isEqualTo(1);
    assertThat(w.consumers()).isEqualTo(1);
    assertThat(w.destinations().names())
        .singleElement()
        .asString()
        .matches("brokerbench-[0-9a-z]{6}");
    assertThat(w.messageBytes()).isEqualTo(12);
    assertThat(w.rate()).isEqualTo(RateProfile.unlimited());
    assertThat(w.duration()).isEqualTo(Duration.ofSeconds(10));
    assertThat(w.ackMode()).isEqualTo(AckMode.EACH);
    assertThat(w.catchUp()).isEqualTo(CatchUpPolicy.BURST);
    assertThat(w.reportInterval()).isEqualTo(Duration.ofSeconds(1));
    assertThat(w.drainTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(w.progressTimeout()).isZero();
  }

  @Test
  void aWorkloadThatNamesNoQueueGetsOneOfItsOwnWhichItsCopiesKeep() {
    Workload first = WorkloadSpec.empty().toWorkload();
    Workload second = WorkloadSpec.empty().toWorkload();

    assertThat(first.destinations()).isNotEqualTo(second.destinations());
    Workload copy = first.toBuilder().producers(2).consumers(2).build();
    assertThat(copy.destinations()).isEqualTo(first.destinations());
    assertThat(Shard.of(copy, 1, 2).workload().destinations()).isEqualTo(first.destinations());
    assertThat(WorkloadSpec.empty().namesQueue()).isFalse();
    assertThat(workload("queue", "q").destinations()).isEqualTo(Destinations.single("q"));
  }

  /**
   * A value for every option, with what it needs beside it: the option's own value must change the
   * workload, so an option declared but never reaching it fails here, and a new option without a
   * sample fails too, asking for one.
   */
  private static final Map<String, List<String>> SAMPLES =
      Map.ofEntries(
          Map.entry("producers", List.of("3")),
          Map.entry("consumers", List.of("3")),
          Map.entry("queue", List.of("other")),
          Map.entry(
              "queue-pattern", List.of("b-%d", "queue-pattern", "a-%d", "queue-pattern-to", "2")),
          Map.entry(
              "queue-pattern-from", List.of("2", "queue-pattern", "p-%d", "queue-pattern-to", "5")),
          Map.entry(
              "queue-pattern-to", List.of("3", "queue-pattern", "p-%d", "queue-pattern-to", "2")),
          Map.entry("size", List.of("100")),
          Map.entry("rate", List.of("1000")),
          Map.entry("rate-steps", List.of("100,200")),
          Map.entry("step-duration", List.of("20s", "rate-steps", "100,200")),
          Map.entry("duration", List.of("20s")),
          Map.entry("pmessages", List.of("100")),
          Map.entry("count", List.of("100")),
          Map.entry("cmessages", List.of("100")),
          Map.entry("warmup", List.of("2s")),
          Map.entry("in-flight", List.of("5")),
          Map.entry("prefetch", List.of("7")),
          Map.entry("autoack", List.of("true")),
          Map.entry("multi-ack-every", List.of("10")),
          Map.entry("flag", List.of("persistent")),
          Map.entry("durable", List.of("true")),
          Map.entry("catch-up", List.of("skip")),
          Map.entry("on-connection-loss", List.of("reconnect")),
          Map.entry("interval", List.of("2s")),
          Map.entry("drain-timeout", List.of("30s")),
          Map.entry("timeout", List.of("5")),
          Map.entry("backlog", List.of("100")),
          Map.entry("backlog-producers", List.of("stop", "backlog", "100")),
          Map.entry("request-reply", List.of("true")),
          Map.entry("reply-timeout", List.of("7s")),
          Map.entry("replier-delay", List.of("5ms")),
          Map.entry("connections", List.of("10")),
          Map.entry("connection-channels", List.of("3", "connections", "10")),
          Map.entry("connection-rate", List.of("50", "connections", "10")),
          Map.entry("connection-send-rate", List.of("1", "connections", "10")));

  @Test
  void everyOptionReachesTheWorkload() {
    for (WorkloadOption<?> option : WorkloadOption.all()) {
      List<String> sample = SAMPLES.get(option.name());
      assertThat(sample)
          .as("a sample value for the option '%s' in SAMPLES", option.name())
          .isNotNull();
      Map<String, String> without = new LinkedHashMap<>(Map.of("queue", "base"));
      for (int i = 1; i + 1 < sample.size(); i += 2) {
        without.put(sample.get(i), sample.get(i + 1));
      }
      Map<String, String> with = new LinkedHashMap<>(without);
      with.put(option.name(), sample.get(0));

      assertThat(WorkloadSpec.of(with).toWorkload())
          .as("the workload with %s", with)
          .isNotEqualTo(WorkloadSpec.of(without).toWorkload());
    }
  }

  @Test
  void everyValueIsTakenFromItsText() {
    Workload w =
        workload(
            "producers", "2",
            "consumers", "3",
            "queue", "orders",
            "size", "64KiB",
            "rate", "10k",
            "duration", "1.5s",
            "pmessages", "1m",
            "cmessages", "2k",
            "warmup", "500ms",
            "in-flight", "192",
            "prefetch", "200",
            "catch-up", "skip",
            "interval", "2s",
            "drain-timeout", "1m",
            "timeout", "30");

    assertThat(w)
        .isEqualTo(
            Workload.builder()
                .producers(2)
                .consumers(3)
                .destination("orders")
                .messageBytes(65_536)
                .rate(10_000)
                .duration(Duration.ofMillis(1_500))
                .messagesPerProducer(1_000_000)
                .messagesPerConsumer(2_000)
                .warmup(Duration.ofMillis(500))
                .inFlightWindow(192)
                .prefetch(200)
                .catchUp(CatchUpPolicy.SKIP)
                .reportInterval(Duration.ofSeconds(2))
                .drainTimeout(Duration.ofMinutes(1))
                .progressTimeout(Duration.ofSeconds(30))
                .build());
  }

  @Test
  void aTotalCountIsDividedAmongProducersRoundingUp() {
    assertThat(workload("count", "10k", "producers", "3").messagesPerProducer()).isEqualTo(3_334);
    assertThat(workload("count", "10k", "producers", "4").messagesPerProducer()).isEqualTo(2_500);
    assertThat(workload("count", "10k").messagesPerProducer()).isEqualTo(10_000);
  }

  @Test
  void aTotalCountWinsOverACountPerProducer() {
    Workload w = workload("pmessages", "5", "count", "100", "producers", "2");

    assertThat(w.messagesPerProducer()).isEqualTo(50);
  }

  @Test
  void aTotalCountNeedsAProducer() {
    assertThatThrownBy(() -> workload("count", "10", "producers", "0"))
        .isInstanceOf(WorkloadException.class)
        .hasMessage("--count needs at least one producer");
  }

  @Test
  void withoutADurationACountEndsTheRun() {
    assertThat(workload("pmessages", "100").duration()).isNull();
    assertThat(workload("count", "100").duration()).isNull();
    assertThat(workload("producers", "0", "cmessages", "100").duration()).isNull();
  }

  @Test
  void aCountPerConsumerWithProducersDoesNotEndTheRun() {
    assertThat(workload("cmessages", "100").duration()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void aDurationGivenBesideACountStays() {
    Workload w = workload("pmessages", "100", "duration", "30s");

    assertThat(w.duration()).isEqualTo(Duration.ofSeconds(30));
    assertThat(w.messagesPerProducer()).isEqualTo(100);
  }

  @Test
  void rateStepsLastTheirTotalLengthEvenWithACount() {
    Workload w = workload("rate-steps", "100,200,4k", "step-duration", "2s", "pmessages", "10");

    assertThat(w.rate()).isEqualTo(RateProfile.stepped(Duration.ofSeconds(2), 100, 200, 4_000));
    assertThat(w.duration()).isEqualTo(Duration.ofSeconds(6));
  }

  @Test
  void rateStepsLastTenSecondsEachByDefaultAndWinOverARate() {
    Workload w = workload("rate", "50", "rate-steps", "100,200");

    assertThat(w.rate()).isEqualTo(RateProfile.stepped(Duration.ofSeconds(10), 100, 200));
    assertThat(w.duration()).isEqualTo(Duration.ofSeconds(20));
  }

  @Test
  void aGivenDurationWinsOverTheStepsLength() {
    assertThat(workload("rate-steps", "100,200", "duration", "5s").duration())
        .isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void ratesAreUnlimitedOrFixed() {
    assertThat(workload("rate", "unlimited").rate()).isEqualTo(RateProfile.unlimited());
    assertThat(workload("rate", "2.5k").rate()).isEqualTo(RateProfile.fixed(2_500));
  }

  @Test
  void aNegativeRateIsRefusedByTheRateStep() {
    assertThatThrownBy(() -> workload("rate", "-5"))
        .hasMessage("rate must be > 0 msg/s (got -5.0); leave the rate out for an unlimited rate");
  }

  @Test
  void thePersistentFlagOrDurableMakesMessagesPersistent() {
    assertThat(workload("flag", "persistent").persistent()).isTrue();
    assertThat(workload("flag", "Persistent,mandatory").persistent()).isTrue();
    assertThat(workload("durable", "true").persistent()).isTrue();
    assertThat(workload("flag", "mandatory").persistent()).isFalse();
    assertThat(workload().persistent()).isFalse();
  }

  @Test
  void flagsOtherThanPersistentAreTheDrivers() {
    assertThat(spec("flag", "persistent, mandatory,immediate").driverFlags())
        .containsExactly("mandatory", "immediate");
    assertThat(WorkloadSpec.empty().driverFlags()).isEmpty();
  }

  @Test
  void aQueuePatternExpandsOverItsRangeAndWinsOverTheQueue() {
    Workload w =
        workload(
            "queue", "ignored",
            "queue-pattern", "q-%d",
            "queue-pattern-from", "1",
            "queue-pattern-to", "3");

    assertThat(w.destinations().names()).containsExactly("q-1", "q-2", "q-3");
  }

  @Test
  void aQueuePatternStartsAtOneByDefault() {
    assertThat(workload("queue-pattern", "q-%d", "queue-pattern-to", "2").destinations().names())
        .containsExactly("q-1", "q-2");
  }

  @Test
  void aQueuePatternNeedsItsEnd() {
    assertThatThrownBy(() -> workload("queue-pattern", "q-%d", "queue-pattern-from", "1"))
        .hasMessage("--queue-pattern (-qp) needs --queue-pattern-to (-qpt), the last number");
  }

  @Test
  void aQueuePatternEndNeedsThePattern() {
    assertThatThrownBy(() -> workload("queue-pattern-to", "3"))
        .hasMessage("--queue-pattern-to (-qpt) needs --queue-pattern (-qp), e.g. -qp perf-test-%d");
  }

  @Test
  void aQueuePatternNeedsOnePlaceholder() {
    assertThatThrownBy(() -> workload("queue-pattern", "q", "queue-pattern-to", "3"))
        .hasMessage("destination pattern 'q' must contain exactly one %d");
  }

  @Test
  void autoAckWinsOverMultipleAcks() {
    assertThat(workload("autoack", "true").ackMode()).isEqualTo(AckMode.AUTO);
    assertThat(workload("autoack", "true", "multi-ack-every", "10").ackMode())
        .isEqualTo(AckMode.AUTO);
    Workload multiple = workload("multi-ack-every", "10");
    assertThat(multiple.ackMode()).isEqualTo(AckMode.MULTIPLE);
    assertThat(multiple.ackEvery()).isEqualTo(10);
    assertThat(workload("multi-ack-every", "0").ackMode()).isEqualTo(AckMode.EACH);
  }

  @Test
  void anOverrideReplacesWhatItSetsAndKeepsTheRest() {
    WorkloadSpec base = spec("producers", "4", "size", "1KiB", "duration", "30s");
    WorkloadSpec overrides = spec("size", "2KiB", "count", "100k");

    WorkloadSpec layered = base.overriddenBy(overrides);

    assertThat(layered)
        .isEqualTo(spec("producers", "4", "size", "2KiB", "duration", "30s", "count", "100k"));
    Workload w = layered.toWorkload();
    assertThat(w.producers()).isEqualTo(4);
    assertThat(w.messageBytes()).isEqualTo(2_048);
    assertThat(w.messagesPerProducer()).isEqualTo(25_000);
    assertThat(w.duration()).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void notSetIsNotTheDefaultSoItNeverOverrides() {
    WorkloadSpec base = spec("duration", "30s", "queue", "orders");

    WorkloadSpec layered = base.overriddenBy(WorkloadSpec.empty());

    assertThat(layered).isEqualTo(base);
    assertThat(layered.isSet(WorkloadOption.PRODUCERS)).isFalse();
    assertThat(layered.valueOrDefault(WorkloadOption.PRODUCERS)).isEqualTo(1);
  }

  @Test
  void anOverrideThatSetsTheDefaultStillOverrides() {
    WorkloadSpec layered = spec("producers", "4").overriddenBy(spec("producers", "1"));

    assertThat(layered.value(WorkloadOption.PRODUCERS)).contains(1);
  }

  @Test
  void aCountOverABaseWithoutDurationEndsOnTheCountAndOverABaseDurationKeepsIt() {
    assertThat(spec("size", "1k").overriddenBy(spec("count", "10")).toWorkload().duration())
        .isNull();
    assertThat(spec("duration", "5s").overriddenBy(spec("count", "10")).toWorkload().duration())
        .isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void anOverrideSayingOneThingAnotherWayReplacesTheBasesWay() {
    assertThat(spec("count", "100").overriddenBy(spec("pmessages", "7")))
        .isEqualTo(spec("pmessages", "7"));
    assertThat(spec("pmessages", "7").overriddenBy(spec("count", "100")))
        .isEqualTo(spec("count", "100"));
    assertThat(
            spec("queue-pattern", "q-%d", "queue-pattern-from", "0", "queue-pattern-to", "3")
                .overriddenBy(spec("queue", "orders"))
                .toWorkload()
                .destinations())
        .isEqualTo(Destinations.single("orders"));
    assertThat(spec("queue", "orders").overriddenBy(spec("queue-pattern", "q-%d")))
        .isEqualTo(spec("queue-pattern", "q-%d"));
    assertThat(spec("rate-steps", "1,2", "step-duration", "1s").overriddenBy(spec("rate", "5")))
        .isEqualTo(spec("rate", "5"));
    assertThat(spec("rate", "5").overriddenBy(spec("rate-steps", "1,2")))
        .isEqualTo(spec("rate-steps", "1,2"));
  }

  @Test
  void anOverrideOfARangeKeepsTheBasesPattern() {
    WorkloadSpec layered =
        spec("queue-pattern", "q-%d", "queue-pattern-to", "3")
            .overriddenBy(spec("queue-pattern-to", "5"));

    assertThat(layered.toWorkload().destinations().count()).isEqualTo(5);
  }

  @Test
  void aNullValueUnsetsAnOption() {
    WorkloadSpec spec = spec("duration", "30s").with(WorkloadOption.DURATION, null);

    assertThat(spec).isEqualTo(WorkloadSpec.empty());
  }

  @Test
  void typedAndTextValuesAreTheSame() {
    WorkloadSpec typed =
        WorkloadSpec.empty()
            .with(WorkloadOption.SIZE, 1_024)
            .with(WorkloadOption.RATE_STEPS, List.of(100.0, 200.0));

    assertThat(typed).isEqualTo(spec("size", "1KiB", "rate-steps", "100,200"));
    assertThat(typed.value(WorkloadOption.SIZE)).contains(1_024);
  }

  @Test
  void aliasesNameTheSameOption() {
    assertThat(
            spec("body-size", "100", "time", "5s", "confirm", "8", "qos", "3", "destination", "d"))
        .isEqualTo(
            spec("size", "100", "duration", "5s", "in-flight", "8", "prefetch", "3", "queue", "d"));
  }

  @Test
  void twoNamesOfOneOptionAreRefused() {
    assertThatThrownBy(() -> spec("size", "100", "body-size", "200"))
        .isInstanceOf(WorkloadException.class)
        .hasMessage("size and body-size are the same option: give one of them");
  }

  @Test
  void anUnknownNameListsTheKnownOnes() {
    assertThatThrownBy(() -> spec("bodysize", "100"))
        .isInstanceOf(WorkloadException.class)
        .hasMessageStartingWith(
            "unknown workload option 'bodysize': use one of producers, consumers,")
        .hasMessageEndingWith(
            ", request-reply, reply-timeout, replier-delay, connections, connection-channels,"
                + " connection-rate, connection-send-rate");
  }

  @Test
  void aBacklogIsACountOrASizeInMessagesOfTheRunsSize() {
    assertThat(spec("backlog", "500k").toWorkload().backlog())
        .isEqualTo(new Backlog(500_000, false));
    Workload bytes = spec("backlog", "1MiB", "size", "1KiB").toWorkload();
    assertThat(bytes.backlog().messages()).isEqualTo(1_024);
    assertThat(spec("backlog", "10", "size", "3").toWorkload().backlog().messages()).isEqualTo(10);
    assertThat(spec("backlog", "10B", "size", "3").toWorkload().backlog().messages()).isEqualTo(4);
  }

  @Test
  void producersThatStopAfterTheBacklogSendItAllAndEndTheRun() {
    Workload w =
        spec("backlog", "1000", "backlog-producers", "stop", "producers", "3").toWorkload();

    assertThat(w.producerLimit()).isEqualTo(334);
    assertThat(w.duration()).isNull();
    assertThat(spec("backlog", "1000").toWorkload().producerLimit()).isZero();
  }

  @Test
  void aBadBacklogNamesTheOption() {
    assertThatThrownBy(() -> spec("backlog", "lots").toWorkload())
        .hasMessageStartingWith("backlog: 'lots' is not a count");
    assertThatThrownBy(() -> spec("backlog-producers", "pause").toWorkload())
        .hasMessage("backlog-producers: 'pause' is not continue or stop");
    assertThatThrownBy(() -> spec("backlog", "10", "consumers", "0").toWorkload())
        .hasMessage(
            "a backlog needs producers to build it and consumers to drain it (got 1 producer(s),"
                + " 0 consumer(s))");
  }

  @Test
  void aBadValueNamesTheOptionTheValueAndWhatToWrite() {
    assertThatThrownBy(() -> spec("size", "1kk"))
        .isInstanceOf(WorkloadException.class)
        .hasMessage(
            "size: '1kk' is not a size: use a whole number of bytes, optionally with k or kB (1000),"
                + " KiB (1024), m or MB, MiB, g or GB, GiB");
    assertThatThrownBy(() -> spec("producers", "3g"))
        .hasMessage("producers: '3g' is too large: use at most 2147483647");
    assertThatThrownBy(() -> spec("autoack", "yes"))
        .hasMessage("autoack: 'yes' is not a boolean: use true or false");
    assertThatThrownBy(() -> spec("catch-up", "later"))
        .hasMessage("catch-up: 'later' is not a catch-up policy: use burst or skip");
    assertThatThrownBy(() -> spec("rate-steps", "100,fast"))
        .hasMessage(
            "rate-steps: 'fast' is not a rate: use a number of msg/s, optionally with k or m (10k),"
                + " or unlimited");
  }

  @Test
  void aValueThatParsesButIsOutOfRangeIsRefusedByTheWorkload() {
    assertThatThrownBy(() -> workload("size", "0"))
        .hasMessageStartingWith("message size must be between 1 and ");
  }
}
