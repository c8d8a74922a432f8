/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
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
