/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl;

import org.eclipse.xtext.scoping.IGlobalScopeProvider;
import org.schedlab.dsl.scoping.SchedGlobalScopeProvider;

/**
 * Guice bindings of the .sched language runtime. The engine catalog the validator resolves engines against is
 * {@link org.schedlab.dsl.translate.EngineCatalog} (ServiceLoader by default; bind another instance in a module, or
 * attach one to a resource set).
 */
public class SchedRuntimeModule extends AbstractSchedRuntimeModule {

    /** Hover text: patches, tunables, kernels and machines from the engines and profiles. */
    public Class<? extends org.eclipse.xtext.documentation.IEObjectDocumentationProvider> bindIEObjectDocumentationProvider() {
        return org.schedlab.dsl.documentation.SchedDocumentationProvider.class;
    }

    /** Syntax errors in the user's terms: what to write, not the parser's token names. */
    public Class<? extends org.eclipse.xtext.parser.antlr.ISyntaxErrorMessageProvider> bindISyntaxErrorMessageProvider() {
        return org.schedlab.dsl.parser.SchedSyntaxErrorMessageProvider.class;
    }

    /** Imports by URI plus the implicit standard library. */
    @Override
    public Class<? extends IGlobalScopeProvider> bindIGlobalScopeProvider() {
        return SchedGlobalScopeProvider.class;
    }
}
