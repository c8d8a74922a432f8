/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.workload;

import java.util.random.RandomGenerator;

/**
 * A non-negative amount (ns or cycles) drawn from a task's own random stream. Sampling uses
 * {@link StrictMath} so that results are bit-identical on every machine.
 */
public sealed interface Distribution {
    /** @return one sample, never negative */
    long sample(RandomGenerator rnd);

    /** @return the mean */
    double mean();

    /** @return a constant */
    static Distribution constant(long v) {
        return new Constant(v);
    }

    /** A fixed value. */
    record Constant(long value) implements Distribution {
        public Constant {
            if (value < 0) {
                throw new IllegalArgumentException("negative amount " + value);
            }
        }

        @Override
        public long sample(RandomGenerator rnd) {
            return value;
        }

        @Override
        public double mean() {
            return value;
        }
    }

    /** Uniform on [lo, hi]. */
    record Uniform(long lo, long hi) implements Distribution {
        public Uniform {
            if (lo < 0 || hi < lo) {
                throw new IllegalArgumentException("need 0 <= lo <= hi");
            }
        }

        @Override
        public long sample(RandomGenerator rnd) {
            return lo == hi ? lo : lo + rnd.nextLong(hi - lo + 1);
        }

        @Override
        public double mean() {
            return (lo + hi) / 2.0;
        }
    }

    /** Exponential with the given mean. */
    record Exponential(double mean) implements Distribution {
        public Exponential {
            if (!(mean > 0)) {
                throw new IllegalArgumentException("mean must be positive");
            }
        }

        @Override
        public long sample(RandomGenerator rnd) {
            return (long) (-mean * StrictMath.log(1.0 - rnd.nextDouble()));
        }
    }

    /** Normal, truncated at 0. */
    record Normal(double mean, double sd) implements Distribution {
        public Normal {
            if (mean < 0 || sd < 0) {
                throw new IllegalArgumentException("mean and sd must not be negative");
            }
        }

        @Override
        public long sample(RandomGenerator rnd) {
            // Box-Muller with StrictMath: java.util.Random.nextGaussian is not specified to be strict.
            double u1 = 1.0 - rnd.nextDouble();
            double u2 = rnd.nextDouble();
            double z = StrictMath.sqrt(-2 * StrictMath.log(u1)) * StrictMath.cos(2 * StrictMath.PI * u2);
            return Math.max(0, Math.round(mean + sd * z));
        }
    }
}
