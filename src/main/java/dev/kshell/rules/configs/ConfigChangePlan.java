package dev.kshell.rules.configs;

import dev.kshell.model.ConfigEntity;
import dev.kshell.model.ConfigOp;
import dev.kshell.grammar.Tokenizer;

import java.util.ArrayList;
import java.util.List;

/**
 * A planned change of one entity's configs, as the operator reads it and the audit log keeps it: each key before and
 * after with what it means, secrets masked. Holds no secret: the values sent to Kafka stay with the workflow.
 *
 * @param entity      whose configs
 * @param rows        one per key, in the order given
 * @param readOnly    one sentence per key Kafka cannot change at run time (the plan is then refused, exit 3)
 * @param losses      one sentence per change that can lose acknowledged records (the typed phrase), empty if none
 * @param notes       what else to know (eligible leader replicas, a secret's undo)
 * @param undo        the changes that put every changed key back as it was (empty when nothing changes)
 * @param undoProblem why no complete undo can be given (a secret's old value cannot be read back), or null
 */
public record ConfigChangePlan(ConfigEntity entity, List<Row> rows, List<String> readOnly, List<String> losses,
                               List<String> notes, List<ConfigOp> undo, String undoProblem) {

    /**
     * One key.
     *
     * @param key          the config key
     * @param before       the value in force before (masked for a secret), or null when none is set anywhere
     * @param beforeSource where it came from (Kafka's source name), or null
     * @param after        the value in force after (masked; for a deletion the next level's, when known), or null
     * @param afterSource  where it will come from, or null when not known before the change
     * @param deletes      the change removes the entity's own value
     * @param changes      false when the key already is as asked (nothing is sent for it)
     * @param meaning      what the new value means, or null
     */
    public record Row(String key, String before, String beforeSource, String after, String afterSource,
                      boolean deletes, boolean changes, String meaning) {
    }

    public ConfigChangePlan {
        rows = List.copyOf(rows);
        readOnly = List.copyOf(readOnly);
        losses = List.copyOf(losses);
        notes = List.copyOf(notes);
        undo = List.copyOf(undo);
    }

    /** True when every key already is as asked. */
    public boolean nothingToDo() {
        return rows.stream().noneMatch(Row::changes);
    }

    public boolean loses() {
        return !losses.isEmpty();
    }

    /** The phrase a person types for a loss: the entity and the first loss-enabling setting, as typed. */
    public String phrase() {
        for (Row r : rows) {
            if (r.changes() && losses.stream().anyMatch(l -> l.startsWith(r.key() + "="))) {
                return entity.words() + " " + r.key() + "=" + r.after();
            }
        }
        return entity.words();
    }

    /** The keys that change. */
    public List<String> changedKeys() {
        return rows.stream().filter(Row::changes).map(Row::key).toList();
    }

    /**
     * The kshell command lines that undo the change: one {@code configs set} for the values to put back and one
     * {@code configs delete} for those to remove (most changes need one of the two).
     */
    public List<String> undoCommands() {
        return commands(entity, undo);
    }

    /** {@code configs set ENTITY k=v...} and / or {@code configs delete ENTITY k...} for {@code ops}. */
    public static List<String> commands(ConfigEntity entity, List<ConfigOp> ops) {
        List<String> sets = new ArrayList<>();
        List<String> deletes = new ArrayList<>();
        for (ConfigOp op : ops) {
            if (op.deletes()) {
                deletes.add(op.key());
            } else {
                sets.add(Tokenizer.quote(op.key() + "=" + op.value()));
            }
        }
        List<String> out = new ArrayList<>();
        if (!sets.isEmpty()) {
            out.add("configs set " + entity.words() + " " + String.join(" ", sets));
        }
        if (!deletes.isEmpty()) {
            out.add("configs delete " + entity.words() + " " + String.join(" ", deletes));
        }
        return out;
    }
}
