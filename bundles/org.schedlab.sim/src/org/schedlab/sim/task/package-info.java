/** Tasks as the scheduler sees them: pid, mm, policy and priorities, affinity, state, accounting. */
package org.schedlab.sim.task;
