package dev.kshell.connection;

import java.nio.file.Path;

import dev.kshell.util.SettingsError;

/** Loads one client properties file and prints each error's message (ClientPropertiesTest runs it as another user). */
public final class ClientPropertiesProbeMain {

    private ClientPropertiesProbeMain() {
    }

    public static void main(String[] args) {
        for (SettingsError e : ClientProperties.load(Path.of(args[0])).errors()) {
            System.out.println("error: " + e.message());
        }
    }
}
