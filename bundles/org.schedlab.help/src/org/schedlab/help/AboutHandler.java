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
