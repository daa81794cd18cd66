package dev.kshell.cluster;

import org.apache.kafka.common.message.ApiMessageType;
import org.apache.kafka.common.protocol.Errors;

/**
 * Loads the Kafka client's protocol classes that a cluster's first answer needs: every API's message schemas, the
 * error codes and their exception classes. Only the fast-start archive's training run calls it (the launcher,
 * docs/performance.md "Fast start"): it has no cluster to answer it, so without this the archive holds the Admin
 * client but none of the ~800 classes that reading an answer loads, and every real run loads them from the jar.
 */
public final class ClientClasses {

    private ClientClasses() {
    }

    /** @return how many message types were loaded */
    public static int load() {
        int loaded = 0;
        for (Errors error : Errors.values()) {
            error.code(); // Errors' initialisation made each error's exception builder
        }
        for (ApiMessageType type : ApiMessageType.values()) {
            try {
                type.requestSchemas();
                type.responseSchemas();
                type.newRequest();
                type.newResponse();
                loaded++;
            } catch (RuntimeException | LinkageError e) {
                // a type this client cannot make is one class fewer in the archive, nothing more
            }
        }
        return loaded;
    }
}
