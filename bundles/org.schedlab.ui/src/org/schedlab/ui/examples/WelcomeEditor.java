/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.examples;

import java.util.List;

import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.schedlab.ui.results.ReadOnlyEditorPart;

/**
 * The welcome page, in the editor area (not a dialog: nothing waits for it): what SchedLab is, and two buttons that
 * create the examples project and run seed 004 with its charts. It opens by itself on the first start in a
 * workspace ({@link WelcomeOnFirstStart}) and from Help &gt; SchedLab Welcome.
 */
public final class WelcomeEditor extends ReadOnlyEditorPart {

    /** The editor's id, as declared in plugin.xml. */
    public static final String ID = "org.schedlab.ui.welcome";

    private Label status;
    private Button createButton;
    private Button runButton;
    private Composite body;

    /** Opens the welcome page on {@code page}, or brings it to the front. */
    public static WelcomeEditor open(IWorkbenchPage page) throws PartInitException {
        return (WelcomeEditor) page.openEditor(WelcomeInput.INSTANCE, ID, true);
    }

    @Override
    public void init(IEditorSite site, IEditorInput input) throws PartInitException {
        if (!(input instanceof WelcomeInput)) {
            throw new PartInitException("The welcome page opens only from Help > SchedLab Welcome");
        }
        setSite(site);
        setInput(input);
        setPartName("Welcome");
        setTitleToolTip("Welcome to SchedLab");
    }

    @Override
    public void createPartControl(Composite parent) {
        ScrolledComposite scroll = new ScrolledComposite(parent, SWT.V_SCROLL | SWT.H_SCROLL);
        body = new Composite(scroll, SWT.NONE);
        body.setBackground(parent.getDisplay().getSystemColor(SWT.COLOR_LIST_BACKGROUND));
        GridLayout layout = new GridLayout(2, false);
        layout.marginWidth = 24;
        layout.marginHeight = 18;
        layout.verticalSpacing = 10;
        layout.horizontalSpacing = 16;
        body.setLayout(layout);

        Label title = text(body, "Welcome to SchedLab", 2);
        title.setFont(JFaceResources.getHeaderFont());
        text(body, "SchedLab simulates what a scheduler patch does to a workload on a machine, before anyone boots a "
                + "kernel. An experiment is a .sched file: machines, kernels and their patches, workloads, and the "
                + "figures to compare. Run As > SchedLab Experiment simulates every cell and opens the results, and "
                + "the chart views below the editor draw them.", 2);

        createButton = button(body, "Create the examples project");
        createButton.addListener(SWT.Selection, e -> FirstRun.createExamples(getSite().getPage(), this::report));
        text(body, "Adds the project \"" + ExamplesProject.NAME + "\" to the workspace: hello.sched, the five "
                + "historical scheduler experiments (seed000 ... seed004), CFS group shares, a CPU-capped container "
                + "and the calibration targets.", 1);

        runButton = button(body, "Run seed 004 and show its charts");
        runButton.addListener(SWT.Selection, e -> FirstRun.runSeed004(getSite().getPage(), this::report));
        text(body, "Seed 004 is the ia64 idle-loop bug of Linux 2.6.15-rc1 (2005): the halted CPU was never sent "
                + "a wakeup IPI, and netperf fell by 98 %. The button creates the examples project if needed, opens "
                + ExamplesProject.SEED_004 + ", runs it (about 15 seconds) and shows the results and the Comparison "
                + "chart; the CPU Timeline view draws what each CPU ran and when it halted.", 1);

        text(body, "Later: File > New > Example... > SchedLab examples creates the project again, Help > Help Contents "
                + "has the language and the experiments, and Help > SchedLab Welcome opens this page.", 2);
        status = text(body, "", 2);

        scroll.setContent(body);
        scroll.setExpandHorizontal(true);
        scroll.setExpandVertical(true);
        scroll.addListener(SWT.Resize, e -> fit(scroll));
        fit(scroll);
    }

    private void fit(ScrolledComposite scroll) {
        int width = Math.max(400, scroll.getClientArea().width);
        scroll.setMinSize(body.computeSize(width, SWT.DEFAULT));
        body.layout(true, true);
    }

    private static Label text(Composite parent, String s, int columns) {
        Label label = new Label(parent, SWT.WRAP);
        label.setText(s);
        label.setBackground(parent.getBackground());
        GridData data = new GridData(SWT.FILL, SWT.CENTER, true, false, columns, 1);
        data.widthHint = 600;
        label.setLayoutData(data);
        return label;
    }

    private static Button button(Composite parent, String s) {
        Button b = new Button(parent, SWT.PUSH);
        b.setText(s);
        b.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, false, false));
        return b;
    }

    private void report(String line) {
        if (!status.isDisposed()) {
            status.setText(line);
            body.getParent().notifyListeners(SWT.Resize, null);
        }
    }

    /** @return the buttons: create the examples project, run seed 004 (for tests) */
    public List<Button> buttons() {
        return List.of(createButton, runButton);
    }

    /** @return the last thing a button reported (for tests) */
    public String status() {
        return status.getText();
    }

    @Override
    public void setFocus() {
        createButton.setFocus();
    }
}
