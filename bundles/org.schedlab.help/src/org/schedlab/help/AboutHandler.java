/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.help;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.ui.handlers.HandlerUtil;

/** Help > About SchedLab: the version, the licence and the installed engines ({@link About#text()}). */
public final class AboutHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) {
        MessageDialog.openInformation(HandlerUtil.getActiveShell(event), "About SchedLab", About.text());
        return null;
    }
}
