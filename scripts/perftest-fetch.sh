# Sourced by the side-by-side scripts that run RabbitMQ PerfTest: sets ROOT (the repository),
# PERFTEST_VERSION, PERFTEST_DIR and BENCH_JAR unless the environment does, and defines
# fetch_perftest, which puts PerfTest with its runtime dependencies into $PERFTEST_DIR/lib, once.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PERFTEST_VERSION=${PERFTEST_VERSION:-2.22.1}
PERFTEST_DIR=${PERFTEST_DIR:-$HOME/.cache/brokerbench/perftest-$PERFTEST_VERSION}
BENCH_JAR=${BENCH_JAR:-$ROOT/bench-cli/target/bench-cli.jar}

# PerfTest from Maven Central: a scratch pom with the one dependency, copied with its runtime
# dependencies into $PERFTEST_DIR/lib (Maven Central has no uber jar of it).
fetch_perftest() {
  if compgen -G "$PERFTEST_DIR/lib/perf-test-$PERFTEST_VERSION.jar" >/dev/null; then
    return
  fi
  mkdir -p "$PERFTEST_DIR"
  cat >"$PERFTEST_DIR/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.scratch</groupId>
  <artifactId>perftest-fetch</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>com.rabbitmq</groupId>
      <artifactId>perf-test</artifactId>
      <version>$PERFTEST_VERSION</version>
    </dependency>
  </dependencies>
</project>
EOF
  echo "fetching PerfTest $PERFTEST_VERSION into $PERFTEST_DIR/lib" >&2
  "$ROOT/mvnw" -B -q -f "$PERFTEST_DIR/pom.xml" \
    org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$PERFTEST_DIR/lib"
}

