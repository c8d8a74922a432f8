package org.schedlab.sim;

/** A run that cannot go on: a misbehaving engine or workload. */
public class SimulationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SimulationException(String message) {
        super(message);
    }

    public SimulationException(String message, Throwable cause) {
        super(message, cause);
    }
}
