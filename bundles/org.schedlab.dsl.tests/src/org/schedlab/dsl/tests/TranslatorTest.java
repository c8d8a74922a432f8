/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.Published;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.Arch;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.ImageSize;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** From validated .sched text to the simulation kernel's plain objects. */
class TranslatorTest {

    static final String HELLO = """
			machine duo { cpus 2 clock 700 MHz hz 100 }
			kernel reference { engine rr version "1.0" }
			variant rr = reference
			workload hello { threads worker x 4 { loop forever { compute 1 ms count work yield } } }
			experiment hello { workload hello machines duo variants rr duration 1 s metrics switches, work }
			""";

    static ExperimentPlan plan(String text) {
        SchedLoader.Loaded l = Sched.load(text);
        assertFalse(l.hasErrors(), () -> l.diagnostics().toString());
        try {
            List<ExperimentPlan> plans = Sched.loader().translate(l);
            assertEquals(1, plans.size());
            return plans.get(0);
        } catch (TranslationException e) {
            throw new AssertionError(e.getMessage() + " at line " + e.line(), e);
        }
    }

    @Test
    void helloBecomesOneCellOfTheReferenceEngine() {
        ExperimentPlan p = plan(HELLO);
        assertEquals("hello", p.name());
        assertEquals(1, p.cells().size());
        CellSpec cell = p.cells().get(0);
        assertEquals(List.of("hello", "duo", "rr", Map.of(), "duo/rr"), List.of(cell.experiment(),
                cell.machineName(), cell.variantName(), cell.params(), cell.label()));
        MachineProfile m = cell.config().machine();
        assertEquals(List.of("duo", 2, 700L, 100), List.of(m.id(), m.nrCpus(), m.mhz(), m.hz()));
        assertInstanceOf(RoundRobinEngine.class, cell.config().engine());
        assertEquals(SchedulerConfig.of("1.0"), cell.config().scheduler());
        Workload w = cell.config().workload();
        Program body = new Program("worker", List.of(new Action.Loop(-1, List.of(
                new Action.Compute(Distribution.constant(Time.MS), false), new Action.Count("work", 1),
                new Action.Yield()))));
        assertEquals(List.of(ThreadGroup.threads("worker", 4, body)), w.groups());
        assertEquals(List.of(Time.S, 0L, 1L, 1, List.of(1L), "rr", List.of("switches", "work")),
                List.of(cell.config().durationNs(), cell.config().warmupNs(), cell.config().seed(), p.repeats(),
                        p.seeds(), p.baselineVariant(), p.metrics()));
        assertEquals(List.of(), p.published());
    }

    @Test
    void translatedHelloRunsInTheSimulator() {
        CellSpec cell = plan(HELLO).cells().get(0);
        SimResult r = Simulation.run(cell.config().withSeed(7));
        assertTrue(r.metrics().counters().getOrDefault("work", 0L) > 0, () -> r.metrics().counters().toString());
        assertTrue(r.metrics().contextSwitches() > 0);
    }

    @Test
    void yieldToNamesATaskGroupAndPlainYieldStaysPlain() {
        Workload w = plan(HELLO.replace("threads worker x 4 { loop forever { compute 1 ms count work yield } }",
                "threads producer { loop forever { compute 1 ms count work yield to consumer } }"
                        + " threads consumer { loop forever { compute 1 ms yield } }")).cells().get(0).config().workload();
        Action.Loop producer = (Action.Loop) w.groups().get(0).program().actions().get(0);
        assertEquals(new Action.YieldTo("consumer"), producer.body().get(2));
        Action.Loop consumer = (Action.Loop) w.groups().get(1).program().actions().get(0);
        assertEquals(new Action.Yield(), consumer.body().get(1));
    }

