/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.InstalledEngines;

/**
 * {@code schedlab profile-host}: measures the machine it runs on and writes a {@code machine} block. Facts come from
 * sysfs and procfs ({@link HostFacts}); costs from Debian-packaged programs (perf bench syscall from linux-perf,
 * cyclictest from rt-tests) and from {@code helpers/hostprobe.c} where no packaged program measures the path, each
 * the median of {@link ProbeRuns#REPEATS} runs after a warm-up, with its spread ({@link CostDerivation} says how
 * each key is derived). The keys it does not measure keep the defaults of the piii-700 table (what a machine block
 * without a profile starts from).
 */
public final class HostProfiler {

    private final Shell shell;
    private final HostFacts facts;
    private final CHelpers helpers;
    private final Path work;
    private final Consumer<String> progress;
    private final EngineCatalog engines;
    private final List<HostProfile.Setting> settings = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    /**
     * @param root     where /sys and /proc are read ({@code /} on the machine)
     * @param work     a temporary folder for the C helper and the generated microbenchmark models
     * @param progress one line per measurement, for the user
     */
    public HostProfiler(Shell shell, Path root, Path work, Consumer<String> progress) {
        this(shell, root, work, progress, InstalledEngines.catalog());
    }

    /** As above, with the engines the microbenchmarks are simulated with (the eevdf engine is used). */
    public HostProfiler(Shell shell, Path root, Path work, Consumer<String> progress, EngineCatalog engines) {
        this.shell = shell;
        this.facts = new HostFacts(root, shell);
        this.helpers = new CHelpers(shell, work);
        this.work = work;
        this.progress = progress;
        this.engines = engines;
    }

    /** @return the measured profile of this machine, named {@code name} */
    public HostProfile measure(String name) {
        String kernel = facts.kernel().value();
        String model = facts.model().value();
        HostFacts.Fact cpus = facts.cpus();
        HostFacts.Fact smt = facts.threadsPerCore();
        settings.add(new HostProfile.Setting("cpus " + cpus.value() + " threads per core " + smt.value(),
                cpus.source() + "; " + smt.source()));
        HostFacts.Fact clock = facts.clockMhz();
        double mhz = Double.parseDouble(clock.value());
        settings.add(new HostProfile.Setting("clock " + clock.value() + " MHz", clock.source()));
        fact("hz", facts.hz(kernel));
        HostFacts.Fact l2 = facts.l2CacheKb();
        long kb = Long.parseLong(l2.value());
        HostFacts.Fact shape = facts.l2Geometry();
        String[] wl = shape == null ? null : shape.value().split(" ");
        settings.add(new HostProfile.Setting("l2 cache " + (kb % 1024 == 0 ? kb / 1024 + " MB" : kb + " KB")
                + (wl == null || Integer.parseInt(wl[0]) > 16 ? "" : " ways " + wl[0] + " line " + wl[1] + " B"),
                l2.source() + (shape == null ? "" : "; " + shape.source())));
        HostFacts.Fact packages = facts.packages();
        settings.add(new HostProfile.Setting("memory buses " + packages.value(), packages.source()));
        fact("arch", facts.arch());
        fact("idle", facts.idle());
        settings.add(new HostProfile.Setting("memory model on", "the caches and coherence of the simulation kernel"
                + " on, with the latencies below"));
        ProbeRuns runs = new ProbeRuns(shell, helpers, progress, notes);
        SimInversion sim = new SimInversion(work, org.schedlab.host.validate.Validator.eevdfVersion(kernel), engines);
        new CostDerivation(runs, sim, settings, notes, mhz, facts.cpuFlag("pcid")).measure(facts.onlineCpus().last());
        String date = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        return new HostProfile(name, date, kernel, model, settings, notes);
    }

    /**
     * The keys the host's state moves within minutes ({@link CostDerivation#drifting}: syscall, channel_op,
     * pipe_unlocked, socket_op, cacheline_transfer, poll_notice_latency, context_switch, mm_switch, and
     * socket_remote, halted_ipi_latency, pipe_packet_write, pipe_packet_read and mm_switch_flush where the profile has
     * them), measured now
     * with a quarter of profile-host's iterations, 3 runs after a warm-up each, over a measured profile.
     *
     * @param profile the profile's machine block, its setting lines ({@link HostProfile#blockLines})
     * @return the keys' lines as measured now, each with its provenance (a key that could not be measured: absent)
     */
    public List<HostProfile.Setting> drifting(List<String> profile) {
        List<HostProfile.Setting> lines = new ArrayList<>();
        double mhz = Double.NaN;
        for (String l : profile) {
            lines.add(new HostProfile.Setting(l, ""));
            String[] f = l.split("\\s+");
            if (f.length == 3 && f[0].equals("clock") && (f[2].equals("MHz") || f[2].equals("GHz"))) {
                mhz = Double.parseDouble(f[1]) * (f[2].equals("GHz") ? 1000 : 1);
            }
        }
        if (Double.isNaN(mhz)) {
            throw new HostException("the profile gives no clock (MHz or GHz), so no cost in cycles can be derived for it");
        }
        String kernel = facts.kernel().value();
        List<String> skipped = new ArrayList<>();
        ProbeRuns runs = new ProbeRuns(shell, helpers, progress, skipped, 3);
        SimInversion sim = new SimInversion(work, org.schedlab.host.validate.Validator.eevdfVersion(kernel), engines);
        new CostDerivation(runs, sim, lines, skipped, mhz, false).drifting(facts.onlineCpus().last(), 4);
        return lines.stream().filter(x -> !x.provenance().isEmpty()).toList();
    }

    /**
     * The {@code exit_work} of hackbench's worker processes measured now ({@link WorkerExitWork}), 3 runs of each
     * program after a warm-up.
     *
     * @param perf perf bench sched messaging's workers (glibc's part and perf's), else rt-tests hackbench's
     * @return its {@code param exit_work = N us} setting, or none when it cannot be measured
     */
    public List<HostProfile.Setting> workerExitWork(boolean perf) {
        HostProfile.Setting s = WorkerExitWork.measure(new ProbeRuns(shell, helpers, progress, new ArrayList<>(), 3),
                perf);
        return s == null ? List.of() : List.of(s);
    }

    private void fact(String key, HostFacts.Fact f) {
        settings.add(new HostProfile.Setting(key + " " + f.value(), f.source()));
    }
}
