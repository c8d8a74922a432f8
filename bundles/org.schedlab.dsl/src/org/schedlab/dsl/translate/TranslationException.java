/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.translate;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * A model that cannot become a simulation configuration, located at a model element (and optionally one of its
 * features). The validator reports these as errors, so a validated file translates without them.
 */
public final class TranslationException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient EObject where;
    private final transient EStructuralFeature feature;
    private final String code;

    public TranslationException(String message, EObject where) {
        this(message, where, null);
    }

    public TranslationException(String message, EObject where, EStructuralFeature feature) {
        this(message, where, feature, null);
    }

    /** @param code the validator's issue code for this problem (a constant of SchedIssueCodes), or null */
    public TranslationException(String message, EObject where, EStructuralFeature feature, String code) {
        super(message);
        this.where = where;
        this.feature = feature;
        this.code = code;
    }

    /** @return the issue code the validator reports this problem with, or null for the generic one */
    public String code() {
        return code;
    }

    /** @return the element the problem is in (may be null) */
    public EObject where() {
        return where;
    }

    /** @return the feature of {@link #where()} the problem is in, or null for the whole element */
    public EStructuralFeature feature() {
        return feature;
    }

    /** @return the 1-based line of {@link #where()}, or 0 when it has no text */
    public int line() {
        ICompositeNode n = where == null ? null : NodeModelUtils.getNode(where);
        return n == null ? 0 : n.getStartLine();
    }
}
