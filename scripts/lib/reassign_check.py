#!/usr/bin/env python3
"""Checks one round of scripts/bench-reassign: kshell's exported plan and Kafka's --generate output for the same move.

  reassign_check.py VICTIM KSHELL_PLAN_JSON KAFKA_GENERATE_STDOUT

Kafka's output holds "Current partition replica assignment" (the replicas now, of every partition of the topics) and
"Proposed partition reassignment configuration" (every partition of those topics placed on --broker-list). Checked:
kshell's plan holds exactly the partitions with a replica on VICTIM (by Kafka's current assignment), keeps each one's
replication factor and places none on VICTIM; Kafka's proposal places none on VICTIM and keeps every replication
factor. Prints one line of counts; exit 1 (with the reason on stderr) when a check fails. Standard library only.
"""
import json
import sys


def load_generate(path):
    text = open(path, encoding="utf-8").read()
    blocks = [line for line in text.splitlines() if line.startswith("{")]
    if len(blocks) != 2:
        raise ValueError(f"expected two JSON lines in Kafka's output, found {len(blocks)}")
    return json.loads(blocks[0]), json.loads(blocks[1])


def by_partition(doc):
    return {(p["topic"], p["partition"]): p["replicas"] for p in doc["partitions"]}


def main():
    victim = int(sys.argv[1])
    kshell = by_partition(json.load(open(sys.argv[2], encoding="utf-8")))
    current_doc, proposed_doc = load_generate(sys.argv[3])
    current, proposed = by_partition(current_doc), by_partition(proposed_doc)
    on_victim = {tp for tp, r in current.items() if victim in r}
    problems = []
    if set(kshell) != on_victim:
        problems.append(f"kshell plans {len(kshell)} partitions, {len(on_victim)} have a replica on {victim} "
                        f"(e.g. {sorted(set(kshell) ^ on_victim)[:3]})")
    for tp, r in kshell.items():
        if victim in r or (tp in current and len(r) != len(current[tp])) or len(set(r)) != len(r):
            problems.append(f"kshell's {tp[0]}-{tp[1]} -> {r} (now {current.get(tp)})")
            break
    for tp, r in proposed.items():
        if victim in r or len(r) != len(current.get(tp, r)):
            problems.append(f"Kafka's {tp[0]}-{tp[1]} -> {r} (now {current.get(tp)})")
            break
    changed = sum(1 for tp, r in proposed.items() if r != current.get(tp))
    moved_kshell = sum(len(set(r) - set(current[tp])) for tp, r in kshell.items() if tp in current)
    moved_kafka = sum(len(set(r) - set(current[tp])) for tp, r in proposed.items() if tp in current)
    print(f"topics={len({t for t, _ in current})} partitions={len(current)} on_victim={len(on_victim)} "
          f"kshell_partitions={len(kshell)} kshell_new_replicas={moved_kshell} "
          f"kafka_partitions={len(proposed)} kafka_changed={changed} kafka_new_replicas={moved_kafka}")
    if problems:
        print("; ".join(problems), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
