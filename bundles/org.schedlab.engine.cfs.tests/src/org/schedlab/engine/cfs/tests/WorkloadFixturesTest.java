package org.schedlab.engine.cfs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.cfs.CfsEngine;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.testing.workloads.Hackbench;
import org.schedlab.sim.testing.workloads.NetperfRR;
import org.schedlab.sim.testing.workloads.NetperfStream;
import org.schedlab.sim.workload.Workload;

/** The netperf and hackbench fixtures run to sensible figures on CFS, with run queues checked throughout. */
class WorkloadFixturesTest {

    private static SimResult run(Workload w, MachineProfile m, long ns, CheckingCfsEngine e) {
        return Simulation.run(SimConfig.builder().machine(m).engine(e, SchedulerConfig.of("2.6.25")).workload(w)
                .duration(ns).seed(3).checkInvariants(true).build());
    }

    @Test
    void tcpRrTransactionsAreBoundByTheirWork() {
        SimResult r = run(NetperfRR.SEED_002.workload(), MachineProfile.p4Ht3000(), Time.ms(200),
                new CheckingCfsEngine(true));
        double tps = r.rate(NetperfRR.TRANSACTIONS);
        assertTrue(tps < 1e9 / 39_000.0, "each transaction needs 39 us of user time: " + tps);
        assertTrue(tps > 1e9 / 60_000.0, "kernel overhead stays below 21 us per transaction: " + tps);
    }

    @Test
    void multiplePairsShareTheCpus() {
        SimResult r = run(new NetperfRR(4, 10_000, 10_000, true).workload(), MachineProfile.piii700().withCpus(4),
                Time.ms(200), new CheckingCfsEngine(true));
        assertTrue(r.rate(NetperfRR.TRANSACTIONS) > 4 * 10_000, "4 pairs: " + r.rate(NetperfRR.TRANSACTIONS));
    }

    @Test
    void tcpStreamFlowsAndTheSenderBlocksOnAFullBuffer() {
        NetperfStream s = new NetperfStream(1, 4, 1_000, 3_000);
        SimResult r = run(s.workload(), MachineProfile.piii700().withCpus(2), Time.ms(100), new CheckingCfsEngine(true));
        double mps = r.rate(NetperfStream.MESSAGES);
        assertTrue(mps > 100_000 && mps < 1e9 / 3_000.0, "the 3 us receiver (plus its wakeups) sets the pace: " + mps);
        assertTrue(r.metrics().tasks().stream().filter(t -> t.name().startsWith("stream-send"))
                .allMatch(t -> t.voluntarySwitches() > 100), "sender blocked on the full socket");
    }

    @Test
    void hackbenchDeliversEveryMessageAndEnds() {
        Hackbench hb = new Hackbench(2, 5, 10, 16, 500, false);
        SimResult r = run(hb.workload(), MachineProfile.piii700().withCpus(2), Time.s(2), new CheckingCfsEngine(true));
        assertEquals(hb.totalMessages(), r.metrics().counters().get(Hackbench.MESSAGES));
        assertTrue(r.metrics().tasks().stream().noneMatch(t -> t.name().startsWith("hb-")),
                "every sender and receiver exited and was reaped");
    }
}
