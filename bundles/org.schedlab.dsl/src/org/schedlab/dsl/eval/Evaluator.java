/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.eval;

import java.util.HashSet;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.schedlab.dsl.sched.Binary;
import org.schedlab.dsl.sched.Expr;
import org.schedlab.dsl.sched.IndexVar;
import org.schedlab.dsl.sched.Literal;
import org.schedlab.dsl.sched.Negation;
import org.schedlab.dsl.sched.Param;
import org.schedlab.dsl.sched.VarRef;

/**
 * Evaluates the expressions of a .sched file with their units: a literal carries its unit, {@code +} and {@code -}
 * need equal dimensions, {@code *} takes at most one dimensioned operand, {@code /} of equal dimensions is a plain
 * number. The evaluator serves the validator (dimension checks, ranges) and the translator (values).
 */
public final class Evaluator {

    private Evaluator() {
    }

    /** @return the value of {@code e} in {@code env} */
    public static Quantity eval(Expr e, Env env) throws EvalException {
        if (e == null) {
            throw new EvalException("missing value", null);
        }
        if (e instanceof Literal l) {
            return literal(l);
        }
        if (e instanceof VarRef r) {
            if (r.getVariable() == null || r.getVariable().eIsProxy()) {
                throw new EvalException("unresolved name", r);
            }
            return env.valueOf(r.getVariable());
        }
        if (e instanceof Negation n) {
            Quantity q = eval(n.getOperand(), env);
            return new Quantity(-q.value(), q.dim());
        }
        Binary b = (Binary) e;
        Quantity l = eval(b.getLeft(), env);
        Quantity r = eval(b.getRight(), env);
        return switch (b.getOp()) {
            case "+" -> new Quantity(l.value() + r.value(), sameDim(l, r, b, "add"));
            case "-" -> new Quantity(l.value() - r.value(), sameDim(l, r, b, "subtract"));
            case "*" -> new Quantity(l.value() * r.value(), productDim(l, r, b));
            default -> divide(l, r, b);
        };
    }

    private static Quantity literal(Literal l) throws EvalException {
        double v;
        try {
            v = Double.parseDouble(l.getValue());
        } catch (NumberFormatException | NullPointerException ex) {
            throw new EvalException("not a number: " + l.getValue(), l);
        }
        if (l.getUnit() == null) {
            return Quantity.number(v);
        }
        Units.Unit u = Units.of(l.getUnit()).orElseThrow(() -> new EvalException("unknown unit " + l.getUnit(), l));
        return new Quantity(v * u.factor(), u.dim());
    }

    private static Dim sameDim(Quantity l, Quantity r, EObject where, String verb) throws EvalException {
        if (l.dim() != r.dim()) {
            throw new EvalException("cannot " + verb + " " + l.dim().words() + " and " + r.dim().words(), where);
        }
        return l.dim();
    }

    private static Dim productDim(Quantity l, Quantity r, EObject where) throws EvalException {
        if (l.dim() != Dim.NONE && r.dim() != Dim.NONE) {
            throw new EvalException("cannot multiply " + l.dim().words() + " by " + r.dim().words(), where);
        }
        return l.dim() == Dim.NONE ? r.dim() : l.dim();
    }

    private static Quantity divide(Quantity l, Quantity r, EObject where) throws EvalException {
        if (r.value() == 0) {
            throw new EvalException("division by zero", where);
        }
        Dim d;
        if (r.dim() == Dim.NONE) {
            d = l.dim();
        } else if (r.dim() == l.dim()) {
            d = Dim.NONE;
        } else {
            throw new EvalException("cannot divide " + l.dim().words() + " by " + r.dim().words(), where);
        }
        return new Quantity(l.value() / r.value(), d);
    }

    /**
     * @return the dimension of {@code e} without evaluating it (parameters have the dimension of their default, indices
     *         are plain numbers)
     */
    public static Dim dim(Expr e) throws EvalException {
        return dim(e, new HashSet<>());
    }

    private static Dim dim(Expr e, Set<Param> seen) throws EvalException {
        if (e == null) {
            throw new EvalException("missing value", null);
        }
        if (e instanceof Literal l) {
            return literal(l).dim();
        }
        if (e instanceof VarRef r) {
            if (r.getVariable() instanceof Param p && !p.eIsProxy()) {
                if (!seen.add(p)) {
                    throw new EvalException("the default of parameter " + p.getName() + " depends on itself", p);
                }
                return dim(p.getDefault(), seen);
            }
            if (r.getVariable() instanceof IndexVar) {
                return Dim.NONE;
            }
            throw new EvalException("unresolved name", r);
        }
        if (e instanceof Negation n) {
            return dim(n.getOperand(), seen);
        }
        Binary b = (Binary) e;
        Quantity l = new Quantity(1, dim(b.getLeft(), new HashSet<>(seen)));
        Quantity r = new Quantity(1, dim(b.getRight(), new HashSet<>(seen)));
        return switch (b.getOp()) {
            case "+" -> sameDim(l, r, b, "add");
            case "-" -> sameDim(l, r, b, "subtract");
            case "*" -> productDim(l, r, b);
            default -> divide(l, r, b).dim();
        };
    }
}
