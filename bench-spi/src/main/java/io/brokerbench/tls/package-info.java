/**
 * TLS for drivers: {@link io.brokerbench.tls.TlsStores} turns the {@code trust-store} and {@code
 * key-store} options every driver shares into an {@link javax.net.ssl.SSLContext}. The trust store
 * decides which brokers the client believes; the key store holds the client certificate a broker
 * may require, which with SASL EXTERNAL is also the client's identity.
 */
package io.brokerbench.tls;
