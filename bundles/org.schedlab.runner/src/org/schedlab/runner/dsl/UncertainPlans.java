/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.dsl;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.ExperimentTranslator;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.dsl.translate.UncertainValues;

/** Loads a .sched file for {@code schedlab sensitivity}: each experiment's plan with its uncertain values. */
public final class UncertainPlans {
    /**
     * One experiment.
     *
     * @param plan      its plan, naming the file and its SHA-256
     * @param uncertain its uncertain values with their ranges ({@link UncertainValues})
     */
    public record Experiment(ExperimentPlan plan, List<UncertainValues.Uncertain> uncertain) {
    }

    private UncertainPlans() {
    }

    /**
     * @throws IOException                       when the file cannot be read
     * @throws DslPlans.InvalidSourceException when it has errors
     * @throws TranslationException              when an experiment cannot be simulated or a range is wrong
     */
    public static List<Experiment> load(Path file, EngineCatalog engines) throws IOException,
            DslPlans.InvalidSourceException, TranslationException {
        SchedLoader.Loaded loaded = new SchedLoader(engines).load(file);
        if (loaded.hasErrors() || loaded.model() == null) {
            throw new DslPlans.InvalidSourceException(loaded.diagnostics());
        }
        String hash = DslPlans.sha256(file);
        ExperimentTranslator translator = new ExperimentTranslator(engines);
        List<Experiment> out = new ArrayList<>();
        for (Object element : loaded.model().getElements()) {
            if (!(element instanceof org.schedlab.dsl.sched.Experiment e)) {
                continue;
            }
            ExperimentPlan plan = translator.translate(e).withSource(file, hash);
            out.add(new Experiment(plan, UncertainValues.of(e, plan)));
        }
        return out;
    }
}
