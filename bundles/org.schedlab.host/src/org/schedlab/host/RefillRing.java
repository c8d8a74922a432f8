/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.util.List;
import java.util.Locale;

import org.schedlab.host.ProbeRuns.Measured;
import org.schedlab.sim.machine.CostKey;

/**
 * The machine's refill curve: how much more a switch costs when N tasks take turns on one CPU than when 2 do
 * (lmbench lat_ctx's growth, here with threads, so the growth is the footprint of their task_struct, stack, FPU
 * state and the scheduler's own lines, not address spaces). {@code hostprobe ring N ITER} runs a ring of N between two
 * rings of 2 and prints the extra per yield, so the host's speed moving over minutes (docs/validation.md) cancels
 * out of each figure. The simulation kernel's memory model already grows a ring's cost by the lines it models; that
 * growth (the same rings simulated with every refill key at 0) is taken out, and the rest is the key: what the
 * model does not follow line by line. Rings of 8, 32, 128 ({@link CostKey#CACHE_REFILL}), 256 and 1024
 * ({@link CostKey#CACHE_REFILL_8} and the keys after it).
 */
final class RefillRing {
    /** The ring sizes, with their keys. */
    private static final int[] RINGS = {8, 32, 128, 256, 1024};
    private static final CostKey[] KEYS = {CostKey.CACHE_REFILL_8, CostKey.CACHE_REFILL_32, CostKey.CACHE_REFILL,
        CostKey.CACHE_REFILL_256, CostKey.CACHE_REFILL_1024};
    /** Yields of the whole ring per run: about a second of this machine's switches for any N. */
    private static final int YIELDS = 256_000;

    private final ProbeRuns runs;
    private final SimInversion sim;
    private final List<HostProfile.Setting> settings;
    private final List<String> notes;
    private final double mhz;

    RefillRing(ProbeRuns runs, SimInversion sim, List<HostProfile.Setting> settings, List<String> notes, double mhz) {
        this.runs = runs;
        this.sim = sim;
        this.settings = settings;
        this.notes = notes;
        this.mhz = mhz;
    }

    /** Measures each ring and adds its key to the profile (a ring that cannot be measured: a note, no key). */
    void derive() {
        List<CostKey> zero = List.of(KEYS);
        double two;
        try {
            two = sim.simulate(settings, zero, ProbeWorkloads.yields(2, true), "ops");
        } catch (HostException e) {
            notes.add("cache_refill: " + e.getMessage());
            return;
        }
        for (int i = 0; i < RINGS.length; i++) {
            int n = RINGS[i];
            CostKey key = KEYS[i];
            String name = key.name().toLowerCase(Locale.ROOT);
            Measured m = runs.probe(name, "ring_extra_ns", "ring", Integer.toString(n), Integer.toString(YIELDS / n));
            if (m == null) {
                continue;
            }
            double ring;
            try {
                ring = sim.simulate(settings, zero, ProbeWorkloads.yields(n, true), "ops");
            } catch (HostException e) {
                notes.add(name + ": " + e.getMessage());
                continue;
            }
            double model = ring - two;
            long v = CostSettings.cycles(m.median() - model, mhz);
            settings.add(CostSettings.setting(key, v, m, "the memory model's own growth (the rings of " + n + " and 2"
                    + " simulated with every refill key at 0: " + ProbeRuns.fmt(ring) + " and " + ProbeRuns.fmt(two)
                    + " ns a yield) taken out, x clock, from the median ns per yield of " + n + " threads pinned to CPU"
                    + " 0 beyond 2 threads run just before and after"));
        }
    }
}
