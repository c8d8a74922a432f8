/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.export;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

import org.schedlab.runner.AtomicFiles;
import org.schedlab.runner.export.SchedEvents.Task;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;

import com.google.protobuf.CodedOutputStream;

/**
 * Writes one run's schedule as Perfetto's native protobuf trace: the kernel's sched tracepoints (from
 * {@link SchedEvents}) as the ftrace events traced would record, which ui.perfetto.dev and trace_processor show
 * as their CPU scheduling and thread-state tracks. A first packet holds the process tree (each task its own
 * process, named by its comm); then, per chunk of {@value #CHUNK} events, one {@code FtraceEventBundle} packet per
 * CPU, written as it fills, so memory stays bounded whatever the run's length.
 * <p>
 * Field numbers, from the public protos under protos/perfetto/trace/ of the Perfetto repository:
 * <ul>
 * <li>trace.proto: Trace.packet = 1</li>
 * <li>trace_packet.proto: TracePacket.ftrace_events = 1, process_tree = 2, trusted_packet_sequence_id = 10</li>
 * <li>ftrace/ftrace_event_bundle.proto: FtraceEventBundle.cpu = 1, event = 2</li>
 * <li>ftrace/ftrace_event.proto: FtraceEvent.timestamp = 1, pid = 2, sched_switch = 4, sched_wakeup = 17,
 * sched_wakeup_new = 114, sched_process_exit = 238, sched_process_fork = 239, sched_migrate_task = 491</li>
 * <li>ftrace/sched.proto: SchedSwitchFtraceEvent prev_comm = 1, prev_pid = 2, prev_prio = 3, prev_state = 4,
 * next_comm = 5, next_pid = 6, next_prio = 7; SchedWakeup(New)FtraceEvent comm = 1, pid = 2, prio = 3,
 * success = 4, target_cpu = 5; SchedProcessExitFtraceEvent comm = 1, pid = 2, tgid = 3, prio = 4;
 * SchedProcessForkFtraceEvent parent_comm = 1, parent_pid = 2, child_comm = 3, child_pid = 4;
 * SchedMigrateTaskFtraceEvent comm = 1, pid = 2, prio = 3, orig_cpu = 4, dest_cpu = 5</li>
 * <li>ps/process_tree.proto: ProcessTree.processes = 1, threads = 2; Process pid = 1, ppid = 2, cmdline = 3;
 * Thread tid = 1, name = 2, tgid = 3</li>
 * </ul>
 * prev_state is the kernel's task state bits as sched_switch reports them: R 0, S 1, D 2, Z 0x20 (EXIT_ZOMBIE).
 */
public final class PerfettoProtoTrace implements SchedEvents.Sink {
    /** Events buffered before the per-CPU bundles are written. */
    public static final int CHUNK = 4096;
    static final int SEQUENCE_ID = 1;

    private final CodedOutputStream out;
    private final ByteArrayOutputStream[] bundles;
    private int buffered;

    private PerfettoProtoTrace(OutputStream out, int nrCpus) {
        this.out = CodedOutputStream.newInstance(out, 64 * 1024);
        bundles = new ByteArrayOutputStream[nrCpus];
        for (int c = 0; c < nrCpus; c++) {
            bundles[c] = new ByteArrayOutputStream(64 * 1024);
        }
    }

    /** Writes the trace of {@code run} (simulated with {@code config}) to {@code file} atomically. */
    public static void writeFile(SimResult run, SimConfig config, Path file) throws IOException {
        AtomicFiles.write(file, out -> write(run, config, out));
    }

    /** Writes the trace to {@code out} (which stays open). */
    public static void write(SimResult run, SimConfig config, OutputStream out) throws IOException {
        SchedEvents events = new SchedEvents(run, config);
        PerfettoProtoTrace w = new PerfettoProtoTrace(out, run.nrCpus());
        w.processTree(events);
        events.walk(w);
        w.flushBundles();
        w.out.flush();
    }

    private void processTree(SchedEvents events) throws IOException {
        ByteArrayOutputStream tree = new ByteArrayOutputStream();
        CodedOutputStream t = CodedOutputStream.newInstance(tree);
        for (Task task : events.initialTasks()) {
            Message p = new Message();
            p.c.writeInt32(1, task.pid());
            p.c.writeInt32(2, 0);
            p.c.writeString(3, task.comm());
            t.writeByteArray(1, p.bytes());
            Message th = new Message();
            th.c.writeInt32(1, task.pid());
            th.c.writeString(2, task.comm());
            th.c.writeInt32(3, task.pid());
            t.writeByteArray(2, th.bytes());
        }
        t.flush();
        packet(2, tree.toByteArray(), tree.size());
    }

