// The command's own one line, then the goal's: no stack trace, no result to verify.
def log = new File(basedir, 'build.log').text
assert log =~ /bench: .*--rate-limit/
assert log.contains('brokerbench: the command line is wrong (the line above says how)')
assert !log.contains('\tat ')
assert !new File(basedir, 'target/brokerbench/typo/exit-code').exists()
true
