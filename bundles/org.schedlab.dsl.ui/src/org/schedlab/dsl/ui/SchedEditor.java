/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ui;

import java.util.Map;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.PlatformUI;
import org.schedlab.dsl.ide.SchedHighlighting;
import org.schedlab.dsl.ide.SchedIdeSetup;
import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.dsl.ui.jface.XtextEditor;
import org.schedlab.dsl.ui.jface.XtextLanguage.Style;
import org.schedlab.dsl.ui.jface.XtextLanguage;

import com.google.inject.Injector;

/**
 * The .sched editor: the generic {@link XtextEditor} wired to the .sched language's IDE services, with names
 * resolved against the engines installed in the workbench, and the colours of its semantic styles.
 */
public final class SchedEditor extends XtextEditor {

    /** The editor's id, as declared in plugin.xml. */
    public static final String ID = "org.schedlab.dsl.ui.editor";

    /** The marker type of .sched problems, as declared in plugin.xml. */
    public static final String PROBLEM_MARKER = "org.schedlab.dsl.ui.problem";

    /** The help page F1 opens in the editor: the .sched language guide. */
    public static final String HELP_PAGE = "/org.schedlab.help/gen/html/language.html";

    private static XtextLanguage language;

    public SchedEditor() {
        super(sched());
    }

    @Override
    public void createPartControl(Composite parent) {
        super.createPartControl(parent);
        // F1: the language guide (the platform's context lookup needs help bundles that are not on Maven Central)
        getSourceViewer().getTextWidget().addHelpListener(
                e -> PlatformUI.getWorkbench().getHelpSystem().displayHelpResource(HELP_PAGE));
    }

    /** @return the .sched language, created on first use */
    public static synchronized XtextLanguage sched() {
        if (language == null) {
            InstalledEngines.await(2000);
            Injector injector = new SchedIdeSetup(InstalledEngines.catalog()).createInjectorAndDoEMFRegistration();
            language = new XtextLanguage(injector, set -> {
            }, PROBLEM_MARKER, Map.of(
                    SchedHighlighting.UNIT, Style.of(0, 128, 128),
                    SchedHighlighting.ENGINE, new Style(Style.of(160, 60, 0).color(), true, false),
                    SchedHighlighting.PATCH, Style.of(170, 0, 120),
                    SchedHighlighting.TUNABLE, Style.of(0, 90, 160),
                    SchedHighlighting.PARAMETER, new Style(Style.of(100, 70, 0).color(), false, true),
                    SchedHighlighting.INDEX, new Style(Style.of(100, 70, 0).color(), false, true)));
        }
        return language;
    }
}
