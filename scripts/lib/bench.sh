# Shared by scripts/bench-*: builds kshell (through the launcher, which also makes the fast-start archive), resolves
# the bench class path (Maven profile `bench`: kafka-tools, JMH) and compiles src/bench/java with javac.
# shellcheck shell=bash
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bench_dir="$root/target/bench"
bench_classes="$bench_dir/classes"
bench_java="${KSHELL_JAVA:-java}"

bench_note() { echo "bench: $*" >&2; }

# Builds kshell when stale and makes its fast-start archive: `--version` stops before Spring starts.
bench_prepare_kshell() {
  "$root/scripts/kshell" --version >/dev/null
}

# The test class path of the `bench` profile (all of kshell's dependencies, kafka-tools, JMH), one line.
bench_classpath() {
  local file="$bench_dir/classpath.txt"
  mkdir -p "$bench_dir"
  if [ ! -s "$file" ] || [ "$root/pom.xml" -nt "$file" ]; then
    bench_note "resolving the bench class path (mvn -Pbench dependency:build-classpath)..."
    (cd "$root" && mvn -q -B -Pbench dependency:build-classpath -Dmdep.includeScope=test \
      -Dmdep.outputFile="$file" >"$bench_dir/classpath.log" 2>&1) \
      || { cat "$bench_dir/classpath.log" >&2; return 1; }
  fi
  cat "$file"
}

# Compiles src/bench/java (with JMH's annotation processor) when a source is newer than the last compile.
bench_compile() {
  local cp stamp="$bench_classes/.compiled"
  cp="$(bench_classpath)"
  if [ -f "$stamp" ] && [ -z "$(find "$root/src/bench" "$root/target/classes" -newer "$stamp" -name '*.*' -print -quit)" ]; then
    return 0
  fi
  bench_note "compiling src/bench/java..."
  rm -rf "$bench_classes" && mkdir -p "$bench_classes"
  local jmh
  jmh="$(tr ':' '\n' <<<"$cp" | grep -E '/(jmh-core|jmh-generator-annprocess|jopt-simple|commons-math3)-' | paste -sd:)"
  # -processorpath turns annotation processing on explicitly (javac 23+ no longer finds processors by itself).
  javac -nowarn -d "$bench_classes" -cp "$root/target/classes:$cp" -processorpath "$jmh" \
    $(find "$root/src/bench/java" -name '*.java') >"$bench_dir/javac.log" 2>&1 \
    || { cat "$bench_dir/javac.log" >&2; return 1; }
  touch "$stamp"
}

# The run class path: bench classes, kshell's classes, dependencies.
bench_run_classpath() {
  echo "$bench_classes:$root/target/classes:$(bench_classpath)"
}

# A logback configuration that keeps Kafka's client logs (TopicCommand's, BenchCluster's) to warnings on stderr.
bench_logback() {
  local file="$bench_dir/logback-warn.xml"
  cat >"$file" <<'XML'
<configuration>
  <appender name="ERR" class="ch.qos.logback.core.ConsoleAppender">
    <target>System.err</target>
    <encoder><pattern>%-5level %logger{20} - %msg%n</pattern></encoder>
  </appender>
  <root level="WARN"><appender-ref ref="ERR"/></root>
</configuration>
XML
  echo "$file"
}

# Median of numbers on standard input ("NA" lines ignored; "NA" if none).
median() {
  { grep -v '^NA$' || true; } | sort -g | awk '{a[NR]=$1} END {if (NR == 0) print "NA"; else if (NR % 2) print a[(NR+1)/2]; else printf "%.3f\n", (a[NR/2]+a[NR/2+1])/2}'
}

# ratio A B: A/B with two decimals, NA when either is missing.
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN {if (a == "NA" || b == "NA" || b == 0) print "NA"; else printf "%.2f\n", a/b}'
}

# measure ARGS... -> one line "wall=.. cpu=.. rss_kb=.. code=.." (scripts/lib/measure.py).
measure() {
  python3 "$root/scripts/lib/measure.py" "$@"
}

# field NAME LINE: the value of NAME= in a measure line.
field() {
  sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$2"
}
