package dev.kshell.app;

import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.pattern.ThrowableProxyConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import dev.kshell.connection.Secrets;

/**
 * The log file's message and stack-trace converters, with every secret masked by {@link Secrets#maskText} (PASSWORD
 * typed client properties by name, JAAS passwords inside a value). The log is written by kshell and by the Kafka
 * client at once, and an exception's message can quote a property it choked on: masking at the layout is the one
 * place that catches them all. Registered by {@link KshellLogging} as {@code %maskedMsg} and {@code %maskedEx}.
 */
public final class MaskedLogConverters {

    private MaskedLogConverters() {
    }

    /** {@code %msg}, masked. */
    public static final class Message extends MessageConverter {
        @Override
        public String convert(ILoggingEvent event) {
            return Secrets.maskText(super.convert(event));
        }
    }

    /**
     * {@code %ex}, masked. Being a throwable converter in the pattern, it also stops logback from appending its own
     * unmasked {@code %ex}.
     */
    public static final class StackTrace extends ThrowableProxyConverter {
        @Override
        protected String throwableProxyToString(IThrowableProxy proxy) {
            return Secrets.maskText(super.throwableProxyToString(proxy));
        }
    }
}