    @Test
    void machineExtendsABuiltInProfileAndOverridesCosts() {
        ExperimentPlan p = plan(HELLO.replace("machine duo { cpus 2 clock 700 MHz hz 100 }",
                "machine duo extends piii-700 { cpus 1 hz 1000 cost syscall = 500 cycles cost ipi_latency = 3 us }"));
        MachineProfile m = p.cells().get(0).config().machine();
        assertEquals(List.of("duo", 1, 700L, 1000, Arch.I386, 500L, 3000L), List.of(m.id(), m.nrCpus(), m.mhz(),
                m.hz(), m.arch(), m.costs().cycles(CostKey.SYSCALL), m.costs().cycles(CostKey.IPI_LATENCY)));
        assertEquals(MachineProfile.piii700().costs().cycles(CostKey.FORK), m.costs().cycles(CostKey.FORK));
        MachineProfile p2 = plan(HELLO.replace("machine duo { cpus 2 clock 700 MHz hz 100 }", "machine duo extends"
                + " piii-700 { cost fork = 400000 cycles cost exit = 500000 cycles cost exec = 9 cycles }")).cells()
                .get(0).config().machine();
        assertEquals(List.of(400000L, 500000L, 9L), List.of(p2.costs().cycles(CostKey.FORK),
                p2.costs().cycles(CostKey.EXIT), p2.costs().cycles(CostKey.EXEC)), "the keys named as statements");
    }

    @Test
    void machinesKeepTheirMemoryModelAndCanSwitchItOff() {
        MachineProfile on = plan(HELLO.replace("machine duo { cpus 2 clock 700 MHz hz 100 }",
                "machine duo extends piii-700 { cpus 2 l2 cache 2 MB cost memory_latency = 180 ns }")).cells().get(0)
                .config().machine();
        assertEquals(List.of(true, 2048, 8, 32, 180L), List.of(on.memory().enabled(), on.memory().cacheKb(),
                on.memory().ways(), on.memory().lineBytes(), on.costs().cycles(CostKey.MEMORY_LATENCY)),
                "an extended profile keeps its hierarchy; l2 cache sizes it");
        MachineProfile off = plan(HELLO.replace("machine duo { cpus 2 clock 700 MHz hz 100 }",
                "machine duo extends piii-700 { cpus 2 memory model off }")).cells().get(0).config().machine();
        assertFalse(off.memory().enabled());
        assertEquals(on.memory().ways(), off.memory().ways(), "off keeps the shape, so `memory model on` restores it");
    }

    @Test
    void theL2sShapeAndTheMemoryPathsAreSettable() {
        MachineProfile m = plan(HELLO.replace("machine duo { cpus 2 clock 700 MHz hz 100 }",
                "machine duo extends piii-700 { cpus 2 tlb tags 2 l2 cache 512 KB ways 8 line 64 B memory buses 1"
                        + " arch x86_64 }")).cells().get(0).config().machine();
        assertEquals(List.of(512, 8, 64, 1), List.of(m.memory().cacheKb(), m.memory().ways(), m.memory().lineBytes(),
                m.memory().buses()), "the host's L2 (sysfs index2) and one memory path, as profile-host writes them");
        assertEquals(2, m.tlbTags(), "the address spaces a CPU keeps tagged, kept by the settings after it");
        assertEquals(MachineProfile.TLB_NR_DYN_ASIDS, plan(HELLO).cells().get(0).config().machine().tlbTags());
        Map<String, String> bad = Map.of("l2 cache 512 KB ways 32", "1 to 16 ways", "l2 cache 512 KB line 48 B",
                "a power of two", "memory buses 0", "1 to 8", "tlb tags 0", "tlb tags must be 1 to 64");
        bad.forEach((setting, why) -> {
            SchedLoader.Loaded l = Sched.load(HELLO.replace("machine duo { cpus 2 clock 700 MHz hz 100 }",
                    "machine duo extends piii-700 { cpus 2 " + setting + " }"));
            assertTrue(l.hasErrors() && l.diagnostics().toString().contains(why), setting + ": " + l.diagnostics());
        });
        SchedLoader.Loaded l = Sched.load(HELLO.replace("machine duo { cpus 2 clock 700 MHz hz 100 }",
                "machine duo extends itanium2 { l2 cache 256 KB ways 8 }"));
        assertTrue(l.hasErrors() && l.diagnostics().toString().contains("not the L2"), "the Itanium 2's model cache"
                + " is its L3: " + l.diagnostics());
    }

