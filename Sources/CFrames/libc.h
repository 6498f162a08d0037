/* The parts of the C library the shims use (threads, memory, strings,
 * entropy), imported as the module CFramesLibc: one module for every build,
 * where `import Glibc` exists only in the standard Swift build and not in
 * Embedded Swift. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>
