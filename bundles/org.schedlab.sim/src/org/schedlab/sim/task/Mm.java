/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
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
