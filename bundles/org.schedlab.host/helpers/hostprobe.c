/* hostprobe: what no Debian-packaged benchmark measures, for `schedlab profile-host` (org.schedlab.host).
 * Every mode runs a tenth of its iterations first as a warm-up (caches, TLB, the host's vCPU placement), then
 * times the rest, and prints one or more lines "NAME VALUE" (ns). The tasks are pinned as each mode says.
 *   hostprobe cacheline ITER          two threads pinned to CPUs 0 and 1 hand one cache line back and forth
 *                                     (each waits for the other's write, then writes): ns per one-way transfer
 *   hostprobe pipe CPU_A CPU_B ITER   two threads pinned to CPU_A and CPU_B pass a byte over two pipes
 *                                     (perf bench sched pipe -T, with each side pinned): ns per round trip
 *   hostprobe memlat MB               a dependent pointer chase over MB of memory in random order: ns per load
 *   hostprobe selfpipe ITER           one thread on CPU 0 writes a byte to its own pipe and reads it back: ns per
 *                                     write + read (no task waits, so nothing is woken)
 *   hostprobe selfsock ITER           the same with 100 bytes over its own AF_UNIX stream socket pair (hackbench's
 *                                     message): ns per write + read
 *   hostprobe xsock K ITER            ITER rounds of K such messages written on CPU 0 and read on CPU 1 (the reader
 *                                     spins until the batch is written: no sleep, no wakeup), then written and read
 *                                     back on CPU 0 alone: ns per message (write + read) of each, and the difference
 *                                     (what a message costs more when it is read, and its skb freed, on another CPU)
 *   hostprobe packet K ITER           one thread on CPU 0 writes K 512-byte messages to its own pipe, then reads them
 *                                     back, ITER rounds, over a pipe made with pipe2(O_DIRECT) (packet mode: a page
 *                                     of its own for each message) and over a plain one (the messages share pages),
 *                                     alternately in 10 blocks: ns per write and per read that packet mode adds
 *                                     (the medians of the blocks' differences)
 *   hostprobe spawn ITER              a thread on CPU 0 creates a thread on a fresh 8 MB stack (as a first
 *                                     pthread_create maps one) and joins it: the new thread's own CPU time when its
 *                                     function starts (ret_from_fork, glibc's start_thread, its stack's first pages)
 *                                     (thread_start_ns), and the creating thread's CPU time in pthread_create
 *                                     (clone_ns: clone(CLONE_VM) and glibc's part); medians
 *   hostprobe fork PAGES ITER         fork, a child that writes PAGES pages its parent wrote before the fork, then
 *                                     _exit, and the parent's wait, ITER times (unpinned: the kernel places the child
 *                                     as it places hackbench's workers): the parent's CPU time in fork() (fork_ns),
 *                                     the child's CPU time per page written (cow_ns: a copy-on-write fault each), the
 *                                     child's CPU time from _exit to its death (exit_ns: the zombie's
 *                                     /proc/PID/schedstat, read before it is reaped, less its CPU time at _exit),
 *                                     and the wall time of one fork, exit and wait (forkexit_ns, lmbench's lat_proc
 *                                     fork); medians
 *   hostprobe libcexit ITER           ITER forked children that end by glibc's exit(0) (its exit handlers, stdio's
 *                                     flush, _dl_fini's destructors and the copy-on-write faults of what they write)
 *                                     alternated with ITER that end by _exit(0): each one's CPU time from the call
 *                                     to its death (exit_libc_ns, exit_raw_ns) and the difference of the medians
 *                                     (libc_exit_ns)
 *   hostprobe ring N ITER             N threads of one process pinned to CPU 0 yield ITER times each, between two
 *                                     rings of 2 threads (50,000 yields each) run just before and after: ns per
 *                                     yield of the ring of N beyond the mean of the two rings of 2 (N up to 1024),
 *                                     a difference the host's speed moving over minutes does not enter
 *   hostprobe yield N ITER threads|processes (N up to 1024)
 *                                     N threads of one process, or N processes, all pinned to CPU 0, each calling
 *                                     sched_yield ITER times: ns per yield (one switch each)
 *   hostprobe wake GAP_US ITER        CPU 1 sleeps in read() on a pipe; CPU 0 keeps busy for GAP_US, then writes: ns
 *                                     from the write to the reader running (median, mean, 90th and 99th percentiles),
 *                                     after GAP_US of idle
 *   hostprobe wakewrite ITER          ns a write() takes that wakes a reader blocked on CPU 1 (median), and one that
 *                                     wakes nobody (median)
 *   hostprobe membarrier ITER         membarrier(PRIVATE_EXPEDITED) from CPU 0 while a thread of the process spins
 *                                     on CPU 1: an IPI there and the wait for its handler, ns per call (median)
 *   hostprobe busy CPU -- CMD ARGS    runs CMD while a process pinned to CPU spins (a CPU hog beside it); CMD's
 *                                     output and exit code are hostprobe's
 *   hostprobe hogs N POLICY -- CMD    runs CMD beside N spinning processes (any CPU) of POLICY (other, batch, idle)
 *   hostprobe attr POLICY NICE SLICE_NS -- CMD
 *                                     sets its own policy (other, batch, idle), nice and slice request (sched_setattr
 *                                     sched_runtime, 0 for the default; Linux 6.12+), then runs CMD, which inherits them
 *   hostprobe speed WINDOW_MS N       one spinning thread pinned to each CPU for N windows of WINDOW_MS: how each CPU's
 *                                     speed varies (a virtual CPU shares its core with the host's other work): the
 *                                     coefficient of variation of a window's spin rate over its CPU's mean
 *                                     (speed_cv), its 5th percentile (speed_p5), the lag at which the rates'
 *                                     autocorrelation falls below 1/e (speed_corr_ms), the CPUs' mean rates against
 *                                     each other (speed_between) and the share of the time the spinners waited
 *                                     (speed_waited). Each spinner cuts its own time into windows of WINDOW_MS it
 *                                     was not waiting behind another task of this machine (its run_delay, read from
 *                                     /proc/self/task/TID/schedstat after each gap, is left out): the guest's own
 *                                     tasks are the model's to simulate, not the virtual CPU's speed (since 6
 *                                     December 2026; a window of wall time before)
 *   hostprobe speedmix WINDOW_MS N    one thread pinned to each CPU alternates N windows of spinning and N windows of
 *                                     sched_yield (each WINDOW_MS of its own time, waits left out as in speed): the
 *                                     CPUs' mean spin rates against each other (spin_between, as speed_between) and
 *                                     their mean yield rates (yield_between): how much a CPU the host slows runs
 *                                     user code slower and how much the kernel's own paths (on 6 December 2026 a
 *                                     vCPU at 0.48x its neighbour's spin rate ran sched_yield at 0.80x)
 *   hostprobe nicehogs SECONDS NICE...
 *                                     one spinning process per NICE, all on CPU 0, released together: each one's share
 *                                     (%) of their CPU time over SECONDS after all have run (share_0, share_1, ...)
 *                                     and their context switches per second (hog_switches)
 *   hostprobe preempt SECONDS         one hog process pinned to each CPU for SECONDS: how often the machine's own work
 *                                     (kernel threads, interrupts' bottom halves, the other programs) takes a busy CPU
 *                                     and for how long: the mean time between two involuntary switches of a hog
 *                                     (background_interval_ns) and the hog's lost time per switch
 *                                     (background_run_ns: wall time less its CPU time, getrusage at wait4)
 *   hostprobe count FILE -- CMD       runs CMD and writes to FILE "switches N": the context switches (voluntary and
 *                                     involuntary, getrusage of the children) of CMD and every descendant it waited for
 * Not used by profile-host: the user work of two programs the standard library's workloads model, and the
 * cross-CPU counterpart of selfpipe and selfsock (docs/validation.md, 4 December 2026, evening); fill and loops
 * on CPU 0:
 *   hostprobe fill SIZE ITER          stress-ng's pipe writer's byte loop over SIZE bytes and its reader's 3-byte
 *                                     strncmp (stress_pipe's writer_user and reader_user): ns each
 *   hostprobe loops SIZE ITER         hackbench's sender and receiver loops around write() and read(), ITER rounds of
 *                                     20 messages of SIZE bytes, the call replaced by one that moves the whole message
 *                                     (hackbench's message_work): ns a message each
 *   hostprobe stream pipe|sock CPU_W CPU_R ITER
 *                                     a writer on CPU_W streams ITER messages (512 bytes over a pipe, 100 over an
 *                                     AF_UNIX stream socket) to a reader process on CPU_R (-1: either unpinned): the
 *                                     writer's ns a message, and how often each side slept
 * Build: gcc -O2 -pthread -o hostprobe hostprobe.c */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/membarrier.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <signal.h>
