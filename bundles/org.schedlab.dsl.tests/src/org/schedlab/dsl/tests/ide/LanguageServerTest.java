/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests.ide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.schedlab.dsl.ide.SchedLanguageServer;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.sim.engine.rr.RoundRobinEngine;

/**
 * The language server end to end over streams, as `schedlab lsp` runs it: diagnostics, content assist (engines,
 * versions, patches, metrics), hover (a patch's title and author) and document symbols.
 */
class LanguageServerTest {

    static String uri;
    static final String TEXT = """
			machine duo { cpus 2 clock 700 MHz }
			kernel k { engine toy version "1.0" }
			variant v = k + "fast-path-2001"
			kernel bad { engine nosuch version "1" }
			workload w { threads t x 2 { loop forever { compute 1 ms count work yield } } }
			experiment e { workload w machines duo variants v duration 1 s metrics work }
			""";

    static LanguageServer server;
    static final BlockingQueue<PublishDiagnosticsParams> DIAGNOSTICS = new LinkedBlockingQueue<>();
    /** The last diagnostics published for each document. */
    static final java.util.Map<String, PublishDiagnosticsParams> LATEST = new java.util.concurrent.ConcurrentHashMap<>();

    @BeforeAll
    static void start() throws Exception {
        PipedInputStream serverIn = new PipedInputStream(1 << 16);
        PipedOutputStream clientOut = new PipedOutputStream(serverIn);
        PipedInputStream clientIn = new PipedInputStream(1 << 16);
        PipedOutputStream serverOut = new PipedOutputStream(clientIn);
        SchedLanguageServer.start(serverIn, serverOut,
                EngineCatalog.of(List.of(new RoundRobinEngine(), new org.schedlab.dsl.tests.ToyEngine())));
        Launcher<LanguageServer> client = LSPLauncher.createClientLauncher(new Client(), clientIn, clientOut);
        client.startListening();
        server = client.getRemoteProxy();
        InitializeParams init = new InitializeParams();
        init.setProcessId((int) ProcessHandle.current().pid());
        java.nio.file.Path root = java.nio.file.Files.createTempDirectory("schedlab-lsp");
        uri = root.resolve("demo.sched").toUri().toString();
        init.setWorkspaceFolders(List.of(new org.eclipse.lsp4j.WorkspaceFolder(root.toUri().toString(), "test")));
        init.setCapabilities(new org.eclipse.lsp4j.ClientCapabilities());
        setRootUri(init, root.toUri().toString());
        server.initialize(init).get(30, TimeUnit.SECONDS);
        server.initialized(new InitializedParams());
        server.getTextDocumentService().didOpen(
                new DidOpenTextDocumentParams(new TextDocumentItem(uri, "sched", 1, TEXT)));
    }

    @SuppressWarnings("deprecation")
    private static void setRootUri(InitializeParams init, String root) {
        init.setRootUri(root); // Xtext's workspace manager still reads the root URI
    }

    @AfterAll
    static void stop() throws Exception {
        server.shutdown().get(10, TimeUnit.SECONDS);
    }

    @Test
    void publishesLocatedDiagnostics() throws Exception {
        PublishDiagnosticsParams p;
        do {
            p = DIAGNOSTICS.poll(30, TimeUnit.SECONDS);
        } while (p != null && (!p.getUri().endsWith("demo.sched") || p.getDiagnostics().isEmpty()));
        assertTrue(p != null, "no diagnostics published");
        var d = p.getDiagnostics().stream().filter(x -> (x.getMessage().isLeft() ? x.getMessage().getLeft() : x.getMessage().getRight().getValue()).contains("nosuch")).findFirst().orElseThrow();
        assertEquals(3, d.getRange().getStart().getLine());
        assertEquals(20, d.getRange().getStart().getCharacter());
    }

