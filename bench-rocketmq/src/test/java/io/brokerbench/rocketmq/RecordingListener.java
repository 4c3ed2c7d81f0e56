package io.brokerbench.rocketmq;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import java.util.ArrayList;
import java.util.List;

/** Records what a driver tells the core: confirms as "sequence outcome", retried sequences. */
final class RecordingListener implements SendListener {
  final List<String> confirms = new ArrayList<>();
  final List<Long> retried = new ArrayList<>();

  @Override
  public void onConfirm(long sequence, boolean multiple, SendOutcome outcome) {
    confirms.add(sequence + (multiple ? " multiple " : " ") + outcome);
  }

  @Override
  public void onRetried(long sequence) {
    retried.add(sequence);
  }

  @Override
  public void onReturned(byte[] stamp, int offset) {}

  @Override
  public void onFailure(DriverException failure) {}
}
