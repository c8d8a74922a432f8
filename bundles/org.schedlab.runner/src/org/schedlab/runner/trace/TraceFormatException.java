package org.schedlab.runner.trace;

/** A line of a trace that is not what the reader expects: {@link #getMessage()} is {@code FILE:LINE: message}. */
public final class TraceFormatException extends Exception {
	private static final long serialVersionUID = 1L;

	/** @param where the file name; @param line 1-based */
	public TraceFormatException(String where, long line, String message) {
		super(where + ":" + line + ": " + message);
	}
}
