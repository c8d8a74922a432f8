/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.machine;

import java.util.Arrays;
import java.util.List;

/** The simulated machine of one run: its profile, its CPUs and the idle loop in force. */
public final class Machine {
    private final MachineProfile profile;
    private final Cpu[] cpus;
    private final List<Cpu> cpuList;
    private IdlePolicy idlePolicy;
    private boolean booted;

    public Machine(MachineProfile profile) {
        this.profile = profile;
        this.cpus = new Cpu[profile.nrCpus()];
        for (int i = 0; i < cpus.length; i++) {
            cpus[i] = new Cpu(i, i / profile.threadsPerCore(), profile.mhz());
        }
        this.cpuList = List.copyOf(Arrays.asList(cpus));
        this.idlePolicy = profile.idlePolicy();
    }

    /** @return the CPUs in id order */
    public List<Cpu> cpus() {
        return cpuList;
    }

    /** @return CPU {@code i} */
    public Cpu cpu(int i) {
        return cpus[i];
    }

    /** @return the number of logical CPUs */
    public int nrCpus() {
        return cpus.length;
    }

    /** @return the machine profile */
    public MachineProfile profile() {
        return profile;
    }

    /** @return timer interrupts per second */
    public int hz() {
        return profile.hz();
    }

    /** @return the idle loop in force for this run */
    public IdlePolicy idlePolicy() {
        return idlePolicy;
    }

    /**
     * Sets the idle loop for this run. Only an engine's {@code Scheduler} constructor may call it
     * (patches on the idle loop); after boot it is an {@link IllegalStateException}.
     */
    public void setIdlePolicy(IdlePolicy policy) {
        if (booted) {
            throw new IllegalStateException("idle policy is fixed once the machine has booted");
        }
        this.idlePolicy = policy;
    }

    /** Simulation kernel: freezes the configuration. */
    public void markBooted() {
        booted = true;
    }
}
