package org.schedlab.cli;

/** A command line that does not follow the command's usage. */
final class UsageException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	UsageException(String message) {
		super(message);
	}
}
