/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.util.concurrent.ExecutionException;

import org.schedlab.dsl.ide.SchedLanguageServer;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.InstalledEngines;

/** {@code schedlab lsp}: the .sched language server over standard input and output. */
final class LspCommand implements Command {

    @Override
    public String name() {
        return "lsp";
    }

    @Override
    public String summary() {
        return "serve the .sched language (diagnostics, assist, hover) over LSP on stdin/stdout";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab lsp
				  Runs the Xtext language server for .sched files on standard input and output until the client
				  disconnects, so any LSP editor gets the workbench's diagnostics, content assist and hover.""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        if (args.length > 0) {
            throw new UsageException("takes no arguments");
        }
        // the protocol owns stdout: nothing else may write there while the server runs
        PrintStream protocolOut = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
        System.setOut(err);
        try {
            SchedLanguageServer.run(new FileInputStream(FileDescriptor.in), protocolOut,
                    EngineCatalog.of(InstalledEngines.started()));
            return Main.OK;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Main.OK;
        } catch (ExecutionException e) {
            err.println("schedlab lsp: the connection ended with an error: " + e.getCause());
            return Main.RUN_FAILED;
        }
    }
}
