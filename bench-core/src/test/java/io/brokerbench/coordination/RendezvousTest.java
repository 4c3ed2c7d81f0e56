package io.brokerbench.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.rate.ManualNanoClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RendezvousTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long EPOCH = 1_700_000_000L * SECOND;

  private final ManualNanoClock clock = new ManualNanoClock(0, EPOCH);

  private Rendezvous rendezvous(Rendezvous.WhenMissing whenMissing) {
    return new Rendezvous(3, Duration.ofSeconds(60), whenMissing, clock);
  }

  @Test
  void startsOnceEveryShardIsReadyAtOneInstantJustAhead() {
    Rendezvous r = rendezvous(Rendezvous.WhenMissing.FAIL);
    for (int i = 0; i < 3; i++) {
      assertThat(r.hello(i, 3)).isNull();
    }
    r.ready(0);
    r.ready(2);
    clock.advance(5 * SECOND);
    assertThat(r.decide()).as("shard 1 is still setting up").isNull();

    r.ready(1);
    Rendezvous.Decision d = r.decide();

    assertThat(d.start()).isTrue();
    assertThat(d.starting()).containsExactly(0, 1, 2);
    assertThat(d.missing()).isEmpty();
    assertThat(d.startEpochMillis())
        .isEqualTo((EPOCH + 5 * SECOND + Rendezvous.START_LEAD.toNanos()) / 1_000_000L);
    assertThat(r.decide()).as("decided once").isSameAs(d);
  }

  @Test
  void afterTheBoundStartsWithoutTheMissingAndNamesThem() {
    Rendezvous r = rendezvous(Rendezvous.WhenMissing.START);
    r.hello(0, 3);
    r.hello(1, 3);
    r.ready(0);
    r.ready(1);
    clock.advance(60 * SECOND - 1);
    assertThat(r.decide()).isNull();

    clock.advance(1);
    Rendezvous.Decision d = r.decide();

    assertThat(d.start()).isTrue();
    assertThat(d.starting()).containsExactly(0, 1);
    assertThat(d.missing()).containsExactly(2);
    assertThat(r.hello(2, 3))
        .isEqualTo("the run started without shard 2 (it was not ready in time)");
  }

  @Test
  void afterTheBoundFailsWhenToldToAndStartsNoShard() {
    Rendezvous r = rendezvous(Rendezvous.WhenMissing.FAIL);
    r.hello(0, 3);
    r.ready(0);
    r.hello(1, 3);
    clock.advance(60 * SECOND);

    Rendezvous.Decision d = r.decide();

    assertThat(d.start()).isFalse();
    assertThat(d.starting()).isEmpty();
    assertThat(d.missing()).as("connected but not set up counts as missing").containsExactly(1, 2);
  }

  @Test
  void refusesAShardOfAnotherSplitOrAnIndexTakenOrOutOfRange() {
    Rendezvous r = rendezvous(Rendezvous.WhenMissing.FAIL);
    assertThat(r.hello(0, 4)).startsWith("shard 0/4 is not of this run, which is split into 3");
    assertThat(r.hello(3, 3)).isEqualTo("shard 3 does not exist: this run has shards 0 to 2");
    assertThat(r.hello(1, 3)).isNull();
    assertThat(r.hello(1, 3)).startsWith("shard 1 is already connected");
  }

  @Test
  void aShardThatWentAwayBeforeTheStartMayConnectAgain() {
    Rendezvous r = rendezvous(Rendezvous.WhenMissing.FAIL);
    List.of(0, 1, 2).forEach(i -> r.hello(i, 3));
    r.ready(0);
    r.ready(1);
    r.gone(1);
    r.ready(2);
    assertThat(r.decide()).as("shard 1's ready went with it").isNull();

    assertThat(r.hello(1, 3)).isNull();
    r.ready(1);

    assertThat(r.decide().starting()).containsExactly(0, 1, 2);
  }

  @Test
  void aRestartedCoordinatorTakesTheStartAShardHadAndRefusesShardsNotInIt() {
    Rendezvous r = rendezvous(Rendezvous.WhenMissing.FAIL);
    Message.Start start =
        new Message.Start(EPOCH / 1_000_000 + 2_000, List.of(0, 2), Map.of(0, "a", 2, "b"));

    assertThat(r.rejoin(2, 3, start)).isNull();
    assertThat(r.decide())
        .isEqualTo(
            new Rendezvous.Decision(true, start.startEpochMillis(), List.of(0, 2), List.of(1)));
    assertThat(r.rejoin(1, 3, start))
        .isEqualTo("shard 1 is not part of the run this coordinator follows");
    assertThat(r.hello(1, 3))
        .isEqualTo("the run started without shard 1 (it was not ready in time)");
  }
}
