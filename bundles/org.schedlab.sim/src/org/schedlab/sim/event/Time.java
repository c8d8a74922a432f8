/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.event;

/** Simulation time is a {@code long} in nanoseconds; these are the conversions. */
public final class Time {
    /** Nanoseconds per microsecond. */
    public static final long US = 1_000L;
    /** Nanoseconds per millisecond. */
    public static final long MS = 1_000_000L;
    /** Nanoseconds per second. */
    public static final long S = 1_000_000_000L;

    private Time() {
    }

    /** @return {@code n} microseconds in ns */
    public static long us(long n) {
        return n * US;
    }

    /** @return {@code n} milliseconds in ns */
    public static long ms(long n) {
        return n * MS;
    }

    /** @return {@code n} seconds in ns */
    public static long s(long n) {
        return n * S;
    }

    /** @return {@code cycles} at {@code mhz} in ns, rounded down */
    public static long cyclesToNs(long cycles, long mhz) {
        return cycles * 1000 / mhz;
    }

    /** @return {@code ns} at {@code mhz} in cycles, rounded down */
    public static long nsToCycles(long ns, long mhz) {
        return ns * mhz / 1000;
    }

    /** @return {@code ns} as seconds */
    public static double toSeconds(long ns) {
        return ns / 1e9;
    }

    /** @return a short human form: 1.5ms, 20us, 3s */
    public static String format(long ns) {
        if (ns >= S && ns % MS == 0) {
            return trim(ns / 1e9) + "s";
        }
        if (ns >= MS) {
            return trim(ns / 1e6) + "ms";
        }
        if (ns >= US) {
            return trim(ns / 1e3) + "us";
        }
        return ns + "ns";
    }

    private static String trim(double v) {
        String s = String.format(java.util.Locale.ROOT, "%.3f", v);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
