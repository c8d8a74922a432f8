/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.runner.export.JsonOutput;
import org.schedlab.sim.bench.SimBench;
import org.schedlab.sim.spi.SchedulerEngine;

/** {@code schedlab bench [ENGINE] [--quick] [--json]}: the simulation kernel's speed benchmark. */
final class BenchCommand implements Command {

    @Override
    public String name() {
        return "bench";
    }

    @Override
    public String summary() {
        return "measure the simulator's speed (context switches per wall-clock second)";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab bench [ENGINE] [--quick] [--json]
				  N tasks that each compute 1 ms then sched_yield() on 4 CPUs of the PIII-700 profile, every cost
				  charged, for N = 8, 64, 512 (median of 3 runs each), a CPU-bound variant, heap per task with
				  100,000 tasks on 256 CPUs, and the event queue against java.util.PriorityQueue. ENGINE defaults
				  to rr (the reference round-robin engine). The last line is 'context switches per second: N'
				  for N = 512. --quick runs shorter simulations. Takes about two minutes. --json writes the figures
				  as one JSON object on standard output (the rows go to standard error), for CI artifacts.""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        boolean quick = false;
        boolean json = false;
        String engineId = "rr";
        for (String arg : args) {
            if (arg.equals("--quick")) {
                quick = true;
            } else if (arg.equals("--json")) {
                json = true;
            } else if (arg.startsWith("-")) {
                throw new UsageException("unknown option " + arg);
            } else {
                engineId = arg;
            }
        }
        List<SchedulerEngine> engines = InstalledEngines.started();
        String wanted = engineId;
        SchedulerEngine engine = engines.stream().filter(e -> e.info().id().equals(wanted)).findFirst()
                .orElseThrow(() -> new UsageException("unknown engine '" + wanted + "'; installed: "
                        + String.join(", ", engines.stream().map(e -> e.info().id()).toList())));
        if (!json) {
            new SimBench(out).run(engine, quick);
            return Main.OK;
        }
        SimBench.Figures f = new SimBench(err).measure(engine, quick);
        try {
            writeJson(f, new OutputStreamWriter(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println();
        out.flush();
        return Main.OK;
    }

    /** The figures as one flat JSON object with a list of rows. */
    static void writeJson(SimBench.Figures f, Writer w) throws IOException {
        JsonWriter j = JsonOutput.writer(w, false);
        j.beginObject();
        j.name("engine").value(f.engine()).name("quick").value(f.quick()).name("java").value(f.java())
                .name("cores").value(f.cores())
                .name("load_average").value(JsonOutput.number(f.loadAverage()))
                .name("context_switches_per_second").value(f.contextSwitchesPerSecond())
                .name("memory_model_ratio").value(JsonOutput.number(f.memoryModelRatio()))
                .name("heap_bytes_per_task").value(f.heapBytesPerTask());
        j.name("rows").beginArray();
        for (SimBench.Row r : f.rows()) {
            j.beginObject().name("label").value(r.label()).name("switches").value(r.switches())
                    .name("simulated_s").value(JsonOutput.number(r.simulatedS()))
                    .name("per_wall_s").value(JsonOutput.number(r.perWallS()))
                    .name("per_wall_s_min").value(JsonOutput.number(r.perWallSMin()))
                    .name("per_wall_s_max").value(JsonOutput.number(r.perWallSMax()))
                    .name("per_thread_cpu_s").value(JsonOutput.number(r.perThreadCpuS()))
                    .name("events_per_wall_s").value(JsonOutput.number(r.eventsPerWallS()))
                    .name("simulated_per_wall_s").value(JsonOutput.number(r.simulatedPerWallS())).endObject();
        }
        j.endArray();
        j.name("event_queue").beginArray();
        for (SimBench.Queue q : f.queues()) {
            j.beginObject().name("events").value(q.events()).name("ns").value(JsonOutput.number(q.ns()))
                    .name("priority_queue_ns").value(JsonOutput.number(q.priorityQueueNs())).endObject();
        }
        j.endArray();
        j.endObject();
        j.flush();
    }
}
