/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.runner.ExperimentRunner;
import org.schedlab.runner.dsl.DslPlans;
import org.schedlab.runner.export.FtraceTrace;
import org.schedlab.runner.export.PerfettoProtoTrace;
import org.schedlab.runner.trace.FtraceEvent;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.engine.rr.RoundRobinEngine;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;

/**
 * The Perfetto protobuf export, decoded with protobuf-java's generic parser (no generated classes, nothing shared
 * with the writer) and checked against the ftrace text export of the same run.
 */
class PerfettoProtoTraceTest {

    /** One decoded FtraceEvent: its bundle's CPU, timestamp, pid, payload field number and payload. */
    record Event(int cpu, long ns, long pid, int type, UnknownFieldSet payload) {
        String str(int field) {
            return payload.getField(field).getLengthDelimitedList().get(0).toStringUtf8();
        }

        long num(int field) {
            return payload.getField(field).getVarintList().get(0);
        }
    }

    @Test
    void writesTheSchedEventsOfTheFtraceExportAsPerCpuBundles(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("mix.sched");
        Files.writeString(f, FtraceReaderTest.WORKLOAD.replace("duration 100 ms", "duration 1 s"));
        ExperimentPlan plan = DslPlans.load(f, EngineCatalog.of(List.of(new RoundRobinEngine()))).get(0);
        CellSpec cell = plan.cells().get(0);
        SimResult run = new ExperimentRunner().traceRun(cell, plan.seed(cell, 0), 1_000_000);
        Path text = dir.resolve("mix.trace");
        Path proto = dir.resolve("mix.perfetto-trace");
        FtraceTrace.writeFile(run, cell.config(), text);
        PerfettoProtoTrace.writeFile(run, cell.config(), proto);
        List<FtraceEvent> ftrace = FtraceReaderTest.read(text);

        UnknownFieldSet trace = UnknownFieldSet.parseFrom(Files.readAllBytes(proto));
        assertEquals(1, trace.asMap().size(), "a Trace holds only packets (field 1)");
        List<ByteString> packets = trace.getField(1).getLengthDelimitedList();
        Map<String, Integer> threads = new HashMap<>();
        List<Event> events = new ArrayList<>();
        int[] bundlesPerCpu = new int[2];
        for (ByteString bytes : packets) {
            UnknownFieldSet packet = UnknownFieldSet.parseFrom(bytes);
            assertEquals(List.of(1L), packet.getField(10).getVarintList(), "trusted_packet_sequence_id");
            for (ByteString tree : packet.getField(2).getLengthDelimitedList()) {
                for (ByteString t : UnknownFieldSet.parseFrom(tree).getField(2).getLengthDelimitedList()) {
                    UnknownFieldSet thread = UnknownFieldSet.parseFrom(t);
                    threads.put(thread.getField(2).getLengthDelimitedList().get(0).toStringUtf8(),
                            thread.getField(1).getVarintList().get(0).intValue());
                }
            }
            for (ByteString b : packet.getField(1).getLengthDelimitedList()) {
                UnknownFieldSet bundle = UnknownFieldSet.parseFrom(b);
                int cpu = bundle.getField(1).getVarintList().get(0).intValue();
                bundlesPerCpu[cpu]++;
                List<ByteString> inBundle = bundle.getField(2).getLengthDelimitedList();
                assertTrue(inBundle.size() <= PerfettoProtoTrace.CHUNK, "bounded bundles: " + inBundle.size());
                for (ByteString e : inBundle) {
                    UnknownFieldSet event = UnknownFieldSet.parseFrom(e);
                    int type = event.asMap().keySet().stream().filter(k -> k > 2).findFirst().orElseThrow();
                    events.add(new Event(cpu, event.getField(1).getVarintList().get(0),
                            event.getField(2).getVarintList().get(0), type,
                            UnknownFieldSet.parseFrom(event.getField(type).getLengthDelimitedList().get(0))));
                }
            }
        }
        assertEquals(1, threads.get("pinger-0"), "the process tree names the tasks");
        assertTrue(threads.containsKey("hog-0"), threads.toString());
        assertTrue(bundlesPerCpu[0] > 1 && bundlesPerCpu[1] > 1, "bundles per CPU, chunk by chunk: "
                + bundlesPerCpu[0] + ", " + bundlesPerCpu[1]);

        Map<FtraceEvent.Type, Integer> expected = FtraceReaderTest.count(ftrace);
        Map<FtraceEvent.Type, Integer> got = new EnumMap<>(FtraceEvent.Type.class);
        for (Event e : events) {
            got.merge(type(e.type()), 1, Integer::sum);
        }
        assertEquals(expected, got, "the same sched events as the ftrace export");

        List<String> textSwitches = ftrace.stream().filter(e -> e.type() == FtraceEvent.Type.SWITCH)
                .map(e -> e.cpu() + " " + e.timeNs() / 1000 + " " + e.taskPid() + " " + e.comm() + "/" + e.pid()
                        + " " + e.prio() + " -> " + e.comm2() + "/" + e.pid2() + " " + e.prio2())
                .sorted().toList();
        List<String> protoSwitches = events.stream().filter(e -> e.type() == 4)
                .map(e -> e.cpu() + " " + e.ns() / 1000 + " " + e.pid() + " " + e.str(1) + "/" + e.num(2) + " "
                        + e.num(3) + " -> " + e.str(5) + "/" + e.num(6) + " " + e.num(7))
                .sorted().toList();
        assertEquals(textSwitches, protoSwitches, "every sched_switch: CPU, time, prev and next pid, comm, prio");
        assertTrue(protoSwitches.stream().anyMatch(s -> s.contains("pinger-0/1 125 -> ")), "nice 5 is prio 125");

        long[] last = new long[2];
        for (Event e : events) {
            assertTrue(e.ns() >= last[e.cpu()], "each CPU's events in time order");
            last[e.cpu()] = e.ns();
        }
        Event exit = events.stream().filter(e -> e.type() == 238).findFirst().orElseThrow();
        long sleeps = ftrace.stream().filter(e -> e.type() == FtraceEvent.Type.SWITCH && e.state().equals("S")).count();
        assertTrue(sleeps > 0);
        assertEquals(sleeps, events.stream().filter(e -> e.type() == 4 && e.num(4) == 1).count(),
                "prev_state S is TASK_INTERRUPTIBLE (1)");
        Event dead = events.stream().filter(e -> e.type() == 4 && e.cpu() == exit.cpu() && e.ns() == exit.ns())
                .findFirst().orElseThrow();
        assertEquals(0x20, dead.num(4), "a switch away from an exiting task reports EXIT_ZOMBIE");
        assertEquals(exit.num(2), dead.num(2));
    }

    private static FtraceEvent.Type type(int field) {
        return switch (field) {
            case 4 -> FtraceEvent.Type.SWITCH;
            case 17 -> FtraceEvent.Type.WAKEUP;
            case 114 -> FtraceEvent.Type.WAKEUP_NEW;
            case 238 -> FtraceEvent.Type.EXIT;
            case 239 -> FtraceEvent.Type.FORK;
            case 491 -> FtraceEvent.Type.MIGRATE;
            default -> throw new AssertionError("unexpected FtraceEvent field " + field);
        };
    }
}
