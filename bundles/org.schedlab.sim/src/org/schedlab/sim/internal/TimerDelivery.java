/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.SplittableRandom;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.CostTable;

/**
 * The time from a timer's expiry to its interrupt's entry on the CPU. Without a spread every delivery takes
 * {@code TIMER_DELIVERY_LATENCY}. With {@code TIMER_DELIVERY_SPREAD} (the 99th percentile's distance above the mean,
 * as profile-host reads it from cyclictest's histogram) each delivery is drawn from a floor plus an exponential
 * whose mean and 99th percentile are the measured ones: an exponential's 99th percentile lies ln(100) - 1 = 3.6 of
 * its means above its mean, so the exponential's mean is the spread / 3.6 and the floor the rest of the mean. When
 * the floor would be negative (a spread above 3.6 means) the floor is 0 and the exponential keeps the mean: the
 * mean stays measured, the 99th percentile comes out lower than measured. The draws come from their own stream of
 * the run's seed, so a run without a spread draws nothing and a run with one repeats with its seed.
 */
final class TimerDelivery {
    /** How far an exponential's 99th percentile lies above its mean, in means. */
    static final double P99_ABOVE_MEAN = Math.log(100) - 1;
    private final long meanNs;
    private final double floorNs;
    private final double expMeanNs;
    private final SplittableRandom random;

    TimerDelivery(CostTable costs, long seed) {
        this.meanNs = costs.cycles(CostKey.TIMER_DELIVERY_LATENCY);
        long spread = costs.cycles(CostKey.TIMER_DELIVERY_SPREAD);
        double exp = spread <= 0 ? 0 : spread / P99_ABOVE_MEAN;
        this.expMeanNs = Math.min(exp, meanNs);
        this.floorNs = meanNs - expMeanNs;
        this.random = expMeanNs > 0 ? new SplittableRandom(KernelImpl.mix(seed, 0x71de1)) : null;
    }

    /** @return the delivery latency of the next timer interrupt, ns */
    long nextNs() {
        if (random == null) {
            return meanNs;
        }
        return Math.round(floorNs - expMeanNs * Math.log(1 - random.nextDouble()));
    }
}
