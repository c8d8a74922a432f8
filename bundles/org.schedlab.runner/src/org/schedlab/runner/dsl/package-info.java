/** The bridge from .sched files (the org.schedlab.dsl translator) to runner plans. */
package org.schedlab.runner.dsl;
