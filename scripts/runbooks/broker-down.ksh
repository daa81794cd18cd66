# broker-down.ksh: a broker died and the partitions it led may be leaderless.
#
#   run scripts/runbooks/broker-down.ksh [--param deadline=10m] [--param every=10s] [--dry-run] [--yes]
#
# Triage, list what is leaderless, wait for a clean recovery (an in-sync replica takes over, or the broker comes
# back), restore preferred leaders, then check min ISR. It never elects uncleanly: when the wait times out, triage's
# next steps say whether an unclean election is an option, and that stays a separate, explicit decision.

param deadline = 10m
param every = 10s

echo "== 1. triage"
triage
echo "== 2. leaderless partitions, by topic"
leaderless
echo "== 3. waiting up to ${deadline} for every partition to have a live leader"
wait-until cluster.leaderless().isEmpty() --timeout ${deadline} --every ${every}
leaderless
assert result.total == 0 : "partitions are still leaderless; run triage for the options"
echo "== 4. wait for every replica to be back in sync, then move leadership back to the preferred replicas"
# A preferred election needs the preferred replica in the ISR: right after a broker returns it is still catching up.
wait-until cluster.healthy() --timeout ${deadline} --every ${every}
elect preferred --all
echo "== 5. verify: no partition under min ISR"
under-min-isr
assert result.total == 0 : "partitions are under min ISR: acks=all writes still fail until replicas catch up"
triage
assert result.verdict == 'HEALTHY' : "triage still finds problems; see its next steps"
