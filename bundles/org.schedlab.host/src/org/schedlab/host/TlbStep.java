/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.util.Arrays;
import java.util.List;

import org.schedlab.host.ProbeRuns.Measured;
import org.schedlab.sim.machine.CostKey;

/**
 * profile-host's {@code tlb tags} and {@code mm_switch_flush}: how many address spaces a CPU switches between
 * without losing their TLB entries, and what a switch to one more costs. Rings of N processes yield to each other
 * on CPU 0 (hostprobe yield N processes, N = 2 to {@link #MAX_RING}); while N fits the CPU's tags a switch only
 * reloads the page-table root, once N exceeds them every switch finds its tag taken (the tags are handed out round
 * robin, so a ring larger than them always misses) and the TLB is refilled. The ring's cost per yield steps up
 * between N = tags and tags + 1: on bare x86-64 with PCID at 6 and 7 (TLB_NR_DYN_ASIDS, arch/x86/mm/tlb.c), in a
 * guest whose hypervisor shadows its page tables where its cache of roots runs out (KVM keeps the current root and
 * KVM_MMU_NUM_PREV_ROOTS = 3 others per vCPU; with page-table isolation each process has two). Each ring is also
 * simulated with the flush at 0, so that the model's own growth with N (the refill curve) is taken out, and the
 * step is the key. Without a step up to {@link #MAX_RING} processes it writes nothing, and the caller falls back to
 * what the CPU flags say (CostDerivation: PCID's 6 tags and a ring of 16, or no PCID and every switch a flush, which
 * mm_switch holds). The two thresholds of a step ({@link #MIN_STEP_SHARE}, a gap of half its height) are this
 * derivation's rule, set before any validation run, not values fitted to one.
 */
public final class TlbStep {

    /** The largest ring probed. */
    public static final int MAX_RING = 8;
    /** A step is taken as one when it is at least this share of the 2-process ring's yield. */
    public static final double MIN_STEP_SHARE = 0.2;

    private final ProbeRuns runs;
    private final SimInversion sim;
    private final List<HostProfile.Setting> settings;
    private final List<String> notes;
    private final double mhz;

    TlbStep(ProbeRuns runs, SimInversion sim, List<HostProfile.Setting> settings, List<String> notes, double mhz) {
        this.runs = runs;
        this.sim = sim;
        this.settings = settings;
        this.notes = notes;
        this.mhz = mhz;
    }

    /**
     * The step of a ring's excess over the model: the first ring past the tags, or -1 when there is none. A step
     * is at least {@link #MIN_STEP_SHARE} of {@code firstNs} high (the median excess above it less that below), and
     * the gap between the rings just either side of it (the least above less the most below) is at least half its
     * height, so that a slope (a footprint growing with the ring) is not taken for one.
     *
     * @param excess  per ring size 2..(2 + length - 1), the measured ns per yield less the simulated
     * @param firstNs the measured ns per yield of the 2-process ring
     * @return the index into {@code excess} of the first ring above the step, or -1
     */
    public static int step(double[] excess, double firstNs) {
        int best = -1;
        double bestHeight = MIN_STEP_SHARE * firstNs;
        for (int i = 1; i < excess.length; i++) {
            double gap = min(excess, i, excess.length) - max(excess, 0, i);
            if (gap >= height(excess, i) / 2 && height(excess, i) >= bestHeight) {
                best = i;
                bestHeight = height(excess, i);
            }
        }
        return best;
    }

    /** @return the median of the excess above index {@code at} less the median below it */
    public static double height(double[] excess, int at) {
        return median(excess, at, excess.length) - median(excess, 0, at);
    }

    /**
     * Measures the rings and, where they step, writes {@code tlb tags} and {@code mm_switch_flush}.
     *
     * @return whether it wrote them (false: no step, or a ring that could not be measured or simulated)
     */
    boolean derive() {
        int n = MAX_RING - 1;
        double[] excess = new double[n];
        StringBuilder scan = new StringBuilder();
        Measured first = null;
        for (int i = 0; i < n; i++) {
            Measured m = runs.probe("tlb_tags", "yield_ns", "yield", Integer.toString(i + 2), "40000", "processes");
            first = i == 0 ? m : first;
            excess[i] = excess("tlb tags", i + 2, m, scan);
            if (Double.isNaN(excess[i])) {
                return false;
            }
        }
        int at = step(excess, first.median());
        if (at < 0) {
            notes.add("tlb tags: no step in the yield of 2 to " + MAX_RING + " processes on CPU 0 (ns measured"
                    + " (simulated with mm_switch_flush = 0): " + scan + ")");
            return false;
        }
        int tags = at + 1;
        String how = "hostprobe yield N 40000 processes (helpers/hostprobe.c; median ns per yield of N processes"
                + " pinned to CPU 0, each the median of " + ProbeRuns.REPEATS + " runs after a warm-up, and in"
                + " parentheses simulated with mm_switch_flush = 0; N = " + scan + ")";
        tags(tags, how + ": the yield steps up between " + tags + " and " + (tags + 1) + " address spaces");
        long flush = CostSettings.cycles(height(excess, at), mhz);
        CostSettings.put(settings, new HostProfile.Setting("cost mm_switch_flush = " + flush + " cycles", how
                + ": the step's height (the median excess over the model of the rings above it less that of the"
                + " rings below), x clock = " + ProbeRuns.fmt(height(excess, at))));
        return true;
    }

