package org.schedlab.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * A one-line progress bar for long runs, redrawn in place on a terminal. When standard output is not a terminal
 * (a pipe, a file, CI) it prints nothing, so that output stays parseable.
 */
final class ProgressBar {

	private static final int WIDTH = 30;
	private static final long MIN_REDRAW_NS = 100_000_000L;

	private final PrintStream err;
	private final boolean enabled;
	private long lastDraw;
	private int lastLength;

	private ProgressBar(PrintStream err, boolean enabled) {
		this.err = err;
		this.enabled = enabled;
	}

	/** A bar on {@code err} if the process talks to a terminal, else a silent one. */
	static ProgressBar forTerminal(PrintStream err) {
		return new ProgressBar(err, System.console() != null && !"dumb".equals(System.getenv("TERM")));
	}

	static ProgressBar silent(PrintStream err) {
		return new ProgressBar(err, false);
	}

	/** Shows {@code fraction} (0..1) with a short message; cheap to call often. */
	synchronized void update(double fraction, String message) {
		if (!enabled) {
			return;
		}
		long now = System.nanoTime();
		if (now - lastDraw < MIN_REDRAW_NS && fraction < 1) {
			return;
		}
		lastDraw = now;
		double f = Math.max(0, Math.min(1, fraction));
		int filled = (int) Math.round(f * WIDTH);
		String line = String.format(Locale.ROOT, "[%s%s] %3.0f%% %s", "#".repeat(filled), ".".repeat(WIDTH - filled),
				f * 100, message == null ? "" : message);
		if (line.length() > 100) {
			line = line.substring(0, 100);
		}
		err.print("\r" + line + " ".repeat(Math.max(0, lastLength - line.length())));
		err.flush();
		lastLength = line.length();
	}

	/** Clears the bar so that the next output starts on a clean line. */
	synchronized void done() {
		if (enabled && lastLength > 0) {
			err.print("\r" + " ".repeat(lastLength) + "\r");
			err.flush();
			lastLength = 0;
		}
	}
}
