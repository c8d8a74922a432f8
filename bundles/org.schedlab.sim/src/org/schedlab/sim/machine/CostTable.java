/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.machine;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Cycles (or ns, see {@link CostKey#unit()}) per kernel path, each with a note on where the value comes
 * from, and for uncertain ([U]) values their plausible {@link CostRange}. Immutable: {@link #with} returns a
 * modified copy (per-machine overrides from the DSL). Ranges never enter a simulation: equality and hashing
 * compare the values only.
 */
public final class CostTable {
    private final long[] values;
    private final String[] sources;
    private final CostRange[] ranges;

    private CostTable(long[] values, String[] sources, CostRange[] ranges) {
        this.values = values;
        this.sources = sources;
        this.ranges = ranges;
    }

    /** Starts a table; every key must be set before {@link Builder#build()}. */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the value of {@code key} (cycles, or ns for {@link CostKey.Unit#NANOS} keys) */
    public long cycles(CostKey key) {
        return values[key.ordinal()];
    }

    /** @return where the value of {@code key} comes from */
    public String source(CostKey key) {
        return sources[key.ordinal()];
    }

    /** @return the plausible range of {@code key} when its value is uncertain, else empty */
    public java.util.Optional<CostRange> range(CostKey key) {
        return java.util.Optional.ofNullable(ranges[key.ordinal()]);
    }

    /**
     * @return a copy with {@code key} set to {@code value}, citing {@code source}; the key's range is dropped
     *         (a range belongs to the value it was declared for: add one with {@link #withRange})
     */
    public CostTable with(CostKey key, long value, String source) {
        if (value < 0) {
            throw new IllegalArgumentException(key + " must not be negative: " + value);
        }
        long[] v = values.clone();
        String[] s = sources.clone();
        CostRange[] r = ranges.clone();
        v[key.ordinal()] = value;
        s[key.ordinal()] = Objects.requireNonNull(source, "source");
        r[key.ordinal()] = null;
        return new CostTable(v, s, r);
    }

    /** @return a copy with the uncertain value {@code value} of {@code key} and its plausible range low .. high */
    public CostTable with(CostKey key, long value, String source, long low, long high, String why) {
        return with(key, value, source).withRange(key, new CostRange(low, high, why));
    }

    /**
     * @return a copy where {@code key} has the plausible range {@code range}, which must contain its value
     * @throws IllegalArgumentException when the range does not contain the key's value
     */
    public CostTable withRange(CostKey key, CostRange range) {
        checkContains(key, values[key.ordinal()], range);
        CostRange[] r = ranges.clone();
        r[key.ordinal()] = range;
        return new CostTable(values, sources, r);
    }

    private static void checkContains(CostKey key, long value, CostRange range) {
        if (!range.contains(value)) {
            throw new IllegalArgumentException("the range " + range.low() + " .. " + range.high() + " of "
                    + key.name().toLowerCase(java.util.Locale.ROOT) + " does not contain its value " + value);
        }
    }

    /** @return every value by key, in key order */
    public Map<CostKey, Long> asMap() {
        Map<CostKey, Long> m = new EnumMap<>(CostKey.class);
        for (CostKey k : CostKey.values()) {
            m.put(k, values[k.ordinal()]);
        }
        return m;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CostTable t && Arrays.equals(values, t.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return asMap().toString();
    }

    /** Builds a table; {@link #build()} fails on a missing key. */
    public static final class Builder {
        private final long[] values = new long[CostKey.values().length];
        private final String[] sources = new String[CostKey.values().length];
        private final CostRange[] ranges = new CostRange[CostKey.values().length];

        private Builder() {
            Arrays.fill(values, -1);
        }

        /** Sets {@code key} to {@code value}, citing {@code source}. */
        public Builder set(CostKey key, long value, String source) {
            if (value < 0) {
                throw new IllegalArgumentException(key + " must not be negative");
            }
            values[key.ordinal()] = value;
            sources[key.ordinal()] = Objects.requireNonNull(source, "source");
            return this;
        }

        /**
         * Sets {@code key} to the uncertain value {@code value} with its plausible range {@code low .. high} (which
         * must contain it), citing {@code source}; {@code why} says why the truth lies in the range.
         */
        public Builder set(CostKey key, long value, String source, long low, long high, String why) {
            set(key, value, source);
            CostRange r = new CostRange(low, high, why);
            checkContains(key, value, r);
            ranges[key.ordinal()] = r;
            return this;
        }

        /** @return the table; every key must have been set */
        public CostTable build() {
            for (CostKey k : CostKey.values()) {
                if (values[k.ordinal()] < 0) {
                    throw new IllegalStateException("cost " + k + " not set");
                }
            }
            return new CostTable(values.clone(), sources.clone(), ranges.clone());
        }
    }
}
