/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.translate;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/**
 * Inside OSGi: opens the engine tracker when the bundle starts and closes it when the bundle stops, so every engine
 * service the catalogue took is given back. Outside OSGi nothing loads this class.
 */
public final class DslActivator implements BundleActivator {

    @Override
    public void start(BundleContext context) {
        OsgiEngines.open(context);
    }

    @Override
    public void stop(BundleContext context) {
        OsgiEngines.close();
    }
}
