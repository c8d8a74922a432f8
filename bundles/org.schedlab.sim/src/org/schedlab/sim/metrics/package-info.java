/** Metrics collected during a run and the immutable snapshot returned with the result. */
package org.schedlab.sim.metrics;
