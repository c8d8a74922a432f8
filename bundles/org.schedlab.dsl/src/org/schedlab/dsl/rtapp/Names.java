/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.rtapp;

import java.util.Collection;
import java.util.Set;

/** Turns rt-app names into .sched identifiers that are not keywords. */
final class Names {

    /** Every keyword of the .sched grammar an identifier must avoid. */
    static final Set<String> KEYWORDS = Set.of("import", "machine", "extends", "profile", "cpus", "threads", "per",
            "core", "clock", "hz", "l2", "cache", "arch", "idle", "cost", "kernel", "engine", "version", "variant",
            "set", "workload", "channel", "capacity", "buffer", "message", "sync", "spinlock", "mutex", "cond",
            "barrier", "parties", "starts", "measurement", "program", "processes", "x", "nice", "policy", "priority", "in", "bkl", "compute",
            "yield", "to", "sleep", "timer", "change", "slice", "socket", "pipe", "lock", "spins", "yields", "forever", "unlock", "wait", "with", "signal", "send", "recv",
            "broadcast", "except", "fork", "thread", "exec", "exit", "loop", "phase", "count", "by", "uniform",
            "exponential", "normal", "experiment", "machines", "variants", "sweep", "baseline", "duration", "warmup",
            "repeats", "seeds", "metrics", "published", "band", "on", "ns", "us", "ms", "s", "Hz", "kHz", "MHz", "GHz",
            "B", "KB", "MB", "cycles");

    private Names() {
    }

    /** @return {@code raw} with every character outside [A-Za-z0-9_] replaced by '_', never a keyword */
    static String identifier(String raw, String fallback) {
        StringBuilder b = new StringBuilder();
        for (char c : raw.toCharArray()) {
            b.append(c < 128 && (Character.isLetterOrDigit(c) || c == '_') ? c : '_');
        }
        String s = b.length() == 0 ? fallback : b.toString();
        if (Character.isDigit(s.charAt(0))) {
            s = fallback + "_" + s;
        }
        return KEYWORDS.contains(s) ? s + "_" : s;
    }

    /** @return {@code id}, or {@code id_2}, {@code id_3}, ... when taken */
    static String unique(String id, Collection<String> taken) {
        String s = id;
        for (int i = 2; taken.contains(s); i++) {
            s = id + "_" + i;
        }
        return s;
    }
}
