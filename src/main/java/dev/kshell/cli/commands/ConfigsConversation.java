package dev.kshell.cli.commands;

import dev.kshell.audit.AuditDecision;
import dev.kshell.cli.Invocation;
import dev.kshell.render.ConfigTables;
import dev.kshell.rules.configs.ConfigChangePlan;
import dev.kshell.rules.guard.Risk;
import dev.kshell.workflow.configs.ConfigsWorkflow;
import dev.kshell.workflow.gate.GateOutcome;
import dev.kshell.workflow.gate.MutationGate;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The gate's conversation for config changes, shared by {@code configs set / delete}, {@code configs revert} and
 * {@code audit --fix}: plans of one or more entities, one question for all, the act, the closing audit line with what
 * Kafka reports afterwards. The order is the gate's (docs/architecture.md): a read-only key refuses (exit 3, audited),
 * Kafka's own refusal in validation is bad input (exit 2, audited), a plan with nothing to change is audited as not
 * needed, a change that can lose acknowledged records asks for the typed phrase.
 */
final class ConfigsConversation {

    private ConfigsConversation() {
    }

    /** What the act did, per entity: the plan and the entity's configs as Kafka reports them afterwards. */
    record Applied(List<ConfigChangePlan> plans, List<ConfigsWorkflow.Done> done) {
    }

    /** {@code --output json} of a change: the plans, what each key is now, the undo, and a temporary change's id. */
    record Result(List<ConfigChangePlan> plans, List<Changed> now, List<String> undo, String temporaryId,
                  String note) {
    }

    /** One changed key as Kafka reports it after the change. */
    record Changed(String entity, String key, String value, String source) {
    }

    /**
     * Passes {@code planned} through the gate and acts. Returns null when nothing acted (dry run, nothing to do:
     * already emitted), else what was done.
     *
     * @param question the y/N question for a change that loses nothing
     */
    static Applied run(MutationGate gate, Invocation inv, ConfigsWorkflow workflow, List<ConfigsWorkflow.Planned> planned,
                       String verb, String question) {
        String clusterId = planned.get(0).clusterId();
        List<ConfigChangePlan> plans = planned.stream().map(ConfigsWorkflow.Planned::plan).toList();
        PrintWriter planTo = inv.output().json() ? inv.output().err() : inv.output().out();
        Runnable show = () -> {
            plans.forEach(p -> planTo.print(ConfigTables.plan(p, verb, inv.output().width(), inv.output().color())));
            planTo.flush();
        };
        List<String> readOnly = plans.stream().flatMap(p -> p.readOnly().stream()).toList();
        if (!readOnly.isEmpty()) {
            show.run();
            throw gate.refuse(clusterId, plans, String.join("; ", readOnly) + "; nothing was changed", null);
        }
        for (ConfigsWorkflow.Planned p : planned) {
            if (p.refused() != null) {
                throw gate.invalid("Kafka refuses the change of " + p.plan().entity().label() + ": "
                        + p.refused().replaceFirst("\\.$", "") + "; nothing was changed");
            }
        }
        if (plans.stream().allMatch(ConfigChangePlan::nothingToDo)) {
            show.run();
            String why = "nothing to change: every key already is as asked";
            gate.ended(clusterId, AuditDecision.NOT_NEEDED, why, plans);
            inv.emit(new Result(plans, List.of(), List.of(), null, why), () -> why + "\n");
            return null;
        }
        MutationGate.Pass pass = gate.pass(clusterId, plans, risk(plans, question), show);
        if (pass.dryRun()) {
            inv.emit(new Result(plans, List.of(), undo(plans), null, "dry run: nothing was changed"),
                    () -> "dry run: nothing was changed\n");
            return null;
        }
        List<ConfigsWorkflow.Done> done = pass.act(() -> {
            List<ConfigsWorkflow.Done> out = new ArrayList<>();
            for (ConfigsWorkflow.Planned p : planned) {
                if (!p.ops().isEmpty()) {
                    out.add(workflow.execute(p));
                }
            }
            return out;
        }, d -> GateOutcome.succeeded(changed(plans, d)));
        return new Applied(plans.stream().filter(p -> !p.nothingToDo()).toList(), done);
    }

    /** The typed phrase when any plan can lose acknowledged records, else y/N. */
    static Risk risk(List<ConfigChangePlan> plans, String question) {
        List<ConfigChangePlan> losing = plans.stream().filter(ConfigChangePlan::loses).toList();
        if (losing.isEmpty()) {
            return Risk.change(question);
        }
        // the plan above says why, line by line: the question names what
        List<String> what = losing.stream().flatMap(p -> p.losses().stream()
                .map(l -> p.entity().words() + " " + l.substring(0, l.indexOf(':')))).toList();
        return Risk.loss(losing.get(0).phrase(), "This can lose acknowledged records (" + String.join(", ", what)
                + ").", "a config change that can lose acknowledged records (" + losing.get(0).phrase() + ")");
    }

    static List<String> undo(List<ConfigChangePlan> plans) {
        return plans.stream().filter(p -> !p.nothingToDo()).flatMap(p -> ConfigTables.undo(p).stream()).toList();
    }

    /** Each changed key as Kafka reports it now (secrets masked): the closing audit line's results. */
    static List<Changed> changed(List<ConfigChangePlan> plans, List<ConfigsWorkflow.Done> done) {
        List<Changed> out = new ArrayList<>();
        for (ConfigsWorkflow.Done d : done) {
            ConfigChangePlan plan = plans.stream().filter(p -> p.entity().equals(d.after().entity())).findFirst()
                    .orElseThrow();
            for (String key : plan.changedKeys()) {
                var e = d.after().get(key).orElse(null);
                out.add(new Changed(plan.entity().words(), key, e == null ? null
                        : dev.kshell.rules.configs.ConfigKeys.shown(key, e.value(), e), e == null ? null : e.source()));
            }
        }
        return out;
    }

    /** Emits what was done, with the text {@code text} makes of it. */
    static void emitDone(Invocation inv, Applied applied, String temporaryId, Function<Applied, String> text) {
        applied.done().stream().map(ConfigsWorkflow.Done::note).filter(n -> n != null)
                .forEach(n -> inv.note("warning: " + n));
        inv.emit(new Result(applied.plans(), changed(applied.plans(), applied.done()),
                temporaryId == null ? undo(applied.plans()) : List.of("configs revert " + temporaryId), temporaryId,
                null), () -> text.apply(applied));
    }
}
