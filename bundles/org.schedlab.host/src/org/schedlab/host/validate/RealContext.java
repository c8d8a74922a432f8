package org.schedlab.host.validate;

import java.nio.file.Path;

import org.schedlab.host.CHelpers;
import org.schedlab.host.Shell;

/**
 * What a real run needs: the shell, the C helpers, a scratch folder, the CPU count.
 *
 * @param shell   runs the programs
 * @param helpers builds threads.c
 * @param work    a temporary folder for JSON files and logs
 * @param cpus    online CPUs
 */
public record RealContext(Shell shell, CHelpers helpers, Path work, int cpus) {
}
