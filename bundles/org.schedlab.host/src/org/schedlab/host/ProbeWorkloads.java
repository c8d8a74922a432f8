/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

/** The workloads profile-host simulates beside its microbenchmarks, as .sched text (a probe_workload block). */
final class ProbeWorkloads {
    private ProbeWorkloads() {
    }

    /** @return {@code n} tasks on CPU 0 that yield in a loop, counting {@code ops}: threads of one process, or processes */
    static String yields(int n, boolean threads) {
        String group = threads ? "threads y x " + n + " cpus 0 in yielders" : "processes y x " + n + " cpus 0";
        return "workload probe_workload {\n\t" + group + " {\n\t\tloop forever {\n\t\t\tyield\n\t\t\tcount ops\n"
                + "\t\t}\n\t}\n}";
    }

    /** @return a ping-pong over two synchronous channels between a thread on CPU {@code a} and one on {@code b} */
    static String pingPong(int a, int b) {
        return "workload probe_workload {\n\tchannel ping capacity 1 sync\n\tchannel pong capacity 1 sync\n"
                + "\tthreads a cpus " + a + " in pingpong {\n\t\tloop forever {\n\t\t\tsend ping\n\t\t\trecv pong\n"
                + "\t\t\tcount ops\n\t\t}\n\t}\n\tthreads b cpus " + b + " in pingpong {\n\t\tloop forever {\n"
                + "\t\t\trecv ping\n\t\t\tsend pong\n\t\t}\n\t}\n}";
    }

    /** @return cyclictest's thread on {@code cpu} (SCHED_FIFO 80, a timer every {@code intervalUs}), beside a CPU hog or not */
    static String cyclictest(int cpu, boolean hog, int intervalUs) {
        return "workload probe_workload {\n\tthreads cyclic policy fifo priority 80 cpus " + cpu + " {\n\t\tloop forever"
                + " {\n\t\t\ttimer " + intervalUs + " us\n\t\t}\n\t}\n" + (hog ? "\tprocesses hog cpus " + cpu + " {\n\t\tloop forever {\n"
                        + "\t\t\tcompute 10 ms\n\t\t}\n\t}\n" : "") + "}";
    }
}
