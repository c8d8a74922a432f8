/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.validation;

import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.Check;
import org.schedlab.dsl.sched.ArchSetting;
import org.schedlab.dsl.sched.CostOverride;
import org.schedlab.dsl.sched.IdleSetting;
import org.schedlab.dsl.sched.Machine;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.translate.MachineBuilder;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.sim.machine.CostKey;

/** Machines: built-in profile names, architectures, idle policies, cost keys and units, and that the profile builds. */
public class MachineValidator extends ValidatorSupport {

    @Check
    public void checkMachineBuilds(Machine m) {
        if (!clean(m)) {
            return;
        }
        try {
            MachineBuilder.build(m);
        } catch (TranslationException ex) {
            // problems inside a base machine are reported on the base
            if (reportedStatically(ex)) {
                return;
            }
            if (ex.where() == m || ex.where() != null && EcoreUtil2.isAncestor(m, ex.where())
                    && !(ex.where() instanceof ArchSetting || ex.where() instanceof IdleSetting
                            || ex.where() instanceof CostOverride)) {
                report(ex, m, SchedPackage.Literals.ELEMENT__NAME, "");
            }
        }
    }

    @Check
    public void checkArch(ArchSetting a) {
        try {
            MachineBuilder.arch(a);
        } catch (TranslationException ex) {
            report(ex, a, SchedPackage.Literals.ARCH_SETTING__ARCH, "");
        }
    }

    @Check
    public void checkIdle(IdleSetting i) {
        try {
            MachineBuilder.idlePolicy(i);
        } catch (TranslationException ex) {
            report(ex, i, SchedPackage.Literals.IDLE_SETTING__POLICY, "");
        }
    }

    @Check
    public void checkCost(CostOverride c) {
        CostKey key;
        try {
            key = MachineBuilder.costKey(c);
        } catch (TranslationException ex) {
            report(ex, c, SchedPackage.Literals.COST_OVERRIDE__KEY, "");
            return;
        }
        if (key.unit() == CostKey.Unit.CYCLES) {
            expect(c, SchedPackage.Literals.COST_OVERRIDE__VALUE, org.schedlab.dsl.eval.Dim.CYCLES,
                    "cost " + c.getKey() + " (in cycles)");
        } else {
            expect(c, SchedPackage.Literals.COST_OVERRIDE__VALUE, org.schedlab.dsl.eval.Dim.TIME,
                    "cost " + c.getKey() + " (a latency)");
        }
    }
}