    @Test
    void completesEnginesAndPatches() throws Exception {
        List<String> engines = complete(1, 18);
        assertTrue(engines.containsAll(List.of("rr", "toy")), engines.toString());
        List<String> patches = complete(2, 16);
        assertTrue(patches.contains("\"fast-path-2001\"") && patches.contains("\"big-lock-2002\""),
                patches.toString());
    }

    @Test
    void completesTheMetricsOfTheExperiment() throws Exception {
        String line = TEXT.lines().toList().get(5);
        List<String> metrics = complete(5, line.indexOf("metrics ") + "metrics ".length());
        assertTrue(metrics.containsAll(List.of("work", "work_tasks", "work_zero_tasks", "toy_picks", "switches",
                "yield_calls", "cycles_scan")), metrics.toString());
    }

    @Test
    void hoverShowsThePatchsTitleAndAuthor() throws Exception {
        var hover = server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(uri),
                new Position(2, 20))).get(30, TimeUnit.SECONDS);
        String text = hover.getContents().getRight().getValue();
        assertTrue(text.contains("[PATCH] fast path for yield") && text.contains("A. Hacker")
                && text.contains("2001-05-30"), text);
    }

    @Test
    void documentSymbolsListTheDeclarations() throws Exception {
        List<Either<SymbolInformation, DocumentSymbol>> symbols = server.getTextDocumentService()
                .documentSymbol(new DocumentSymbolParams(new TextDocumentIdentifier(uri))).get(30, TimeUnit.SECONDS);
        List<String> names = symbols.stream().map(e -> e.isLeft() ? e.getLeft().getName() : e.getRight().getName())
                .toList();
        assertTrue(names.containsAll(List.of("duo", "k", "v", "bad")), names.toString());
    }

    @Test
    void validationUsesTheServersCatalogEvenWhenAnotherSetupCameFirst() throws Exception {
        new org.schedlab.dsl.ide.SchedIdeSetup(EngineCatalog.of(List.of(new RoundRobinEngine())))
                .createInjectorAndDoEMFRegistration(); // another language setup in the JVM, without toy
        String toyUri = uri.replace("demo.sched", "toy.sched");
        server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(toyUri, "sched", 1,
                "kernel t { engine toy version \"1.0\" }\nkernel n { engine nosuch version \"1.0\" }\n")));
        long deadline = System.currentTimeMillis() + 30_000;
        while (LATEST.get(toyUri) == null && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        List<org.eclipse.lsp4j.Diagnostic> diagnostics = LATEST.get(toyUri).getDiagnostics();
        List<Integer> unknownEngineLines = diagnostics.stream()
                .filter(x -> x.getCode() != null && "org.schedlab.dsl.unknownEngine".equals(x.getCode().getLeft()))
                .map(x -> x.getRange().getStart().getLine()).toList();
        assertEquals(List.of(1), unknownEngineLines, "toy is one of the server's engines, nosuch is not: " + diagnostics);
    }

    /**
     * Problems with alternatives: the validator uses the server's catalog (rr and toy).
     */
    static final String FIX_TEXT = """
			machine duo { cpus 2 clock 700 MHz }
			kernel k { engine rr version "1.1" }
			kernel j { engine rx version "1.0" }
			kernel k2 { engine rr version "1.0" }
			variant v = k2 { set timeslice_tick = 5 }
			workload w { threads t x 2 { loop forever { compute 1 ms count work yield } } }
			experiment e { workload w machines duo variants v duration 1 s metrics wrok }
			""";

    @Test
    void quickFixesReplaceUnknownNamesWithTheNearestAlternatives() throws Exception {
        String fixUri = uri.replace("demo.sched", "fix.sched");
        server.getTextDocumentService().didOpen(
                new DidOpenTextDocumentParams(new TextDocumentItem(fixUri, "sched", 1, FIX_TEXT)));
        long deadline = System.currentTimeMillis() + 30_000;
        while ((LATEST.get(fixUri) == null || LATEST.get(fixUri).getDiagnostics().size() < 4)
                && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        List<org.eclipse.lsp4j.Diagnostic> diagnostics = LATEST.get(fixUri).getDiagnostics();
        String p = "org.schedlab.dsl.";
        assertEquals(List.of("\"1.0\""), fixes(fixUri, diagnostics, p + "unknownVersion", 1));
        assertEquals(List.of("rr", "toy"), fixes(fixUri, diagnostics, p + "unknownEngine", 2));
        assertEquals(List.of("timeslice_ticks"), fixes(fixUri, diagnostics, p + "unknownTunable", 4));
        assertEquals("work", fixes(fixUri, diagnostics, p + "unknownMetric", 6).get(0));
        // unknown patches: ContentAssistDispatchTest (rr has none to offer)
        // a diagnostic without alternatives gets no action
        var other = new org.eclipse.lsp4j.Diagnostic(new org.eclipse.lsp4j.Range(new Position(0, 0), new Position(0, 7)),
                "something else");
        assertEquals(List.of(), actions(fixUri, other));
    }

    /** @return the new texts of the quick fixes for the diagnostic with {@code code} on {@code line}, in order */
    private static List<String> fixes(String docUri, List<org.eclipse.lsp4j.Diagnostic> diagnostics, String code,
            int line) throws Exception {
        org.eclipse.lsp4j.Diagnostic d = diagnostics.stream()
                .filter(x -> x.getCode() != null && code.equals(x.getCode().getLeft())
                        && x.getRange().getStart().getLine() == line)
                .findFirst().orElseThrow(() -> new AssertionError("no " + code + " on line " + line + ": " + diagnostics));
        List<org.eclipse.lsp4j.CodeAction> actions = actions(docUri, d);
        assertTrue(!actions.isEmpty(), "no quick fix for " + code);
        List<String> texts = new java.util.ArrayList<>();
        for (org.eclipse.lsp4j.CodeAction a : actions) {
            assertEquals(org.eclipse.lsp4j.CodeActionKind.QuickFix, a.getKind());
            List<org.eclipse.lsp4j.TextEdit> edits = a.getEdit().getChanges().get(docUri);
            assertEquals(1, edits.size());
            assertEquals(d.getRange(), edits.get(0).getRange(), "replaces exactly the flagged text");
            assertEquals("Change to " + edits.get(0).getNewText(), a.getTitle());
            texts.add(edits.get(0).getNewText());
        }
        return texts;
    }

    private static List<org.eclipse.lsp4j.CodeAction> actions(String docUri, org.eclipse.lsp4j.Diagnostic d)
            throws Exception {
        var params = new org.eclipse.lsp4j.CodeActionParams(new TextDocumentIdentifier(docUri), d.getRange(),
                new org.eclipse.lsp4j.CodeActionContext(List.of(d)));
        return server.getTextDocumentService().codeAction(params).get(30, TimeUnit.SECONDS).stream()
                .filter(Either::isRight).map(Either::getRight).toList();
    }

    private static List<String> complete(int line, int character) throws Exception {
        var result = server.getTextDocumentService().completion(new CompletionParams(new TextDocumentIdentifier(uri),
                new Position(line, character))).get(30, TimeUnit.SECONDS);
        List<CompletionItem> items = result.isLeft() ? result.getLeft() : result.getRight().getItems();
        return items.stream().map(CompletionItem::getLabel).toList();
    }

    /** Collects what the server publishes. */
    static final class Client implements LanguageClient {
        @Override
        public void telemetryEvent(Object object) {
        }

        @Override
        public void publishDiagnostics(PublishDiagnosticsParams diagnostics) {
            DIAGNOSTICS.add(diagnostics);
            LATEST.put(diagnostics.getUri(), diagnostics);
        }

        @Override
        public void showMessage(MessageParams messageParams) {
        }

        @Override
        public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams requestParams) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void logMessage(MessageParams message) {
        }
    }
}
