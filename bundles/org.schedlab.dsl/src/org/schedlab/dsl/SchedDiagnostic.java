package org.schedlab.dsl;

/**
 * One located problem in a .sched file, printed as {@code file:line:column: severity: message} (lines and columns
 * start at 1).
 */
public record SchedDiagnostic(String file, int line, int column, Severity severity, String code, String message) {

	/** How bad a diagnostic is. */
	public enum Severity {
		ERROR, WARNING, INFO;

		@Override
		public String toString() {
			return name().toLowerCase(java.util.Locale.ROOT);
		}
	}

	public boolean isError() {
		return severity == Severity.ERROR;
	}

	@Override
	public String toString() {
		return file + ":" + line + ":" + column + ": " + severity + ": " + message;
	}
}
