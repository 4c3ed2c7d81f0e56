package io.brokerbench.embedded.qpid;

import java.nio.file.Path;

/**
 * What a client needs to connect to the embedded broker's TLS ports: a trust store holding the
 * certificate authority that signed the broker's certificate, and a key store with a client
 * certificate that authority signed, both PKCS12 files in the broker's work directory (deleted when
 * the broker is closed).
 *
 * @param trustStore the trust store file (the test authority's certificate)
 * @param trustStorePassword its password
 * @param keyStore the client key store file (the client's key and certificate chain)
 * @param keyStorePassword its password, also the key's
 * @param user the client certificate's common name: the user SASL EXTERNAL authenticates as
 */
public record ClientTls(
    Path trustStore,
    String trustStorePassword,
    Path keyStore,
    String keyStorePassword,
    String user) {

  /** Masks the passwords: a record's default text would show them. */
  @Override
  public String toString() {
    return "ClientTls[trustStore="
        + trustStore
        + ", trustStorePassword=****, keyStore="
        + keyStore
        + ", keyStorePassword=****, user="
        + user
        + "]";
  }
}
