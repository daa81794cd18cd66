# restore-preferred.ksh: after maintenance (a rolling restart, a replaced broker), move partition leadership back
# to the preferred replicas so that load is balanced again.
#
#   run scripts/runbooks/restore-preferred.ksh [--param deadline=15m] [--dry-run] [--yes]

param deadline = 15m

echo "== 1. is every broker back?"
quorum
brokers
wait-until cluster.leaderless().isEmpty() and cluster.underMinIsr().isEmpty() \
    --timeout ${deadline} --every 15s
confirm "Maintenance finished and every broker back: restore preferred leaders for all topics?"

echo "== 2. preferred leader election (plan first)"
elect preferred --all

echo "== 3. verify"
leaderless
assert result.total == 0 : "the election left partitions leaderless"
under-min-isr
assert result.total == 0 : "partitions are under min ISR after the election"
triage
assert result.verdict == 'HEALTHY' : "triage is not healthy after restoring preferred leaders"
