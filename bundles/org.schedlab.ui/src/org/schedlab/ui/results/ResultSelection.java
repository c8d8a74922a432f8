package org.schedlab.ui.results;

import org.schedlab.model.results.ExperimentResult;

/**
 * What the results editor has selected, for the chart views to follow: a result, one of its metrics and (when a row
 * of one variant is selected) that variant.
 *
 * @param result  the experiment result
 * @param metric  the selected metric (a name of {@link ExperimentResult#getMetricNames()})
 * @param variant the selected variant, or null
 */
public record ResultSelection(ExperimentResult result, String metric, String variant) {
}
