/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
/**
 * The Linux 2.6.15 O(1) scheduler engine ({@code o1}) and the ia64 idle-loop
 * variants of seed 004.
 *
 * <p>Map from the kernel ({@code kernel/sched.c}, 2.6.15) to the classes:
 * {@code struct prio_array} and sched_find_first_bit: {@link org.schedlab.engine.o1.PrioArray};
 * {@code struct runqueue}: {@link org.schedlab.engine.o1.RunQueue}; the
 * priority / timeslice / bonus macros: {@link org.schedlab.engine.o1.PrioMath};
 * recalc_task_prio, effective_prio: {@link org.schedlab.engine.o1.Interactivity};
 * schedule, scheduler_tick, sys_sched_yield, sched_exit:
 * {@link org.schedlab.engine.o1.O1Scheduler}; try_to_wake_up, activate_task,
 * wake_up_new_task: {@link org.schedlab.engine.o1.Wakeup}; rebalance_tick,
 * load_balance, idle_balance, move_tasks: {@link org.schedlab.engine.o1.LoadBalancer};
 * the ia64 cpu_idle variants (2.6.14, 2.6.15-rc1 bug, rc2 fix, poll_idle):
 * {@link org.schedlab.engine.o1.IdleLoopPatch}, which select the machine
 * layer's idle policy (resched_task and the idle loop themselves live in the
 * simulation kernel).
 */
package org.schedlab.engine.o1;
