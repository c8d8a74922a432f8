/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.validation;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.xtext.validation.Check;
import org.eclipse.xtext.validation.ComposedChecks;
import org.schedlab.dsl.sched.Kernel;
import org.schedlab.dsl.sched.PatchRef;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.sched.Tunable;
import org.schedlab.dsl.sched.Variant;
import org.schedlab.dsl.eval.Dim;
import org.schedlab.dsl.eval.Units;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.PatchInfo;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.spi.TunableInfo;

import com.google.inject.Inject;

/**
 * Validates .sched files in the words of a kernel developer. Engines, versions, patches and tunables are checked here
 * against the installed engines ({@link EngineCatalog}); units and ranges, machines, workloads, experiments, imports
 * and unused declarations in the composed validators. Issue codes: {@link SchedIssueCodes}.
 */
@ComposedChecks(validators = { UnitValidator.class, MachineValidator.class, WorkloadValidator.class,
        ExperimentValidator.class, ImportValidator.class, UsageValidator.class })
public class SchedValidator extends AbstractSchedValidator {

    @Inject
    private EngineCatalog injectedCatalog;

    private EngineCatalog catalog(org.eclipse.emf.ecore.EObject context) {
        return EngineCatalog.forContext(context, injectedCatalog);
    }

    private SchedulerEngine engine(Kernel k) {
        return k == null || k.eIsProxy() || k.getEngine() == null ? null
                : catalog(k).find(k.getEngine()).orElse(null);
    }

    @Check
    public void checkEngineAndVersion(Kernel k) {
        if (k.getEngine() == null) {
            return; // a syntax error, reported by the parser
        }
        EngineCatalog c = catalog(k);
        SchedulerEngine e = c.find(k.getEngine()).orElse(null);
        if (e == null) {
            error("no engine '" + k.getEngine() + "' is installed; installed engines: " + String.join(", ", c.ids()), k,
                    SchedPackage.Literals.KERNEL__ENGINE, SchedIssueCodes.UNKNOWN_ENGINE);
            return;
        }
        EngineInfo info = e.info();
        if (k.getVersion() != null && !info.versions().contains(k.getVersion())) {
            error(info.id() + " models kernel versions " + String.join(", ", info.versions()) + "; not "
                    + k.getVersion(), k, SchedPackage.Literals.KERNEL__VERSION, SchedIssueCodes.UNKNOWN_VERSION);
        }
    }

    @Check
    public void checkPatches(Variant v) {
        SchedulerEngine e = engine(v.getKernel());
        if (e == null) {
            return;
        }
        EngineInfo info = e.info();
        String version = v.getKernel().getVersion();
        Set<String> seen = new HashSet<>();
        for (PatchRef p : v.getPatches()) {
            PatchInfo pi = info.patch(p.getId()).orElse(null);
            if (pi == null) {
                List<String> valid = info.patches().stream().filter(x -> x.appliesTo().contains(version))
                        .map(PatchInfo::id).toList();
                error(info.id() + " " + version + " has no patch '" + p.getId() + "'; "
                        + (valid.isEmpty() ? "no patch applies to " + version
                                : "the patches for " + version + " are " + String.join(", ", valid)),
                        p, SchedPackage.Literals.PATCH_REF__ID, SchedIssueCodes.UNKNOWN_PATCH);
            } else if (!pi.appliesTo().contains(version)) {
                error("patch " + pi.id() + " (" + pi.title() + ") applies to " + info.id() + " "
                        + String.join(", ", pi.appliesTo()) + ", not to " + version, p,
                        SchedPackage.Literals.PATCH_REF__ID, SchedIssueCodes.PATCH_NOT_APPLICABLE);
            }
            if (!seen.add(p.getId())) {
                warning("patch " + p.getId() + " is applied twice", p, SchedPackage.Literals.PATCH_REF__ID,
                        SchedIssueCodes.DUPLICATE_PATCH);
            }
        }
    }

    @Check
    public void checkTunable(Tunable t) {
        Variant v = (Variant) t.eContainer();
        SchedulerEngine e = engine(v.getKernel());
        if (e == null) {
            return;
        }
        EngineInfo info = e.info();
        TunableInfo ti = info.tunable(t.getName()).orElse(null);
        if (ti == null) {
            List<String> valid = info.tunables().stream().map(x -> x.name() + " (" + x.unit() + ")").toList();
            error(info.id() + " has no tunable '" + t.getName() + "'; "
                    + (valid.isEmpty() ? info.id() + " has no tunables" : "its tunables are " + String.join(", ", valid)),
                    t, SchedPackage.Literals.TUNABLE__NAME, SchedIssueCodes.UNKNOWN_TUNABLE);
            return;
        }
        Dim want = Units.dimOfTunableUnit(ti.unit());
        Dim got = expectDim(t);
        if (got != null && got != want) {
            if (got == Dim.NONE) {
                error(t.getName() + " is in " + ti.unit() + ": give a unit (" + want.units() + ")", t,
                        SchedPackage.Literals.TUNABLE__VALUE, SchedIssueCodes.MISSING_UNIT);
            } else {
                error(t.getName() + " is " + (want == Dim.NONE ? "a plain number (" + ti.unit() + ")" : want.words())
                        + ", not " + got.words(), t, SchedPackage.Literals.TUNABLE__VALUE, SchedIssueCodes.WRONG_UNIT);
            }
        }
    }

    private static Dim expectDim(Tunable t) {
        try {
            return org.schedlab.dsl.eval.Evaluator.dim(t.getValue());
        } catch (org.schedlab.dsl.eval.EvalException ex) {
            return null;
        }
    }
}
