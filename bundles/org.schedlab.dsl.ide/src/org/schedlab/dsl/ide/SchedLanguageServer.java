/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ide;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.ide.server.ServerModule;
import org.eclipse.xtext.resource.IResourceServiceProvider;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.resource.impl.ResourceServiceProviderRegistryImpl;
import org.eclipse.xtext.util.Modules2;
import org.schedlab.dsl.QuietLogging;
import org.schedlab.dsl.translate.EngineCatalog;

import com.google.inject.Guice;
import com.google.inject.Injector;

/**
 * The Xtext language server for .sched files over a pair of streams (stdio for {@code schedlab lsp}): diagnostics,
 * content assist, hover, document symbols, semantic highlighting and formatting for any LSP editor. The language is
 * registered directly (not through {@link java.util.ServiceLoader}), so it works inside OSGi too.
 */
public final class SchedLanguageServer {

    private SchedLanguageServer() {
    }

    /** Serves on stdin/stdout until the client sends exit; engines from {@link java.util.ServiceLoader}. */
    public static void main(String[] args) throws InterruptedException, ExecutionException {
        run(System.in, System.out, null);
    }

    /**
     * Serves until the client disconnects.
     *
     * @param catalog the installed engines (in OSGi the DS services), or null for {@link java.util.ServiceLoader}
     */
    public static void run(InputStream in, OutputStream out, EngineCatalog catalog)
            throws InterruptedException, ExecutionException {
        start(in, out, catalog).get();
    }

    /** Starts serving and returns at once; the future completes when the connection ends. */
    public static Future<Void> start(InputStream in, OutputStream out, EngineCatalog catalog) {
        QuietLogging.install();
        Injector language = new SchedIdeSetup(catalog).createInjectorAndDoEMFRegistration();
        IResourceServiceProvider.Registry registry = new ResourceServiceProviderRegistryImpl();
        registry.getExtensionToFactoryMap().put("sched", language.getInstance(IResourceServiceProvider.class));
        Injector server = Guice.createInjector(Modules2.mixin(new ServerModule(), binder -> {
            binder.bind(IResourceServiceProvider.Registry.class).toInstance(registry);
            binder.bind(XtextResourceSet.class).to(CatalogResourceSet.class);
            if (catalog != null) {
                binder.bind(EngineCatalog.class).toInstance(catalog);
            }
        }));
        LanguageServerImpl languageServer = server.getInstance(LanguageServerImpl.class);
        Launcher<LanguageClient> launcher = LSPLauncher.createServerLauncher(languageServer, in, out);
        languageServer.connect(launcher.getRemoteProxy());
        return launcher.startListening();
    }
}
