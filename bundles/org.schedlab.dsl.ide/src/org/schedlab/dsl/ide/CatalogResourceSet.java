/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ide;

import org.eclipse.xtext.resource.XtextResourceSet;
import org.schedlab.dsl.translate.EngineCatalog;

import com.google.inject.Inject;

/**
 * The language server's resource sets carry the server's engine catalog ({@link EngineCatalog#attach}), so its
 * validation resolves engines against the same catalog as its content assist and quick fixes, even when another
 * language setup in the JVM registered the validator first.
 */
public class CatalogResourceSet extends XtextResourceSet {

    /** Attaches the server's catalog, when one is bound (none: the validator's own). */
    @Inject(optional = true)
    void attachCatalog(EngineCatalog catalog) {
        catalog.attach(this);
    }
}
