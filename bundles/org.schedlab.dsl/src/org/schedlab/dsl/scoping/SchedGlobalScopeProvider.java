/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.scoping;

import java.util.LinkedHashSet;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.scoping.impl.ImportUriGlobalScopeProvider;

/**
 * Global names come from the file itself, the files it imports ({@code import "common.sched"}, relative to the
 * importing file) and, implicitly, the standard library.
 */
public class SchedGlobalScopeProvider extends ImportUriGlobalScopeProvider {

    @Override
    protected LinkedHashSet<URI> getImportedUris(Resource resource) {
        LinkedHashSet<URI> result = new LinkedHashSet<>(super.getImportedUris(resource));
        for (URI lib : StandardLibrary.uris()) {
            if (!lib.equals(resource.getURI())) {
                result.add(lib);
            }
        }
        return result;
    }
}
