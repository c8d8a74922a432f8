/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ide;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper;
import org.schedlab.dsl.sched.SchedPackage;

/** Document symbols (outline): what kind of symbol each declaration is. */
public class SchedSymbolKinds extends DocumentSymbolMapper.DocumentSymbolKindProvider {

    @Override
    protected SymbolKind getSymbolKind(EClass c) {
        SchedPackage p = SchedPackage.eINSTANCE;
        if (c == p.getMachine()) {
            return SymbolKind.Struct;
        }
        if (c == p.getKernel()) {
            return SymbolKind.Module;
        }
        if (c == p.getVariant()) {
            return SymbolKind.Class;
        }
        if (c == p.getWorkload() || c == p.getProgramDecl()) {
            return SymbolKind.Function;
        }
        if (c == p.getExperiment()) {
            return SymbolKind.Event;
        }
        if (c == p.getThreadGroup()) {
            return SymbolKind.Object;
        }
        if (p.getResource().isSuperTypeOf(c)) {
            return SymbolKind.Field;
        }
        if (c == p.getParam() || c == p.getIndexVar()) {
            return SymbolKind.Variable;
        }
        return super.getSymbolKind(c);
    }
}