    @Test
    void aBarrierWaitMayPollInsteadOfSleepingOnAFutex() {
        String text = HELLO.replace("workload hello { threads worker x 4 { loop forever {",
                "workload hello { barrier start parties 4 threads worker x 4 { barrier start poll 10 ms loop forever {");
        ThreadGroup g = plan(text).cells().get(0).config().workload().groups().get(0);
        Action.Barrier b = (Action.Barrier) g.program().actions().get(0);
        assertEquals(List.of("start", 10_000_000L), List.of(b.point().name(), b.pollNs()), "threads.c's start:"
                + " usleep(10000) until the flag is set");
        ThreadGroup futex = plan(text.replace(" poll 10 ms", "")).cells().get(0).config().workload().groups().get(0);
        assertEquals(0L, ((Action.Barrier) futex.program().actions().get(0)).pollNs(), "without poll: a futex wait");
        assertTrue(!b.point().startsMeasurement());
        ThreadGroup kick = plan(text.replace("parties 4", "parties 4 starts measurement")).cells().get(0).config()
                .workload().groups().get(0);
        assertTrue(((Action.Barrier) kick.program().actions().get(0)).point().startsMeasurement(), "hackbench's kick");
        SchedLoader.Loaded l = Sched.load(text.replace("poll 10 ms", "poll 10"));
        assertTrue(l.hasErrors() && l.diagnostics().toString().contains("poll period"), l.diagnostics().toString());
        SchedLoader.Loaded zero = Sched.load(text.replace("poll 10 ms", "poll 0 ms"));
        assertTrue(zero.hasErrors() && zero.diagnostics().toString().contains("poll period must be positive"),
                zero.diagnostics().toString());
    }

    @Test
    void aReceiveMayLimitItsWait() {
        String text = HELLO.replace("workload hello { threads worker x 4 { loop forever {",
                "workload hello { channel c capacity 4 threads worker x 4 { recv c within 2 ms loop forever {");
        ThreadGroup g = plan(text).cells().get(0).config().workload().groups().get(0);
        Action.Recv r = (Action.Recv) g.program().actions().get(0);
        assertEquals(List.of("c", 2_000_000L), List.of(r.channel().name(), r.withinNs()));
        ThreadGroup plain = plan(text.replace(" within 2 ms", "")).cells().get(0).config().workload().groups().get(0);
        assertEquals(0L, ((Action.Recv) plain.program().actions().get(0)).withinNs(), "without within: no limit");
        SchedLoader.Loaded l = Sched.load(text.replace("within 2 ms", "within 2"));
        assertTrue(l.hasErrors() && l.diagnostics().toString().contains("time limit"), l.diagnostics().toString());
        SchedLoader.Loaded zero = Sched.load(text.replace("within 2 ms", "within 0 ms"));
        assertTrue(zero.hasErrors() && zero.diagnostics().toString().contains("time limit must be positive"),
                zero.diagnostics().toString());
    }

    @Test
    void builtInProfileUsedByName() {
        MachineProfile m = plan(HELLO.replace("machines duo", "machines itanium2")
                .replace("machine duo { cpus 2 clock 700 MHz hz 100 }", "")).cells().get(0).config().machine();
        assertEquals(List.of("itanium2", Arch.IA64, 1500L, 4), List.of(m.id(), m.arch(), m.mhz(), m.nrCpus()));
    }

