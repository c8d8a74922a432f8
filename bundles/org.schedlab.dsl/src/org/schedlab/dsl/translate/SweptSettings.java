/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.translate;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.schedlab.dsl.eval.Dim;
import org.schedlab.dsl.eval.Quantity;
import org.schedlab.dsl.eval.Units;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.TunableInfo;

/** Applies a sweep point's machine costs and engine tunables to a cell's machine and variant. */
final class SweptSettings {
    private SweptSettings() {
    }

    /** @return {@code m} with the swept costs set (their declared ranges kept when the value lies in them) */
    static MachineProfile costs(MachineProfile m, Map<CostKey, Long> costs) {
        MachineProfile out = m;
        for (Map.Entry<CostKey, Long> c : costs.entrySet()) {
            var range = out.costs().range(c.getKey());
            out = out.withCost(c.getKey(), c.getValue(), "swept in the experiment");
            if (range.isPresent() && range.get().contains(c.getValue())) {
                out = out.withCosts(out.costs().withRange(c.getKey(), range.get()));
            }
        }
        return out;
    }

    /**
     * @return the variant's configuration with the swept tunables set, each converted to the tunable's unit
     * @throws TranslationException when the variant's engine has no such tunable or the unit does not fit
     */
    static SchedulerConfig tunables(ExperimentTranslator.VariantPlan v, Map<String, Quantity> tunables, Experiment e)
            throws TranslationException {
        if (tunables.isEmpty()) {
            return v.config();
        }
        Map<String, String> values = new LinkedHashMap<>(v.config().tunables());
        for (Map.Entry<String, Quantity> t : tunables.entrySet()) {
            TunableInfo ti = v.engine().info().tunable(t.getKey()).orElseThrow(() -> new TranslationException(
                    "variant " + v.name() + ": engine " + v.engine().info().id() + " has no tunable " + t.getKey()
                            + " to sweep", e, SchedPackage.Literals.ELEMENT__NAME));
            Dim want = Units.dimOfTunableUnit(ti.unit());
            Quantity q = t.getValue();
            if (q.dim() != want) {
                throw new TranslationException("tunable " + t.getKey() + " is " + want.words() + " (" + ti.unit()
                        + "), not " + q.dim().words(), e, SchedPackage.Literals.ELEMENT__NAME);
            }
            double x = Units.of(ti.unit()).map(q::in).orElse(q.value());
            values.put(t.getKey(), x == Math.rint(x) && Math.abs(x) < 9e15 ? Long.toString(Math.round(x))
                    : String.format(Locale.ROOT, "%s", x));
        }
        return new SchedulerConfig(v.config().version(), v.config().patches(), values);
    }
}
