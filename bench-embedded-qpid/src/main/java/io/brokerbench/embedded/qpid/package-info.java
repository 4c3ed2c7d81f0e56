/**
 * An Apache Qpid Broker-J started inside the generator's process, the broker the AMQP adapters use
 * when the user names none ({@link io.brokerbench.embedded.qpid.EmbeddedQpidBroker}). It is
 * protocol-neutral: one loopback port serves AMQP 0-9-1 and AMQP 1.0.
 */
package io.brokerbench.embedded.qpid;