    @Test
    void variantCarriesVersionPatchesAndTunablesInTheTunablesUnits() {
        ExperimentPlan p = plan(HELLO.replace("variant rr = reference", """
				variant rr = reference
				kernel toy1 { engine toy version "1.0" }
				variant fast = toy1 + "fast-path-2001" + "big-lock-2002" { set slice_ns = 2 ms set balance = 0 }
				""").replace("variants rr", "variants rr, fast baseline fast"));
        CellSpec fast = p.cells().get(1);
        assertEquals("duo/fast", fast.label());
        assertInstanceOf(ToyEngine.class, fast.config().engine());
        assertEquals(new SchedulerConfig("1.0", Set.of("fast-path-2001", "big-lock-2002"),
                Map.of("slice_ns", "2000000", "balance", "0")), fast.config().scheduler());
        assertEquals("fast", p.baselineVariant());
    }

    @Test
    void policyNiceAffinityAndProcesses() {
        ThreadGroup g = plan(HELLO.replace("threads worker x 4", "processes worker x 3 nice -5 cpus 0, 2..3 bkl")
                .replace("cpus 2 clock", "cpus 4 clock")).cells().get(0).config().workload().groups().get(0);
        assertEquals(List.of(3, false, Policy.OTHER, -5, Set.of(0, 2, 3), true),
                List.of(g.count(), g.threads(), g.policy(), g.nice(), g.cpus(), g.holdsBkl()));
        ThreadGroup rt = plan(HELLO.replace("x 4", "x 4 policy fifo priority 50")).cells().get(0).config()
                .workload().groups().get(0);
        assertEquals(List.of(Policy.FIFO, 50), List.of(rt.policy(), rt.rtPriority()));
    }

    @Test
    void imageOptionSizesTheProcessImageAndKeepsTheDefaultsOfWhatItDoesNotGive() {
        ThreadGroup g = plan(HELLO.replace("threads worker x 4", "processes worker x 2 image(present = 300, dirty = 6)"))
                .cells().get(0).config().workload().groups().get(0);
        assertEquals(new ImageSize(300, ImageSize.DEFAULT.privatePages(), 6), g.image());
        ThreadGroup plain = plan(HELLO).cells().get(0).config().workload().groups().get(0);
        assertEquals(ImageSize.DEFAULT, plain.image());
    }

    @Test
    void aBadImageIsALocatedError() {
        for (String[] bad : new String[][] {
                {"image(present = 100, resident = 3)", "an image has present, private and dirty pages, not `resident`"},
                {"image(present = 10, private = 11)", "private pages must be 0 to the present pages (10): 11"},
                {"image(dirty = 2, dirty = 3)", "`dirty` is given twice"},
                {"image(present = 1.5)", "the present pages must be a whole number"}}) {
            SchedLoader.Loaded l = Sched.load(HELLO.replace("threads worker x 4", "processes worker x 4 " + bad[0]));
            assertTrue(l.hasErrors(), bad[0]);
            String d = l.diagnostics().toString();
            assertTrue(d.contains("test.sched:4:") && d.contains("error: " + bad[1]), d);
        }
    }

    @Test
    void hackbenchForksItsReceiversThenItsSendersAsProcesses() {
        ExperimentPlan p = plan(HELLO.replace("workload hello machines", "workload hackbench(groups = 2, fanout = 3)"
                + " machines").replace("metrics switches, work", "metrics messages"));
        Workload w = p.cells().get(0).config().workload();
        assertEquals(List.of("hackbench"), w.groups().stream().map(ThreadGroup::name).toList(), "one parent");
        List<Action> parent = w.groups().get(0).program().actions();
        assertEquals(2 * (2 * 2 * 3), parent.size()); // 12 forks, then a wait for each
        List<Action.Fork> forks = parent.subList(0, 12).stream().map(a -> (Action.Fork) a).toList();
        assertEquals(List.of("receiver", "receiver", "receiver", "receiver", "receiver", "receiver", "sender", "sender",
                "sender", "sender", "sender", "sender"), forks.stream().map(f -> f.child().name()).toList());
        assertTrue(forks.stream().noneMatch(Action.Fork::thread), "processes are forked, each with its own mm");
        assertTrue(parent.subList(12, 24).stream().allMatch(a -> a instanceof Action.Wait), "then reaped");
    }

