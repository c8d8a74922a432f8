/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine's CPU time from /proc/stat's first line, and how much of it the hypervisor gave to others (steal: a
 * virtual CPU that was ready to run and did not, because its host ran something else). Printed beside each real run
 * of validate-host, since a host that steals a share of the time slows every real figure by it while the profile
 * taken before knows nothing of it.
 *
 * @param steal the steal column, in USER_HZ ticks
 * @param total the sum of the line's columns but guest and guest_nice (which user and nice count already)
 */
public record HostSteal(long steal, long total) {

    /** The name of the figure each real run gets beside its metrics (not a metric of any case). */
    public static final String KEY = "host steal %";

    /** @return the first line of {@code text} (/proc/stat) read, or null when it is not a cpu line with steal */
    public static HostSteal parse(String text) {
        String first = text.lines().findFirst().orElse("");
        String[] f = first.trim().split("\\s+");
        if (f.length < 9 || !f[0].equals("cpu")) {
            return null;
        }
        long total = 0;
        for (int i = 1; i < Math.min(f.length, 9); i++) { // user nice system idle iowait irq softirq steal
            total += Long.parseLong(f[i]);
        }
        return new HostSteal(Long.parseLong(f[8]), total);
    }

    /** @return /proc/stat below {@code proc} read, or null when there is none */
    public static HostSteal read(Path proc) {
        try {
            Path stat = proc.resolve("stat");
            return Files.isReadable(stat) ? parse(Files.readString(stat)) : null;
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }

    /** @return the share of the CPUs' time stolen since {@code before}, in %, or NaN when no time passed */
    public double percentSince(HostSteal before) {
        long dt = total - before.total;
        return dt <= 0 ? Double.NaN : 100.0 * (steal - before.steal) / dt;
    }
}
