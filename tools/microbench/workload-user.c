/* workload-user: the microbenchmarks behind the user work of two standard-library workloads and the cross-CPU
 * figures quoted in docs/validation.md (4 December 2026, evening). Build and run (Debian 12, gcc 12):
 *   gcc -O2 -o /tmp/workload-user tools/microbench/workload-user.c
 *   taskset -c 0 /tmp/workload-user fill 512     stress-ng's pipe writer: a byte loop of one store a byte over a
 *                                                buffer whose size is known only at run time (as stress-ng's
 *                                                pipe-data-size is), then its reader's 3-byte strncmp: ns each
 *   taskset -c 0 /tmp/workload-user loops 100    hackbench's sender and receiver loops around write() and read(),
 *                                                the call replaced by one that moves the whole message: ns each
 *   /tmp/workload-user stream pipe|sock W R      a writer pinned to CPU W streams 1,000,000 messages (512 bytes
 *                                                over a pipe, 100 over an AF_UNIX stream socket) to a reader
 *                                                pinned to CPU R (-1: not pinned): the writer's ns a message and
 *                                                both sides' voluntary switches
 * Each prints one line a round (5 rounds for fill and loops).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static void pin(int cpu) {
    if (cpu < 0)
        return;
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(cpu, &s);
    sched_setaffinity(0, sizeof s, &s);
}

/* keeps the compiler from dropping or merging the work on buf */
#define TOUCHED(buf) __asm__ volatile("" : : "r"(buf) : "memory")

static void fill(size_t size) {
    char *buf = malloc(size);
    volatile int sink = 0;
    int n = 2000000;
    for (int r = 0; r < 5; r++) {
        char v = (char) r;
        double t0 = now_ns();
        for (int i = 0; i < n; i++) {
            char c = v++;
            for (size_t k = 0; k < size; k++)
                buf[k] = c++;
            TOUCHED(buf);
        }
        double t1 = now_ns();
        for (int i = 0; i < n; i++) {
            sink += strncmp(buf, "PS!", 3) == 0;
            TOUCHED(buf);
        }
        double t2 = now_ns();
        printf("fill %zu bytes %.1f ns, strncmp 3 bytes %.1f ns\n", size, (t1 - t0) / n, (t2 - t1) / n);
    }
    free(buf);
}

__attribute__((noinline)) static ssize_t whole(int fd, void *buf, size_t n) {
    TOUCHED(buf);
    (void) fd;
    return (ssize_t) n;
}

static void loops(int size) {
    enum { FANOUT = 20, LOOPS = 200000 };
    int fds[FANOUT] = { 0 };
    char *data = malloc(size);
    for (int r = 0; r < 5; r++) {
        double t0 = now_ns();
        for (int i = 0; i < LOOPS; i++)
            for (int j = 0; j < FANOUT; j++)
                for (int done = 0; done < size;)
                    done += (int) whole(fds[j], data + done, size - done);
        double t1 = now_ns();
        for (int i = 0; i < LOOPS * FANOUT; i++)
            for (int done = 0; done < size;)
                done += (int) whole(0, data + done, size - done);
        double t2 = now_ns();
        printf("sender %.2f ns a message, receiver %.2f ns a message\n", (t1 - t0) / (LOOPS * FANOUT),
               (t2 - t1) / (LOOPS * FANOUT));
    }
    free(data);
}

static void stream(int sock, int wcpu, int rcpu) {
    int n = 1000000, size = sock ? 100 : 512, fd[2];
    if ((sock ? socketpair(AF_UNIX, SOCK_STREAM, 0, fd) : pipe(fd)) < 0) {
        perror("workload-user");
        exit(1);
    }
    int rfd = sock ? fd[1] : fd[0], wfd = sock ? fd[0] : fd[1];
    char buf[512] = { 1 };
    pid_t p = fork();
    if (p == 0) {
        pin(rcpu);
        close(wfd);
        while (read(rfd, buf, size) > 0)
            ;
        struct rusage u;
        getrusage(RUSAGE_SELF, &u);
        printf("reader: %ld voluntary switches\n", u.ru_nvcsw);
        fflush(stdout);
        _exit(0);
    }
    pin(wcpu);
    close(rfd);
    double t0 = now_ns();
    for (int i = 0; i < n; i++)
        if (write(wfd, buf, size) != size)
            exit(1);
    double t1 = now_ns();
    close(wfd);
    waitpid(p, NULL, 0);
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    printf("writer: %.0f ns a message of %d bytes, %ld voluntary switches\n", (t1 - t0) / n, size, u.ru_nvcsw);
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "fill"))
        fill((size_t) atoi(argv[2]));
    else if (argc == 3 && !strcmp(argv[1], "loops"))
        loops(atoi(argv[2]));
    else if (argc == 5 && !strcmp(argv[1], "stream"))
        stream(!strcmp(argv[2], "sock"), atoi(argv[3]), atoi(argv[4]));
    else {
        fprintf(stderr, "usage: workload-user fill SIZE | loops SIZE | stream pipe|sock WRITER_CPU READER_CPU\n");
        return 2;
    }
    return 0;
}
