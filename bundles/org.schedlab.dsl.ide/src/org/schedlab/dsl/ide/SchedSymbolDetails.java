/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ide;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.sched.Kernel;
import org.schedlab.dsl.sched.Machine;
import org.schedlab.dsl.sched.ThreadGroup;
import org.schedlab.dsl.sched.Variant;
import org.schedlab.dsl.sched.Workload;

/**
 * Document symbols (outline): the detail of each declaration is its .sched keyword, so an outline reads
 * "duo : machine", "hello : experiment" rather than LSP's generic symbol kinds.
 */
public class SchedSymbolDetails extends DocumentSymbolMapper.DocumentSymbolDetailsProvider {

    @Override
    public String getDetails(EObject object) {
        if (object instanceof Machine) {
            return "machine";
        }
        if (object instanceof Kernel) {
            return "kernel";
        }
        if (object instanceof Variant) {
            return "variant";
        }
        if (object instanceof Workload) {
            return "workload";
        }
        if (object instanceof Experiment) {
            return "experiment";
        }
        if (object instanceof ThreadGroup) {
            return "threads";
        }
        return super.getDetails(object);
    }
}
