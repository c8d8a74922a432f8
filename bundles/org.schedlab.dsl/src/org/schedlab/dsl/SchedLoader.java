/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.sched.Model;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.ExperimentTranslator;
import org.schedlab.dsl.translate.TranslationException;

import com.google.inject.Injector;

/**
 * Loads .sched files outside the editor: parses with the generated parser, resolves cross-references and runs the
 * validator, and answers with the model and every located diagnostic. Used by the command line and the runner.
 */
public final class SchedLoader {

    /** A parsed file with its diagnostics; {@code model} is null when the file could not be parsed (too deeply nested). */
    public record Loaded(Path file, Model model, List<SchedDiagnostic> diagnostics) {

        public boolean hasErrors() {
            return diagnostics.stream().anyMatch(SchedDiagnostic::isError);
        }
    }

    private static Injector injector;

    private final XtextResourceSet resourceSet;
    private final IResourceValidator validator;
    private final EngineCatalog catalog;

    /** A loader that resolves engines with {@link java.util.ServiceLoader} (outside OSGi). */
    public SchedLoader() {
        this(injector().getInstance(EngineCatalog.class));
    }

    /** A loader that resolves engine ids, versions, patches and tunables against {@code catalog} (in OSGi: the DS engines). */
    public SchedLoader(EngineCatalog catalog) {
        Injector in = injector();
        this.resourceSet = in.getInstance(XtextResourceSet.class);
        this.validator = in.getInstance(IResourceValidator.class);
        this.catalog = catalog;
        catalog.attach(resourceSet);
    }

    /** @return the engines this loader validates and translates against */
    public EngineCatalog catalog() {
        return catalog;
    }

    /** @return the injector of the language runtime (formatter, serializer, ...) */
    public static Injector languageInjector() {
        return injector();
    }

    /**
     * Translates every experiment of a loaded file into the plain objects the runner executes.
     *
     * @throws IllegalStateException if the file has errors (check {@link Loaded#hasErrors()} first)
     * @throws TranslationException  for a problem only the translation finds (located)
     */
    public List<ExperimentPlan> translate(Loaded loaded) throws TranslationException {
        if (loaded.hasErrors() || loaded.model() == null) {
            throw new IllegalStateException(loaded.file() + " has errors; translate only validated files");
        }
        return new ExperimentTranslator(catalog).translate(loaded.model());
    }

    private static synchronized Injector injector() {
        if (injector == null) {
            QuietLogging.install();
            injector = new SchedStandaloneSetup().createInjectorAndDoEMFRegistration();
        }
        return injector;
    }

