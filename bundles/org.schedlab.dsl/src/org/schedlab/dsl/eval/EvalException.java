/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.eval;

import org.eclipse.emf.ecore.EObject;

/** An expression that has no value: wrong units, division by zero, an unbound variable. Located at {@link #where()}. */
public final class EvalException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient EObject where;

    public EvalException(String message, EObject where) {
        super(message);
        this.where = where;
    }

    /** @return the model element the problem is in */
    public EObject where() {
        return where;
    }
}
