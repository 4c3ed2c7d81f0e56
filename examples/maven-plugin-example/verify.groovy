// Run by bench-maven-plugin's integration tests after `mvn verify` of this project: both runs
// wrote their files and report, sent what their schedule intended, and lost nothing.
['orders-amqp091', 'orders-amqp10'].each { id ->
  def run = new File(basedir, "target/brokerbench/$id")
  ['result.json', 'report.html', 'thresholds.xml', 'console.txt'].each {
    assert new File(run, it).isFile() : "$id: missing $it"
  }
  assert new File(run, 'exit-code').text.trim() in ['0', '5'] : "$id: exit code"
  def result = new groovy.json.JsonSlurper().parse(new File(run, 'result.json'))
  assert result.status == 'completed'
  assert result.integrity.lost == 0
  assert result.totals.counts.sent > 0
}
true
