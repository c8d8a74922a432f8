/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much of a pipe write and read the kernel spends without the pipe's mutex, from a profile of one thread writing
 * to and reading from its own pipe ({@code perf record -e cpu-clock} of {@code hostprobe selfpipe}, reported by
 * kernel symbol: {@code perf report --no-children --sort sym --stdio}). fs/pipe.c (Linux 6.18, {@code anon_pipe_read}
 * and {@code anon_pipe_write}; {@code pipe_read} and {@code pipe_write} before 6.15) takes pipe->mutex first and
 * drops it after the copy and the ring's update, so their own code, the copies and the buffer's release run under
 * it; vfs_read and vfs_write's checks before, and the wakeup, fasync and timestamps after, do not. The system call's
 * entry and exit (SYSCALL, measured apart) and user code are left out, and so is everything else the samples caught
 * (the tick, interrupts).
 */
public final class PipeLockShare {

    /** Under pipe->mutex: the pipe's read and write themselves, the copies, the page and buffer handling. */
    private static final List<Pattern> LOCKED = patterns("(anon_)?pipe_(read|write)", "anon_pipe_buf_release",
            "pipe_buf_release", "copy_page_(to|from)_iter", "_?copy_(to|from)_iter", "copy_user_.*",
            "rep_movs_alternative", "memcpy.*", "mutex_(lock|unlock)", "__mutex_.*", "(__)?alloc_pages.*",
            "get_page_from_freelist", "free_unref_.*", "__free_pages.*", "__folio_put", "push_pipe", "pipe_lock");
    /** Outside it, on the same system call: the VFS around the pipe's operation, the wakeups and notifications. */
    private static final List<Pattern> UNLOCKED = patterns("vfs_(read|write)", "ksys_(read|write)", "(__)?fdget.*",
            "fdput.*", "fput", "rw_verify_area", "security_file_permission", ".*lsm_file_permission",
            "(__)?fsnotify.*", "kill_fasync", "__wake_up.*", "_raw_spin_(lock_irqsave|unlock_irqrestore)",
            "touch_atime", "atime_needs_update", "file_update_time", "inode_needs_update_time", "current_time",
            "(__)?sb_start_write.*", "__sb_end_write", "import_ubuf", "file_accessed");

    private static final Pattern ROW = Pattern.compile("^\\s*([0-9.]+)%\\s+\\[k\\]\\s+(\\S+)\\s*$");

    private PipeLockShare() {
    }

    /**
     * @param report the text of {@code perf report --no-children --sort sym --stdio}
     * @return the unlocked samples' share of the locked and unlocked ones
     * @throws HostException when the report has no sample of either kind (not a profile of a pipe)
     */
    public static double unlockedShare(String report) {
        double locked = 0;
        double unlocked = 0;
        for (String line : report.split("\n")) {
            Matcher m = ROW.matcher(line);
            if (!m.matches()) {
                continue;
            }
            double pct = Double.parseDouble(m.group(1));
            String sym = m.group(2);
            if (matches(LOCKED, sym)) {
                locked += pct;
            } else if (matches(UNLOCKED, sym)) {
                unlocked += pct;
            }
        }
        if (locked <= 0 || unlocked <= 0) {
            throw new HostException("perf report shows no pipe read or write (kernel symbols hidden? run as root,"
                    + " or set kernel.kptr_restrict to 0 and kernel.perf_event_paranoid to 1 or less)");
        }
        return unlocked / (locked + unlocked);
    }

    /**
     * Profiles {@code hostprobe selfpipe} pinned to CPU 0 ({@link ProbeRuns#REPEATS} times after a warm-up), each
     * profile in a temporary file removed afterwards.
     *
     * @return the unlocked share's median, or null (with a note) when perf, taskset or the kernel's symbols are not
     *         available
     */
    static ProbeRuns.Measured measure(ProbeRuns runs) {
        if (!runs.has("pipe_unlocked", "perf") || !runs.has("pipe_unlocked", "taskset")) {
            return null;
        }
        String record = "perf record -q -e cpu-clock -F 20000 -o \"$1\" -- taskset -c 0 \"$2\" selfpipe 400000"
                + " > /dev/null && perf report -i \"$1\" --no-children --sort sym --stdio";
        return runs.withPerfData("pipe_unlocked", data -> runs.tool("pipe_unlocked", List.of("sh", "-c", record, "sh",
                data.toString(), runs.hostprobe()), "perf record -e cpu-clock -F 20000 -- taskset -c 0 hostprobe"
                        + " selfpipe 400000; perf report --no-children --sort sym", o -> unlockedShare(o.stdout())));
    }

    private static boolean matches(List<Pattern> ps, String sym) {
        for (Pattern p : ps) {
            if (p.matcher(sym).matches()) {
                return true;
            }
        }
        return false;
    }

    private static List<Pattern> patterns(String... regexes) {
        return Arrays.stream(regexes).map(Pattern::compile).toList();
    }
}
