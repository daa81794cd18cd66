package dev.kshell.rules.lint;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Small inline server.properties sets: a healthy 3 controller + 3 broker cluster on one host that lints clean,
 * edited per test. Line numbers are fixed: see the templates.
 */
final class LintFixtures {

    static final String VOTERS = "1@localhost:9193,2@localhost:9293,3@localhost:9393";

    private LintFixtures() {
    }

    /** Lines: 1 process.roles, 2 node.id, 3 voters, 4 listeners, 5 controller.listener.names. */
    static String controller(int id) {
        return "process.roles=controller\n"
                + "node.id=" + id + "\n"
                + "controller.quorum.voters=" + VOTERS + "\n"
                + "listeners=CONTROLLER://:9" + id + "93\n"
                + "controller.listener.names=CONTROLLER\n";
    }

    /** Lines: 1 roles, 2 node.id, 3 voters, 4 listeners, 5 advertised, 6 controller names, 7 inter-broker. */
    static String broker(int id) {
        return "process.roles=broker\n"
                + "node.id=" + id + "\n"
                + "controller.quorum.voters=" + VOTERS + "\n"
                + "listeners=PLAINTEXT://:9" + id + "92\n"
                + "advertised.listeners=PLAINTEXT://localhost:9" + id + "92\n"
                + "controller.listener.names=CONTROLLER\n"
                + "inter.broker.listener.name=PLAINTEXT\n";
    }

    /** c1, c2, c3, b4, b5, b6 in that order. */
    static Map<String, String> cluster() {
        Map<String, String> files = new LinkedHashMap<>();
        for (int i = 1; i <= 3; i++) {
            files.put("c" + i, controller(i));
        }
        for (int i = 4; i <= 6; i++) {
            files.put("b" + i, broker(i));
        }
        return files;
    }

    /** The cluster with one file's text edited: {@code from} replaced by {@code to} (must occur). */
    static Map<String, String> edit(Map<String, String> files, String file, String from, String to) {
        String text = files.get(file);
        if (!text.contains(from)) {
            throw new IllegalArgumentException(file + " has no '" + from + "'");
        }
        files.put(file, text.replace(from, to));
        return files;
    }

    static Map<String, String> editAll(Map<String, String> files, String from, String to) {
        files.replaceAll((k, v) -> v.replace(from, to));
        return files;
    }
}
