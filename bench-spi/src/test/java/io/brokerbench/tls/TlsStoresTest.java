package io.brokerbench.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.OptionException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsStoresTest {
  private static final String PASSWORD = "s3cret-pw";

  @TempDir static Path dir;
  private static Path keyStore;
  private static Path trustStore;

  /** A self-signed key pair made by the JDK's keytool, and a trust store with its certificate. */
  @BeforeAll
  static void createStores() throws Exception {
    keyStore = dir.resolve("client.p12");
    Process keytool =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                "client",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=brokerbench-test",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                keyStore.toString(),
                "-storepass",
                PASSWORD)
            .redirectErrorStream(true)
            .start();
    keytool.getInputStream().transferTo(OutputStream.nullOutputStream());
    assertThat(keytool.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(keytool.exitValue()).isZero();

    KeyStore keys = KeyStore.getInstance(keyStore.toFile(), PASSWORD.toCharArray());
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("client", keys.getCertificate("client"));
    trustStore = dir.resolve("trust.p12");
    try (OutputStream out = Files.newOutputStream(trustStore)) {
      trust.store(out, PASSWORD.toCharArray());
    }
  }

  @Test
  void declaresTheFourOptionsWithSecretPasswordsAndParsesThem() throws Exception {
    List<DriverOption> declared = TlsStores.OPTIONS.help();
    assertThat(declared)
        .extracting(DriverOption::name)
        .containsExactly("trust-store", "trust-store-password", "key-store", "key-store-password");
    assertThat(declared).filteredOn(DriverOption::secret).hasSize(2);
    Path trustStore = Files.createFile(dir.resolve("parsed-ca.p12"));
    Path keyStore = Files.createFile(dir.resolve("parsed-client.p12"));

    TlsStores stores =
        TlsStores.parse(
            Map.of(
                "trust-store",
                trustStore.toString(),
                "trust-store-password",
                PASSWORD,
                "key-store",
                keyStore.toString(),
                "key-store-password",
                PASSWORD));

    assertThat(stores.trustStore()).isEqualTo(trustStore);
    assertThat(stores.keyStore()).isEqualTo(keyStore);
    assertThat(stores.toString())
        .contains("parsed-ca.p12", "parsed-client.p12")
        .doesNotContain(PASSWORD);
    assertThat(TlsStores.parse(Map.of())).isEqualTo(TlsStores.NONE);
  }

  @Test
  void aStoreFileThatDoesNotExistIsRefusedAsTheOptionsAreRead() {
    String missing = dir.resolve("missing.p12").toString();

    assertThatThrownBy(() -> TlsStores.parse(Map.of("key-store", missing)))
        .isInstanceOf(OptionException.class)
        .hasMessage("key-store must be an existing file: no such file (got '" + missing + "')");
  }

  @Test
  void withoutStoresTheJvmTrustAnchorsApply() throws Exception {
    assertThat(TlsStores.NONE.keyManagers()).isNull();
    assertThat(TlsStores.NONE.trustManagers()).isNotEmpty();
    assertThat(TlsStores.NONE.sslContext().getProtocol()).isEqualTo("TLS");
  }

  @Test
  void aMissingKeyStoreIsOneLineNamingTheFile() {
    Path missing = dir.resolve("missing.p12");

    assertThatThrownBy(() -> new TlsStores(null, null, missing, PASSWORD).sslContext())
        .isInstanceOf(DriverException.class)
        .hasMessage(
            "key-store "
                + missing
                + " does not exist or cannot be read: give a PKCS12 or JKS file");
  }

  @Test
  void aWrongPasswordNamesTheFileButNotThePassword() {
    assertThatThrownBy(() -> new TlsStores(null, null, keyStore, "wrong-pw").sslContext())
        .isInstanceOf(DriverException.class)
        .hasMessage("cannot open key-store " + keyStore + ": wrong key-store-password")
        .hasMessageNotContaining("wrong-pw");
    assertThatThrownBy(() -> new TlsStores(trustStore, "wrong-pw", null, null).sslContext())
        .isInstanceOf(DriverException.class)
        .hasMessage("cannot open trust-store " + trustStore + ": wrong trust-store-password");
  }

  @Test
  void aKeyStoreWithoutAPrivateKeyIsRefused() {
    assertThatThrownBy(() -> new TlsStores(null, null, trustStore, PASSWORD).keyManagers())
        .isInstanceOf(DriverException.class)
        .hasMessageStartingWith("key-store " + trustStore + " holds no private key");
  }

  @Test
  void aFileThatIsNoKeyStoreIsRefused() throws Exception {
    Path text = Files.writeString(dir.resolve("notes.txt"), "not a key store");

    assertThatThrownBy(() -> new TlsStores(text, PASSWORD, null, null).trustManagers())
        .isInstanceOf(DriverException.class)
        .hasMessageContaining("trust-store " + text)
        .hasMessageNotContaining("\n");
  }

  @Test
  void contextsFromTheStoresCompleteAHandshakeWithClientCertificates() throws Exception {
    TlsStores stores = new TlsStores(trustStore, PASSWORD, keyStore, PASSWORD);
    try (SSLServerSocket server =
        (SSLServerSocket)
            stores
                .sslContext()
                .getServerSocketFactory()
                .createServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      server.setNeedClientAuth(true);
      server.setSoTimeout(10_000);
      CompletableFuture<String> peer = new CompletableFuture<>();
      Thread acceptor =
          new Thread(
              () -> {
                try (SSLSocket accepted = (SSLSocket) server.accept()) {
                  accepted.setSoTimeout(10_000);
                  int read = accepted.getInputStream().read();
                  peer.complete(
                      accepted.getSession().getPeerPrincipal().getName() + " sent " + read);
                } catch (Exception e) {
                  peer.completeExceptionally(e);
                }
              },
              "tls-test-acceptor");
      acceptor.setDaemon(true);
      acceptor.start();
      try (SSLSocket client =
          (SSLSocket)
              stores
                  .sslContext()
                  .getSocketFactory()
                  .createSocket(InetAddress.getLoopbackAddress(), server.getLocalPort())) {
        client.setSoTimeout(10_000);
        client.startHandshake();
        client.getOutputStream().write(7);
        client.getOutputStream().flush();

        assertThat(peer.get(10, TimeUnit.SECONDS)).isEqualTo("CN=brokerbench-test sent 7");
      }
    }
  }
}
