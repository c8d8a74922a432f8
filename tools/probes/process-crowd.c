/* process-crowd: what a forked child's life costs alone and beside its siblings (docs/validation.md, 7 December
 * 2026, second session: hackbench's process cases).
 *
 *   gcc -O2 -o process-crowd tools/probes/process-crowd.c
 *   process-crowd K ROUNDS SEQ
 *
 * Each round the parent forks K children, which block in read() on one pipe; after 2 ms the parent releases them,
 * all at once (SEQ 0: it closes the pipe, as hackbench's kick wakes every worker) or one at a time (SEQ 1: one byte,
 * then it reaps that child before the next). A child's CPU time is split by its own thread clock into its start (from
 * fork to just before its read(): ret_from_fork and the faults of its first user instructions), its read and wakeup,
 * and the rest (_exit and the teardown, from getrusage(RUSAGE_CHILDREN) less the two); minflt is the children's
 * minor faults. Prints the means per child in us.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double thread_ns(void) {
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static double children_ns(struct rusage *r) {
	return (r->ru_utime.tv_sec + r->ru_stime.tv_sec) * 1e9 + (r->ru_utime.tv_usec + r->ru_stime.tv_usec) * 1e3;
}

int main(int argc, char **argv) {
	if (argc != 4) {
		fprintf(stderr, "usage: process-crowd K ROUNDS SEQ\n");
		return 2;
	}
	int k = atoi(argv[1]), rounds = atoi(argv[2]), seq = atoi(argv[3]);
	if (k < 1 || k > 4096 || rounds < 1)
		return 2;
	double *shared = mmap(NULL, 2 * k * sizeof(double), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED)
		return 3;
	struct rusage r0, r1;
	getrusage(RUSAGE_CHILDREN, &r0);
	double start = 0, wake = 0;
	for (int round = 0; round < rounds; round++) {
		int p[2];
		if (pipe(p))
			return 3;
		for (int i = 0; i < k; i++) {
			pid_t pid = fork();
			if (pid < 0)
				return 3;
			if (pid == 0) {
				char c;
				close(p[1]);
				shared[2 * i] = thread_ns();
				if (read(p[0], &c, 1) < 0)
					_exit(1);
				shared[2 * i + 1] = thread_ns();
				_exit(0);
			}
		}
		close(p[0]);
		usleep(2000);
		if (seq) {
			for (int i = 0; i < k; i++) {
				if (write(p[1], "x", 1) != 1)
					return 3;
				wait(NULL);
			}
		}
		close(p[1]);
		while (wait(NULL) > 0)
			;
		for (int i = 0; i < k; i++) {
			start += shared[2 * i];
			wake += shared[2 * i + 1] - shared[2 * i];
		}
	}
	getrusage(RUSAGE_CHILDREN, &r1);
	double n = (double) k * rounds, life = children_ns(&r1) - children_ns(&r0);
	printf("k %d seq %d: life %.0f us, start %.0f us, read and wakeup %.0f us, exit %.0f us; minflt %.1f\n", k, seq,
	       life / n / 1e3, start / n / 1e3, wake / n / 1e3, (life - start - wake) / n / 1e3,
	       (r1.ru_minflt - r0.ru_minflt) / n);
	return 0;
}
