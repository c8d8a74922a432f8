/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ide;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.ide.editor.syntaxcoloring.DefaultSemanticHighlightingCalculator;
import org.eclipse.xtext.ide.editor.syntaxcoloring.IHighlightedPositionAcceptor;
import org.eclipse.xtext.util.CancelIndicator;
import org.schedlab.dsl.sched.IndexVar;
import org.schedlab.dsl.sched.Kernel;
import org.schedlab.dsl.sched.Literal;
import org.schedlab.dsl.sched.Param;
import org.schedlab.dsl.sched.PatchRef;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.sched.Tunable;
import org.schedlab.dsl.sched.VarRef;

/**
 * Semantic highlighting: units, engines, patches, tunables, and parameters and indices (declarations and uses). An
 * editor maps the style ids below to colours.
 */
public class SchedHighlighting extends DefaultSemanticHighlightingCalculator {

    public static final String UNIT = "sched.unit";
    public static final String ENGINE = "sched.engine";
    public static final String PATCH = "sched.patch";
    public static final String TUNABLE = "sched.tunable";
    public static final String PARAMETER = "sched.parameter";
    public static final String INDEX = "sched.index";

    @Override
    protected boolean highlightElement(EObject o, IHighlightedPositionAcceptor acceptor, CancelIndicator cancel) {
        SchedPackage p = SchedPackage.eINSTANCE;
        if (o instanceof Literal l && l.getUnit() != null) {
            highlightFeature(acceptor, o, p.getLiteral_Unit(), UNIT);
        } else if (o instanceof Kernel) {
            highlightFeature(acceptor, o, p.getKernel_Engine(), ENGINE);
        } else if (o instanceof PatchRef) {
            highlightFeature(acceptor, o, p.getPatchRef_Id(), PATCH);
        } else if (o instanceof Tunable) {
            highlightFeature(acceptor, o, p.getTunable_Name(), TUNABLE);
        } else if (o instanceof Param) {
            highlightFeature(acceptor, o, p.getVariable_Name(), PARAMETER);
        } else if (o instanceof IndexVar) {
            highlightFeature(acceptor, o, p.getVariable_Name(), INDEX);
        } else if (o instanceof VarRef r) {
            highlightFeature(acceptor, o, p.getVarRef_Variable(), r.getVariable() instanceof IndexVar ? INDEX : PARAMETER);
        }
        return false;
    }
}
