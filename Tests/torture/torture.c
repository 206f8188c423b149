/* Concurrency torture through the C API: worker threads create, start, pull, cancel, stop and destroy simulated
 * sessions in random order, some with callbacks that stop or destroy their own session from inside; other
 * threads hammer stale handles. Prints iterations, crashes (none: a crash kills the process), hangs (sessions not
 * finished within a deadline), and resident memory and open file descriptors before and after.
 *   torture [SECONDS] [THREADS]   (defaults 20 s, 8 threads)
 * NFV_TORTURE_SANITIZER=1 (scripts/test --sanitize): memory and descriptors are printed but not judged — ASan keeps
 * freed memory in quarantine and the sanitizer runtimes open descriptors of their own. */
#include <neurofit_vitals.h>

#include <dirent.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double seconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static long resident_kib(void) {
    long pages = 0, resident = 0;
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL) return -1;
    if (fscanf(file, "%ld %ld", &pages, &resident) != 2) resident = -1;
    fclose(file);
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static int open_descriptors(void) {
    int count = 0;
    DIR *directory = opendir("/proc/self/fd");
    struct dirent *entry;
    if (directory == NULL) return -1;
    while ((entry = readdir(directory)) != NULL) {
        if (entry->d_name[0] != '.') count++;
    }
    closedir(directory);
    return count - 1; /* the directory's own descriptor */
}

struct shared {
    double deadline;
    pthread_mutex_t lock;
    long iterations;
    long unexpected;
    long hangs;
};

struct callback_state {
    nfv_session *session;
    int action;          /* 0: nothing, 1: stop inside, 2: destroy inside */
    int done;            /* written by the callback thread, read by the worker: only through the helpers below */
    int result_owed;     /* the callback was handed measurementComplete: calls go on after destroy until... */
    int result;          /* ...the result (completed or failed) was delivered */
};

/* `done` crosses threads: atomic accesses (GCC/Clang builtins in C99), so ThreadSanitizer sees the ordering. */
static int load_done(struct callback_state *state) { return __atomic_load_n(&state->done, __ATOMIC_ACQUIRE); }
static void store_done(struct callback_state *state, int value) {
    __atomic_store_n(&state->done, value, __ATOMIC_RELEASE);
}

static void on_event(void *user_data, const char *json) {
    struct callback_state *state = user_data;
    if (strstr(json, "\"type\":\"measurementComplete\"") != NULL) {
        __atomic_store_n(&state->result_owed, 1, __ATOMIC_RELEASE);
    }
    if (strstr(json, "\"type\":\"completed\"") != NULL || strstr(json, "\"type\":\"failed\"") != NULL) {
        __atomic_store_n(&state->result, 1, __ATOMIC_RELEASE);
    }
    if (strstr(json, "\"type\":\"started\"") != NULL || strstr(json, "\"type\":\"preview\"") != NULL) {
        if (state->action == 1 && load_done(state) == 0) {
            store_done(state, nfv_session_stop(state->session) == NFV_OK ? 1 : -1);
        } else if (state->action == 2 && load_done(state) == 0) {
            /* Marked done only once destroy returned: the host thread then skips its own destroy and must find the
             * handle already gone (marking it before the call let the host's stale-handle check race the destroy). */
            store_done(state, 3);
            nfv_session_destroy(state->session);
            store_done(state, 2);
        }
    }
}

static unsigned next_random(unsigned *seed) {
    *seed = *seed * 1103515245u + 12345u;
    return (*seed >> 16) & 0x7fff;
}

static int drain(nfv_session *session, double limit) {
    char *json = NULL;
    double until = seconds_now() + limit;
    nfv_status status;
    while ((status = nfv_session_next_event(session, 50, &json)) != NFV_DONE) {
        if (status == NFV_OK) nfv_string_free(json);
        else if (status != NFV_TIMEOUT) return 0;
        if (seconds_now() > until) return -1;
    }
    return 1;
}

