package org.schedlab.cli;

/** An input the user named that cannot be used (missing file, unreadable file). */
final class InputException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	InputException(String message) {
		super(message);
	}
}
