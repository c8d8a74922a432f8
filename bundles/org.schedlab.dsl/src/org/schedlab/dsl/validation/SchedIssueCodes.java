/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.validation;

/**
 * Every issue code the .sched validator reports: one per rule. Syntax and linking errors keep Xtext's own codes
 * ({@code org.eclipse.xtext.diagnostics.Diagnostic.SYNTAX_DIAGNOSTIC}, {@code LINKING_DIAGNOSTIC}).
 */
public final class SchedIssueCodes {

    private static final String P = "org.schedlab.dsl.";

    // engines, versions, patches, tunables
    public static final String UNKNOWN_ENGINE = P + "unknownEngine";
    public static final String UNKNOWN_VERSION = P + "unknownVersion";
    public static final String UNKNOWN_PATCH = P + "unknownPatch";
    public static final String PATCH_NOT_APPLICABLE = P + "patchNotApplicable";
    public static final String DUPLICATE_PATCH = P + "duplicatePatch";
    public static final String UNKNOWN_TUNABLE = P + "unknownTunable";

    // units and values
    public static final String MISSING_UNIT = P + "missingUnit";
    public static final String WRONG_UNIT = P + "wrongUnit";
    public static final String BAD_EXPRESSION = P + "badExpression";
    public static final String OUT_OF_RANGE = P + "outOfRange";
    public static final String NOT_WHOLE = P + "notWhole";

    // machines
    public static final String UNKNOWN_PROFILE = P + "unknownProfile";
    public static final String UNKNOWN_ARCH = P + "unknownArch";
    public static final String UNKNOWN_IDLE_POLICY = P + "unknownIdlePolicy";
    public static final String UNKNOWN_COST = P + "unknownCost";
    public static final String MACHINE_INCOMPLETE = P + "machineIncomplete";
    public static final String EXTENDS_CYCLE = P + "extendsCycle";
    public static final String CPUS_NOT_MULTIPLE = P + "cpusNotMultipleOfThreads";

    // workloads
    public static final String UNKNOWN_POLICY = P + "unknownPolicy";
    public static final String RESOURCE_KIND = P + "resourceKind";
    public static final String INDEX_COUNT = P + "indexCount";
    public static final String WILDCARD_OUTSIDE_BROADCAST = P + "wildcardOutsideBroadcast";
    public static final String INVALID_WORKLOAD = P + "invalidWorkload";
    public static final String DUPLICATE_NAME = P + "duplicateName";

    // imports
    public static final String IMPORT_CYCLE = P + "importCycle";
    public static final String IMPORT_NOT_FOUND = P + "importNotFound";

    // experiments
    public static final String MISSING_OPTION = P + "missingOption";
    public static final String DUPLICATE_OPTION = P + "duplicateOption";
    public static final String BASELINE_NOT_IN_VARIANTS = P + "baselineNotInVariants";
    public static final String PUBLISHED_CELL_NOT_IN_EXPERIMENT = P + "publishedCellNotInExperiment";
    /** 'vs'/'within' outside a published change, or an empty band. */
    public static final String PUBLISHED_FORM = P + "publishedForm";
    public static final String UNKNOWN_METRIC = P + "unknownMetric";
    public static final String SEEDS_MISMATCH = P + "seedsMismatch";
    public static final String PARAM_FIXED_AND_SWEPT = P + "paramFixedAndSwept";

    // warnings
    public static final String UNUSED_DECLARATION = P + "unusedDeclaration";

    private SchedIssueCodes() {
    }
}
