/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.machine;

/** CPU architecture, for the per-arch kernel constants. */
public enum Arch {
    /** 32-bit x86 (PIII, P4). PROC_CHANGE_PENALTY 15 (2.2/2.4 include/asm-i386/smp.h). */
    I386(15),
    /** Itanium (ia64). PROC_CHANGE_PENALTY 20 (include/asm-ia64/smp.h). */
    IA64(20),
    /** x86-64. PROC_CHANGE_PENALTY 15 as i386 (2.4 include/asm-x86_64/smp.h). */
    X86_64(15);

    private final int procChangePenalty;

    Arch(int procChangePenalty) {
        this.procChangePenalty = procChangePenalty;
    }

    /** @return PROC_CHANGE_PENALTY of the 2.2/2.4 goodness() (2.2/2.4 include/asm-i386/smp.h and the other architectures) */
    public int procChangePenalty() {
        return procChangePenalty;
    }
}
