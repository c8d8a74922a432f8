/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.help;

import org.eclipse.help.IContext;
import org.eclipse.help.IHelpResource;
import org.eclipse.ui.help.AbstractHelpUI;

/**
 * SchedLab's help support (extension point org.eclipse.ui.helpSupport): Help > Help Contents opens the
 * {@link HelpWindow} at the user guide's first page, F1 and help links open the page they name. The platform's help
 * webapp (org.eclipse.help.webapp with Jetty and JSP) is not on Maven Central; the pages are the same Eclipse Help
 * table of contents (org.eclipse.help.toc) written at build time from the Markdown documents.
 */
public final class SchedLabHelpUI extends AbstractHelpUI {

    /** The page of the .sched language guide, as an href of the help system. */
    public static final String LANGUAGE_GUIDE = "/org.schedlab.help/gen/html/language.html";

    @Override
    public void displayHelp() {
        HelpWindow.open(null);
    }

    @Override
    public void displayContext(IContext context, int x, int y) {
        IHelpResource[] topics = context == null ? null : context.getRelatedTopics();
        HelpWindow.open(topics == null || topics.length == 0 ? LANGUAGE_GUIDE : topics[0].getHref());
    }

    @Override
    public void displayHelpResource(String href) {
        HelpWindow.open(href);
    }

    @Override
    public void displayDynamicHelp() {
        HelpWindow.open(LANGUAGE_GUIDE);
    }

    @Override
    public boolean isContextHelpDisplayed() {
        return HelpWindow.current() != null;
    }
}
