/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.documentation;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.documentation.impl.MultiLineCommentDocumentationProvider;
import org.schedlab.dsl.sched.Kernel;
import org.schedlab.dsl.sched.Machine;
import org.schedlab.dsl.sched.PatchRef;
import org.schedlab.dsl.sched.Tunable;
import org.schedlab.dsl.sched.Variant;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.MachineBuilder;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.PatchInfo;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.spi.TunableInfo;

import com.google.inject.Inject;

/**
 * What a hover shows: for a patch its title, author, date, source and description (from the engine that offers it);
 * for a kernel the engine and its versions; for a tunable its unit, default and meaning; for a machine its resolved
 * profile; otherwise the element's comment.
 */
public class SchedDocumentationProvider extends MultiLineCommentDocumentationProvider {

    @Inject
    private EngineCatalog injectedCatalog;

    @Override
    public String getDocumentation(EObject o) {
        String doc = describe(o);
        return doc != null ? doc : super.getDocumentation(o);
    }

    private SchedulerEngine engine(Kernel k) {
        if (k == null || k.eIsProxy() || k.getEngine() == null) {
            return null;
        }
        return EngineCatalog.forContext(k, injectedCatalog).find(k.getEngine()).orElse(null);
    }

    /** @return the hover text of {@code o}, or null when only its comment applies */
    public String describe(EObject o) {
        if (o instanceof PatchRef p && p.eContainer() instanceof Variant v) {
            SchedulerEngine e = engine(v.getKernel());
            PatchInfo pi = e == null ? null : e.info().patch(p.getId()).orElse(null);
            return pi == null ? null : patch(pi);
        }
        if (o instanceof Tunable t && t.eContainer() instanceof Variant v) {
            SchedulerEngine e = engine(v.getKernel());
            TunableInfo ti = e == null ? null : e.info().tunable(t.getName()).orElse(null);
            return ti == null ? null
                    : "**" + ti.name() + "** (" + ti.unit() + ", default " + ti.defaultValue() + ")\n\n"
                            + ti.description();
        }
        if (o instanceof Kernel k) {
            SchedulerEngine e = engine(k);
            if (e == null) {
                return null;
            }
            EngineInfo info = e.info();
            return "**" + info.title() + "** (engine " + info.id() + ")\n\nversions: " + String.join(", ",
                    info.versions()) + "\n\npatches: " + String.join(", ", info.patches().stream().map(
                            PatchInfo::id).toList());
        }
        if (o instanceof Machine m) {
            try {
                MachineProfile p = MachineBuilder.build(m);
                return "**" + p.title() + "**\n\n" + p.nrCpus() + " CPUs (" + p.threadsPerCore()
                        + " per core), " + p.mhz() + " MHz, HZ " + p.hz() + ", " + p.arch().name().toLowerCase(
                                java.util.Locale.ROOT) + ", idle " + p.idlePolicy().name().toLowerCase(
                                        java.util.Locale.ROOT) + ", L2 " + p.l2CacheKb() + " KB";
            } catch (TranslationException | RuntimeException ex) {
                return null;
            }
        }
        return null;
    }

    /** @return a patch's hover text */
    public static String patch(PatchInfo p) {
        return "**" + p.title() + "**\n\n" + p.author() + ", " + p.date() + " (" + p.source() + ")"
                + (p.extension() ? ", a SchedLab extension" : "") + "\n\n" + p.description() + "\n\napplies to: "
                + String.join(", ", p.appliesTo()) + "; changes: " + String.join(", ", p.hooks());
    }
}
