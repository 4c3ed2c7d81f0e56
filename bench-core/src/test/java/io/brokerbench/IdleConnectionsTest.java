package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.ConnectionsResult;
import io.brokerbench.result.ProducerIntegrity;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.TestResults;
import io.brokerbench.result.Warning;
import io.brokerbench.workload.ConnectionLossPolicy;
import io.brokerbench.workload.Connections;
import io.brokerbench.workload.RateProfile;
import io.brokerbench.workload.RequestReply;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadException;
import io.brokerbench.workload.WorkloadSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A many-connections run: idle connections opened before the run at their rate, held for its
 * duration and closed; the result has how they opened and what they cost. The figures against a
 * real broker are the drivers' integration tests'.
 */
class IdleConnectionsTest {
  private static Workload connectionsAlone(Connections connections) {
    return Workload.builder()
        .producers(0)
        .consumers(0)
        .connections(connections)
        .duration(Duration.ofMillis(200))
        .reportInterval(Duration.ofMillis(100))
        .build();
  }

  @Test
  void aRunOfConnectionsAloneOpensHoldsAndClosesThem() throws Exception {
    RunResult result =
        BenchmarkRun.builder(connectionsAlone(new Connections(50, 2, 500)))
            .driver("loopback")
            .build()
            .run();

    ResultSchema.assertValid(result);
    assertThat(result.ending().status()).isEqualTo(RunResult.COMPLETED);
    ConnectionsResult c = result.extras().connections();
    assertThat(c.target()).isEqualTo(50);
    assertThat(c.channels()).isEqualTo(2);
    assertThat(c.opened()).isEqualTo(50);
    assertThat(c.failed()).isZero();
    // At 500 connections/s, the 50th is due 98 ms after the first.
    assertThat(c.openSeconds()).isGreaterThanOrEqualTo(0.098);
    assertThat(c.brokerMemorySource()).isNull();
    assertThat(c.brokerBytesPerConnection()).isEqualTo(-1);
    assertThat(result.figures().latency().get(LatencyKind.CONNECT.key()).count()).isEqualTo(50);
    assertThat(result.figures().latency().get(LatencyKind.CONNECT_FROM_START.key()).count())
        .isEqualTo(50);
    assertThat(c.describeBroker()).isEqualTo("not read (the driver cannot ask its broker)");
  }

  @Test
  void aConnectionCountAboveTheFileLimitIsRefusedSayingHowToRaiseIt() {
    assertThatThrownBy(
            () ->
                BenchmarkRun.builder(connectionsAlone(new Connections(10_000_000, 1, 100)))
                    .driver("loopback")
                    .build()
                    .run())
        .isInstanceOf(WorkloadException.class)
        .hasMessageStartingWith("--connections 10000000 needs as many open files")
        .hasMessageContaining("ulimit -n")
        .hasMessageEndingWith("or split the connections over several processes with --shard I/N");
  }

  @Test
  void connectionsNeedADurationToBeHeldFor() {
    assertThatThrownBy(
            () ->
                Workload.builder()
                    .producers(1)
                    .messagesPerProducer(10)
                    .connections(new Connections(10, 1, 100))
                    .build())
        .hasMessage("a run with idle connections holds them for its duration: give --duration");
    assertThatThrownBy(() -> Workload.builder().producers(0).consumers(0).build())
        .hasMessage(
            "a run needs at least one producer or one consumer, or idle connections"
                + " (--connections)");
    assertThatThrownBy(() -> new Connections(10, 0, 100))
        .hasMessage("each idle connection needs at least one channel or session (got 0)");
  }

  @Test
  void shardsSplitTheConnectionsAndTheirRate() {
    Workload whole = connectionsAlone(new Connections(10, 2, 30));

    List<Connections> parts =
        List.of(
            Shard.of(whole, 0, 3).workload().connections(),
            Shard.of(whole, 1, 3).workload().connections(),
            Shard.of(whole, 2, 3).workload().connections());

    assertThat(parts).extracting(Connections::count).containsExactly(4, 3, 3);
    assertThat(parts).extracting(Connections::openRate).containsExactly(12.0, 9.0, 9.0);
    assertThat(parts).extracting(Connections::channels).containsOnly(2);
  }

