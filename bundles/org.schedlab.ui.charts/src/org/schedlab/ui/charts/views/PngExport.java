/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.views;

import java.nio.file.Path;
import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Shell;

/** The "Export as PNG..." dialog the chart views share. */
final class PngExport {

    private PngExport() {
    }

    /** Asks where to save, proposing {@code fileName}, and hands the chosen path to {@code export}. */
    static void ask(Shell shell, String fileName, Consumer<Path> export) {
        FileDialog dialog = new FileDialog(shell, SWT.SAVE);
        dialog.setFilterExtensions(new String[] { "*.png" });
        dialog.setFileName(fileName);
        dialog.setOverwrite(true);
        String file = dialog.open();
        if (file != null) {
            export.accept(Path.of(file));
        }
    }
}
