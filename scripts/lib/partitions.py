#!/usr/bin/env python3
"""Prints the partitions ("topic-N", sorted, one a line) that a tool reported, for scripts/bench-scan.

  partitions.py kshell FILE        kshell --output json of leaderless / under-min-isr:
                                   {"topics": [{"topic": T, "partitions": [{"topic": T, "partition": N, ...}]}]}
  partitions.py topic-command FILE kafka-topics --describe output: lines with "Topic: T<tab>Partition: N"
  partitions.py kshell-quorum FILE kshell quorum --output json: the leader id and the voter ids
  partitions.py quorum-command FILE kafka-metadata-quorum describe --status: "LeaderId:" and "CurrentVoters:"
"""
import json
import re
import sys


def kshell(text):
    model = json.loads(text)
    out = set()
    for group in model.get("topics", []):
        for p in group.get("partitions", []):
            out.add("%s-%d" % (p.get("topic", group.get("topic")), p["partition"]))
    return out


def topic_command(text):
    return {"%s-%s" % m.groups() for m in re.finditer(r"Topic: (\S+)\s+Partition: (\d+)", text)}


def kshell_quorum(text):
    model = json.loads(text)
    quorum = model.get("quorum", model)
    voters = sorted(v.get("replicaId", v.get("id")) for v in quorum.get("voters", []))
    return {"leader %s" % quorum.get("leaderId"), "voters %s" % ",".join(str(v) for v in voters)}


def quorum_command(text):
    leader = re.search(r"LeaderId:\s+(-?\d+)", text)
    voters = re.search(r"CurrentVoters:\s+(\[.*\])", text)
    ids = sorted(int(i) for i in re.findall(r'"id":\s*(\d+)', voters.group(1))) if voters else []
    if voters and not ids:  # older formats list bare ids: [1,2,3]
        ids = sorted(int(i) for i in re.findall(r"\d+", voters.group(1)))
    return {"leader %s" % (leader.group(1) if leader else None), "voters %s" % ",".join(str(v) for v in ids)}


KINDS = {"kshell": kshell, "topic-command": topic_command, "kshell-quorum": kshell_quorum,
         "quorum-command": quorum_command}


def main():
    kind, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    parts = KINDS[kind](text)
    for name in sorted(parts):
        print(name)


if __name__ == "__main__":
    main()