  @Test
  void mergedShardsAddTheirConnectionsAndTakeTheBrokerGrowthOverAll() {
    ConnectionsResult a =
        new ConnectionsResult(
            100, 2, 100, 0, Map.of(), null, 1.0, 100, 0.5, 20_000, 30_000, 10, 14, "api", 1_000_000,
            5_000_000, 2_000_000, 40_000, null);
    ConnectionsResult b =
        new ConnectionsResult(
            100,
            2,
            90,
            10,
            Map.of("refused", 10L),
            "refused",
            2.0,
            45,
            0.5,
            10_000,
            20_000,
            10,
            14,
            "api",
            1_200_000,
            9_000_000,
            2_000_000,
            86_666,
            null);

    ConnectionsResult merged = a.plus(b);

    assertThat(merged.target()).isEqualTo(200);
    assertThat(merged.opened()).isEqualTo(190);
    assertThat(merged.failures()).containsEntry("refused", 10L);
    assertThat(merged.openSeconds()).isEqualTo(2.0);
    assertThat(merged.openPerSecond()).isEqualTo(95.0);
    // Weighted by the connections each opened.
    assertThat(merged.clientHeapBytesPerConnection()).isEqualTo((20_000 * 100 + 10_000 * 90) / 190);
    // From the lowest reading before to the highest holding them all.
    assertThat(merged.brokerBytesPerConnection()).isEqualTo((9_000_000 - 1_000_000) / 190);
    assertThat(merged.warnings())
        .extracting(Warning::message)
        .containsExactly(
            "CONNECTIONS: 10 of 200 idle connections failed to open {refused=10}; first: refused");
  }

  @Test
  void heldConnectionsSendTheirLightRateMeasuredLikeAnyProducer() throws Exception {
    Workload workload =
        Workload.builder()
            .producers(1)
            .consumers(1)
            .rate(RateProfile.fixed(100))
            .connections(new Connections(20, 1, Double.POSITIVE_INFINITY, 25))
            .inFlightWindow(100)
            .duration(Duration.ofMillis(400))
            .reportInterval(Duration.ofMillis(100))
            .build();

    RunResult result = BenchmarkRun.builder(workload).driver("loopback").build().run();

    ResultSchema.assertValid(result);
    assertThat(result.ending().status()).isEqualTo(RunResult.COMPLETED);
    assertThat(result.setup().workload().connectionSendRate()).isEqualTo(25.0);
    // The workload's producer is producer 0; the connections' traffic is producer 1.
    assertThat(result.figures().integrityByProducer())
        .extracting(p -> p.producer())
        .containsExactly(0, 1);
    ProducerIntegrity traffic = result.figures().integrityByProducer().get(1);
    // 20 connections x 25 msg/s x 0.4 s and the producer's 100 msg/s x 0.4 s, each sent or
    // counted unsent (a loaded machine sends fewer), each sent one confirmed and received.
    assertThat(result.figures().totals().counts().sent() + TestResults.unsent(result))
        .isBetween(239L, 241L);
    assertThat(traffic.accepted()).isPositive();
    assertThat(traffic.unique()).isEqualTo(traffic.accepted());
    assertThat(traffic.lost()).isZero();
    assertThat(result.figures().totals().counts().sent())
        .isEqualTo(traffic.accepted() + result.figures().integrityByProducer().get(0).accepted());
    assertThat(result.figures().integrity().lost()).isZero();
  }

  @Test
  void aSendRateNeedsConnectionsAndPlainMessagesThatAreNotReopened() {
    assertThatThrownBy(
            () ->
                WorkloadSpec.of(Map.of("connection-send-rate", "1", "consumers", "1")).toWorkload())
        .hasMessage(
            "--connection-send-rate needs idle connections to send on: give --connections N");
    Workload.Builder sending =
        Workload.builder()
            .producers(1)
            .consumers(1)
            .connections(new Connections(10, 1, 100, 1))
            .duration(Duration.ofSeconds(1));
    assertThatThrownBy(
            () ->
                sending
                    .requestReply(new RequestReply(true, Duration.ofSeconds(5), Duration.ZERO))
                    .build())
        .hasMessage(
            "held connections send plain messages, not requests: leave out"
                + " --connection-send-rate or --request-reply");
    assertThatThrownBy(
            () ->
                sending
                    .requestReply(RequestReply.OFF)
                    .connectionLoss(ConnectionLossPolicy.RECONNECT)
                    .build())
        .hasMessage(
            "held connections are not opened again once lost: with --connection-send-rate use"
                + " --on-connection-loss fail");
  }

  @Test
  void everyShardKeepsTheSendRateAndHasATrafficProducerOfItsOwn() {
    Workload whole =
        Workload.builder()
            .producers(0)
            .consumers(3)
            .connections(new Connections(2, 1, 100, 0.5))
            .duration(Duration.ofSeconds(1))
            .build();

    List<Shard.Part> parts =
        List.of(Shard.of(whole, 0, 3), Shard.of(whole, 1, 3), Shard.of(whole, 2, 3));

    assertThat(parts).extracting(p -> p.workload().connections().sendRate()).containsOnly(0.5);
    // The third shard has no connection of its own, but its consumers may read the others'.
    assertThat(parts)
        .extracting(p -> p.workload().connections().sending())
        .containsExactly(true, true, false);
    assertThat(parts).extracting(p -> p.shard().trafficProducer()).containsExactly(0, 1, 2);
    assertThat(parts).extracting(p -> p.shard().trafficProducers(p.workload())).containsOnly(3);
  }
}
