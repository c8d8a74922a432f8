package org.schedlab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The temporary folder profile-host and validate-host build and run their helpers in. */
final class HostCommands {

	private HostCommands() {
	}

	static Path tempDir() {
		try {
			return Files.createTempDirectory("schedlab-host-");
		} catch (IOException e) {
			throw new InputException("cannot create a temporary folder: " + e.getMessage());
		}
	}

	static void delete(Path dir) {
		try (Stream<Path> s = Files.walk(dir)) {
			s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
		} catch (IOException e) {
			// a temporary folder left behind is not worth failing the command for
		}
	}
}
