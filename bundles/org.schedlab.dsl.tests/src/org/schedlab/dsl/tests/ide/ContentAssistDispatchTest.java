/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests.ide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.IGrammarAccess;
import org.junit.jupiter.api.Test;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.ide.AssignedFeature;
import org.schedlab.dsl.ide.SchedAlternatives;
import org.schedlab.dsl.ide.SchedQuickFixes;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.tests.ToyEngine;
import org.schedlab.sim.engine.rr.RoundRobinEngine;

/**
 * Content assist and quick fixes find their place through the grammar's assignments and the generated EMF
 * features, not through rule and feature names spelled as strings.
 */
class ContentAssistDispatchTest {

    private static final EngineCatalog CATALOG = EngineCatalog.of(List.of(new RoundRobinEngine(), new ToyEngine()));

    private static List<Assignment> assignments() {
        return GrammarUtil.containedAssignments(
                SchedLoader.languageInjector().getInstance(IGrammarAccess.class).getGrammar());
    }

    @Test
    void everyAssignmentOfTheGrammarResolvesToAFeatureOfItsType() {
        List<String> unresolved = new ArrayList<>();
        for (Assignment a : assignments()) {
            EStructuralFeature f = AssignedFeature.of(a);
            if (f == null || !f.getName().equals(a.getFeature())) {
                unresolved.add(GrammarUtil.containingRule(a).getName() + "." + a.getFeature());
            }
        }
        assertEquals(List.of(), unresolved);
    }

    @Test
    void theEngineFeaturesAreSetByAssignmentsBehindActions() {
        // metrics+=ID follows {MetricsOption} inside rule ExperimentOption: the action's type, not the rule's
        for (EStructuralFeature literal : List.of(SchedPackage.Literals.KERNEL__ENGINE,
                SchedPackage.Literals.KERNEL__VERSION, SchedPackage.Literals.PATCH_REF__ID,
                SchedPackage.Literals.TUNABLE__NAME, SchedPackage.Literals.COST_OVERRIDE__KEY,
                SchedPackage.Literals.PROFILE_SETTING__ID, SchedPackage.Literals.METRICS_OPTION__METRICS,
                SchedPackage.Literals.PUBLISHED_OPTION__METRIC)) {
            long setters = assignments().stream().filter(a -> AssignedFeature.same(AssignedFeature.of(a), literal))
                    .count();
            assertTrue(setters >= 1, literal.getEContainingClass().getName() + "." + literal.getName() + " is set nowhere");
            assertNotNull(SchedAlternatives.of(literal, null, CATALOG), literal.getName() + " has alternatives");
        }
        assertNull(SchedAlternatives.of(SchedPackage.Literals.TUNABLE__VALUE, null, CATALOG),
                "a value is the file's business: default proposals");
    }

    @Test
    void engineAlternativesAreTheInstalledEnginesNearestFirst() {
        assertEquals(List.of("rr", "toy"), SchedAlternatives.of(SchedPackage.Literals.KERNEL__ENGINE, null, CATALOG)
                .stream().map(SchedAlternatives.Alternative::text).toList());
        List<SchedQuickFixes.Fix> fixes = SchedQuickFixes.fixes("org.schedlab.dsl.unknownEngine",
                org.schedlab.dsl.sched.SchedFactory.eINSTANCE.createKernel(), "tyo", CATALOG);
        assertEquals(List.of("toy", "rr"), fixes.stream().map(SchedQuickFixes.Fix::replacement).toList());
        assertEquals("Change to toy", fixes.get(0).title());
        assertTrue(SchedQuickFixes.fixes("org.schedlab.dsl.missingUnit",
                org.schedlab.dsl.sched.SchedFactory.eINSTANCE.createKernel(), "x", CATALOG).isEmpty());
    }

    @Test
    void anUnknownPatchIsFixedWithThePatchesOfTheKernelsVersionNearestFirst() throws Exception {
        SchedLoader.Loaded l = new SchedLoader(CATALOG).loadText("p.sched", """
				kernel k { engine toy version "1.0" }
				variant v = k + "fast-path-2000"
				""");
        assertTrue(l.diagnostics().stream().anyMatch(d -> "org.schedlab.dsl.unknownPatch".equals(d.code())),
                l.diagnostics().toString());
        org.schedlab.dsl.sched.Variant v = org.eclipse.xtext.EcoreUtil2
                .getAllContentsOfType(l.model(), org.schedlab.dsl.sched.Variant.class).get(0);
        List<SchedQuickFixes.Fix> fixes = SchedQuickFixes.fixes("org.schedlab.dsl.unknownPatch", v.getPatches().get(0),
                "\"fast-path-2000\"", CATALOG);
        assertEquals(List.of("\"fast-path-2001\"", "\"big-lock-2002\""),
                fixes.stream().map(SchedQuickFixes.Fix::replacement).toList());
    }
}
