package dev.kshell.render;

import dev.kshell.rules.FleetTriageReport;
import dev.kshell.rules.FleetTriageReport.ClusterTriage;
import dev.kshell.rules.FleetTriageReport.Standing;

/**
 * {@code triage --all-profiles} as text: the count per standing, one line per cluster (profile, verdict, the next
 * command there, the first finding; the finding is what a narrow terminal cuts), then the details of every cluster
 * that is not healthy. Pure {@code (report, width, color) -> text}.
 */
public final class FleetTables {

    private FleetTables() {
    }

    public static String triage(FleetTriageReport r, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        Tone worst = r.clusters().stream().map(c -> tone(c.standing())).reduce(Tone.GOOD, FleetTables::worse);
        out.append(worst.paint(r.summary(), color)).append('\n');
        Table table = Table.of("PROFILE", "VERDICT", "NEXT", "FIRST FINDING");
        for (ClusterTriage c : r.clusters()) {
            table.row(tone(c.standing()), c.profile(), c.standing().name().replace('_', ' '), c.next(), c.firstFinding());
        }
        out.append(table.render(width, color));
        if (r.clusters().stream().anyMatch(c -> c.next() != null)) {
            out.append(Prose.text("NEXT runs on that cluster: connect PROFILE, then NEXT (one-shot: kshell --profile "
                    + "PROFILE NEXT)", width, 2));
        }
        for (ClusterTriage c : r.clusters()) {
            if (c.healthy()) {
                continue;
            }
            out.append('\n').append(Tone.HEADER.paint("== " + c.profile() + " (" + c.endpoints() + "): "
                    + c.standing().name().replace('_', ' '), color)).append('\n');
            if (c.report() != null) {
                out.append(DiagnosisTables.triage(c.report(), width, color));
            } else {
                out.append(Prose.text("error: " + c.firstFinding(), width, 7));
            }
        }
        return out.toString();
    }

    private static Tone tone(Standing s) {
        return switch (s) {
            case HEALTHY -> Tone.GOOD;
            case DEGRADED -> Tone.WARN;
            default -> Tone.BAD;
        };
    }

    private static Tone worse(Tone a, Tone b) {
        return a == Tone.BAD || b == Tone.BAD ? Tone.BAD : a == Tone.WARN || b == Tone.WARN ? Tone.WARN : a;
    }
}
