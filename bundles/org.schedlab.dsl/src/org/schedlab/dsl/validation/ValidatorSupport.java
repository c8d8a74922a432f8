/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.validation;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.AbstractDeclarativeValidator;
import org.eclipse.xtext.validation.EValidatorRegistrar;
import org.schedlab.dsl.eval.Dim;
import org.schedlab.dsl.eval.Env;
import org.schedlab.dsl.eval.EvalException;
import org.schedlab.dsl.eval.Evaluator;
import org.schedlab.dsl.eval.Quantity;
import org.schedlab.dsl.sched.Expr;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.translate.TranslationException;

/** What the .sched validators share: unit checks, constant evaluation, and reporting translation problems in place. */
abstract class ValidatorSupport extends AbstractDeclarativeValidator {

    /** Codes of problems the static rules report; a translation that fails with one of these is not reported again. */
    protected static final java.util.Set<String> STATIC_CODES = java.util.Set.of(SchedIssueCodes.OUT_OF_RANGE,
            SchedIssueCodes.NOT_WHOLE, SchedIssueCodes.MISSING_UNIT, SchedIssueCodes.WRONG_UNIT,
            SchedIssueCodes.RESOURCE_KIND, SchedIssueCodes.UNKNOWN_POLICY);

    /** @return true when the static rules already report {@code ex} */
    protected static boolean reportedStatically(TranslationException ex) {
        return ex.code() != null && STATIC_CODES.contains(ex.code());
    }

    @Override
    protected java.util.List<EPackage> getEPackages() {
        return java.util.List.of(SchedPackage.eINSTANCE);
    }

    /** Composed validators are registered through {@link SchedValidator}, not on their own. */
    @Override
    public void register(EValidatorRegistrar registrar) {
        // nothing: see @ComposedChecks on SchedValidator
    }

    /**
     * Checks that {@code owner.feature} (an expression) has dimension {@code want}.
     *
     * @return the dimension, or null when the expression has no dimension (reported)
     */
    protected Dim expect(EObject owner, EStructuralFeature feature, Dim want, String what) {
        Expr e = (Expr) owner.eGet(feature);
        if (e == null) {
            return null;
        }
        Dim d;
        try {
            d = Evaluator.dim(e);
        } catch (EvalException ex) {
            if (!"unresolved name".equals(ex.getMessage())) {
                error(ex.getMessage(), owner, feature, SchedIssueCodes.BAD_EXPRESSION);
            }
            return null;
        }
        if (d != want) {
            if (d == Dim.NONE) {
                error(what + " needs a unit: " + want.words() + " in " + want.units(), owner, feature,
                        SchedIssueCodes.MISSING_UNIT);
            } else {
                error(what + " must be " + want.words() + (want == Dim.NONE ? " without a unit" : " in " + want.units())
                        + ", not " + d.words(), owner, feature, SchedIssueCodes.WRONG_UNIT);
            }
            return null;
        }
        return d;
    }

    /** @return the value of a constant expression (parameters at their defaults), or null when it has none */
    protected static Quantity constant(Expr e) {
        if (e == null) {
            return null;
        }
        try {
            return Evaluator.eval(e, Env.defaults());
        } catch (EvalException ex) {
            return null;
        }
    }

    /** Checks a whole plain number in [min, max] when the expression is a constant. */
    protected void range(EObject owner, EStructuralFeature feature, long min, long max, String what) {
        Quantity q = constant((Expr) owner.eGet(feature));
        if (q == null || q.dim() != Dim.NONE) {
            return;
        }
        if (!q.isWhole()) {
            error(what + " must be a whole number, not " + q.value(), owner, feature, SchedIssueCodes.NOT_WHOLE);
        } else if (q.value() < min || q.value() > max) {
            error(what + " must be " + min + " to " + max + ", not " + q.asLong(), owner, feature,
                    SchedIssueCodes.OUT_OF_RANGE);
        }
    }

    /**
     * Reports a translation problem at its own location when that is inside {@code context}'s resource, else on
     * {@code context.feature}.
     */
    protected void report(TranslationException ex, EObject context, EStructuralFeature feature, String prefix) {
        String code = ex.code() == null ? SchedIssueCodes.INVALID_WORKLOAD : ex.code();
        EObject where = ex.where();
        Resource mine = context.eResource();
        if (where != null && where.eResource() == mine && (prefix.isEmpty() || EcoreUtil2.isAncestor(context, where))) {
            EStructuralFeature f = ex.feature() != null && where.eClass().getEAllStructuralFeatures().contains(
                    ex.feature()) ? ex.feature() : null;
            error(prefix + ex.getMessage(), where, f, code);
        } else {
            error(prefix + ex.getMessage(), context, feature, code);
        }
    }

    /** @return true when the resource of {@code o} parsed and linked cleanly (translation checks need that) */
    protected static boolean clean(EObject o) {
        Resource r = o.eResource();
        return r != null && r.getErrors().isEmpty();
    }
}
