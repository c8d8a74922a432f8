/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;

/**
 * The headless {@code schedlab} application (id {@code org.schedlab.cli.app}): OSGi glue only. All the work is
 * in {@link Main}, which runs the same way outside OSGi.
 */
public final class SchedlabApplication implements IApplication {

    @Override
    public Object start(IApplicationContext context) {
        String[] args = (String[]) context.getArguments().get(IApplicationContext.APPLICATION_ARGS);
        int code = new Main(System.out, System.err).run(args == null ? new String[0] : args);
        return Integer.valueOf(code);
    }

    @Override
    public void stop() {
        // nothing to release: a run in progress ends with the JVM
    }
}
