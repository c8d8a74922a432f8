package org.schedlab.sim.metrics;

/**
 * One schedule-trace record.
 *
 * @param timeNs   the CPU's cursor when it happened
 * @param cpu      the CPU
 * @param kind     switch or wakeup
 * @param pid      SWITCH: the previous task; WAKEUP: the woken task
 * @param otherPid SWITCH: the next task; WAKEUP: the task running the wakeup (-1 for an interrupt)
 * @param prevState SWITCH: state of the previous task (R, S, D, Z); WAKEUP: a blank, or N for the wakeup of a
 *                  task just forked (wake_up_new_task: {@code pid} the child, {@code otherPid} the parent)
 */
public record TraceEvent(long timeNs, int cpu, Kind kind, int pid, int otherPid, char prevState) {
    /** Kinds of trace records. */
    public enum Kind {
        SWITCH, WAKEUP
    }
}
