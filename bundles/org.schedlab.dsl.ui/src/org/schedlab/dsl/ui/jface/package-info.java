/**
 * A small, language-neutral bridge from Xtext's IDE services (org.eclipse.xtext.ide) to the JFace text framework,
 * for products where org.eclipse.xtext.ui is not available. A language's editor subclasses {@link
 * org.schedlab.dsl.ui.jface.XtextEditor} with an {@link org.schedlab.dsl.ui.jface.XtextLanguage} (its injector, a
 * resource-set hook, its marker type and the colours of its semantic styles); nothing here knows any particular
 * language.
 * <ul>
 * <li>colouring: grammar keywords, comments, strings, numbers ({@code KeywordScanner}) plus the language's
 * {@code ISemanticHighlightingCalculator} ({@code SemanticHighlighter});</li>
 * <li>validation while typing: {@code XtextReconciler} parses and validates after each pause and writes problem
 * markers (workspace files) or annotations ({@code ProblemReporter});</li>
 * <li>content assist ({@code IdeContentProposalProvider}), hover ({@code IEObjectDocumentationProvider}), outline
 * ({@code HierarchicalDocumentSymbolService}), format ({@code IFormatter2}) and open declaration.</li>
 * </ul>
 */
package org.schedlab.dsl.ui.jface;
