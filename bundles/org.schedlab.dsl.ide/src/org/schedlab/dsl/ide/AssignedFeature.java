/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ide;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EClassifier;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.AbstractElement;
import org.eclipse.xtext.Action;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.Group;
import org.eclipse.xtext.ParserRule;
import org.eclipse.xtext.TypeRef;

/**
 * The EMF feature a grammar assignment sets: {@code engine=ID} in rule {@code Kernel} is
 * {@code SchedPackage.Literals.KERNEL__ENGINE}, {@code metrics+=ID} after the action {@code {MetricsOption}} is
 * {@code METRICS_OPTION__METRICS}. Code that dispatches on these generated constants stops compiling when the
 * grammar renames a feature, where a string like {@code "Kernel.engine"} would silently stop matching.
 */
public final class AssignedFeature {

    private AssignedFeature() {
    }

    /** @return the feature {@code assignment} sets, or null if its type cannot be found */
    public static EStructuralFeature of(Assignment assignment) {
        EClass type = typeAt(assignment);
        return type == null ? null : type.getEStructuralFeature(assignment.getFeature());
    }

    /** @return whether two features are the same (the same object, or the same class and name in one package) */
    public static boolean same(EStructuralFeature a, EStructuralFeature b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || !a.getName().equals(b.getName())) {
            return false;
        }
        EClass ca = a.getEContainingClass();
        EClass cb = b.getEContainingClass();
        return ca.getName().equals(cb.getName()) && ca.getEPackage().getNsURI().equals(cb.getEPackage().getNsURI());
    }

    /**
     * @return the type of the object being built at {@code element}: the nearest action before it in an enclosing
     *         group ({@code {MetricsOption} 'metrics' ...}), else the rule's return type
     */
    static EClass typeAt(AbstractElement element) {
        EObject child = element;
        for (EObject p = element.eContainer(); p != null; child = p, p = p.eContainer()) {
            if (p instanceof Group g) {
                for (AbstractElement e : g.getElements()) {
                    if (e == child) {
                        break;
                    }
                    if (e instanceof Action a) {
                        return eClass(a.getType());
                    }
                }
            } else if (p instanceof ParserRule r) {
                return eClass(r.getType());
            }
        }
        return null;
    }

    private static EClass eClass(TypeRef type) {
        EClassifier c = type == null ? null : type.getClassifier();
        return c instanceof EClass e ? e : null;
    }
}
