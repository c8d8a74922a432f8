package org.schedlab.sim.task;

/**
 * An address space. Threads of one process share one instance; the context switch costs more when the
 * next task's mm differs from the CPU's active mm (lazy TLB: the idle task keeps the previous mm).
 * Identity is object identity; {@code id} is for traces and messages.
 */
public final class Mm {
    private final int id;

    public Mm(int id) {
        this.id = id;
    }

    /** @return the id assigned when the address space was created */
    public int id() {
        return id;
    }

    @Override
    public String toString() {
        return "mm" + id;
    }
}
