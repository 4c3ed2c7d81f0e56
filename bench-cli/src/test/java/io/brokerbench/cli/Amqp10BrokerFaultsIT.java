package io.brokerbench.cli;

/** {@link AmqpBrokerFaults} for the AMQP 1.0 driver. */
class Amqp10BrokerFaultsIT extends AmqpBrokerFaults {
  Amqp10BrokerFaultsIT() {
    super("amqp10", 5737);
  }
}
