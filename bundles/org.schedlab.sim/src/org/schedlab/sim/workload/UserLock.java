package org.schedlab.sim.workload;

/** A user-space lock word taken by spinning (the JVM monitor pattern, seed 001): see {@link Action.SpinLock}. Identity is object identity; it holds no run state. */
public final class UserLock {
    private final String name;

    public UserLock(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return "UserLock " + name;
    }
}
