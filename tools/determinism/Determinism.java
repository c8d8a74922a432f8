/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.MetricsSnapshot;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.metrics.TraceEvent;
import org.schedlab.sim.spi.Engines;
import org.schedlab.sim.spi.PatchInfo;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Cond;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Mutex;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.UserLock;
import org.schedlab.sim.workload.Workload;

/**
 * The determinism harness of the speed work (issue 17): runs a fixed set of short configurations on every engine
 * (every version bare and every patch on each version it applies to; UP, SMP and hyper-threaded machines; the
 * memory model on and off; a yielding and a blocking workload; a warm-up, a trace and invariant checking on some)
 * and prints one SHA-256 digest of every metric of each run. A change that must not alter results keeps every
 * digest.
 *
 * <pre>
 *   tools/determinism.sh                 # compile and compare with tools/determinism/expected.txt
 *   tools/determinism.sh --record        # rewrite the expected digests (only for a change that alters the model)
 * </pre>
 *
 * Run directly: {@code java -cp CLASSES:BUNDLE_ROOTS tools/determinism/Determinism.java [--record|--check] FILE}.
 */
public final class Determinism {
    static final List<String> ENGINES = List.of("rr", "goodness", "o1", "cfs", "eevdf");

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "--print";
        Map<String, String> digests = runAll();
        if (mode.equals("--record")) {
            StringBuilder sb = new StringBuilder();
            digests.forEach((k, v) -> sb.append(k).append(' ').append(v).append('\n'));
            Files.writeString(Path.of(args[1]), sb.toString());
            System.out.println(digests.size() + " digests recorded in " + args[1]);
        } else if (mode.equals("--check")) {
            Map<String, String> expected = new LinkedHashMap<>();
            for (String line : Files.readAllLines(Path.of(args[1]))) {
                if (!line.isBlank()) {
                    int sp = line.lastIndexOf(' ');
                    expected.put(line.substring(0, sp), line.substring(sp + 1));
                }
            }
            int bad = 0;
            for (var e : expected.entrySet()) {
                String got = digests.get(e.getKey());
                if (!e.getValue().equals(got)) {
                    bad++;
                    System.out.println("DIFFERS " + e.getKey() + ": expected " + e.getValue() + ", got " + got);
                }
            }
            for (String k : digests.keySet()) {
                if (!expected.containsKey(k)) {
                    bad++;
                    System.out.println("NEW " + k);
                }
            }
            System.out.println(bad == 0 ? "determinism: all " + digests.size() + " digests identical"
                    : "determinism: " + bad + " of " + expected.size() + " digests differ");
            System.exit(bad == 0 ? 0 : 1);
        } else {
            digests.forEach((k, v) -> System.out.println(k + " " + v));
        }
    }

    static Map<String, String> runAll() throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        for (String id : ENGINES) {
            SchedulerEngine engine = id.equals("rr") ? new RoundRobinEngine() : Engines.byId(id).orElseThrow();
            for (SchedulerConfig sc : configurations(engine)) {
                String cfgName = id + "/" + sc.version() + (sc.patches().isEmpty() ? "" : "+" + String.join("+",
                        sc.patches()));
                int n = 0;
                for (MachineProfile m : machines()) {
                    for (boolean mem : new boolean[] {true, false}) {
                        MachineProfile mm = m.withMemory(m.memory().withEnabled(mem));
                        for (Workload w : List.of(yielding(), blocking())) {
                            SimConfig.Builder b = SimConfig.builder().machine(mm).engine(engine, sc).workload(w)
                                    .duration(Time.ms(300)).seed(7 + n);
                            // variety: a warm-up, a trace and invariant checking on some runs
                            if (n % 3 == 1) {
                                b.warmup(Time.ms(40));
                            }
                            if (n % 4 == 2) {
                                b.trace(20_000);
                            }
                            if (n % 5 == 3) {
                                b.checkInvariants(true);
                            }
                            String key = cfgName + " " + m.id() + "x" + m.nrCpus() + " mem=" + (mem ? "on" : "off")
                                    + " " + w.name();
                            out.put(key, digest(Simulation.run(b.build())));
                            n++;
                        }
                    }
                }
            }
        }
        return out;
    }

    static List<SchedulerConfig> configurations(SchedulerEngine engine) {
        List<SchedulerConfig> cs = new ArrayList<>();
        for (String v : engine.info().versions()) {
            cs.add(SchedulerConfig.of(v));
            for (PatchInfo p : engine.info().patches()) {
                if (p.appliesTo().contains(v)) {
                    cs.add(new SchedulerConfig(v, Set.of(p.id()), Map.of()));
                }
            }
        }
        return cs;
    }

    static List<MachineProfile> machines() {
        return List.of(MachineProfile.piii700().withCpus(1), MachineProfile.piii700().withCpus(4),
                MachineProfile.p4Ht3000());
    }

    /** Yielding: processes and threads that compute then sched_yield, two of them niced. */
    static Workload yielding() {
        Program p = Program.of("compute-yield", Action.Loop.forever(Action.Compute.ns(Time.us(300)),
                new Action.Count("work", 1), new Action.Yield()));
        Program q = Program.of("compute-yield-cycles", Action.Loop.forever(
                new Action.Compute(new Distribution.Uniform(50_000, 400_000), true), new Action.Count("work", 1),
                new Action.Yield()));
        return Workload.of("yielding", ThreadGroup.processes("y", 12, p), ThreadGroup.threads("z", 3, q)
                .withPolicy(Policy.OTHER, 5, 0));
    }

    /** Blocking: ping-pong pairs, sleepers, a mutex and condition, a user spinlock, fork/exit/wait, an RT task. */
    static Workload blocking() {
        List<ThreadGroup> g = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Channel ask = new Channel("ask-" + i, 1, i % 2 == 0);
            Channel answer = new Channel("answer-" + i, 1, i % 2 == 0);
            g.add(ThreadGroup.processes("client-" + i, 1, Program.of("client", Action.Loop.forever(
                    Action.Compute.ns(Time.us(40 + 30 * i)), new Action.Send(ask), new Action.Recv(answer),
                    new Action.Count("round_trips", 1)))));
            g.add(ThreadGroup.processes("server-" + i, 1, Program.of("server", Action.Loop.forever(
                    new Action.Recv(ask), Action.Compute.ns(Time.us(25)), new Action.Send(answer)))));
        }
        g.add(ThreadGroup.processes("sleeper", 4, Program.of("sleeper", Action.Loop.forever(
                new Action.Compute(new Distribution.Exponential(200_000), false),
                new Action.Sleep(new Distribution.Uniform(100_000, 3_000_000)), new Action.Count("naps", 1)))));
        Mutex mx = new Mutex("mx");
        Cond cv = new Cond("cv");
        g.add(ThreadGroup.threads("waiter", 2, Program.of("waiter", Action.Loop.forever(new Action.MutexLock(mx),
                new Action.CondWait(cv, mx), new Action.MutexUnlock(mx), Action.Compute.ns(Time.us(50)),
                new Action.Count("signalled", 1)))));
        g.add(ThreadGroup.threads("signaller", 1, Program.of("signaller", Action.Loop.forever(
                Action.Compute.ns(Time.us(500)), new Action.MutexLock(mx), new Action.CondBroadcast(cv),
                new Action.MutexUnlock(mx)))));
        UserLock ul = new UserLock("ul");
        g.add(ThreadGroup.threads("spinner", 3, Program.of("spinner", Action.Loop.forever(
                new Action.SpinLock(ul, 50, 2), Action.Compute.ns(Time.us(30)), new Action.SpinUnlock(ul),
                Action.Compute.ns(Time.us(60)), new Action.Count("locked", 1)))));
        Program child = Program.of("child", Action.Compute.ns(Time.us(120)), new Action.Exit());
        g.add(ThreadGroup.processes("forker", 1, Program.of("forker", Action.Loop.forever(
                new Action.Fork(child, false), new Action.Phase("reap", List.of(new Action.Wait())),
                new Action.Count("forks", 1)))));
        g.add(ThreadGroup.processes("rt", 1, Program.of("rt", Action.Loop.forever(Action.Compute.ns(Time.us(80)),
                new Action.Sleep(Distribution.constant(Time.ms(2))))))
                .withPolicy(Policy.FIFO, 0, 10));
        return new Workload("blocking", g);
    }

    /** SHA-256 over every figure of the result, maps in key order. */
    static String digest(SimResult r) throws Exception {
        StringBuilder s = new StringBuilder();
        MetricsSnapshot m = r.metrics();
        s.append(r.status()).append('|').append(r.engineId()).append('|').append(r.engineVersion()).append('|')
                .append(r.patches()).append('|').append(r.machineId()).append('|').append(r.nrCpus()).append('|')
                .append(r.eventsProcessed()).append('\n');
        s.append(m.elapsedNs()).append('|').append(m.startNs()).append('|').append(m.contextSwitches()).append('|')
                .append(m.yieldCalls()).append('|').append(new TreeMap<>(m.counters())).append('|')
                .append(m.fnCycles()).append('|').append(m.ipisSent()).append('|').append(m.ipisSuppressed())
                .append('\n');
        var h = m.wakeupLatency();
        s.append(h.count()).append('|').append(h.min()).append('|').append(h.max()).append('|')
                .append(Double.doubleToLongBits(h.mean()));
        for (int b = 0; b < 64; b++) {
            s.append(',').append(h.bucket(b));
        }
        s.append('\n').append(Double.doubleToLongBits(m.runQueueMean())).append('|').append(m.runQueueMax())
                .append('|').append(m.runQueueSeries()).append('|').append(m.runQueueIntervalNs()).append('\n');
        s.append(new TreeMap<>(m.engineCounters())).append('|').append(new TreeMap<>(m.phaseNs())).append('\n');
        List<TaskResult> tasks = new ArrayList<>(m.tasks());
        tasks.addAll(m.exitedTasks());
        for (TaskResult t : tasks) {
            s.append(t.pid()).append(' ').append(t.name()).append(' ').append(t.cpuNs()).append(' ')
                    .append(t.waitNs()).append(' ').append(t.voluntarySwitches()).append(' ')
                    .append(t.involuntarySwitches()).append(' ').append(t.wakeups()).append(' ')
                    .append(new TreeMap<>(t.counters())).append(' ').append(t.finalState()).append('\n');
        }
        m.cpus().forEach(c -> s.append(c).append('\n'));
        m.locks().forEach(l -> s.append(l).append('\n'));
        for (TraceEvent e : r.trace()) {
            s.append(e).append('\n');
        }
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        return HexFormat.of().formatHex(md.digest(s.toString().getBytes(StandardCharsets.UTF_8)));
    }
}
