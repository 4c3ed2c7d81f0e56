/**
 * The brokerbench Maven plugin: the {@code run} and {@code scenario} goals run the command line in
 * a JVM of their own in the integration-test phase, and the {@code verify} goal fails the build on
 * what they found.
 */
package io.brokerbench.maven;