    @Test
    void volanomarkTemplateWithArgumentsForksEveryConnectionsThreads() {
        ExperimentPlan p = plan(HELLO.replace("workload hello machines", "workload volanomark(rooms = 2, users = 3)"
                + " machines").replace("metrics switches, work", "metrics messages"));
        Workload w = p.cells().get(0).config().workload();
        assertEquals(List.of("server_jvm", "client_jvm"), w.groups().stream().map(ThreadGroup::name).toList());
        List<Action> server = w.groups().get(0).program().actions();
        assertEquals(2 * (2 * 2 * 3), server.size()); // receivers and senders of 6 connections, then a join each
        Action.Fork recv = (Action.Fork) server.get(0);
        assertTrue(recv.thread());
        Action.Loop loop = (Action.Loop) recv.child().actions().get(1);
        assertEquals(100, loop.times(), "a server receiver ends after its user's messages");
        Action.Loop sendLoop = (Action.Loop) ((Action.Fork) server.get(6)).child().actions().get(1);
        assertEquals(100 * (3 - 1), sendLoop.times(), "a server sender ends after the others' messages");
        Action.Broadcast fanOut = (Action.Broadcast) loop.body().get(4);
        assertEquals(List.of("queue[0,1]", "queue[0,2]"), fanOut.channels().stream().map(c -> c.name()).toList());
        Action.Barrier start = (Action.Barrier) recv.child().actions().get(0);
        assertEquals(4 * 2 * 3, start.point().parties());
    }

    @Test
    void aUnixSocketCarriesItsMessageSizeAndAPlainSocketDoesNot() {
        ExperimentPlan p = plan(HELLO.replace("workload hello { threads worker x 4 { loop forever { compute 1 ms count"
                + " work yield } } }", "workload hello { channel ux unix socket capacity 277 message 100 B sync"
                + " channel plain socket capacity 8 threads tx { loop forever { send ux send plain } }"
                + " threads rx { loop forever { recv ux recv plain count work } } }"));
        Workload w = p.cells().get(0).config().workload();
        Action.Loop tx = (Action.Loop) w.groups().get(0).program().actions().get(0);
        var unix = ((Action.Send) tx.body().get(0)).channel();
        var plain = ((Action.Send) tx.body().get(1)).channel();
        assertTrue(unix.unix());
        assertEquals(277, unix.capacity());
        assertEquals(100, unix.messageBytes());
        assertTrue(unix.syncWakeup());
        assertFalse(plain.unix());
        assertEquals(org.schedlab.sim.workload.Channel.Kind.SOCKET, plain.kind());
    }

    @Test
    void aPacketPipeIsAPipeOfSlots() {
        ExperimentPlan p = plan(HELLO.replace("workload hello { threads worker x 4 { loop forever { compute 1 ms count"
                + " work yield } } }", "workload hello { channel fifo pipe packet capacity 16 sync channel packet pipe"
                + " capacity 4 threads tx { loop forever { send fifo send packet } } threads rx { loop forever { recv"
                + " fifo recv packet count work } } }"));
        Workload w = p.cells().get(0).config().workload();
        Action.Loop tx = (Action.Loop) w.groups().get(0).program().actions().get(0);
        var fifo = ((Action.Send) tx.body().get(0)).channel();
        var named = ((Action.Send) tx.body().get(1)).channel();
        assertTrue(fifo.packet());
        assertEquals(org.schedlab.sim.workload.Channel.Kind.PIPE, fifo.kind());
        assertEquals(16, fifo.capacity());
        assertTrue(fifo.syncWakeup());
        assertFalse(named.packet(), "a channel may still be named packet");
        assertEquals(0, fifo.messageBytes(), "no size given");
    }

