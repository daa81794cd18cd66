# Starts dev.kshell.bench.BenchCluster as a coprocess and waits for its READY line; cluster_stop ends it.
# shellcheck shell=bash
cluster_start() { # args for BenchCluster...
  local cp log="$bench_dir/cluster.log" line
  cp="$(bench_run_classpath)"
  bench_note "starting a cluster ($*); its progress goes to $log"
  # Nodes get 768 MiB by default (the sandbox's 256 MiB): a broker holding ~6,700 of 10,000 partitions' replicas
  # ran out of heap with 256 MiB and was gone minutes after the cluster was ready. bench_node_heap sets another.
  coproc CLUSTER { exec "$bench_java" -Xmx1g -Dkshell.sandbox.jvmOptions=-Xmx"${bench_node_heap:-768m}" -Dkshell.sandbox.readyTimeoutSeconds=900 -Dlogback.configurationFile="$(bench_logback)" -cp "$cp" \
    dev.kshell.bench.BenchCluster --parent $$ "$@" 2>"$log"; }
  cluster_pid=$CLUSTER_PID
  cluster_in="${CLUSTER[1]}"
  if ! read -r -t 1800 line <&"${CLUSTER[0]}" || [[ "$line" != READY* ]]; then
    bench_note "the cluster did not start; the end of $log:"
    tail -n 30 "$log" >&2
    return 1
  fi
  bootstrap="${line#READY }"
  bench_note "cluster ready: $bootstrap ($(grep -m1 'ready in' "$log" | sed 's/cluster: //'))"
}

cluster_stop() {
  if [ -n "${cluster_pid:-}" ]; then
    eval "exec ${cluster_in}>&-" 2>/dev/null || true
    local i
    for i in $(seq 60); do kill -0 "$cluster_pid" 2>/dev/null || break; sleep 1; done
    kill "$cluster_pid" 2>/dev/null || true
    cluster_pid=""
  fi
}

# Grows the cluster to N partitions in all (more topics of the same shape) and waits until they all have leaders.
cluster_grow() {
  local line
  bench_note "growing the cluster to $1 partitions..."
  echo "grow $1" >&"$cluster_in"
  if ! read -r -t 1800 line <&"${CLUSTER[0]}" || [[ "$line" != GROWN* ]]; then
    bench_note "the cluster did not grow; the end of $bench_dir/cluster.log:"
    tail -n 30 "$bench_dir/cluster.log" >&2
    return 1
  fi
  bench_note "cluster grown: $(grep 'grown to' "$bench_dir/cluster.log" | tail -1 | sed 's/cluster: //')"
}

# Kills the cluster's last broker (-9) and waits until its single-replica partitions show no leader.
cluster_kill_broker() {
  local line
  echo kill >&"$cluster_in"
  if ! read -r -t 900 line <&"${CLUSTER[0]}" || [[ "$line" != KILLED* ]]; then
    bench_note "the cluster did not report the kill; the end of $bench_dir/cluster.log:"
    tail -n 30 "$bench_dir/cluster.log" >&2
    return 1
  fi
  bench_note "broker killed: ${line#KILLED } partitions leaderless"
}
