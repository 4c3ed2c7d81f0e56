// Stopped at its timeout: the goal said so, and the run wrote what it had (an interrupted result).
def log = new File(basedir, 'build.log').text
assert log.contains('brokerbench: the run did not end within 10 s and was stopped; its results so far are in')
assert log.contains('give it longer with <timeout> or -Dbrokerbench.timeout')
assert !log.contains('\tat ')
def run = new File(basedir, 'target/brokerbench/too-long')
def result = new groovy.json.JsonSlurper().parse(new File(run, 'result.json'))
assert result.status == 'interrupted'
assert result.integrity.unique > 0  // sent and received before the stop (in the warm-up: totals leave it out)
assert !new File(run, 'exit-code').exists()
true
