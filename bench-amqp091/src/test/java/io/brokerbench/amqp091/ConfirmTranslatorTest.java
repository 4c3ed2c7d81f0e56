package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.TestListeners;
import io.brokerbench.spi.SendListener;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConfirmTranslatorTest {
  private final List<String> calls = new ArrayList<>();
  private final SendListener listener =
      TestListeners.onConfirm(
          (sequence, multiple, outcome) ->
              calls.add(sequence + (multiple ? " multiple " : " single ") + outcome));

  @Test
  void deliveryTagsAreSequencesPlusTheFirstTag() {
    ConfirmTranslator confirms = new ConfirmTranslator(listener);

    assertThat(confirms.inStep(0, 1)).isTrue();
    confirms.acked(1, false);
    confirms.acked(5, true);
    confirms.nacked(6, false);
    confirms.nacked(9, true);

    assertThat(calls)
        .containsExactly(
            "0 single ACCEPTED", "4 multiple ACCEPTED", "5 single REJECTED", "8 multiple REJECTED");
  }

  @Test
  void aChannelOpenedAgainAfterALossGoesOnWithTheRunsSequence() {
    ConfirmTranslator confirms = new ConfirmTranslator(listener);

    assertThat(confirms.inStep(3393, 1)).isTrue();
    assertThat(confirms.inStep(3394, 2)).isTrue();
    confirms.acked(2, true);

    assertThat(calls).containsExactly("3394 multiple ACCEPTED");
  }

  @Test
  void detectsATagOutOfStep() {
    ConfirmTranslator confirms = new ConfirmTranslator(listener);

    assertThat(confirms.inStep(0, 1)).isTrue();
    assertThat(confirms.inStep(41, 42)).isTrue();
    assertThat(confirms.inStep(41, 43)).isFalse();
  }
}
