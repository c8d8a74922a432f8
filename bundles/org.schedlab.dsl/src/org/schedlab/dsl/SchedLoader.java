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
import org.schedlab.dsl.sched.Model;

import com.google.inject.Injector;

/**
 * Loads .sched files outside the editor: parses with the generated parser, resolves cross-references and runs the
 * validator, and answers with the model and every located diagnostic. Used by the command line and the runner.
 */
public final class SchedLoader {

	/** A parsed file with its diagnostics; {@code model} is null only when the file could not be read. */
	public record Loaded(Path file, Model model, List<SchedDiagnostic> diagnostics) {

		public boolean hasErrors() {
			return diagnostics.stream().anyMatch(SchedDiagnostic::isError);
		}
	}

	private static Injector injector;

	private final XtextResourceSet resourceSet;
	private final IResourceValidator validator;

	public SchedLoader() {
		Injector in = injector();
		this.resourceSet = in.getInstance(XtextResourceSet.class);
		this.validator = in.getInstance(IResourceValidator.class);
	}

	private static synchronized Injector injector() {
		if (injector == null) {
			QuietLogging.install();
			injector = new SchedStandaloneSetup().createInjectorAndDoEMFRegistration();
		}
		return injector;
	}

	/**
	 * Parses and validates one file.
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
		Path absolute = file.toAbsolutePath().normalize();
		Resource resource = resourceSet.getResource(URI.createFileURI(absolute.toString()), true);
		List<SchedDiagnostic> diagnostics = new ArrayList<>();
		for (Issue issue : validator.validate(resource, CheckMode.ALL, CancelIndicator.NullImpl)) {
			diagnostics.add(toDiagnostic(file.toString(), issue));
		}
		Model model = resource.getContents().isEmpty() ? null : (Model) resource.getContents().get(0);
		return new Loaded(file, model, List.copyOf(diagnostics));
	}

	/** Parses and validates text as if it were the named file (used by tests and the editor's preview). */
	public Loaded loadText(String name, String text) throws IOException {
		XtextResource resource = (XtextResource) resourceSet.createResource(URI.createURI("inmemory:/" + name));
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