#include <stdint.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile long line[16] __attribute__((aligned(64)));
static long iterations;
static int fds[2][2];

static double now_ns(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static void pin(int cpu) {
	cpu_set_t s;
	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	if (sched_setaffinity(0, sizeof s, &s) != 0) {
		fprintf(stderr, "hostprobe: cannot pin to CPU %d\n", cpu);
		exit(2);
	}
}

static void io(ssize_t r, size_t want) {
	if (r != (ssize_t) want) {
		perror("hostprobe");
		exit(3);
	}
}

static int cmp(const void *a, const void *b) {
	double x = *(const double *) a, y = *(const double *) b;
	return x < y ? -1 : x > y;
}

/* sorts v and returns its median */
static double median(double *v, long n) {
	qsort(v, n, sizeof *v, cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* the calling thread's CPU time so far (CLOCK_THREAD_CPUTIME_ID brings sum_exec_runtime up to date), ns */
static double thread_cpu_ns(void) {
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

/* a new thread's first act: its own CPU time so far */
static void *spawned(void *arg) {
	*(double *) arg = thread_cpu_ns();
	return NULL;
}

static void *bouncer(void *arg) {
	long parity = (long) arg;
	pin((int) parity);
	for (long i = 0; i < iterations; i++) {
		while ((line[0] & 1) != parity)
			;
		line[0]++;
	}
	return NULL;
}

struct side { int cpu; int in; int out; int first; long n; };

static void *pinger(void *arg) {
	struct side *s = arg;
	char c = 0;
	pin(s->cpu);
	for (long i = 0; i < s->n; i++) {
		if (s->first)
			io(write(s->out, &c, 1), 1);
		io(read(s->in, &c, 1), 1);
		if (!s->first)
			io(write(s->out, &c, 1), 1);
	}
	return NULL;
}

/* one pipe ping-pong of n round trips between threads pinned to a and b: ns per round trip */
static double pingpong(int a, int b, long n) {
	struct side sa = { a, fds[1][0], fds[0][1], 1, n }, sb = { b, fds[0][0], fds[1][1], 0, n };
	pthread_t ta, tb;
	double t0 = now_ns();
	pthread_create(&tb, NULL, pinger, &sb);
	pthread_create(&ta, NULL, pinger, &sa);
	pthread_join(ta, NULL);
	pthread_join(tb, NULL);
	return (now_ns() - t0) / n;
}

static double selfloop(int fd_w, int fd_r, size_t size, long n) {
	char buf[128] = { 0 };
	double t0 = now_ns();
	for (long i = 0; i < n; i++) {
		io(write(fd_w, buf, size), size);
		io(read(fd_r, buf, size), size);
	}
	return (now_ns() - t0) / n;
}

static volatile long *go;

static void yielder(long n) {
	while (!*go)
		sched_yield();
	for (long i = 0; i < n; i++)
		sched_yield();
}

static void *yield_thread(void *arg) {
	pin(0);
	yielder((long) arg);
	return NULL;
}

/* The ring of 2 that `ring` measures before and after its ring of N: yields per thread. */
#define RING_BASE 50000

/* n tasks pinned to CPU 0 yield m times each: ns per yield */
static double yields(int n, long m, int threads) {
	pthread_t t[1024];
	*go = 0;
	for (int k = 0; k < n; k++) {
		if (threads) {
			pthread_create(&t[k], NULL, yield_thread, (void *) m);
		} else if (fork() == 0) {
			pin(0);
			yielder(m);
			_exit(0);
		}
	}
	usleep(100000);
	double t0 = now_ns();
	*go = 1;
	for (int k = 0; k < n; k++) {
		if (threads)
			pthread_join(t[k], NULL);
		else
			wait(NULL);
	}
	return (now_ns() - t0) / ((double) m * n);
}

static volatile double sent_at;
static double *lat;
static int back[2];

static void *woken(void *arg) {
	long n = (long) arg;
	char c;
	pin(1);
	for (long i = 0; i < n; i++) {
		io(read(fds[0][0], &c, 1), 1);
		lat[i] = now_ns() - sent_at;
		io(write(back[1], &c, 1), 1);
	}
	return NULL;
}

/* CPU 1 blocks in read(); CPU 0 stays busy for gap ns, then writes: the wake latencies, sorted into lat */
static void wakes(long gap, long n) {
	pthread_t t;
	char c = 0;
	pthread_create(&t, NULL, woken, (void *) n);
	for (long i = 0; i < n; i++) {
		double t0 = now_ns();
		while (now_ns() - t0 < gap)
			;
		sent_at = now_ns();
		io(write(fds[0][1], &c, 1), 1);
		io(read(back[0], &c, 1), 1);
	}
	pthread_join(t, NULL);
}

static volatile int stop;

struct attr { uint32_t size, policy; uint64_t flags; int32_t nice; uint32_t priority; uint64_t runtime, deadline,
	period; uint32_t util_min, util_max; };

static uint32_t policy_of(const char *name) {
	if (!strcmp(name, "other"))
		return SCHED_OTHER;
	if (!strcmp(name, "batch"))
		return SCHED_BATCH;
	if (!strcmp(name, "idle"))
		return SCHED_IDLE;
	fprintf(stderr, "hostprobe: policy %s is not other, batch or idle\n", name);
	exit(2);
}

/* sched_setattr on the calling task: a fair policy, nice and the slice request */
static void set_attr(uint32_t policy, int nice, uint64_t slice) {
	struct attr a;
	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.policy = policy;
	a.nice = nice;
	a.runtime = slice;
	if (syscall(SYS_sched_setattr, 0, &a, 0)) {
		perror("hostprobe: sched_setattr");
		exit(3);
	}
}

/* runs argv (a command) and returns its exit status as a process exit code */
static int run_command(char **argv) {
	fflush(stdout);
	pid_t cmd = fork();
	if (cmd == 0) {
		execvp(argv[0], argv);
		perror("hostprobe: exec");
		_exit(127);
	}
	int status = 0;
	waitpid(cmd, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

#define SPEED_CPUS 64
/* @return the square root of v >= 0 by Newton's method (hostprobe links no -lm) */
static double root(double v) {
	double r = v > 0 ? (v > 1 ? v : 1) : 0;
	for (int it = 0; v > 0 && it < 60; it++)
		r = 0.5 * (r + v / r);
	return r;
}

/* @return the ns thread TID of this process has waited on a run queue (schedstat's second field), or -1 */
static double run_delay_ns(long tid) {
	char path[64];
	snprintf(path, sizeof path, "/proc/self/task/%ld/schedstat", tid);
	FILE *f = fopen(path, "r");
	unsigned long long run = 0, delay = 0;
	int ok = f != NULL && fscanf(f, "%llu %llu", &run, &delay) == 2;
	if (f != NULL)
		fclose(f);
	return ok ? (double) delay : -1;
}

/*
 * What thread TID waited behind other tasks since its last look, read from its run_delay after a gap of more than
 * 20 us between two clock reads (last, t; *delay is the run_delay at the last look, negative when unreadable).
 */
static double waited_since(long tid, double *delay, double last, double t) {
	if (t - last <= 20000 || *delay < 0)
		return 0;
	double d = run_delay_ns(tid);
	if (d <= *delay)
		return 0;
	double w = d - *delay;
	*delay = d;
	return w;
}

/* one CPU's spinner: its windows' spin rates, how many it has, and the time it waited behind other tasks */
struct speed_cpu {
	long cpu;
	double window_ns;
	int n, done;
	double *rate;
	double waited, wall;
	char pad[64];
};

/*
 * Spins on its CPU and cuts its own time into windows of window_ns during which it was not waiting behind another
 * task of this machine: every 1,024 spins it reads the clock, and after a gap it reads its run_delay
 * (/proc/self/task/TID/schedstat, brought up to date when it runs again); the wait is left out of the window. A gap
 * without a wait (the host ran something else on this virtual CPU) stays in: that is the CPU's speed.
 */
static void *speed_spinner(void *arg) {
	struct speed_cpu *c = arg;
	pin((int) c->cpu);
	long tid = (long) syscall(SYS_gettid);
	volatile long long spins = 0;
	double start = now_ns(), last = start, from = start, delay = run_delay_ns(tid), wait = 0;
	long long at = 0;
	while (!stop && c->done < c->n) {
		for (int j = 0; j < 1024; j++)
			spins++;
		double t = now_ns(), w = waited_since(tid, &delay, last, t);
		wait += w;
		c->waited += w;
		last = t;
		if (t - from - wait >= c->window_ns) {
			c->rate[c->done++] = (double) (spins - at) / (t - from - wait);
			at = spins;
			from = t;
			wait = 0;
		}
	}
	c->wall = now_ns() - start;
	return NULL;
}

/* speed WINDOW_MS N: per-window spin rates of every CPU, relative to the CPU's mean, pooled */
static int speed(int window_ms, int n) {
	int cpus = (int) sysconf(_SC_NPROCESSORS_ONLN);
	if (cpus < 1 || cpus > SPEED_CPUS || n < 8 || window_ms < 1)
		return 2;
	struct speed_cpu c[SPEED_CPUS];
	pthread_t t[SPEED_CPUS];
	for (long k = 0; k < cpus; k++) {
		c[k] = (struct speed_cpu) { .cpu = k, .window_ns = window_ms * 1e6, .n = n,
			.rate = calloc((size_t) n, sizeof(double)) };
		pthread_create(&t[k], NULL, speed_spinner, &c[k]);
	}
	/* every spinner stops at its N windows; one that waits most of the time stops at three times the run */
	double end = now_ns() + 3.0 * n * window_ms * 1e6;
	for (int k = 0; k < cpus; k++)
		while (c[k].done < n && now_ns() < end)
			usleep(10000);
	stop = 1;
	for (int k = 0; k < cpus; k++)
		pthread_join(t[k], NULL);
	/* each CPU's windows over its mean, pooled; a CPU with fewer than 8 windows is left out */
	double sq = 0, means[SPEED_CPUS], grand = 0, waited = 0, wall = 0;
	int measured = 0, pooled = 0, cn[SPEED_CPUS];
	double *all = malloc(sizeof *all * cpus * n);
	for (int k = 0; k < cpus; k++) {
		waited += c[k].waited;
		wall += c[k].wall;
		cn[k] = c[k].done >= 8 ? c[k].done : 0;
		double mean = 0;
		for (int i = 0; i < cn[k]; i++)
			mean += c[k].rate[i] / cn[k];
		means[k] = mean;
		grand += mean;
		measured += cn[k] > 0;
		for (int i = 0; i < cn[k]; i++) {
			c[k].rate[i] = mean > 0 ? c[k].rate[i] / mean : 1;
			sq += (c[k].rate[i] - 1) * (c[k].rate[i] - 1);
			all[pooled++] = c[k].rate[i];
		}
	}
	if (measured == 0)
		return 3;
	grand /= measured;
	double var = sq / pooled;
	int lag = 1;
	for (; lag < n / 4; lag++) {
		double cv = 0;
		int pairs = 0;
		for (int k = 0; k < cpus; k++)
			for (int i = 0; i + lag < cn[k]; i++, pairs++)
				cv += (c[k].rate[i] - 1) * (c[k].rate[i + lag] - 1);
		if (var <= 0 || pairs == 0 || cv / pairs / var < 0.36787944)
			break;
	}
	qsort(all, (size_t) pooled, sizeof *all, cmp);
	double sd = root(var);
	/* the CPUs' means over the whole run against each other: their sample coefficient of variation */
	double bvar = 0;
	for (int k = 0; k < cpus && measured > 1; k++)
		if (cn[k] > 0)
			bvar += (means[k] / grand - 1) * (means[k] / grand - 1) / (measured - 1);
	double bsd = root(bvar);
	printf("speed_cv %.4f\nspeed_p5 %.4f\nspeed_corr_ms %d\nspeed_between %.4f\nspeed_waited %.4f\n", sd,
			all[(size_t) (0.05 * pooled)], lag * window_ms, bsd, wall > 0 ? waited / wall : 0);
	free(all);
	for (int k = 0; k < cpus; k++)
		free(c[k].rate);
	return 0;
}

/* one CPU's thread of speedmix: its spin and yield work and the own time each took */
struct mix_cpu {
	long cpu;
	double window_ns;
	int n;
	double spins, spin_ns, yields, yield_ns, waited, wall;
	char pad[64];
};

/*
 * Alternates a window of spinning and a window of sched_yield (alone on its CPU, so that each call is the system call
 * and a schedule() that picks the caller again), each window WINDOW of its own time, what it waited behind another
 * task of this machine left out as speed_spinner does: the user code's and the kernel path's speed on one CPU over
 * the same seconds.
 */
static void *mix_spinner(void *arg) {
	struct mix_cpu *c = arg;
	pin((int) c->cpu);
	long tid = (long) syscall(SYS_gettid);
	volatile long long spins = 0;
	double start = now_ns(), delay = run_delay_ns(tid);
	for (int i = 0; i < 2 * c->n && !stop; i++) {
		int yielding = i & 1;
		double from = now_ns(), last = from, wait = 0, t = from;
		long long work = 0;
		while (t - from - wait < c->window_ns && !stop) {
			if (yielding)
				for (int j = 0; j < 16; j++)
					sched_yield();
			else
				for (int j = 0; j < 1024; j++)
					spins++;
			work++;
			t = now_ns();
			wait += waited_since(tid, &delay, last, t);
			last = t;
		}
		c->waited += wait;
		if (yielding) {
			c->yields += work;
			c->yield_ns += t - from - wait;
		} else {
			c->spins += work;
			c->spin_ns += t - from - wait;
		}
	}
	c->wall = now_ns() - start;
	return NULL;
}

/* @return the sample coefficient of variation of the n rates x (0 for fewer than 2) */
static double between_cv(const double *x, int n) {
	if (n < 2)
		return 0;
	double mean = 0, var = 0;
	for (int k = 0; k < n; k++)
		mean += x[k] / n;
	for (int k = 0; k < n && mean > 0; k++)
		var += (x[k] / mean - 1) * (x[k] / mean - 1) / (n - 1);
	return root(var);
}

/* speedmix WINDOW_MS N: the CPUs' spin rates and yield rates against each other over the same 2 x N windows */
static int speedmix(int window_ms, int n) {
	int cpus = (int) sysconf(_SC_NPROCESSORS_ONLN);
	if (cpus < 2 || cpus > SPEED_CPUS || n < 1 || window_ms < 1)
		return 2;
	struct mix_cpu c[SPEED_CPUS];
	pthread_t t[SPEED_CPUS];
	for (long k = 0; k < cpus; k++) {
		c[k] = (struct mix_cpu) { .cpu = k, .window_ns = window_ms * 1e6, .n = n };
		pthread_create(&t[k], NULL, mix_spinner, &c[k]);
	}
	for (int k = 0; k < cpus; k++)
		pthread_join(t[k], NULL);
	double spin[SPEED_CPUS], yield[SPEED_CPUS], waited = 0, wall = 0;
	for (int k = 0; k < cpus; k++) {
		spin[k] = c[k].spin_ns > 0 ? c[k].spins / c[k].spin_ns : 0;
		yield[k] = c[k].yield_ns > 0 ? c[k].yields / c[k].yield_ns : 0;
		waited += c[k].waited;
		wall += c[k].wall;
	}
	printf("spin_between %.4f\nyield_between %.4f\nspeed_waited %.4f\n", between_cv(spin, cpus),
			between_cv(yield, cpus), wall > 0 ? waited / wall : 0);
	return 0;
}

/* @return the ns task PID has run (/proc/PID/schedstat's first field) and, in *switches, its context switches */
static double task_runtime(pid_t pid, long *switches) {
	char path[64], line[256];
	double ran = -1;
	snprintf(path, sizeof path, "/proc/%d/schedstat", (int) pid);
	FILE *f = fopen(path, "r");
	if (f != NULL && fscanf(f, "%lf", &ran) != 1)
		ran = -1;
	if (f != NULL)
		fclose(f);
	*switches = 0;
	snprintf(path, sizeof path, "/proc/%d/status", (int) pid);
	f = fopen(path, "r");
	while (f != NULL && fgets(line, sizeof line, f) != NULL) {
		long n;
		if (sscanf(line, "voluntary_ctxt_switches: %ld", &n) == 1 || sscanf(line, "nonvoluntary_ctxt_switches: %ld", &n) == 1)
			*switches += n;
	}
	if (f != NULL)
		fclose(f);
	return ran;
}

/*
 * nicehogs SECONDS NICE...: one spinning process per NICE, all pinned to CPU 0, released together once all exist;
 * over SECONDS after every one of them has run, each one's share (%) of the CPU time they used (share_I, in the
 * order given) and their context switches per second (hog_switches). A window the hogs share: separate programs
 * started one after the other each run alone for a moment at the start or the end, which a light hog's share
 * shows most (three stress-ng --cpu 1 at nice 0, 5 and 10 for 5 s on 6 December 2026: 10.7 % for nice 10, 7.5 %
 * in a shared window, the weights' 7.4 %).
 */
static int nicehogs(int seconds, int n, char **nices) {
	pid_t hog[16];
	int go[2];
	if (n < 1 || n > 16 || seconds < 1 || pipe(go) != 0)
		return 2;
	for (int i = 0; i < n; i++) {
		hog[i] = fork();
		if (hog[i] == 0) {
			char c;
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			pin(0);
			setpriority(PRIO_PROCESS, 0, atoi(nices[i]));
			close(go[1]);
			if (read(go[0], &c, 1) < 0)
				_exit(1);
			for (volatile unsigned long x = 0;; x++)
				;
		}
	}
	close(go[0]);
	close(go[1]); /* every hog's read returns: they start together */
	usleep(100000);
	double before[16], after[16], sum = 0;
	long sw0[16], sw1[16], switches = 0;
	for (int i = 0; i < n; i++)
		before[i] = task_runtime(hog[i], &sw0[i]);
	sleep((unsigned) seconds);
	for (int i = 0; i < n; i++)
		after[i] = task_runtime(hog[i], &sw1[i]);
	for (int i = 0; i < n; i++) {
		kill(hog[i], SIGKILL);
		waitpid(hog[i], NULL, 0);
	}
	for (int i = 0; i < n; i++) {
		if (before[i] < 0 || after[i] < 0)
			return 3;
		sum += after[i] - before[i];
		switches += sw1[i] - sw0[i];
	}
	for (int i = 0; i < n; i++)
		printf("share_%d %.3f\n", i, sum > 0 ? 100 * (after[i] - before[i]) / sum : 0);
	printf("hog_switches %.1f\n", switches / (double) seconds);
	return 0;
}

/* preempt SECONDS: a hog pinned to each CPU; its involuntary switches and lost time, getrusage at wait4 */
static int preempt(int seconds) {
	int cpus = (int) sysconf(_SC_NPROCESSORS_ONLN);
	pid_t hog[SPEED_CPUS];
	if (cpus < 1 || cpus > SPEED_CPUS || seconds < 1)
		return 2;
	for (int k = 0; k < cpus; k++) {
		hog[k] = fork();
		if (hog[k] == 0) {
			pin(k);
			double end = now_ns() + seconds * 1e9;
			while (now_ns() < end)
				;
			_exit(0);
		}
	}
	double switches = 0, lost = 0;
	for (int k = 0; k < cpus; k++) {
		struct rusage ru;
		int status;
		wait4(hog[k], &status, 0, &ru);
		double cpu_ns = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e9
				+ (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e3;
		switches += ru.ru_nivcsw + ru.ru_nvcsw;
		lost += seconds * 1e9 - cpu_ns;
	}
	if (switches < 1)
		switches = 1;
	printf("background_interval_ns %.0f\nbackground_run_ns %.0f\n", seconds * 1e9 * cpus / switches,
			(lost > 0 ? lost : 0) / switches);
	return 0;
}

static void *spinner(void *arg) {
	(void) arg;
	pin(1);
	while (!stop)
		;
	return NULL;
}

/* keeps the compiler from dropping or merging the work on buf */
#define TOUCHED(buf) __asm__ volatile("" : : "r"(buf) : "memory")

/* fill SIZE ITER: stress-ng's pipe writer fills its buffer with a byte loop before every write, its reader
 * compares 3 bytes after every read; SIZE comes from the command line, as stress-ng's from its settings, so the
 * compiler cannot specialise the loop for it */
static void fill(size_t size, long n) {
	char *buf = malloc(size);
	volatile int sink = 0;
	char v = 0;
	for (int pass = 0; pass < 2; pass++) {
		long m = pass ? n : n / 10;
		double t0 = now_ns();
		for (long i = 0; i < m; i++) {
			char c = v++;
			for (size_t k = 0; k < size; k++)
				buf[k] = c++;
			TOUCHED(buf);
		}
		double t1 = now_ns();
		for (long i = 0; i < m; i++) {
			sink += strncmp(buf, "PS!", 3) == 0;
			TOUCHED(buf);
		}
		if (pass)
			printf("fill_ns %.2f\ncompare_ns %.2f\n", (t1 - t0) / m, (now_ns() - t1) / m);
	}
	free(buf);
}

__attribute__((noinline)) static ssize_t whole(int fd, void *buf, size_t n) {
	TOUCHED(buf);
	(void) fd;
	return (ssize_t) n;
}

/* loops SIZE ITER: hackbench's sender loop (each round one message to each of 20 receivers) and receiver loop
 * (rt-tests src/hackbench/hackbench.c), with write() and read() replaced by a call that moves the whole message */
static void loops(int size, long rounds) {
	enum { FANOUT = 20 };
	int out[FANOUT] = { 0 };
	char *data = malloc(size);
	for (int pass = 0; pass < 2; pass++) {
		long m = pass ? rounds : rounds / 10;
		double t0 = now_ns();
		for (long i = 0; i < m; i++)
			for (int j = 0; j < FANOUT; j++)
				for (int done = 0; done < size;)
					done += (int) whole(out[j], data + done, size - done);
		double t1 = now_ns();
		for (long i = 0; i < m * FANOUT; i++)
			for (int done = 0; done < size;)
				done += (int) whole(0, data + done, size - done);
		if (pass)
			printf("sender_ns %.2f\nreceiver_ns %.2f\n", (t1 - t0) / (m * FANOUT), (now_ns() - t1) / (m * FANOUT));
	}
	free(data);
}

/* xsock K ITER: ITER rounds of K 100-byte messages over an AF_UNIX stream socket, written by a thread on CPU 0 and
 * read by one on CPU 1 that spins (no sleep, no wakeup) until the batch is written, then written and read back by
 * the thread on CPU 0 alone: ns per message of each (write + read), and the difference */
static int xs_fd[2], xs_k;
static long xs_rounds;
static volatile int xs_turn __attribute__((aligned(64)));

static void *xsock_reader(void *arg) {
	char buf[128];
	(void) arg;
	pin(1);
	for (long r = 0; r < xs_rounds; r++) {
		while (xs_turn != 1)
			;
		for (int i = 0; i < xs_k; i++)
			io(read(xs_fd[1], buf, 100), 100);
		__atomic_store_n(&xs_turn, 0, __ATOMIC_RELEASE);
	}
	return NULL;
}

static int xsock(int k, long rounds) {
	char buf[128] = { 0 };
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, xs_fd))
		return 3;
	xs_k = k;
	pin(0);
	for (int pass = 0; pass < 2; pass++) {
		xs_rounds = pass ? rounds : rounds / 10;
		double t0 = now_ns();
		for (long r = 0; r < xs_rounds; r++) {
			for (int i = 0; i < k; i++)
				io(write(xs_fd[0], buf, 100), 100);
			for (int i = 0; i < k; i++)
				io(read(xs_fd[1], buf, 100), 100);
		}
		double same = (now_ns() - t0) / (xs_rounds * k);
		pthread_t th;
		xs_turn = 0;
		pthread_create(&th, NULL, xsock_reader, NULL);
		t0 = now_ns();
		for (long r = 0; r < xs_rounds; r++) {
			while (xs_turn != 0)
				;
			for (int i = 0; i < k; i++)
				io(write(xs_fd[0], buf, 100), 100);
			__atomic_store_n(&xs_turn, 1, __ATOMIC_RELEASE);
		}
		while (xs_turn != 0)
			;
		double cross = (now_ns() - t0) / (xs_rounds * k);
		pthread_join(th, NULL);
		if (pass)
			printf("xsock_same_ns %.2f\nxsock_cross_ns %.2f\nxsock_extra_ns %.2f\n", same, cross, cross - same);
	}
	return 0;
}

/* packet K ITER: ns a write and a read take more on a packet-mode pipe (O_DIRECT) than on a plain one, both
 * written and read back by one thread on CPU 0 in batches of K 512-byte messages; 10 blocks alternating the two
 * pipes, each a tenth of ITER rounds, after a warm-up of one block each; the medians of the blocks' differences */
static void packet_block(int fd[2], int k, long rounds, double *w, double *r) {
	char buf[512] = { 1 };
	double tw = 0, tr = 0;
	for (long i = 0; i < rounds; i++) {
		double t0 = now_ns();
		for (int j = 0; j < k; j++)
			io(write(fd[1], buf, sizeof buf), sizeof buf);
		double t1 = now_ns();
		for (int j = 0; j < k; j++)
			io(read(fd[0], buf, sizeof buf), sizeof buf);
		tr += now_ns() - t1;
		tw += t1 - t0;
	}
	*w = tw / (rounds * k);
	*r = tr / (rounds * k);
}

static int packet(int k, long rounds) {
	int direct[2], plain[2];
	double dw, dr, pw, pr, extra_w[10], extra_r[10];
	if (k < 1 || k > 16 || pipe2(direct, O_DIRECT) || pipe(plain))
		return 3;
	pin(0);
	long block = rounds / 10 > 0 ? rounds / 10 : 1;
	packet_block(direct, k, block, &dw, &dr);
	packet_block(plain, k, block, &pw, &pr);
	for (int b = 0; b < 10; b++) {
		packet_block(direct, k, block, &dw, &dr);
		packet_block(plain, k, block, &pw, &pr);
		extra_w[b] = dw - pw;
		extra_r[b] = dr - pr;
	}
	printf("packet_write_ns %.2f\npacket_read_ns %.2f\n", median(extra_w, 10), median(extra_r, 10));
	return 0;
}

/* stream pipe|sock CPU_W CPU_R ITER: a writer pinned to CPU_W sends ITER messages (512 bytes over a pipe, 100 over an
 * AF_UNIX stream socket) to a reader process pinned to CPU_R (-1: not pinned); the writer's ns a message and both
 * sides' voluntary switches (the reader's from getrusage of the child) */
static int stream(int sock, int wcpu, int rcpu, long n) {
	int size = sock ? 100 : 512, fd[2];
	if (sock ? socketpair(AF_UNIX, SOCK_STREAM, 0, fd) : pipe(fd))
		return 3;
	int rfd = sock ? fd[1] : fd[0], wfd = sock ? fd[0] : fd[1];
	char buf[512] = { 1 };
	pid_t p = fork();
	if (p == 0) {
		if (rcpu >= 0)
			pin(rcpu);
		close(wfd);
		while (read(rfd, buf, size) > 0)
			;
		_exit(0);
	}
	if (wcpu >= 0)
		pin(wcpu);
	close(rfd);
	for (long i = 0; i < n / 10; i++)
		if (write(wfd, buf, size) != size)
			return 3;
	struct rusage before, after, child;
	getrusage(RUSAGE_SELF, &before);
	double t0 = now_ns();
	for (long i = 0; i < n; i++)
		if (write(wfd, buf, size) != size)
			return 3;
	double t1 = now_ns();
	getrusage(RUSAGE_SELF, &after);
	close(wfd);
	waitpid(p, NULL, 0);
	getrusage(RUSAGE_CHILDREN, &child);
	printf("write_ns %.2f\nwriter_sleeps %ld\nreader_sleeps %ld\n", (t1 - t0) / n, after.ru_nvcsw - before.ru_nvcsw,
	       child.ru_nvcsw);
	return 0;
}

/* child p's CPU time at its death (the zombie's /proc/PID/schedstat, read before the wait reaps it), then reaped;
 * ns, or -1 */
static double reap_cpu_ns(pid_t p) {
	siginfo_t si;
	char path[64];
	long long dead = 0;
	if (waitid(P_PID, p, &si, WEXITED | WNOWAIT))
		return -1;
	snprintf(path, sizeof path, "/proc/%d/schedstat", (int) p);
	FILE *in = fopen(path, "r");
	if (!in || fscanf(in, "%lld", &dead) != 1)
		return -1;
	fclose(in);
	return waitpid(p, NULL, 0) == p ? (double) dead : -1;
}

/* hostprobe fork PAGES ITER */
static int fork_costs(long pages, long n) {
	long page = sysconf(_SC_PAGESIZE);
	char *heap = malloc((pages + 1) * page);
	double *shared = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	double *f = malloc(n * sizeof(double)), *c = malloc(n * sizeof(double)), *e = malloc(n * sizeof(double));
	double *w = malloc(n * sizeof(double));
	if (!heap || shared == MAP_FAILED || !f || !c || !e || !w)
		return 3;
	memset(heap, 1, (pages + 1) * page);
	for (long i = 0; i < n + n / 10; i++) {
		double t0 = now_ns(), a = thread_cpu_ns();
		pid_t p = fork();
		if (p == 0) {
			double c0 = thread_cpu_ns();
			for (long j = 0; j < pages; j++)
				heap[j * page] = 2;
			double c1 = thread_cpu_ns();
			shared[0] = pages ? (c1 - c0) / pages : 0;
			shared[1] = thread_cpu_ns();
			_exit(0);
		}
		double b = thread_cpu_ns();
		double dead = p < 0 ? -1 : reap_cpu_ns(p);
		if (dead < 0)
			return 3;
		if (i >= n / 10) {
			f[i - n / 10] = b - a;
			c[i - n / 10] = shared[0];
			e[i - n / 10] = dead - shared[1];
			w[i - n / 10] = now_ns() - t0;
		}
	}
	printf("fork_ns %.2f\ncow_ns %.2f\nexit_ns %.2f\nforkexit_ns %.2f\n", median(f, n), median(c, n), median(e, n),
			median(w, n));
	return 0;
}

/* a forked child's CPU time from its exit call to its death (reap_cpu_ns less its CPU time at the call): by glibc's
 * exit(0) when libc, else by _exit(0); ns, or -1 */
static double exit_path(int libc, double *shared) {
	pid_t p = fork();
	if (p == 0) {
		shared[0] = thread_cpu_ns();
		if (libc)
			exit(0);
		_exit(0);
	}
	double dead = p < 0 ? -1 : reap_cpu_ns(p);
	return dead < 0 ? -1 : dead - shared[0];
}

/* hostprobe libcexit ITER: ITER children ending by glibc's exit(0) alternated with ITER ending by _exit(0) */
static int libc_exit(long n) {
	double *shared = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
	if (shared == MAP_FAILED || !x || !y)
		return 3;
	shared[0] = 0;
	for (long i = -n / 10; i < n; i++) {
		double a = exit_path(1, shared), b = exit_path(0, shared);
		if (a < 0 || b < 0)
			return 3;
		if (i >= 0) {
			x[i] = a;
			y[i] = b;
		}
	}
	double mx = median(x, n), my = median(y, n);
	printf("exit_libc_ns %.2f\nexit_raw_ns %.2f\nlibc_exit_ns %.2f\n", mx, my, mx - my);
	return 0;
}

int main(int argc, char **argv) {
	if (argc == 3 && !strcmp(argv[1], "cacheline")) {
		iterations = atol(argv[2]) / 10;
		pthread_t a, b;
		for (int round = 0; round < 2; round++) {
			line[0] = 0;
			double t0 = now_ns();
			pthread_create(&a, NULL, bouncer, (void *) 0L);
			pthread_create(&b, NULL, bouncer, (void *) 1L);
			pthread_join(a, NULL);
			pthread_join(b, NULL);
			if (round == 1)
				printf("cacheline_ns %.2f\n", (now_ns() - t0) / (2.0 * iterations));
			iterations *= 9;
		}
		return 0;
	}
	if (argc == 5 && !strcmp(argv[1], "pipe")) {
		long n = atol(argv[4]);
		if (pipe(fds[0]) || pipe(fds[1]))
			return 3;
		pingpong(atoi(argv[2]), atoi(argv[3]), n / 10);
		printf("pipe_rtt_ns %.2f\n", pingpong(atoi(argv[2]), atoi(argv[3]), n));
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "memlat")) {
		size_t lines = (size_t) atol(argv[2]) * 1024 * 1024 / 64;
		void **mem = aligned_alloc(64, lines * 64);
		size_t *order = malloc(lines * sizeof(size_t));
		if (!mem || !order)
			return 3;
		for (size_t i = 0; i < lines; i++)
			order[i] = i;
		srand(1);
		for (size_t i = lines - 1; i > 0; i--) { /* a random cycle over the lines: one pointer per 64-byte line */
			size_t j = ((size_t) rand() * RAND_MAX + rand()) % (i + 1), t = order[i];
			order[i] = order[j];
			order[j] = t;
		}
		for (size_t i = 0; i < lines; i++)
			mem[order[i] * 8] = &mem[order[(i + 1) % lines] * 8];
		void **p = &mem[order[0] * 8];
		long loads = 20 * 1000 * 1000;
		for (long i = 0; i < loads / 10; i++)
			p = *p;
		double t0 = now_ns();
		for (long i = 0; i < loads; i++)
			p = *p;
		double t = now_ns() - t0;
		printf("memory_ns %.2f\n", t / loads + (p == NULL));
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "selfpipe")) {
		long n = atol(argv[2]);
		pin(0);
		if (pipe(fds[0]))
			return 3;
		selfloop(fds[0][1], fds[0][0], 1, n / 10);
		printf("selfpipe_ns %.2f\n", selfloop(fds[0][1], fds[0][0], 1, n));
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "selfsock")) {
		long n = atol(argv[2]);
		pin(0);
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds[0]))
			return 3;
		selfloop(fds[0][0], fds[0][1], 100, n / 10);
		printf("selfsock_ns %.2f\n", selfloop(fds[0][0], fds[0][1], 100, n));
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "fill")) {
		pin(0);
		fill((size_t) atol(argv[2]), atol(argv[3]));
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "loops")) {
		pin(0);
		loops(atoi(argv[2]), atol(argv[3]));
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "packet"))
		return packet(atoi(argv[2]), atol(argv[3]));
	if (argc == 4 && !strcmp(argv[1], "xsock"))
		return xsock(atoi(argv[2]), atol(argv[3]));
	if (argc == 6 && !strcmp(argv[1], "stream") && (!strcmp(argv[2], "pipe") || !strcmp(argv[2], "sock")))
		return stream(!strcmp(argv[2], "sock"), atoi(argv[3]), atoi(argv[4]), atol(argv[5]));
	if (argc == 5 && !strcmp(argv[1], "yield")) {
		int n = atoi(argv[2]);
		long m = atol(argv[3]);
		int threads = !strcmp(argv[4], "threads");
		if (n < 1 || n > 1024)
			return 2;
		go = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		pin(0);
		yields(n, m / 10, threads);
		printf("yield_ns %.2f\n", yields(n, m, threads));
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "ring")) {
		int n = atoi(argv[2]);
		long m = atol(argv[3]);
		if (n < 2 || n > 1024)
			return 2;
		go = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		pin(0);
		yields(n, m / 10, 1);
		double two = yields(2, RING_BASE, 1);
		double ring = yields(n, m, 1);
		double two_after = yields(2, RING_BASE, 1);
		printf("ring_extra_ns %.2f\nring_ns %.2f\ntwo_ns %.2f\n", ring - (two + two_after) / 2, ring,
		       (two + two_after) / 2);
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "wake")) {
		long gap = atol(argv[2]) * 1000, n = atol(argv[3]);
		pin(0);
		if (pipe(fds[0]) || pipe(back))
			return 3;
		lat = malloc(n * sizeof(double));
		wakes(gap, n / 10);
		wakes(gap, n);
		double s = 0;
		for (long i = 0; i < n; i++)
			s += lat[i];
		double med = median(lat, n); /* sorts lat */
		printf("wake_median_ns %.2f\nwake_mean_ns %.2f\nwake_p90_ns %.2f\nwake_p99_ns %.2f\n", med, s / n,
				lat[n * 9 / 10], lat[n * 99 / 100]);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "wakewrite")) {
		long n = atol(argv[2]);
		pin(0);
		if (pipe(fds[0]) || pipe(back) || pipe(fds[1]))
			return 3;
		double *w = malloc(n * sizeof(double)), *p = malloc(n * sizeof(double));
		lat = malloc((n + n / 10) * sizeof(double));
		pthread_t t;
		char c = 0;
		pthread_create(&t, NULL, woken, (void *) (n + n / 10));
		for (long i = 0; i < n + n / 10; i++) {
			double t0 = now_ns();
			while (now_ns() - t0 < 20000) /* let the reader block and its CPU halt */
				;
			sent_at = t0 = now_ns();
			io(write(fds[0][1], &c, 1), 1);
			if (i >= n / 10)
				w[i - n / 10] = now_ns() - t0;
			io(read(back[0], &c, 1), 1);
		}
		pthread_join(t, NULL);
		for (long i = 0; i < n + n / 10; i++) {
			double t0 = now_ns();
			io(write(fds[1][1], &c, 1), 1);
			if (i >= n / 10)
				p[i - n / 10] = now_ns() - t0;
			io(read(fds[1][0], &c, 1), 1);
		}
		printf("wakewrite_ns %.2f\nplainwrite_ns %.2f\n", median(w, n), median(p, n));
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "spawn")) {
		long n = atol(argv[2]);
		size_t size = 8 << 20;
		double *v = malloc(n * sizeof(double)), *cl = malloc(n * sizeof(double));
		pin(0);
		for (long i = 0; i < n + n / 10; i++) {
			double x = 0, c0, c1;
			pthread_t t;
			pthread_attr_t a;
			void *stack = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
			if (stack == MAP_FAILED || pthread_attr_init(&a) || pthread_attr_setstack(&a, stack, size))
				return 3;
			c0 = thread_cpu_ns();
			if (pthread_create(&t, &a, spawned, &x))
				return 3;
			c1 = thread_cpu_ns();
			if (pthread_join(t, NULL))
				return 3;
			pthread_attr_destroy(&a);
			munmap(stack, size);
			if (i >= n / 10) {
				v[i - n / 10] = x;
				cl[i - n / 10] = c1 - c0;
			}
		}
		printf("thread_start_ns %.2f\nclone_ns %.2f\n", median(v, n), median(cl, n));
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "fork"))
		return fork_costs(atol(argv[2]), atol(argv[3]));
	if (argc == 3 && !strcmp(argv[1], "libcexit"))
		return libc_exit(atol(argv[2]));
	if (argc == 3 && !strcmp(argv[1], "membarrier")) {
		long n = atol(argv[2]);
		if (syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0)) {
			perror("hostprobe: membarrier");
			return 3;
		}
		pin(0);
		pthread_t t;
		pthread_create(&t, NULL, spinner, NULL);
		usleep(20000);
		double *v = malloc(n * sizeof(double));
		for (long i = 0; i < n + n / 10; i++) {
			double t0 = now_ns();
			syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
			if (i >= n / 10)
				v[i - n / 10] = now_ns() - t0;
		}
		stop = 1;
		pthread_join(t, NULL);
		printf("membarrier_ns %.2f\n", median(v, n));
		return 0;
	}
	if (argc >= 5 && !strcmp(argv[1], "busy") && !strcmp(argv[3], "--")) {
		pid_t hog = fork();
		if (hog == 0) {
			pin(atoi(argv[2]));
			for (;;)
				;
		}
		usleep(50000);
		int rc = run_command(argv + 4);
		kill(hog, SIGKILL);
		waitpid(hog, NULL, 0);
		return rc;
	}
	if (argc >= 6 && !strcmp(argv[1], "hogs") && !strcmp(argv[4], "--")) {
		int n = atoi(argv[2]);
		uint32_t policy = policy_of(argv[3]);
		pid_t hog[256];
		if (n < 0 || n > 256)
			return 2;
		for (int i = 0; i < n; i++) {
			hog[i] = fork();
			if (hog[i] == 0) {
				set_attr(policy, 0, 0);
				for (;;)
					;
			}
		}
		usleep(50000);
		int rc = run_command(argv + 5);
		for (int i = 0; i < n; i++) {
			kill(hog[i], SIGKILL);
			waitpid(hog[i], NULL, 0);
		}
		return rc;
	}
	if (argc >= 7 && !strcmp(argv[1], "attr") && !strcmp(argv[5], "--")) {
		set_attr(policy_of(argv[2]), atoi(argv[3]), strtoull(argv[4], NULL, 10));
		execvp(argv[6], argv + 6);
		perror("hostprobe: exec");
		return 127;
	}
	if (argc == 3 && !strcmp(argv[1], "preempt"))
		return preempt(atoi(argv[2]));
	if (argc >= 4 && !strcmp(argv[1], "nicehogs"))
		return nicehogs(atoi(argv[2]), argc - 3, argv + 3);
	if (argc == 4 && !strcmp(argv[1], "speed"))
		return speed(atoi(argv[2]), atoi(argv[3]));
	if (argc == 4 && !strcmp(argv[1], "speedmix"))
		return speedmix(atoi(argv[2]), atoi(argv[3]));
	if (argc >= 5 && !strcmp(argv[1], "count") && !strcmp(argv[3], "--")) {
		int rc = run_command(argv + 4);
		struct rusage ru;
		FILE *out = fopen(argv[2], "w");
		if (!out || getrusage(RUSAGE_CHILDREN, &ru) != 0) {
			perror("hostprobe: count");
			if (out)
				fclose(out);
			return rc ? rc : 1;
		}
		fprintf(out, "switches %ld\n", ru.ru_nvcsw + ru.ru_nivcsw);
		fclose(out);
		return rc;
	}
	fprintf(stderr, "usage: hostprobe cacheline ITER | pipe CPU_A CPU_B ITER | memlat MB | selfpipe ITER | selfsock ITER"
			" | yield N ITER threads|processes | ring N ITER | wake GAP_US ITER | wakewrite ITER | membarrier ITER | busy CPU -- CMD"
			" | hogs N POLICY -- CMD | attr POLICY NICE SLICE_NS -- CMD | count FILE -- CMD | speed WINDOW_MS N | speedmix WINDOW_MS N | nicehogs SECONDS NICE... | preempt SECONDS"
			" | packet K ITER | xsock K ITER | fill SIZE ITER | loops SIZE ITER | stream pipe|sock CPU_W CPU_R ITER\n");
	return 2;
}
