/** The simulation kernel's implementation; not API (exported x-internal). */
package org.schedlab.sim.internal;
