package io.brokerbench.cli;

import io.brokerbench.Drivers;
import io.brokerbench.spi.DriverProvider;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code bench drivers}: lists the drivers found on the class path. */
@Command(name = "drivers", description = "Lists the drivers found.")
final class DriversCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    PrintWriter out = spec.commandLine().getOut();
    for (DriverProvider provider : Drivers.available()) {
      out.printf("%-10s %s%n", provider.name(), provider.description());
    }
    out.flush();
  }
}
