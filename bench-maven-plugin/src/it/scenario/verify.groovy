// Both cells ran (the short variant's 1000 messages each) and the scenario's report was written.
def dir = new File(basedir, 'target/brokerbench/sizes')
assert new File(dir, 'exit-code').text.trim() == '0'
assert new File(dir, 'report.html').isFile()
def results = []
dir.eachFileRecurse { if (it.name == 'result.json') results << it }
assert results.size() == 2
results.each {
  assert new groovy.json.JsonSlurper().parse(it).totals.counts.sent == 1000
}
true
