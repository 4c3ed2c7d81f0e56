package io.brokerbench.spi;

import java.util.ArrayList;
import java.util.List;

/**
 * The options a driver (or a part shared by drivers, such as TLS stores) declares, in the order to
 * document them.
 *
 * <pre>{@code
 * static final DeclaredOptions OPTIONS = DeclaredOptions.of(URI, QUEUE_TYPE).plus(TlsStores.OPTIONS);
 * public List<DriverOption> options() { return OPTIONS.help(); }
 * }</pre>
 *
 * @param all the declarations
 */
public record DeclaredOptions(List<DeclaredOption<?>> all) {

  /** Copies the list. */
  public DeclaredOptions {
    all = List.copyOf(all);
  }

  /** These declarations, in this order. */
  public static DeclaredOptions of(DeclaredOption<?>... options) {
    return new DeclaredOptions(List.of(options));
  }

  /** These options followed by {@code more}'s. */
  public DeclaredOptions plus(DeclaredOptions more) {
    List<DeclaredOption<?>> joined = new ArrayList<>(all);
    joined.addAll(more.all);
    return new DeclaredOptions(joined);
  }

  /** The options as {@link DriverProvider#options()} lists them for help and name checks. */
  public List<DriverOption> help() {
    return all.stream().map(DeclaredOption::help).toList();
  }
}
