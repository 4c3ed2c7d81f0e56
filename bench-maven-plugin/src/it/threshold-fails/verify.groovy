// The run wrote everything, the verify goal failed the build and said which run and why.
def run = new File(basedir, 'target/brokerbench/too-many')
['result.json', 'thresholds.xml', 'report.html', 'console.txt', 'exit-code'].each {
  assert new File(run, it).isFile() : "missing $it"
}
assert new File(run, 'exit-code').text.trim() == '4'
def result = new groovy.json.JsonSlurper().parse(new File(run, 'result.json'))
assert result.totals.counts.sent == 2000
assert result.thresholds.find { it.threshold == 'sent >= 3000' }.passed == false
assert result.thresholds.find { it.threshold == 'lost == 0' }.passed == true
assert new File(run, 'thresholds.xml').text.contains('<failure')
def log = new File(basedir, 'build.log').text
assert log.contains('too-many: a threshold does not hold (exit 4), results in')
assert log.contains('1 of 1 runs did not hold')
assert !log.contains('\tat ') : 'a stack trace'
true
