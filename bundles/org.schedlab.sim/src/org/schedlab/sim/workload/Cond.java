package org.schedlab.sim.workload;

/** A condition variable used with a {@link Mutex}. Identity is object identity; it holds no run state. */
public final class Cond {
    private final String name;

    public Cond(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return "Cond " + name;
    }
}
