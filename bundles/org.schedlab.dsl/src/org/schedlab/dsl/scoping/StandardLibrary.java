/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.scoping;

import java.net.URL;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.common.util.URI;

/**
 * The .sched files shipped in the bundle's {@code lib/} folder: the built-in machine profiles and the benchmark
 * workloads. Every .sched file sees them without an import.
 */
public final class StandardLibrary {

    /** The library files, in load order. */
    public static final List<String> FILES = List.of("machines.sched", "volanomark.sched", "threads_c.sched",
            "spinlock_contention.sched", "lat_proc.sched", "lat_ctx.sched", "netperf_rr.sched",
            "netperf_stream.sched", "hackbench.sched", "perf_bench_pipe.sched", "yield_storm.sched",
            "periodic_hogs.sched", "hackbench_variants.sched", "cyclictest_hogs.sched", "stress_pipe.sched");

    private static volatile List<URI> uris;

    private StandardLibrary() {
    }

    /** @return the URIs of the library files that could be found on the class path */
    public static List<URI> uris() {
        List<URI> u = uris;
        if (u == null) {
            List<URI> found = new ArrayList<>();
            for (String f : FILES) {
                URL url = StandardLibrary.class.getResource("/lib/" + f);
                if (url != null) {
                    found.add(URI.createURI(url.toString()));
                }
            }
            u = List.copyOf(found);
            uris = u;
        }
        return u;
    }

    /** @return true when {@code uri} is one of the library files */
    public static boolean contains(URI uri) {
        return uris().contains(uri);
    }
}