static void one_round(struct shared *shared, unsigned *seed) {
    nfv_session *session = NULL;
    struct callback_state *state = calloc(1, sizeof *state);
    unsigned choice = next_random(seed) % 6;
    long unexpected = 0, hangs = 0;
    /* Short readings keep every path (start, previews, completion) inside a fraction of a second. */
    if (nfv_session_new("{\"readingDuration\":4}", &session) != NFV_OK) unexpected++;
    if (nfv_session_use_simulator(session, "{\"realTime\":false,\"heartRateBpm\":75}") != NFV_OK) unexpected++;
    state->session = session;
    if (choice >= 3) {
        state->action = (int)(choice - 3);   /* 0, 1 or 2 */
        if (nfv_session_set_callback(session, on_event, state) != NFV_OK) unexpected++;
    }
    if (next_random(seed) % 8 == 0) {
        nfv_session_destroy(session);        /* destroyed before start */
        free(state);
        pthread_mutex_lock(&shared->lock);
        shared->iterations++;
        shared->unexpected += unexpected;
        pthread_mutex_unlock(&shared->lock);
        return;
    }
    if (nfv_session_start(session) != NFV_OK) unexpected++;
    usleep(next_random(seed) % 3000);
    switch (choice) {
    case 0:
        if (nfv_session_stop(session) != NFV_OK) unexpected++;
        if (drain(session, 10) < 0) hangs++;
        break;
    case 1:
        if (nfv_session_cancel_reading(session, "torture") != NFV_OK) unexpected++;
        if (drain(session, 30) < 0) hangs++;
        break;
    case 2: break;                           /* destroy while events flow */
    default: {
        double until = seconds_now() + 30;
        while (state->action != 0 && (load_done(state) == 0 || load_done(state) == 3) && seconds_now() < until) {
            usleep(1000);
        }
        if (state->action == 0) usleep(next_random(seed) % 20000);
        if (state->action != 0 && (load_done(state) == 0 || load_done(state) == 3)) hangs++;
        if (load_done(state) < 0) unexpected++;
        break;
    }
    }
    if (load_done(state) != 2) nfv_session_destroy(session);
    /* A destroyed handle must be rejected, never dereferenced. */
    if (nfv_session_stop(session) != NFV_ERR_INVALID_ARGUMENT) unexpected++;
    /* Destroyed after the callback had measurementComplete: the result still comes, and `state` must live until it
     * has been delivered (the call returns right after it set the flag, touching `state` no more). */
    if (__atomic_load_n(&state->result_owed, __ATOMIC_ACQUIRE)) {
        double until = seconds_now() + 30;
        while (!__atomic_load_n(&state->result, __ATOMIC_ACQUIRE) && seconds_now() < until) usleep(1000);
        if (!__atomic_load_n(&state->result, __ATOMIC_ACQUIRE)) hangs++;
    }
    if (state->action != 2) free(state);     /* the destroy-inside state may still be read by the callback */
    else usleep(20000), free(state);
    pthread_mutex_lock(&shared->lock);
    shared->iterations++;
    shared->unexpected += unexpected;
    shared->hangs += hangs;
    pthread_mutex_unlock(&shared->lock);
}

static void *worker(void *argument) {
    struct shared *shared = argument;
    unsigned seed = (unsigned)(size_t)pthread_self();
    while (seconds_now() < shared->deadline) one_round(shared, &seed);
    return NULL;
}

/* Runs `threads` workers for `seconds`, then lets the library's detached threads drain. */
static void run_workers(struct shared *shared, pthread_t *ids, int threads, double seconds) {
    int i;
    shared->deadline = seconds_now() + seconds;
    for (i = 0; i < threads; i++) pthread_create(&ids[i], NULL, worker, shared);
    for (i = 0; i < threads; i++) pthread_join(ids[i], NULL);
    usleep(500000);
}

/* Resident memory once freed heap pages went back to the system: what is still allocated, not allocator slack. */
static long settled_resident_kib(void) {
    malloc_trim(0);
    return resident_kib();
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 20;
    int threads = argc > 2 ? atoi(argv[2]) : 8;
    pthread_t *ids = calloc((size_t)threads, sizeof *ids);
    struct shared shared;
    long rss_before, rss_after, rss_warm;
    int fds_before, fds_after;
    memset(&shared, 0, sizeof shared);
    pthread_mutex_init(&shared.lock, NULL);
    /* Warm-up on every thread: the first sessions allocate process-wide caches (runtime metadata, FFT plans) and
     * each thread its malloc arena. */
    run_workers(&shared, ids, threads, 2);
    rss_before = settled_resident_kib();
    fds_before = open_descriptors();
    shared.iterations = 0;
    run_workers(&shared, ids, threads, seconds);
    long sessions = shared.iterations;
    rss_warm = settled_resident_kib();
    run_workers(&shared, ids, threads, 2); /* a second pass: memory must not keep growing */
    rss_after = settled_resident_kib();
    fds_after = open_descriptors();
    printf("torture: %ld sessions on %d threads in %.0f s; unexpected statuses %ld; hangs %ld\n",
           sessions, threads, seconds, shared.unexpected, shared.hangs);
    printf("torture: RSS %ld KiB before, %ld KiB after the run, %ld KiB after another pass; fds %d before, %d after\n",
           rss_before, rss_warm, rss_after, fds_before, fds_after);
    free(ids);
    int resources_ok = getenv("NFV_TORTURE_SANITIZER") != NULL
        || (fds_after == fds_before && rss_after - rss_before < 4 * 1024); /* KiB: allocator noise, not a leak */
    return (shared.unexpected == 0 && shared.hangs == 0 && resources_ok) ? 0 : 1;
}
