/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.trace;

/**
 * One scheduler event of an ftrace text trace (the tracefs {@code trace} file or {@code trace-cmd report}).
 * The meaning of the generic slots depends on the type:
 * <ul>
 * <li>{@code SWITCH}: comm/pid/prio = prev_*, state = prev_state, comm2/pid2/prio2 = next_*</li>
 * <li>{@code WAKEUP}, {@code WAKEUP_NEW}: comm/pid/prio = the woken task, cpuA = target_cpu</li>
 * <li>{@code MIGRATE}: comm/pid/prio = the task, cpuA = orig_cpu, cpuB = dest_cpu</li>
 * <li>{@code FORK}: comm/pid = the parent, comm2/pid2 = the child</li>
 * <li>{@code EXIT}: comm/pid/prio = the exiting task</li>
 * </ul>
 *
 * @param line     1-based line in the file
 * @param timeNs   the timestamp in ns
 * @param cpu      the CPU column
 * @param task     the comm of the TASK-PID column (the task current on the CPU)
 * @param taskPid  its pid (0 for the idle task)
 * @param inIrq    the flags column says hard or soft interrupt context ('h', 's', 'H'); false without flags
 */
public record FtraceEvent(long line, long timeNs, int cpu, String task, int taskPid, boolean inIrq, Type type,
        String comm, int pid, int prio, String state, String comm2, int pid2, int prio2, int cpuA, int cpuB) {

    /** The sched events SchedLab reads and writes. */
    public enum Type {
        SWITCH("sched_switch"), WAKEUP("sched_wakeup"), WAKEUP_NEW("sched_wakeup_new"),
        MIGRATE("sched_migrate_task"), FORK("sched_process_fork"), EXIT("sched_process_exit");

        private final String event;

        Type(String event) {
            this.event = event;
        }

        /** @return the tracepoint's name, as in {@code events/sched/NAME} */
        public String event() {
            return event;
        }
    }
}
