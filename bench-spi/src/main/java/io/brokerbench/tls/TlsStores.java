package io.brokerbench.tls;

import io.brokerbench.spi.DeclaredOption;
import io.brokerbench.spi.DeclaredOptions;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OptionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.UnrecoverableKeyException;
import java.util.Collections;
import java.util.Map;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * The trust store and key store files of a driver's TLS connections, read into an {@link
 * SSLContext} with the JDK alone. Drivers declare the four options through {@link #OPTIONS} and
 * read them with {@link #parse(Map)}, so every driver names and means them alike:
 *
 * <pre>{@code
 * TlsStores stores = TlsStores.parse(Map.of(
 *     "trust-store", "ca.p12", "trust-store-password", "changeit",
 *     "key-store", "client.p12", "key-store-password", "changeit"));
 * SSLContext context = stores.sslContext(); // trusts ca.p12, presents client.p12's certificate
 * }</pre>
 *
 * <p>A store may be PKCS12 or JKS: the JDK tells them apart by their content. Without a trust store
 * the JVM's default trust anchors apply; without a key store no client certificate is presented.
 * Errors are one line naming the option and the file, never a password.
 *
 * @param trustStore the trust store file, or null for the JVM's default trust anchors
 * @param trustStorePassword its password, or null (a PKCS12 trust store can be read without)
 * @param keyStore the key store file with the client's key and certificate, or null for none
 * @param keyStorePassword its password, also the key's, or null
 */
public record TlsStores(
    Path trustStore, String trustStorePassword, Path keyStore, String keyStorePassword) {

  /** The option naming the trust store file. */
  public static final String TRUST_STORE = "trust-store";

  /** The option giving the trust store's password. */
  public static final String TRUST_STORE_PASSWORD = "trust-store-password";

  /** The option naming the key store file (the client certificate). */
  public static final String KEY_STORE = "key-store";

  /** The option giving the key store's password. */
  public static final String KEY_STORE_PASSWORD = "key-store-password";

  /** No stores: the JVM's trust anchors, no client certificate. */
  public static final TlsStores NONE = new TlsStores(null, null, null, null);

  /** The trust store file option. */
  public static final DeclaredOption<Path> TRUST_STORE_FILE =
      DeclaredOption.of(
          TRUST_STORE,
          "TLS trust store file (PKCS12 or JKS) with the broker's certificate authority; the"
              + " JVM's when absent",
          TlsStores::existingFile,
          "an existing file");

  /** The trust store password option. */
  public static final DeclaredOption<String> TRUST_STORE_SECRET =
      DeclaredOption.text(TRUST_STORE_PASSWORD, "TLS trust store password").asSecret();

  /** The key store file option. */
  public static final DeclaredOption<Path> KEY_STORE_FILE =
      DeclaredOption.of(
          KEY_STORE,
          "TLS key store file (PKCS12 or JKS) with the client certificate and key (for SASL"
              + " EXTERNAL)",
          TlsStores::existingFile,
          "an existing file");

  /** The key store password option. */
  public static final DeclaredOption<String> KEY_STORE_SECRET =
      DeclaredOption.text(KEY_STORE_PASSWORD, "TLS key store password (also the key's)").asSecret();

  /** The four options, in documentation order, passwords marked secret. */
  public static final DeclaredOptions OPTIONS =
      DeclaredOptions.of(TRUST_STORE_FILE, TRUST_STORE_SECRET, KEY_STORE_FILE, KEY_STORE_SECRET);

  /**
   * Reads the four options; absent or blank ones are null. The files are read later, by {@link
   * #sslContext()}.
   *
   * @throws OptionException when a file name is not a valid path or names no file
   */
  public static TlsStores parse(Map<String, String> options) {
    return new TlsStores(
        TRUST_STORE_FILE.from(options),
        TRUST_STORE_SECRET.from(options),
        KEY_STORE_FILE.from(options),
        KEY_STORE_SECRET.from(options));
  }

  /** Checked as the options are read, so a missing store is a usage error, not a failed run. */
  private static Path existingFile(String text) {
    Path path;
    try {
      path = Path.of(text);
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException("not a valid file name", e);
    }
    if (!Files.isRegularFile(path)) {
      throw new IllegalArgumentException("no such file");
    }
    return path;
  }

  /**
   * A TLS context that trusts the trust store (or the JVM's anchors) and presents the key store's
   * certificate when a broker asks for one.
   *
   * @throws DriverException naming the option and file when a store cannot be read
   */
  public SSLContext sslContext() throws DriverException {
    return sslContext(trustManagers());
  }

  /**
   * A TLS context that presents the key store's certificate but decides trust with {@code
   * trustManagers} (such as one that trusts any certificate, for tests).
   *
   * @throws DriverException naming the option and file when the key store cannot be read
   */
  public SSLContext sslContext(TrustManager[] trustManagers) throws DriverException {
    KeyManager[] keyManagers = keyManagers();
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keyManagers, trustManagers, null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new DriverException("cannot set up TLS: " + e.getMessage(), e);
    }
  }

  /**
   * The trust managers of the trust store, or of the JVM's default trust anchors without one.
   *
   * @throws DriverException naming the option and file when the trust store cannot be read
   */
  public TrustManager[] trustManagers() throws DriverException {
    KeyStore store = trustStore == null ? null : load(TRUST_STORE, trustStore, trustStorePassword);
    try {
      TrustManagerFactory factory =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init(store);
      return factory.getTrustManagers();
    } catch (GeneralSecurityException e) {
      throw new DriverException(
          "cannot use " + TRUST_STORE + " " + trustStore + ": " + e.getMessage(), e);
    }
  }

  /**
   * The key managers of the key store, or null without one (no client certificate).
   *
   * @throws DriverException naming the option and file when the key store cannot be read, holds no
   *     private key, or its key has another password
   */
  public KeyManager[] keyManagers() throws DriverException {
    if (keyStore == null) {
      return null;
    }
    KeyStore store = load(KEY_STORE, keyStore, keyStorePassword);
    try {
      if (!holdsKey(store)) {
        throw new DriverException(
            KEY_STORE
                + " "
                + keyStore
                + " holds no private key: give a key store with the client's key and"
                + " certificate");
      }
      KeyManagerFactory factory =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      factory.init(store, chars(keyStorePassword));
      return factory.getKeyManagers();
    } catch (UnrecoverableKeyException e) {
      throw new DriverException(
          "cannot read the private key in "
              + KEY_STORE
              + " "
              + keyStore
              + ": its password must be the "
              + KEY_STORE_PASSWORD,
          e);
    } catch (GeneralSecurityException e) {
      throw new DriverException(
          "cannot use " + KEY_STORE + " " + keyStore + ": " + e.getMessage(), e);
    }
  }

  private static boolean holdsKey(KeyStore store) throws KeyStoreException {
    for (String alias : Collections.list(store.aliases())) {
      if (store.isKeyEntry(alias)) {
        return true;
      }
    }
    return false;
  }

  private static KeyStore load(String option, Path file, String password) throws DriverException {
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
      throw new DriverException(
          option + " " + file + " does not exist or cannot be read: give a PKCS12 or JKS file");
    }
    try {
      return KeyStore.getInstance(file.toFile(), chars(password));
    } catch (IOException e) {
      if (e.getCause() instanceof UnrecoverableKeyException) {
        throw new DriverException(
            "cannot open " + option + " " + file + ": wrong " + option + "-password", e);
      }
      throw new DriverException(
          "cannot read "
              + option
              + " "
              + file
              + " ("
              + e.getMessage()
              + "): is it a PKCS12 or JKS file, and is "
              + option
              + "-password right?",
          e);
    } catch (KeyStoreException e) {
      throw new DriverException(
          option + " " + file + " is neither a PKCS12 nor a JKS file: give one of those", e);
    } catch (GeneralSecurityException e) {
      throw new DriverException("cannot read " + option + " " + file + ": " + e.getMessage(), e);
    }
  }

  private static char[] chars(String password) {
    return password == null ? null : password.toCharArray();
  }

  /** Masks the passwords: a record's default text would show them. */
  @Override
  public String toString() {
    return "TlsStores[trustStore="
        + trustStore
        + ", trustStorePassword="
        + (trustStorePassword == null ? null : "****")
        + ", keyStore="
        + keyStore
        + ", keyStorePassword="
        + (keyStorePassword == null ? null : "****")
        + "]";
  }
}
