#!/usr/bin/env python3
"""Prints the partitions ("topic-N", sorted, one a line) that a tool reported, for scripts/bench-scan.

  partitions.py kshell FILE        kshell --output json of leaderless / under-min-isr:
                                   {"topics": [{"topic": T, "partitions": [{"topic": T, "partition": N, ...}]}]}
  partitions.py topic-command FILE kafka-topics --describe output: lines with "Topic: T<tab>Partition: N"
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


def main():
    kind, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    parts = kshell(text) if kind == "kshell" else topic_command(text)
    for name in sorted(parts):
        print(name)


if __name__ == "__main__":
    main()
