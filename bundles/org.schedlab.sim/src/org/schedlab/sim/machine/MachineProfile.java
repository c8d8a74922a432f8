/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.machine;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.schedlab.sim.memory.MemoryGeometry;

/**
 * A machine description: architecture, clock, HZ, CPU count and topology, idle loop and cost table.
 * Immutable; the {@code with...} methods return variants (an experiment picks the CPU count, the DSL
 * overrides costs).
 *
 * @param id             stable id ({@code piii-700}, {@code p4-3000-ht}, {@code itanium2})
 * @param title          human-readable title
 * @param arch           architecture
 * @param mhz            clock in MHz (cycles per microsecond)
 * @param hz             timer interrupts per second (HZ)
 * @param nrCpus         logical CPUs
 * @param threadsPerCore logical CPUs per core (2 for hyper-threading)
 * @param l2CacheKb      L2 cache size (2.2's cacheflush_time)
 * @param idlePolicy     the idle loop's default behaviour (an engine patch may change it per run)
 * @param costs          cycles per kernel path
 * @param memory         the memory hierarchy's shape ({@link MemoryGeometry#OFF}: no memory model)
 * @param tlbTags        the address spaces a CPU switches between without losing their TLB entries: x86-64's
 *                       TLB_NR_DYN_ASIDS with PCID (6, the default); fewer where a hypervisor's shadow page tables
 *                       keep fewer roots (CostKey#MM_SWITCH_FLUSH is charged to a switch to any other)
 */
public record MachineProfile(String id, String title, Arch arch, long mhz, int hz, int nrCpus,
                             int threadsPerCore, int l2CacheKb, IdlePolicy idlePolicy, CostTable costs,
                             MemoryGeometry memory, int tlbTags) {
    /** x86-64's TLB_NR_DYN_ASIDS (arch/x86/include/asm/tlbflush.h): the tags a CPU hands out with PCID. */
    public static final int TLB_NR_DYN_ASIDS = 6;
    /** The most TLB tags a machine may declare. */
    public static final int MAX_TLB_TAGS = 64;

    public MachineProfile {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(arch, "arch");
        Objects.requireNonNull(idlePolicy, "idlePolicy");
        Objects.requireNonNull(costs, "costs");
        if (mhz <= 0 || hz <= 0 || nrCpus <= 0 || threadsPerCore <= 0) {
            throw new IllegalArgumentException("mhz, hz, nrCpus and threadsPerCore must be positive");
        }
        if (nrCpus % threadsPerCore != 0) {
            throw new IllegalArgumentException("nrCpus must be a multiple of threadsPerCore");
        }
        if (tlbTags < 1 || tlbTags > MAX_TLB_TAGS) {
            throw new IllegalArgumentException("tlbTags must be 1 to " + MAX_TLB_TAGS);
        }
    }

    /** A machine with PCID's {@link #TLB_NR_DYN_ASIDS} tags. */
    public MachineProfile(String id, String title, Arch arch, long mhz, int hz, int nrCpus, int threadsPerCore,
                          int l2CacheKb, IdlePolicy idlePolicy, CostTable costs, MemoryGeometry memory) {
        this(id, title, arch, mhz, hz, nrCpus, threadsPerCore, l2CacheKb, idlePolicy, costs, memory, TLB_NR_DYN_ASIDS);
    }

    /** A machine without a memory model. */
    public MachineProfile(String id, String title, Arch arch, long mhz, int hz, int nrCpus, int threadsPerCore,
                          int l2CacheKb, IdlePolicy idlePolicy, CostTable costs) {
        this(id, title, arch, mhz, hz, nrCpus, threadsPerCore, l2CacheKb, idlePolicy, costs, MemoryGeometry.OFF,
                TLB_NR_DYN_ASIDS);
    }

    /** @return this machine with another memory geometry (or the memory model switched on or off) */
    public MachineProfile withMemory(MemoryGeometry m) {
        return new MachineProfile(id, title, arch, mhz, hz, nrCpus, threadsPerCore, l2CacheKb, idlePolicy, costs, m,
                tlbTags);
    }

    /** @return this machine with {@code n} logical CPUs */
    public MachineProfile withCpus(int n) {
        return new MachineProfile(id, title, arch, mhz, hz, n, threadsPerCore, l2CacheKb, idlePolicy, costs, memory,
                tlbTags);
    }

    /** @return this machine with timer frequency {@code newHz} */
    public MachineProfile withHz(int newHz) {
        return new MachineProfile(id, title, arch, mhz, newHz, nrCpus, threadsPerCore, l2CacheKb, idlePolicy,
                costs, memory, tlbTags);
    }

    /** @return this machine with another idle loop */
    public MachineProfile withIdlePolicy(IdlePolicy p) {
        return new MachineProfile(id, title, arch, mhz, hz, nrCpus, threadsPerCore, l2CacheKb, p, costs, memory,
                tlbTags);
    }

    /** @return this machine with another cost table */
    public MachineProfile withCosts(CostTable c) {
        return new MachineProfile(id, title, arch, mhz, hz, nrCpus, threadsPerCore, l2CacheKb, idlePolicy, c, memory,
                tlbTags);
    }

    /** @return this machine with {@code n} TLB tags per CPU */
    public MachineProfile withTlbTags(int n) {
        return new MachineProfile(id, title, arch, mhz, hz, nrCpus, threadsPerCore, l2CacheKb, idlePolicy, costs, memory,
                n);
    }

    /** @return this machine with one cost overridden */
    public MachineProfile withCost(CostKey key, long value, String source) {
        return withCosts(costs.with(key, value, source));
    }

    /** @return one timer period in ns (rounded down, as 1/HZ in ns) */
    public long tickNs() {
        return 1_000_000_000L / hz;
    }

    /** @return the 2.2 cacheflush_time in cycles: cpu_khz / 1024 * L2 KB / 5 (2.2 arch/i386/kernel/smpboot.c) */
    public long cacheflushTimeCycles() {
        return mhz * 1000 / 1024 * l2CacheKb / 5;
    }

    /** @return the built-in profiles */
    public static List<MachineProfile> builtIns() {
        return List.of(BuiltinProfiles.piii700(), BuiltinProfiles.p4Ht3000(), BuiltinProfiles.itanium2(250));
    }

    /** @return the built-in profile with this id */
    public static Optional<MachineProfile> builtIn(String id) {
        return builtIns().stream().filter(p -> p.id().equals(id)).findFirst();
    }

    /** @return the 8-way PIII 700 MHz of seed 000 (i386, HZ 100) */
    public static MachineProfile piii700() {
        return BuiltinProfiles.piii700();
    }

    /** @return the P4 3 GHz with hyper-threading of seed 002 (2 logical CPUs, HZ 250) */
    public static MachineProfile p4Ht3000() {
        return BuiltinProfiles.p4Ht3000();
    }

    /** @return the Itanium 2 of seed 004 with timer frequency {@code hz} */
    public static MachineProfile itanium2(int hz) {
        return BuiltinProfiles.itanium2(hz);
    }
}
