/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.tests;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IViewReference;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.schedlab.ui.SchedLabPerspective;

/** Helpers for the UI tests: a workspace project with the test .sched files, waiting on the UI thread, screenshots. */
final class Workbench {

    private Workbench() {
    }

    /** @return the active page, in the SchedLab perspective, its window filling the virtual screen */
    static IWorkbenchPage page() {
        var window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        Shell shell = window.getShell();
        Rectangle screen = shell.getDisplay().getPrimaryMonitor().getBounds();
        if (!shell.getBounds().equals(screen)) {
            shell.setBounds(screen);
        }
        IWorkbenchPage page = window.getActivePage();
        var perspective = PlatformUI.getWorkbench().getPerspectiveRegistry()
                .findPerspectiveWithId(SchedLabPerspective.ID);
        if (page.getPerspective() == null || !SchedLabPerspective.ID.equals(page.getPerspective().getId())) {
            page.setPerspective(perspective);
        }
        flush();
        return page;
    }

    /** @return {@code data/NAME} of this bundle copied into project {@code project} (created if needed) */
    static IFile copy(String project, String name) throws CoreException, IOException {
        IProject p = ResourcesPlugin.getWorkspace().getRoot().getProject(project);
        if (!p.exists()) {
            p.create(null);
        }
        if (!p.isOpen()) {
            p.open(null);
        }
        IFile file = p.getFile(name);
        try (InputStream in = Workbench.class.getResourceAsStream("data/" + name)) {
            if (in == null) {
                throw new IOException("test data missing: data/" + name);
            }
            if (file.exists()) {
                file.setContents(in, true, false, null);
            } else {
                file.create(in, true, null);
            }
        }
        return file;
    }

    /** Processes UI events until {@code condition} holds or {@code timeoutMs} pass. */
    static boolean waitFor(BooleanSupplier condition, long timeoutMs) {
        Display display = Display.getCurrent();
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            if (!display.readAndDispatch()) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return condition.getAsBoolean();
    }

    /** Processes pending UI events. */
    /** Leaves no result behind for the next tests: closes the editors and hides the chart views. */
    static void closeResultsAndCharts() {
        IWorkbenchPage page = page();
        page.closeAllEditors(false);
        for (IViewReference ref : page.getViewReferences()) {
            if (ref.getId().startsWith("org.schedlab.ui.charts.")) {
                page.hideView(ref);
            }
        }
        flush();
    }

    static void flush() {
        Display display = Display.getCurrent();
        while (display.readAndDispatch()) {
            // process pending UI events
        }
    }

    /** Lets the UI settle for {@code ms} (repaints, layouts). */
    static void settle(long ms) {
        long end = System.currentTimeMillis() + ms;
        waitFor(() -> System.currentTimeMillis() >= end, ms + 1000);
    }

    /** @return where screenshots go: {@code -Dschedlab.screenshots}, else target/screenshots of the working dir */
    static Path screenshotDir() throws IOException {
        String dir = System.getProperty("schedlab.screenshots");
        Path p = dir == null ? Path.of("target", "screenshots") : Path.of(dir);
        Files.createDirectories(p);
        return p;
    }

    /** Copies the workbench window as it is on screen (SWT GC copyArea) to {@code NAME.png}; returns the file. */
    static Path screenshot(String name) throws IOException {
        return screenshotOf(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), name);
    }

    /** Copies {@code shell} as it is on screen to {@code NAME.png}; returns the file. */
    static Path screenshotOf(Shell shell, String name) throws IOException {
        settle(500);
        Display display = shell.getDisplay();
        Rectangle b = shell.getBounds();
        Image image = new Image(display, b.width, b.height);
        GC gc = new GC(display);
        try {
            gc.copyArea(image, b.x, b.y);
        } finally {
            gc.dispose();
        }
        Path file = screenshotDir().resolve(name + ".png");
        try {
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] { image.getImageData() };
            loader.save(file.toString(), SWT.IMAGE_PNG);
        } finally {
            image.dispose();
        }
        return file;
    }
}
