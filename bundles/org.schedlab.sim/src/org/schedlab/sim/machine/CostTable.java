package org.schedlab.sim.machine;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Cycles (or ns, see {@link CostKey#unit()}) per kernel path, each with a note on where the value comes
 * from. Immutable: {@link #with} returns a modified copy (per-machine overrides from the DSL).
 */
public final class CostTable {
    private final long[] values;
    private final String[] sources;

    private CostTable(long[] values, String[] sources) {
        this.values = values;
        this.sources = sources;
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

    /** @return a copy with {@code key} set to {@code value}, citing {@code source} */
    public CostTable with(CostKey key, long value, String source) {
        if (value < 0) {
            throw new IllegalArgumentException(key + " must not be negative: " + value);
        }
        long[] v = values.clone();
        String[] s = sources.clone();
        v[key.ordinal()] = value;
        s[key.ordinal()] = Objects.requireNonNull(source, "source");
        return new CostTable(v, s);
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

        /** @return the table; every key must have been set */
        public CostTable build() {
            for (CostKey k : CostKey.values()) {
                if (values[k.ordinal()] < 0) {
                    throw new IllegalStateException("cost " + k + " not set");
                }
            }
            return new CostTable(values.clone(), sources.clone());
        }
    }
}
