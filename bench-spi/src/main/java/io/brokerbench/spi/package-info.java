/**
 * The driver SPI: what a protocol adapter implements so the core can drive a broker.
 *
 * <p>Only JDK types appear here, so an adapter depends on nothing but the broker client it wraps.
 *
 * <h2>Concepts</h2>
 *
 * <ul>
 *   <li>A {@link io.brokerbench.spi.DriverProvider} is found by {@link java.util.ServiceLoader} and
 *       a short name ({@code amqp091}, {@code loopback}); it declares its own options and opens a
 *       {@link io.brokerbench.spi.Driver}.
 *   <li>Each option is declared once as a {@link io.brokerbench.spi.DeclaredOption}: the help a
 *       command line shows and the parsing of the value come from that one declaration. A value an
 *       option does not accept is an {@link io.brokerbench.spi.OptionException} (a usage error),
 *       raised before the driver starts or reaches any broker; options shared by several drivers
 *       are declared once too ({@link io.brokerbench.spi.ConnectTimeout}, {@link
 *       io.brokerbench.spi.StreamStart}, {@code TlsStores}).
 *   <li>A connection failure is classified once by {@link io.brokerbench.spi.ConnectFailure}
 *       (refused, unknown host, timed out, TLS handshake); each driver words it for its protocol.
 *   <li>Set-up and tear-down ({@code declare}, {@code createProducer}, {@code close}) may block and
 *       may throw {@link io.brokerbench.spi.DriverException} with a message for the user.
 *   <li>The per-message path does not allocate: the core hands a producer one reusable {@link
 *       io.brokerbench.spi.OutgoingMessage}, the producer answers {@code trySend} with true or
 *       false (no window or credit now), and completion comes back through one {@link
 *       io.brokerbench.spi.SendListener} per producer keyed by the message's primitive sequence
 *       number. That fits the three flow-control models: AMQP 0.9.1 publisher confirms (delivery
 *       tag with {@code multiple}), AMQP 1.0 credit and settlement, and RocketMQ send callbacks.
 *   <li>The core, not the driver, bounds the number of unconfirmed messages (the in-flight window)
 *       and measures latency; a driver only maps its own correlation (delivery tag, tracker,
 *       callback) back to the sequence number.
 *   <li>Every message carries a {@value io.brokerbench.spi.OutgoingMessage#STAMP_BYTES}-byte stamp
 *       (producer id, sequence, intended send time, schedule slip). It is the start of the body
 *       when the body is large enough, otherwise the driver carries it in a message header or
 *       property.
 * </ul>
 */
package io.brokerbench.spi;
