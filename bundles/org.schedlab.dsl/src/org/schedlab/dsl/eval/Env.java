/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.eval;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.schedlab.dsl.sched.IndexVar;
import org.schedlab.dsl.sched.Param;
import org.schedlab.dsl.sched.Variable;

/**
 * Values of workload parameters and thread-group indices. A parameter without a binding takes its default, evaluated
 * in this environment (defaults may use earlier parameters); a cycle between defaults is an error.
 */
public final class Env {

    private final Map<Variable, Quantity> bound = new HashMap<>();
    private final Set<Param> evaluating = new HashSet<>();

    /** @return an environment where every parameter has its default */
    public static Env defaults() {
        return new Env();
    }

    /** @return a copy of this environment with {@code v} bound to {@code q} */
    public Env with(Variable v, Quantity q) {
        Env e = new Env();
        e.bound.putAll(bound);
        e.bound.put(v, q);
        return e;
    }

    /** Binds {@code v} to {@code q} in place. */
    public void bind(Variable v, Quantity q) {
        bound.put(v, q);
    }

    /** @return the value of a variable */
    public Quantity valueOf(Variable v) throws EvalException {
        Quantity q = bound.get(v);
        if (q != null) {
            return q;
        }
        if (v instanceof Param p) {
            if (!evaluating.add(p)) {
                throw new EvalException("the default of parameter " + p.getName() + " depends on itself", p);
            }
            try {
                Quantity d = Evaluator.eval(p.getDefault(), this);
                bound.put(p, d);
                return d;
            } finally {
                evaluating.remove(p);
            }
        }
        IndexVar i = (IndexVar) v;
        throw new EvalException("index " + i.getName() + " has no value here", i);
    }
}
