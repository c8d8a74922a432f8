package org.schedlab.sim.workload;

/** A blocking mutex (futex based): a contended lock blocks in the kernel; unlock wakes one waiter. Identity is object identity; it holds no run state. */
public final class Mutex {
    private final String name;

    public Mutex(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return "Mutex " + name;
    }
}
