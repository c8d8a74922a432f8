/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.IdentityHashMap;
import java.util.List;
import org.schedlab.sim.workload.Action;

/**
 * The run's action bodies (a program, a loop's or a phase's body) as arrays: the actions and their opcodes side
 * by side, so that the interpreter reads an opcode from an {@code int[]} instead of calling {@link Action#op()}
 * through the interface on every action (a megamorphic call: each action is a record of its own), and indexes an
 * array instead of a {@code List} of whichever implementation the workload built. One {@link Body} per body list,
 * shared by every task running it.
 */
final class Bodies {
    /**
     * One body: {@code actions[i]} has opcode {@code ops[i]}; {@code rts[i]} is what the action resolved at its first
     * run (null before): a count's counter id, the run state of the lock or channels a system call works on
     * ({@link IpcOps}), so that no later run looks them up by name or identity again.
     */
    static final class Body {
        final Action[] actions;
        final int[] ops;
        final Object[] rts;

        Body(List<Action> list) {
            this.actions = list.toArray(new Action[0]);
            this.ops = new int[actions.length];
            for (int i = 0; i < actions.length; i++) {
                ops[i] = actions[i].op();
            }
            this.rts = new Object[actions.length];
        }
    }

    private final IdentityHashMap<List<Action>, Body> bodies = new IdentityHashMap<>();

    /** @return the body of {@code list}, made on first use */
    Body of(List<Action> list) {
        Body b = bodies.get(list);
        if (b == null) {
            b = new Body(list);
            bodies.put(list, b);
        }
        return b;
    }
}
