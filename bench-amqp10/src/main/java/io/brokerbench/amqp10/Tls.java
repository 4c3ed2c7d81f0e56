package io.brokerbench.amqp10;

import io.brokerbench.spi.DriverException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** The TLS context for the AMQP 0.9.1 topology connection, from the driver's store options. */
final class Tls {
  private Tls() {}

  static SSLContext context(Amqp10Config config) throws DriverException {
    try {
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(load(config.trustStore(), config.trustStorePassword()));
      KeyManagerFactory keys = null;
      if (config.keyStore() != null) {
        keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(
            load(config.keyStore(), config.keyStorePassword()), chars(config.keyStorePassword()));
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keys == null ? null : keys.getKeyManagers(), trust.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException | IOException e) {
      throw new DriverException("cannot set up TLS: " + e.getMessage(), e);
    }
  }

  private static KeyStore load(String path, String password)
      throws GeneralSecurityException, IOException {
    if (path == null) {
      return null;
    }
    KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
    try (InputStream in = Files.newInputStream(Path.of(path))) {
      store.load(in, chars(password));
    }
    return store;
  }

  private static char[] chars(String password) {
    return password == null ? null : password.toCharArray();
  }
}
