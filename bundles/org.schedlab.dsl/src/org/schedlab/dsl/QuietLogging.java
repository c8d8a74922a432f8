package org.schedlab.dsl;

import org.apache.log4j.Logger;
import org.apache.log4j.varia.NullAppender;

/**
 * Xtext logs through log4j 1.2. SchedLab's logging is off by default: unless the user configured log4j, give its
 * root logger a null appender so that no "no appenders" warning reaches the terminal.
 */
final class QuietLogging {

	private QuietLogging() {
	}

	static void install() {
		Logger root = Logger.getRootLogger();
		if (!root.getAllAppenders().hasMoreElements()) {
			root.addAppender(new NullAppender());
		}
	}
}
