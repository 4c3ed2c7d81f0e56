package io.brokerbench.junit;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives test methods a {@link BenchmarkRunner} whose runs keep their files in {@code
 * target/brokerbench/<test class>/<test method>} (or under the directory the system property
 * {@value #OUTPUT_PROPERTY} names), where CI keeps them as artifacts.
 */
public final class BrokerbenchExtension implements ParameterResolver {
  /** The system property naming the directory the tests' run directories go into. */
  public static final String OUTPUT_PROPERTY = "brokerbench.output";

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == BenchmarkRunner.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Path root = Path.of(System.getProperty(OUTPUT_PROPERTY, "target/brokerbench"));
    String testClass = context.getRequiredTestClass().getSimpleName();
    String method = context.getTestMethod().map(m -> m.getName()).orElse("test");
    String display = context.getDisplayName();
    // A parameterized or repeated test runs once per display name: each gets its own directory.
    String test =
        display.startsWith(method + "(")
            ? method
            : method + "-" + display.replaceAll("[^A-Za-z0-9_.-]+", "_");
    return new BenchmarkRunner(root.resolve(testClass).resolve(test), System::getenv);
  }
}
