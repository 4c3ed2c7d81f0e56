package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CreditWindowTest {

  @Test
  void topsUpToTheWindowOnceHalfIsUsed() {
    CreditWindow credit = new CreditWindow(10);
    assertThat(credit.initial()).isEqualTo(10);

    for (int i = 0; i < 4; i++) {
      assertThat(credit.onDelivery()).isZero();
    }
    assertThat(credit.onDelivery()).isEqualTo(5);
    assertThat(credit.onDelivery()).isZero();
  }

  @Test
  void aWindowOfOneRefillsEveryDelivery() {
    CreditWindow credit = new CreditWindow(1);
    credit.initial();

    assertThat(credit.onDelivery()).isEqualTo(1);
    assertThat(credit.onDelivery()).isEqualTo(1);
  }
}
