/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
/**
 * The SchedLab results model. The EMF classes (package {@code org.schedlab.model.results}) are generated in
 * the build from {@code model/results.ecore} and {@code model/results.genmodel} by
 * {@code GenerateResults.mwe2}; {@link org.schedlab.model.ResultsResources} reads and writes them as XMI.
 */
package org.schedlab.model;
