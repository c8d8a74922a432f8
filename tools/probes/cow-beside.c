/* cow-beside: a copy-on-write fault's cost on one CPU, to run alone and beside other work on the other CPU
 * (docs/validation.md, 7 December 2026, second session).
 *
 *   gcc -O2 -o cow-beside tools/probes/cow-beside.c
 *   cow-beside CPU PAGES ITERATIONS
 *
 * Pinned to CPU, it writes PAGES pages, then ITERATIONS times forks a child that writes each of them once (a
 * copy-on-write fault each, the parent still mapping them) and exits; prints the child's CPU time per fault
 * (CLOCK_THREAD_CPUTIME_ID), the mean over the children. Run it alone, beside a spinning process pinned to the other
 * CPU, and beside a second cow-beside pinned to the other CPU in a loop (a family of its own: the two share no mm,
 * no page and no anon_vma).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double thread_ns(void) {
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv) {
	if (argc != 4) {
		fprintf(stderr, "usage: cow-beside CPU PAGES ITERATIONS\n");
		return 2;
	}
	int cpu = atoi(argv[1]), pages = atoi(argv[2]), iterations = atoi(argv[3]);
	if (pages < 1 || iterations < 1)
		return 2;
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof set, &set))
		return 3;
	char *buf = mmap(NULL, pages * 4096L, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	double *shared = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED || shared == MAP_FAILED)
		return 3;
	memset(buf, 1, pages * 4096L);
	double total = 0;
	for (int i = 0; i < iterations; i++) {
		pid_t pid = fork();
		if (pid < 0)
			return 3;
		if (pid == 0) {
			double t0 = thread_ns();
			for (long k = 0; k < pages; k++)
				buf[k * 4096] = 2;
			shared[0] = (thread_ns() - t0) / pages;
			_exit(0);
		}
		waitpid(pid, NULL, 0);
		total += shared[0];
	}
	printf("cpu %d: %.0f ns per copy-on-write fault\n", cpu, total / iterations);
	return 0;
}