    /**
     * Parses and validates one file, as it is now (a file loaded before is read again).
     *
     * @throws IOException if the file does not exist or cannot be read
     */
    public Loaded load(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("no such file: " + file);
        }
        if (!Files.isReadable(file)) {
            throw new IOException("cannot read " + file);
        }
        SchedDiagnostic tooDeep = nestingError(file.toString(),
                new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.UTF_8));
        if (tooDeep != null) {
            return new Loaded(file, null, List.of(tooDeep));
        }
        URI uri = URI.createFileURI(file.toAbsolutePath().normalize().toString());
        forget(uri); // loaded before: read the file as it is now, not the model of the last load
        try {
            Resource resource = resourceSet.getResource(uri, true);
            List<SchedDiagnostic> diagnostics = new ArrayList<>();
            for (Issue issue : validator.validate(resource, CheckMode.ALL, CancelIndicator.NullImpl)) {
                diagnostics.add(toDiagnostic(file.toString(), issue));
            }
            Model model = resource.getContents().isEmpty() ? null : (Model) resource.getContents().get(0);
            return new Loaded(file, model, List.copyOf(diagnostics));
        } catch (StackOverflowError | RuntimeException e) {
            if (!overflowed(e)) {
                throw e;
            }
            forget(uri);
            return new Loaded(file, null, List.of(new SchedDiagnostic(file.toString(), 1, 1,
                    SchedDiagnostic.Severity.ERROR, NESTING, "too deeply nested to read (the parser ran out of stack)")));
        }
    }

    /** Diagnostic code of a file nested deeper than {@link #MAX_NESTING}. */
    public static final String NESTING = "nesting";

    /**
     * Blocks, parentheses and brackets nested deeper than this are an error found before parsing: the parser is
     * recursive and a few thousand levels would overflow its stack. Real workloads nest a handful of levels.
     */
    public static final int MAX_NESTING = 100;

    /**
     * @return an error at the first '{', '(' or '[' nested deeper than {@link #MAX_NESTING} (comments and strings
     *         skipped), or null
     */
    static SchedDiagnostic nestingError(String file, String text) {
        int depth = 0;
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                lineStart = i + 1;
            } else if (text.startsWith("//", i)) {
                int end = text.indexOf('\n', i);
                i = (end < 0 ? text.length() : end) - 1;
            } else if (text.startsWith("/*", i) || c == '"' || c == '\'') {
                int end = c == '/' ? text.indexOf("*/", i + 2) : closingQuote(text, i);
                int stop = end < 0 ? text.length() : end + (c == '/' ? 2 : 1);
                for (int j = i; j < stop; j++) {
                    if (text.charAt(j) == '\n') {
                        line++;
                        lineStart = j + 1;
                    }
                }
                i = stop - 1;
            } else if (c == '{' || c == '(' || c == '[') {
                if (++depth > MAX_NESTING) {
                    return new SchedDiagnostic(file, line, i - lineStart + 1, SchedDiagnostic.Severity.ERROR, NESTING,
                            "nested deeper than " + MAX_NESTING + " levels; flatten the blocks (a loop's count"
                                    + " multiplies instead of nesting)");
                }
            } else if (c == '}' || c == ')' || c == ']') {
                depth = Math.max(0, depth - 1);
            }
        }
        return null;
    }

    private static int closingQuote(String text, int open) {
        char q = text.charAt(open);
        for (int j = open + 1; j < text.length(); j++) {
            char c = text.charAt(j);
            if (c == '\\') {
                j++;
            } else if (c == q) {
                return j;
            }
        }
        return -1;
    }

    private static boolean overflowed(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StackOverflowError) {
                return true;
            }
        }
        return false;
    }

    private void forget(URI uri) {
        Resource broken = resourceSet.getResource(uri, false);
        if (broken != null) {
            broken.unload();
            resourceSet.getResources().remove(broken);
        }
    }

    /** Parses and validates text as if it were the named file (used by tests and the editor's preview). */
    public Loaded loadText(String name, String text) throws IOException {
        SchedDiagnostic tooDeep = nestingError(name, text);
        if (tooDeep != null) {
            return new Loaded(Path.of(name), null, List.of(tooDeep));
        }
        URI uri = URI.createURI("inmemory:/" + name);
        Resource old = resourceSet.getResource(uri, false);
        if (old != null) {
            old.unload();
            resourceSet.getResources().remove(old);
        }
        XtextResource resource = (XtextResource) resourceSet.createResource(uri);
        resource.load(new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)), null);
        List<SchedDiagnostic> diagnostics = new ArrayList<>();
        for (Issue issue : validator.validate(resource, CheckMode.ALL, CancelIndicator.NullImpl)) {
            diagnostics.add(toDiagnostic(name, issue));
        }
        Model model = resource.getContents().isEmpty() ? null : (Model) resource.getContents().get(0);
        return new Loaded(Path.of(name), model, List.copyOf(diagnostics));
    }

    private static SchedDiagnostic toDiagnostic(String file, Issue issue) {
        SchedDiagnostic.Severity severity = issue.getSeverity() == Severity.ERROR ? SchedDiagnostic.Severity.ERROR
                : issue.getSeverity() == Severity.WARNING ? SchedDiagnostic.Severity.WARNING
                        : SchedDiagnostic.Severity.INFO;
        int line = issue.getLineNumber() == null ? 1 : issue.getLineNumber();
        int column = issue.getColumn() == null ? 1 : issue.getColumn();
        return new SchedDiagnostic(file, line, column, severity, issue.getCode(), issue.getMessage());
    }
}
