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
