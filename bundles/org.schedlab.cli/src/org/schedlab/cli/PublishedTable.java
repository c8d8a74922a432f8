/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Set;

import org.schedlab.runner.PublishedRow;

/**
 * Prints published-versus-simulated rows as an aligned table, every number with its unit:
 * {@code ID  experiment  cell  metric  published  simulated  band  ok|OUTSIDE}.
 */
final class PublishedTable {

    private PublishedTable() {
    }

    static void print(List<PublishedRow> rows, PrintStream out) {
        AlignedTable table = new AlignedTable(Set.of(4, 5), "ID", "experiment", "cell", "metric", "published",
                "simulated", "band", "verdict");
        for (PublishedRow r : rows) {
            table.add(r.id(), r.experiment(), r.cell(), r.metric(), AlignedTable.value(r.published(), r.unit()),
                    AlignedTable.value(r.simulated(), r.unit()), AlignedTable.band(r.bandLow(), r.bandHigh(), r.unit()),
                    r.verdict());
        }
        table.print(out);
    }
}
