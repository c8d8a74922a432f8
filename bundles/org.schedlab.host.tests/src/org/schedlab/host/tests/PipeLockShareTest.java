/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.host.HostException;
import org.schedlab.host.PipeLockShare;

/** The share of a pipe operation outside pipe->mutex, read from a profile of selfpipe by kernel symbol. */
class PipeLockShareTest {

    @Test
    void theRecordedProfileOfThisMachine() {
        // 5 December 2026, 6.18.44, perf record -e cpu-clock of hostprobe selfpipe on CPU 0: under the mutex
        // anon_pipe_read/write, _copy_from/to_iter, copy_page_from/to_iter, rep_movs_alternative, the buffer's
        // release and the mutex itself (36.31 %); outside it vfs_read/write, fdget_pos, rw_verify_area, the LSM hook,
        // ksys_read/write, the wait queue's lock and kill_fasync (21.75 %); the syscall entry and user code apart
        double share = PipeLockShare.unlockedShare(Recorded.text("perf-report-selfpipe.txt"));
        assertEquals(21.75 / (21.75 + 36.31), share, 0.002);
    }

    @Test
    void aSymbolOfNeitherKindAndUserCodeCountForNothing() {
        String report = """
                    40.00%  [k] do_syscall_64
                    20.00%  [.] read
                    10.00%  [k] anon_pipe_write
                    10.00%  [k] vfs_write
                    20.00%  [k] handle_softirqs
                """;
        assertEquals(0.5, PipeLockShare.unlockedShare(report), 1e-9);
        assertEquals(0.25, PipeLockShare.unlockedShare(report.replace("anon_pipe_write", "pipe_write")
                .replace("10.00%  [k] vfs_write", "10.00%  [k] ksys_write\n     20.00%  [k] copy_page_from_iter")), 1e-9, "pipe_write before 6.15, with its copy");
    }

    @Test
    void aProfileWithoutKernelSymbolsIsRefusedWithAHint() {
        HostException e = assertThrows(HostException.class, () -> PipeLockShare.unlockedShare("""
                    90.00%  [k] 0xffffffff8a1b2c3d
                    10.00%  [.] read
                """));
        assertTrue(e.getMessage().contains("kptr_restrict"), e.getMessage());
    }
}
