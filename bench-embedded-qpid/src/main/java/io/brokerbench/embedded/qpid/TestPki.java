package io.brokerbench.embedded.qpid;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HexFormat;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A throw-away public-key infrastructure for the embedded broker's TLS ports, generated at start: a
 * certificate authority, a server certificate for {@code 127.0.0.1} and {@code localhost}, and a
 * client certificate whose common name is a user, each signed by the authority, written as PKCS12
 * files that share one random password.
 *
 * <pre>{@code
 * TestPki pki = TestPki.create(workDir.resolve("tls"), "guest");
 * // broker: key store pki.serverKeyStore(), trust store pki.trustStore()
 * // client: key store pki.clientKeyStore(), trust store pki.trustStore()
 * }</pre>
 *
 * <p>Implementation notes: P-256 EC keys, because generating them takes milliseconds where RSA keys
 * take up to a second on a busy machine; the certificates are signed through the JDK's own
 * providers (BouncyCastle builds them, it is not registered as a provider).
 *
 * @param trustStore the authority's certificate, for both sides' trust stores
 * @param serverKeyStore the server's key and its chain
 * @param clientKeyStore the client's key and its chain
 * @param password the password of every file and key
 * @param clientUser the client certificate's common name
 */
record TestPki(
    Path trustStore, Path serverKeyStore, Path clientKeyStore, String password, String clientUser) {
  private static final String SIGNATURE = "SHA256withECDSA";
  private static final Duration VALIDITY = Duration.ofDays(30);
  private static final Duration CLOCK_SKEW = Duration.ofHours(1);

  /**
   * Generates the authority and both certificates and writes them to {@code dir}.
   *
   * @throws IllegalStateException when a key cannot be generated or a file written
   */
  static TestPki create(Path dir, String clientUser) {
    try {
      Files.createDirectories(dir);
      SecureRandom random = new SecureRandom();
      byte[] secret = new byte[12];
      random.nextBytes(secret);
      String password = HexFormat.of().formatHex(secret);
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(256, random);

      KeyPair caKeys = generator.generateKeyPair();
      X500Name caName = new X500Name("CN=brokerbench embedded broker test CA");
      X509v3CertificateBuilder ca = builder(caName, caName, caKeys, random);
      ca.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
      ca.addExtension(
          Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
      X509Certificate caCertificate = sign(ca, caKeys);

      KeyPair serverKeys = generator.generateKeyPair();
      X509v3CertificateBuilder server =
          leaf(
              caName,
              new X500Name("CN=localhost"),
              serverKeys,
              KeyPurposeId.id_kp_serverAuth,
              random);
      server.addExtension(
          Extension.subjectAlternativeName,
          false,
          new GeneralNames(
              new GeneralName[] {
                new GeneralName(GeneralName.dNSName, "localhost"),
                new GeneralName(GeneralName.iPAddress, "127.0.0.1")
              }));
      X509Certificate serverCertificate = sign(server, caKeys);

      KeyPair clientKeys = generator.generateKeyPair();
      X509Certificate clientCertificate =
          sign(
              leaf(
                  caName,
                  new X500Name("CN=" + clientUser),
                  clientKeys,
                  KeyPurposeId.id_kp_clientAuth,
                  random),
              caKeys);

      TestPki pki =
          new TestPki(
              dir.resolve("ca-trust-store.p12"),
              dir.resolve("server-key-store.p12"),
              dir.resolve("client-key-store.p12"),
              password,
              clientUser);
      KeyStore trust = emptyStore();
      trust.setCertificateEntry("ca", caCertificate);
      write(trust, pki.trustStore, password);
      write(
          keyStore(serverKeys, serverCertificate, caCertificate, password),
          pki.serverKeyStore,
          password);
      write(
          keyStore(clientKeys, clientCertificate, caCertificate, password),
          pki.clientKeyStore,
          password);
      return pki;
    } catch (GeneralSecurityException | OperatorCreationException | IOException e) {
      throw new IllegalStateException(
          "cannot generate the embedded broker's test certificates: " + e.getMessage(), e);
    }
  }

  private static X509v3CertificateBuilder leaf(
      X500Name issuer, X500Name subject, KeyPair keys, KeyPurposeId purpose, SecureRandom random)
      throws IOException {
    X509v3CertificateBuilder builder = builder(issuer, subject, keys, random);
    builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
    builder.addExtension(
        Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyAgreement));
    builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purpose));
    return builder;
  }

  private static X509v3CertificateBuilder builder(
      X500Name issuer, X500Name subject, KeyPair keys, SecureRandom random) {
    Instant now = Instant.now();
    return new JcaX509v3CertificateBuilder(
        issuer,
        new BigInteger(64, random).add(BigInteger.ONE),
        Date.from(now.minus(CLOCK_SKEW)),
        Date.from(now.plus(VALIDITY)),
        subject,
        keys.getPublic());
  }

  private static X509Certificate sign(X509v3CertificateBuilder builder, KeyPair issuerKeys)
      throws OperatorCreationException, GeneralSecurityException {
    return new JcaX509CertificateConverter()
        .getCertificate(
            builder.build(new JcaContentSignerBuilder(SIGNATURE).build(issuerKeys.getPrivate())));
  }

  private static KeyStore keyStore(
      KeyPair keys, X509Certificate certificate, X509Certificate ca, String password)
      throws GeneralSecurityException, IOException {
    KeyStore store = emptyStore();
    store.setKeyEntry(
        "key", keys.getPrivate(), password.toCharArray(), new Certificate[] {certificate, ca});
    return store;
  }

  private static KeyStore emptyStore() throws GeneralSecurityException, IOException {
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    return store;
  }

  private static void write(KeyStore store, Path file, String password)
      throws GeneralSecurityException, IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      store.store(out, password.toCharArray());
    }
  }

  /** Masks the password: a record's default text would show it. */
  @Override
  public String toString() {
    return "TestPki[trustStore="
        + trustStore
        + ", serverKeyStore="
        + serverKeyStore
        + ", clientKeyStore="
        + clientKeyStore
        + ", password=****, clientUser="
        + clientUser
        + "]";
  }
}
