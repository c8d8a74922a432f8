/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.runner.dsl.DslPlans;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.metrics.TaskResult;

/**
 * The benchmark workloads of the .sched standard library (bundles/org.schedlab.dsl/lib), loaded through the DSL as
 * the examples load them and run on the installed engines, give sensible figures.
 */
class LibraryWorkloadsTest {
    private static final String FILE = """
			kernel linux_2_6_25 { engine cfs version "2.6.25" }
			kernel linux_2_3_5 { engine goodness version "2.3.5" }
			variant cfs = linux_2_6_25
			variant stock = linux_2_3_5
			machine up extends piii-700 { cpus 1 }
			machine duo extends piii-700 { cpus 2 }
			machine quad extends piii-700 { cpus 4 }

			experiment rr_seed002 {
				workload netperf_rr
				machines p4-3000-ht
				variants cfs
				duration 200 ms
			}
			experiment rr_pairs {
				workload netperf_rr(pairs = 4, client_work = 10 us, server_work = 10 us)
				machines quad
				variants cfs
				duration 200 ms
			}
			experiment stream {
				workload netperf_stream(socket_buffer = 16 KB, write_size = 4 KB, sender_work = 1 us,
						receiver_work = 3 us)
				machines duo
				variants cfs
				duration 100 ms
			}
			experiment hackbench_small {
				workload hackbench(groups = 2, fanout = 5, loops = 10, socket_messages = 16, message_work = 1300 cycles)
				machines duo
				variants cfs
				duration 2 s
			}
			experiment perf_messaging_small {
				workload hackbench(groups = 2, fanout = 5, loops = 10, socket_messages = 16,
						message_work = 1300 cycles, exit_work = 2 ms)
				machines duo
				variants cfs
				duration 2 s
			}
			experiment threads_as_run {
				workload threads_c
				machines up
				variants stock
				warmup 200 ms
				duration 300 ms
			}
			""";

    private static Map<String, ExperimentPlan> plans;

    @BeforeAll
    static void load(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("library.sched");
        Files.writeString(f, FILE);
        plans = DslPlans.load(f, EngineCatalog.of(InstalledEngines.started())).stream()
                .collect(Collectors.toMap(ExperimentPlan::name, p -> p));
    }

    /** @return the run of the experiment's only cell */
    private static SimResult run(String experiment) {
        ExperimentPlan p = plans.get(experiment);
        assertEquals(1, p.cells().size(), experiment);
        return Simulation.run(p.cells().get(0).config());
    }

    @Test
    void tcpRrTransactionsAreBoundByTheirWork() {
        double tps = run("rr_seed002").rate("transactions");
        assertTrue(tps < 1e9 / 39_000.0, "each transaction needs 39 us of user time: " + tps);
        assertTrue(tps > 1e9 / 60_000.0, "kernel overhead stays below 21 us per transaction: " + tps);
    }

    @Test
    void multipleTcpRrPairsShareTheCpus() {
        double tps = run("rr_pairs").rate("transactions");
        assertTrue(tps > 4 * 10_000, "4 pairs: " + tps);
    }

    @Test
    void tcpStreamFlowsAndTheSenderBlocksOnAFullBuffer() {
        SimResult r = run("stream");
        double mps = r.rate("messages");
        assertTrue(mps > 100_000 && mps < 1e9 / 3_000.0, "the 3 us receiver (plus its wakeups) sets the pace: " + mps);
        List<TaskResult> senders = r.metrics().tasks().stream().filter(t -> t.name().startsWith("stream_send"))
                .toList();
        assertEquals(1, senders.size(), r.metrics().tasks().toString());
        assertTrue(senders.get(0).voluntarySwitches() > 100, "sender blocked on the full socket: " + senders);
    }

    @Test
    void hackbenchDeliversEveryMessageAndEnds() {
        SimResult r = run("hackbench_small");
        assertEquals(2L * 5 * 5 * 10, r.metrics().counters().get("messages"), "groups x fanout x fanout x loops");
        assertTrue(r.metrics().elapsedNs() < 2_000_000_000L, "every sender and receiver exited before the 2 s: "
                + r.metrics().elapsedNs());
    }

    /**
     * perf bench sched messaging is hackbench whose workers tear perf down at their exit (exit_work): the same
     * messages, and each worker's CPU time longer by its exit work (2 ms here), inside the measured time.
     */
    @Test
    void perfMessagingWorkersPayTheirExitWorkInsideTheRun() {
        SimResult hackbench = run("hackbench_small");
        SimResult perf = run("perf_messaging_small");
        assertEquals(hackbench.metrics().counters().get("messages"), perf.metrics().counters().get("messages"));
        long extra = workersCpu(perf) - workersCpu(hackbench);
        assertTrue(extra >= 20 * 2_000_000L * 9 / 10 && extra <= 20 * 2_000_000L * 12 / 10,
                "20 workers x 2 ms of exit work (their kernel paths may differ a little): " + extra + " ns");
        assertTrue(perf.metrics().elapsedNs() >= hackbench.metrics().elapsedNs() + 20 * 2_000_000L / 2 * 9 / 10,
                "on 2 CPUs the exit work adds at least half of itself to the elapsed time: "
                        + perf.metrics().elapsedNs() + " against " + hackbench.metrics().elapsedNs());
        assertEquals(20, workers(perf).count(), "every worker exited");
    }

    private static long workersCpu(SimResult r) {
        return workers(r).mapToLong(TaskResult::cpuNs).sum();
    }

    /** hackbench's workers: every exited task but the parent that forked them (the first task; they keep its name). */
    private static java.util.stream.Stream<TaskResult> workers(SimResult r) {
        int parent = r.metrics().exitedTasks().stream().mapToInt(TaskResult::pid).min().orElse(-1);
        return r.metrics().exitedTasks().stream().filter(t -> t.pid() != parent);
    }

    /**
     * threads.c as it runs: one process clones the 450 threads (each clone halving its counter, so the last ones
     * start with counter 0 and, in 2.3.5, wait for a recalculation), they start once the last clone exists (those
     * that looked at the start flag before that at the end of their 10 ms poll), and only they count.
     */
    @Test
    void threadsCClonesItsThreadsAndOnlyTheyCount() {
        SimResult r = run("threads_as_run");
        List<TaskResult> counting = r.metrics().tasks().stream().filter(t -> t.counters().containsKey("work"))
                .toList();
        assertEquals(450, counting.size(), "the parent does not count");
        long zero = counting.stream().filter(t -> t.counter("work") == 0).count();
        assertTrue(zero > 0 && zero < 45, "clones left with counter 0 wait: " + zero);
        assertTrue(r.rate("work") > 1_000, "the threads work: " + r.rate("work"));
    }
}
