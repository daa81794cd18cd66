# triage.ksh: the incident checklist (docs/commands.md, triage), one read-only step at a time.
#
#   run scripts/runbooks/triage.ksh
#
# Exit 0 when the cluster is HEALTHY, 1 when triage finds problems (its next steps are printed above the verdict),
# 4 when the cluster cannot be reached. Nothing here changes the cluster.

echo "1/5 quorum: is there a leader, is it stable, are the voters caught up?"
quorum
echo "2/5 brokers: registered, fenced, missing"
brokers
echo "3/5 leaderless partitions, by topic"
leaderless
echo "4/5 partitions under min ISR (writes with acks=all fail)"
under-min-isr
echo "5/5 verdict and the next command to run"
triage
assert result.verdict == 'HEALTHY' : "triage: the cluster is not healthy; follow the next steps above"