    /**
     * mm_switch_flush measured again before a validate-host case (the host's state moves it: on 6 December 2026 the
     * ring of 8 processes took 8.0 us a yield at 07:45 and 10.5 to 10.9 us at 08:45, the ring of 2 5.1 and 6.3 to
     * 6.6 us): the rings of 2 to {@link #MAX_RING} processes as {@link #derive()} measures them, with
     * {@code 40000 / scale} yields each, each less the model's with the flush at 0, and the step's height at the
     * profile's tag count as {@link #derive()} takes it. The tag count stays the profile's. (Until 6 December 2026,
     * fourth session, the rings of the tag count and one more alone: the rings above the step keep rising, so that
     * the one ring past it gave 4,132 to 5,865 cycles in the 27 cases of the 09:59 run against the profile's
     * 7,870 from the same rings' median.)
     *
     * @return whether it wrote the key (false: the profile has no tag count, or a ring could not be measured)
     */
    boolean again(int scale) {
        int tags = settings.stream().filter(x -> x.text().startsWith("tlb tags ")).mapToInt(
                x -> Integer.parseInt(x.text().substring("tlb tags ".length()).strip())).findFirst().orElse(0);
        if (tags < 1 || tags >= MAX_RING) {
            return false;
        }
        double[] excess = new double[MAX_RING - 1];
        StringBuilder scan = new StringBuilder();
        String n = Integer.toString(40000 / scale);
        for (int i = 0; i < excess.length; i++) {
            Measured m = runs.probe("mm_switch_flush", "yield_ns", "yield", Integer.toString(i + 2), n, "processes");
            excess[i] = excess("mm_switch_flush", i + 2, m, scan);
            if (Double.isNaN(excess[i])) {
                return false;
            }
        }
        double height = Math.max(0, height(excess, tags - 1));
        CostSettings.put(settings, new HostProfile.Setting("cost mm_switch_flush = " + CostSettings.cycles(height,
                mhz) + " cycles", "hostprobe yield N " + n + " processes (median ns per yield of N processes pinned"
                        + " to CPU 0, in parentheses simulated with mm_switch_flush = 0; N = " + scan + "): the median"
                        + " excess over the model of the rings past the profile's " + tags + " tags less that of the"
                        + " rings up to it, x clock = " + ProbeRuns.fmt(height)));
        return true;
    }

    /**
     * @return the ring's measured ns per yield less the model's with the flush at 0 (appended to {@code scan} as
     *         {@code N: measured (simulated)}), or NaN when it was not measured or could not be simulated
     */
    private double excess(String key, int ring, Measured m, StringBuilder scan) {
        if (m == null) {
            return Double.NaN;
        }
        double model;
        try {
            model = sim.simulate(settings, CostKey.MM_SWITCH_FLUSH, ProbeWorkloads.yields(ring, false), "ops");
        } catch (HostException e) {
            notes.add(key + ": " + e.getMessage());
            return Double.NaN;
        }
        scan.append(scan.length() == 0 ? "" : ", ").append(ring).append(": ").append(ProbeRuns.fmt(m.median()))
                .append(" (").append(ProbeRuns.fmt(model)).append(')');
        return m.median() - model;
    }

    private void tags(int n, String provenance) {
        settings.removeIf(s -> s.text().startsWith("tlb tags "));
        settings.add(new HostProfile.Setting("tlb tags " + n, provenance));
    }

    private static double median(double[] v, int from, int to) {
        double[] x = Arrays.copyOfRange(v, from, to);
        Arrays.sort(x);
        return x.length % 2 == 1 ? x[x.length / 2] : (x[x.length / 2 - 1] + x[x.length / 2]) / 2;
    }

    private static double max(double[] v, int from, int to) {
        return Arrays.stream(v, from, to).max().orElse(Double.NaN);
    }

    private static double min(double[] v, int from, int to) {
        return Arrays.stream(v, from, to).min().orElse(Double.NaN);
    }
}
