package dev.kshell.render;

import dev.kshell.model.EntityConfigs;
import dev.kshell.model.TemporaryChange;
import dev.kshell.rules.configs.ConfigChangePlan;
import dev.kshell.rules.configs.ConfigKeys;
import dev.kshell.util.Durations;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** The configs commands' text: an entity's configs, a change's plan and result, the temporary changes. Pure. */
public final class ConfigTables {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss z");

    private ConfigTables() {
    }

    /** {@code configs topic T}: KEY, VALUE, SOURCE, NOTE, incident keys first. */
    public static String entries(EntityConfigs configs, boolean all, String note, int width, boolean color) {
        List<EntityConfigs.Entry> shown = ConfigKeys.ordered(configs, all);
        StringBuilder out = new StringBuilder();
        out.append(configs.entity().words()).append(": ").append(shown.size()).append(" of ")
                .append(configs.entries().size()).append(" configs").append(all ? "" : " (the incident's keys, then every "
                        + "value not Kafka's default; --all for every one)").append('\n');
        if (!shown.isEmpty()) {
            Table t = Table.of("KEY", "VALUE", "SOURCE", "NOTE");
            for (EntityConfigs.Entry e : shown) {
                // rows stay plain: a coloured line near the width would be wrapped (and its colour codes escaped)
                t.row(e.name(), ConfigKeys.shown(e.name(), e.value(), e), ConfigKeys.source(e.source()),
                        e.readOnly() ? "read-only" : e.sensitive() ? "secret" : "");
            }
            out.append(t.render(width, color));
            if (shown.stream().anyMatch(EntityConfigs.Entry::readOnly)) {
                out.append(Prose.text("read-only: Kafka reads it from server.properties at start-up; a change needs "
                        + "each broker's file edited and a restart, one broker at a time", width, 2));
            }
        }
        if (note != null) {
            out.append(Prose.text(note, width, 2));
        }
        return out.toString();
    }

    /** The plan: each key now and after, what it means, notes, losses, the undo. */
    public static String plan(ConfigChangePlan plan, String verb, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        out.append("plan: configs ").append(verb).append(' ').append(plan.entity().words()).append('\n');
        Table t = Table.of("KEY", "NOW", "AFTER");
        for (ConfigChangePlan.Row r : plan.rows()) {
            String after = !r.changes() ? "unchanged" : value(r.after(), r.afterSource(), r.deletes());
            t.row(!r.changes() ? Tone.DIM : plan.losses().stream().anyMatch(l -> l.startsWith(r.key() + "="))
                    ? Tone.BAD : Tone.PLAIN, r.key(), value(r.before(), r.beforeSource(), false), after);
        }
        out.append(t.render(width, color));
        for (ConfigChangePlan.Row r : plan.rows()) {
            if (r.meaning() != null) {
                out.append(Prose.text("  " + r.key() + ": " + r.meaning(), width, 4));
            }
        }
        // colour goes on after wrapping: Prose escapes what it wraps
        plan.readOnly().forEach(l -> out.append(Tone.BAD.paint(Prose.text("  refused: " + l, width, 4), color)));
        plan.notes().forEach(n -> out.append(Prose.text("  note: " + n, width, 4)));
        plan.losses().forEach(l -> out.append(Tone.BAD.paint(Prose.text("  can lose data: " + l, width, 4), color)));
        if (plan.readOnly().isEmpty() && !plan.nothingToDo() && !verb.equals("revert")) { // a revert is an undo
            undo(plan).forEach(u -> out.append("  undo: ").append(u).append('\n'));
        }
        return out.toString();
    }

    /** The undo lines: the commands, or why there is none. */
    public static List<String> undo(ConfigChangePlan plan) {
        if (plan.undoProblem() != null) {
            return List.of("none complete: " + plan.undoProblem());
        }
        return plan.undoCommands();
    }

    private static String value(String value, String source, boolean deleted) {
        if (deleted && value == null) {
            return "(removed: the next level applies)";
        }
        String v = value == null ? "(not set)" : value.isEmpty() ? "\"\"" : value;
        return source == null ? v : v + " (" + ConfigKeys.source(source) + ")";
    }

    /** After the change: each changed key as Kafka reports it now, the undo, a temporary change's reminder. */
    public static String done(ConfigChangePlan plan, EntityConfigs after, TemporaryChange temporary, ZoneId zone) {
        StringBuilder out = new StringBuilder();
        for (String key : plan.changedKeys()) {
            EntityConfigs.Entry e = after.get(key).orElse(null);
            out.append("done: ").append(plan.entity().words()).append(' ').append(key).append(" is now ")
                    .append(e == null ? "(not set)" : value(ConfigKeys.shown(key, e.value(), e), e.source(), false))
                    .append('\n');
        }
        if (temporary != null) {
            out.append("temporary change ").append(temporary.id()).append(": due ")
                    .append(TIME.format(temporary.dueAt().atZone(zone))).append("; until `configs revert ")
                    .append(temporary.id()).append("` (or `configs keep ").append(temporary.id())
                    .append("`) the prompt, status and triage remind of it\n");
        } else {
            undo(plan).forEach(u -> out.append("undo: ").append(u).append('\n'));
        }
        return out.toString();
    }

    /** {@code configs temporary}: what kshell remembers, due ones first. */
    public static String temporary(List<TemporaryChange> changes, Instant now, ZoneId zone, int width,
                                   boolean color) {
        if (changes.isEmpty()) {
            return "no temporary config change is remembered for this cluster\n";
        }
        Table t = Table.of("ID", "ENTITY", "CHANGED", "DUE", "BY", "UNDO");
        for (TemporaryChange c : changes) {
            boolean due = c.due(now);
            String when = due ? "due " + Durations.format(Duration.ofSeconds(
                    Duration.between(c.dueAt(), now).toSeconds())) + " ago"
                    : "in " + Durations.format(Duration.ofSeconds(Duration.between(now, c.dueAt()).toSeconds()));
            t.row(due ? Tone.WARN : Tone.PLAIN, c.id(), c.entity().words(), String.join(" ", c.changed()),
                    when + " (" + TIME.format(c.dueAt().atZone(zone)) + ")", c.by(), "configs revert " + c.id());
        }
        return t.render(width, color);
    }
}
