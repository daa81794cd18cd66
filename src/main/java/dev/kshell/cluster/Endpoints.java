package dev.kshell.cluster;

/** host:port words as Kafka writes them ({@code [::1]:9092} for IPv6): the two halves, or null / -1. */
final class Endpoints {

    private Endpoints() {
    }

    /** The host without IPv6 brackets, or null when the word is not host:port. */
    static String host(String endpoint) {
        int colon = endpoint == null ? -1 : endpoint.lastIndexOf(':');
        if (colon <= 0) {
            return null;
        }
        String host = endpoint.substring(0, colon).strip();
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    /** The port, or -1 when the word is not host:port. */
    static int port(String endpoint) {
        int colon = endpoint == null ? -1 : endpoint.lastIndexOf(':');
        if (colon <= 0) {
            return -1;
        }
        try {
            return Integer.parseInt(endpoint.substring(colon + 1).strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
