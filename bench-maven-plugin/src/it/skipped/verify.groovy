// -DskipITs skips the load test, as it skips failsafe's.
assert new File(basedir, 'build.log').text.contains('brokerbench: skipped')
assert !new File(basedir, 'target/brokerbench').exists()
true
