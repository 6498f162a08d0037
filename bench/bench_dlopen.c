/*
 * bench_dlopen.c — what loading libframes costs a host process (not a test:
 * run it with `bash bench/run_dlopen.sh`; see docs/performance.md, "Library
 * size and loading").
 *
 *   bench_dlopen LIBRARY [FLOOR_LIBRARY] [--reps R]     (default libm.so.6, 21 repetitions)
 *
 * Each sample forks a fresh child, which times dlopen(path, RTLD_NOW |
 * RTLD_LOCAL) — the library's own loading, relocation and constructors plus
 * every library it needs that the process has not loaded yet — and a first
 * call (frames_version_number, looked up with dlsym) for libframes. The
 * floor is the same for a C library every host has (libm: this program does
 * not link it). Wall time, interleaved per bench_stats.h; the file is in
 * the page cache after the first sample, as for any host but the first.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_stats.h"

typedef struct side {
    const char *path;
    int call;   /* look up and call frames_version_number */
} side;

/* ns to dlopen (and call) in a new child; exits on a failure. */
static double sample(void *ctx) {
    const side *s = ctx;
    int fds[2];
    double ns = -1;
    pid_t pid;
    int status;
    if (pipe(fds) != 0) exit(2);
    pid = fork();
    if (pid < 0) exit(2);
    if (pid == 0) {
        double start = bench_wall_ns(), took;
        void *handle = dlopen(s->path, RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            fprintf(stderr, "bench_dlopen: %s\n", dlerror());
            _exit(1);
        }
        if (s->call) {
            unsigned (*version)(void);
            *(void **)&version = dlsym(handle, "frames_version_number");
            if (!version || version() == 0) _exit(1);
        }
        took = bench_wall_ns() - start;
        if (write(fds[1], &took, sizeof took) != (ssize_t)sizeof took) _exit(1);
        _exit(0);
    }
    close(fds[1]);
    if (read(fds[0], &ns, sizeof ns) != (ssize_t)sizeof ns) ns = -1;
    close(fds[0]);
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0 || ns < 0) {
        fprintf(stderr, "bench_dlopen: loading %s failed\n", s->path);
        exit(1);
    }
    return ns;
}

int main(int argc, char **argv) {
    side library = {NULL, 1}, floor = {"libm.so.6", 0};
    int reps = 21, i;
    bench_series f = {{0}, 0}, l = {{0}, 0};
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else if (!library.path) library.path = argv[i];
        else floor.path = argv[i];
    }
    if (!library.path || reps < 1 || reps > BENCH_MAX_REPS) {
        fprintf(stderr, "usage: bench_dlopen LIBRARY [FLOOR_LIBRARY] [--reps 1..%d]\n", BENCH_MAX_REPS);
        return 2;
    }
    sample(&library); /* into the page cache */
    sample(&floor);
    bench_interleave(reps, sample, &library, &f, sample, &floor, &l);
    bench_report("load.dlopen", "us", &f, floor.path, &l, BENCH_NONE);
    return 0;
}