    @Test
    void aPipesMessageSizeIsKeptForTheMemoryModel() {
        ExperimentPlan p = plan(HELLO.replace("workload hello { threads worker x 4 { loop forever { compute 1 ms count"
                + " work yield } } }", "workload hello { channel fifo pipe capacity 640 message 100 B sync channel pkt"
                + " pipe packet capacity 16 message 512 B threads tx { loop forever { send fifo send pkt } } threads rx"
                + " { loop forever { recv fifo recv pkt count work } } }"));
        Action.Loop tx = (Action.Loop) p.cells().get(0).config().workload().groups().get(0).program().actions().get(0);
        var fifo = ((Action.Send) tx.body().get(0)).channel();
        var pkt = ((Action.Send) tx.body().get(1)).channel();
        assertEquals(org.schedlab.sim.workload.Channel.Kind.PIPE, fifo.kind());
        assertEquals(100, fifo.messageBytes());
        assertEquals(640, fifo.capacity());
        assertFalse(fifo.packet());
        assertEquals(512, pkt.messageBytes());
        assertTrue(pkt.packet());
    }

    @Test
    void sweepGivesOneWorkloadPerPointAndCellsCoverTheMatrix() {
        ExperimentPlan p = plan(HELLO.replace("workload hello machines duo", "workload threads_c(user = 30 cycles)"
                + " sweep nthreads = 10, 20, 40 repeats 2 seeds 5, 6 machines duo, piii-700")
                .replace("metrics switches, work", "metrics work"));
        assertEquals(List.of("duo/rr[nthreads=10]", "piii-700/rr[nthreads=10]", "duo/rr[nthreads=20]",
                "piii-700/rr[nthreads=20]", "duo/rr[nthreads=40]", "piii-700/rr[nthreads=40]"),
                p.cells().stream().map(CellSpec::label).toList(), "points x machines x variants");
        CellSpec twenty = p.cells().get(2);
        assertEquals(Map.of("nthreads", "20"), twenty.params());
        var w = twenty.config().workload();
        assertEquals(1, w.bootTasks(), "threads.c's parent; it clones the threads");
        assertEquals(20, w.groups().get(0).program().actions().stream()
                .filter(a -> a instanceof org.schedlab.sim.workload.Action.Fork).count());
        assertEquals(2, p.repeats());
        assertEquals(List.of(5L, 6L), p.seeds());
        assertEquals(5L, twenty.config().seed());
        assertEquals(6L, p.seed(twenty, 1));
    }

    @Test
    void publishedValuesWithBands() {
        ExperimentPlan p = plan(HELLO.replace("metrics switches, work",
                "metrics work published work band 5 % { rr on duo = 11022 rr on duo = 2.5 +- 1.5 % }"));
        assertEquals(List.of(Published.relative("hello-1", "duo", "rr", Map.of(), "work", 11022, "", 0.05),
                Published.relative("hello-2", "duo", "rr", Map.of(), "work", 2.5, "", 0.015)), p.published());
    }

    @Test
    void aProcessJoinsItsThreadsAndTheRunEndsWithTheLastExit() {
        ExperimentPlan p = plan(HELLO.replace("workload hello machines duo", "workload joined machines duo")
                .replace("metrics switches, work", "metrics switches, done")
                + "workload joined { threads t[i: 3] in host { compute 2 ms count done } }\n");
        var w = p.cells().get(0).config().workload();
        assertEquals(List.of("fork", "fork", "fork", "wait", "wait", "wait"), w.groups().get(0).program().actions()
                .stream().map(a -> a.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT)).toList());
        SimResult r = Simulation.run(p.cells().get(0).config());
        assertEquals(3L, r.metrics().counters().get("done"));
        assertTrue(r.metrics().elapsedNs() < 10 * Time.MS, "ended with the last exit, not at the 1 s duration: "
                + r.metrics().elapsedNs());
    }

    @Test
    void warmupIsSimulatedBeforeTheMeasuredDuration() {
        ExperimentPlan p = plan(HELLO.replace("duration 1 s", "duration 2 s warmup 500 ms"));
        var config = p.cells().get(0).config();
        assertEquals(2_000 * Time.MS, config.durationNs(), "measured time");
        assertEquals(500 * Time.MS, config.warmupNs(), "not measured");
        assertEquals(2_500 * Time.MS, config.endNs(), "simulated time");
    }
}
