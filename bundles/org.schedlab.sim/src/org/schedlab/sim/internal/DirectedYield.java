/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/**
 * The targets of {@code yield to G}: the tasks each thread group started at boot, in creation order. The target is
 * the group's first task after the caller (wrapping around; from the group's first task when the caller is not in
 * the group) that is runnable, not running on any CPU, and allowed on the caller's CPU.
 */
final class DirectedYield {
    private final Map<String, List<Task>> groups = new HashMap<>();

    /** Records a boot task of thread group {@code group}. */
    void add(String group, Task t) {
        groups.computeIfAbsent(group, g -> new ArrayList<>()).add(t);
    }

    /** @return the task {@code caller} yields to on {@code cpu}, or null when the group has none to run */
    Task target(Task caller, String group, Cpu cpu) {
        List<Task> tasks = groups.getOrDefault(group, List.of());
        int n = tasks.size();
        int start = tasks.indexOf(caller) + 1;
        for (int i = 0; i < n; i++) {
            Task t = tasks.get((start + i) % n);
            if (t != caller && t.state() == TaskState.RUNNING && t.onCpu() < 0 && t.allowedOn(cpu.id())) {
                return t;
            }
        }
        return null;
    }
}