    /** Writes {@code Trace.packet} holding {@code field} (a message of {@code len} bytes) and the sequence id. */
    private void packet(int field, byte[] message, int len) throws IOException {
        int size = CodedOutputStream.computeTagSize(field) + CodedOutputStream.computeUInt32SizeNoTag(len) + len
                + CodedOutputStream.computeUInt32Size(10, SEQUENCE_ID);
        out.writeTag(1, com.google.protobuf.WireFormat.WIRETYPE_LENGTH_DELIMITED);
        out.writeUInt32NoTag(size);
        out.writeTag(field, com.google.protobuf.WireFormat.WIRETYPE_LENGTH_DELIMITED);
        out.writeUInt32NoTag(len);
        out.writeRawBytes(message, 0, len);
        out.writeUInt32(10, SEQUENCE_ID);
    }

    private void flushBundles() throws IOException {
        for (int cpu = 0; cpu < bundles.length; cpu++) {
            ByteArrayOutputStream events = bundles[cpu];
            if (events.size() == 0) {
                continue;
            }
            ByteArrayOutputStream bundle = new ByteArrayOutputStream(events.size() + 8);
            CodedOutputStream b = CodedOutputStream.newInstance(bundle, 16);
            b.writeUInt32(1, cpu);
            b.flush();
            events.writeTo(bundle);
            packet(1, bundle.toByteArray(), bundle.size());
            events.reset();
        }
        buffered = 0;
    }

    /** Appends one FtraceEvent (timestamp, pid of the current task, payload in {@code field}) to its CPU's bundle. */
    private void event(int cpu, long ns, Task current, int field, Message payload) throws IOException {
        byte[] body = payload.bytes();
        Message e = new Message();
        e.c.writeUInt64(1, ns);
        e.c.writeUInt32(2, current.pid());
        e.c.writeByteArray(field, body);
        byte[] event = e.bytes();
        CodedOutputStream b = CodedOutputStream.newInstance(bundles[Math.min(Math.max(cpu, 0), bundles.length - 1)],
                16);
        b.writeByteArray(2, event);
        b.flush();
        if (++buffered >= CHUNK) {
            flushBundles();
        }
    }

    @Override
    public void sched_switch(int cpu, long ns, Task prev, char prevState, Task next) throws IOException {
        Message m = new Message();
        m.c.writeString(1, prev.comm());
        m.c.writeInt32(2, prev.pid());
        m.c.writeInt32(3, prev.prio());
        m.c.writeInt64(4, state(prevState));
        m.c.writeString(5, next.comm());
        m.c.writeInt32(6, next.pid());
        m.c.writeInt32(7, next.prio());
        event(cpu, ns, prev, 4, m);
    }

    @Override
    public void sched_wakeup(int cpu, long ns, Task current, boolean inIrq, Task woken, int targetCpu)
            throws IOException {
        event(cpu, ns, current, 17, wakeup(woken, targetCpu));
    }

    @Override
    public void sched_wakeup_new(int cpu, long ns, Task current, Task child, int targetCpu) throws IOException {
        event(cpu, ns, current, 114, wakeup(child, targetCpu));
    }

    @Override
    public void sched_process_fork(int cpu, long ns, Task parent, Task child) throws IOException {
        Message m = new Message();
        m.c.writeString(1, parent.comm());
        m.c.writeInt32(2, parent.pid());
        m.c.writeString(3, child.comm());
        m.c.writeInt32(4, child.pid());
        event(cpu, ns, parent, 239, m);
    }

    @Override
    public void sched_process_exit(int cpu, long ns, Task task) throws IOException {
        Message m = new Message();
        m.c.writeString(1, task.comm());
        m.c.writeInt32(2, task.pid());
        m.c.writeInt32(3, task.pid());
        m.c.writeInt32(4, task.prio());
        event(cpu, ns, task, 238, m);
    }

    @Override
    public void sched_migrate_task(int cpu, long ns, Task current, Task task, int origCpu, int destCpu)
            throws IOException {
        Message m = new Message();
        m.c.writeString(1, task.comm());
        m.c.writeInt32(2, task.pid());
        m.c.writeInt32(3, task.prio());
        m.c.writeInt32(4, origCpu);
        m.c.writeInt32(5, destCpu);
        event(cpu, ns, current, 491, m);
    }

    private Message wakeup(Task task, int targetCpu) throws IOException {
        Message m = new Message();
        m.c.writeString(1, task.comm());
        m.c.writeInt32(2, task.pid());
        m.c.writeInt32(3, task.prio());
        m.c.writeInt32(4, 1);
        m.c.writeInt32(5, targetCpu);
        return m;
    }

    /** The task state bits sched_switch reports for {@code state} (R, S, D, Z). */
    static long state(char state) {
        return switch (state) {
            case 'S' -> 1;
            case 'D' -> 2;
            case 'Z' -> 0x20;
            default -> 0;
        };
    }

    /** One message being encoded. */
    private static final class Message {
        final ByteArrayOutputStream buf;
        final CodedOutputStream c;

        Message() {
            buf = new ByteArrayOutputStream(128);
            c = CodedOutputStream.newInstance(buf, 128);
        }

        byte[] bytes() throws IOException {
            c.flush();
            return buf.toByteArray();
        }
    }
}
