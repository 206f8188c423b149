/* C API tests of the sharp edges: inputs that once trapped the Swift runtime (SIGILL) and killed the host, and
 * files a recording could destroy. Each case runs in a child process, so a trap is reported as a failure of that
 * case (with its signal) instead of ending the run:
 *   - host timestamps at the ends of int64 (duplicates, neighbours), compared and quoted exactly;
 *   - advanced configuration values a session cannot run with, refused by nfv_session_new;
 *   - a recording whose anchor's wall time is 1e400 or beyond int64 seconds;
 *   - a two-row CSV at 1e20 fps, a FIFO as the replay path;
 *   - previews of frames stamped at the ends of int64;
 *   - recording over the replayed file (directly and through a symbolic link), and an existing file kept until
 *     the reading begins.
 * Arguments: the fixture recording (Tests/Fixtures/lifted-finger.nfvrec). Environment: NFV_TEST_KEY (a key
 * listing this executable's name: host frames need activation). */
#include <neurofit_vitals.h>

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

static char scratch[256];   /* a fresh directory for this run's files */
static const char *fixture; /* the fixture recording */

/* Runs `body` in a child process; the case passes when the child's own checks passed and it exited normally. */
static void isolated(const char *name, void (*body)(void)) {
    pid_t child;
    int status = 0;
    fflush(NULL);
    child = fork();
    if (child == 0) {
        check_failed = 0;
        body();
        fflush(NULL);
        _exit(check_failed == 0 ? 0 : 1);
    }
    CHECK(child > 0 && waitpid(child, &status, 0) == child);
    if (WIFSIGNALED(status)) fprintf(stderr, "%s: killed by signal %d\n", name, WTERMSIG(status));
    check_record(WIFEXITED(status) && WEXITSTATUS(status) == 0, name, __FILE__, __LINE__);
}

static nfv_session *host_session(void) {
    nfv_session *session = NULL;
    CHECK_STATUS(nfv_session_new("{\"autoRestartAfterCancel\":false}", &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_host_frames(session, 30), NFV_OK);
    return session;
}

/* C1: a duplicate at INT64_MAX is refused with "must increase" and the exact numbers; neighbours at both ends are
 * increasing and accepted; frames and motion alike. */
static void host_timestamps_at_the_limits(void) {
    nfv_session *session = host_session();
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    CHECK_STATUS(nfv_session_submit_means(session, INT64_MIN, 180, 5, 20, -1), NFV_OK);
    CHECK_STATUS(nfv_session_submit_means(session, INT64_MIN + 1, 180, 5, 20, -1), NFV_OK);
    CHECK_STATUS(nfv_session_submit_means(session, INT64_MIN + 1, 180, 5, 20, -1), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "-9223372036854775807 µs does not come after -9223372036854775807 µs"));
    CHECK_STATUS(nfv_session_submit_means(session, 9223372036854000000, 180, 5, 20, -1), NFV_OK);
    CHECK_STATUS(nfv_session_submit_means(session, 9223372036854000000, 180, 5, 20, -1), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "9223372036854000000 µs does not come after 9223372036854000000 µs"));
    CHECK_STATUS(nfv_session_submit_means(session, INT64_MAX - 1, 180, 5, 20, -1), NFV_OK);
    CHECK_STATUS(nfv_session_submit_means(session, INT64_MAX, 180, 5, 20, -1), NFV_OK);
    CHECK_STATUS(nfv_session_submit_means(session, INT64_MAX, 180, 5, 20, -1), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "must increase"));
    CHECK(contains(nfv_last_error_message(), "9223372036854775807 µs does not come after 9223372036854775807 µs"));
    CHECK_STATUS(nfv_session_submit_motion(session, INT64_MAX, 0, 0, 9.8), NFV_OK);
    CHECK_STATUS(nfv_session_submit_motion(session, INT64_MAX, 0, 0, 9.8), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "9223372036854775807 µs does not come after"));
    nfv_session_destroy(session);
}

static void frame_duplicate_at_int64_max(void) {
    static unsigned char rgb[16 * 16 * 3];
    nfv_session *session = host_session();
    memset(rgb, 180, sizeof rgb);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    CHECK_STATUS(nfv_session_submit_frame(session, rgb, sizeof rgb, NFV_PIXEL_RGB24, 16, 16, 0, INT64_MAX), NFV_OK);
    CHECK_STATUS(nfv_session_submit_frame(session, rgb, sizeof rgb, NFV_PIXEL_RGB24, 16, 16, 0, INT64_MAX),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "must increase"));
    nfv_session_destroy(session);
}

/* C2: advanced values a session cannot run with are refused when the configuration is read. */
static void configuration_out_of_range(void) {
    static const char *const refused[][2] = {
        {"{\"advanced\":{\"startRequiredFraction\":1e19}}", "startRequiredFraction must be in 0...1 (got 1e+19)"},
        {"{\"advanced\":{\"startRequiredFraction\":-1e300}}", "startRequiredFraction must be in 0...1"},
        {"{\"advanced\":{\"startRequiredFraction\":1e308}}", "startRequiredFraction must be in 0...1"},
        {"{\"advanced\":{\"contactEnterFrac\":2}}", "contactEnterFrac must be in 0...1 (got 2)"},
        {"{\"advanced\":{\"startQualityFloor\":1e300}}", "startQualityFloor must be in 0...1"},
        {"{\"advanced\":{\"minAmplitude\":1e300}}", "minAmplitude must be in 0...255"},
        {"{\"advanced\":{\"cancelMinSamples\":0}}", "cancelMinSamples must be in 1..."},
        {"{\"advanced\":{\"contactLossPreviews\":-5}}", "contactLossPreviews must be in 1..."},
        {"{\"advanced\":{\"liveSqCancelConsecutive\":0}}", "liveSqCancelConsecutive must be in 1..."},
        {"{\"advanced\":{\"exposureTuneGamma\":0}}", "exposureTuneGamma must be in 0.1...10"},
    };
    size_t i;
    for (i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        nfv_session *session = NULL;
        CHECK_STATUS(nfv_session_new(refused[i][0], &session), NFV_ERR_INVALID_ARGUMENT);
        if (!contains(nfv_last_error_message(), refused[i][1]))
            fprintf(stderr, "    %s: %s\n", refused[i][0], nfv_last_error_message());
        CHECK(session == NULL && contains(nfv_last_error_message(), refused[i][1]));
    }
}

/* Copies the fixture to `path` with its anchor's wall time replaced by `wall`. */
static int write_fixture_with_wall(const char *path, const char *wall) {
    FILE *in = fopen(fixture, "r"), *out = fopen(path, "w");
    static char line[1 << 16];
    if (in == NULL || out == NULL) return 0;
    while (fgets(line, sizeof line, in) != NULL) {
        char *field = strstr(line, "\"type\":\"anchor\",\"wall\":");
        if (field != NULL) sprintf(field, "\"type\":\"anchor\",\"wall\":%s}\n", wall);
        fputs(line, out);
    }
    fclose(in);
    return fclose(out) == 0;
}

/* Replays `path` to its end and copies its terminal event (`completed` or `failed`) to `terminal`; returns the
 * status of nfv_session_use_replay. */
static nfv_status replay_to_end(const char *path, char *terminal, size_t size) {
    nfv_session *session = NULL;
    char *json = NULL;
    nfv_status status;
    terminal[0] = '\0';
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    status = nfv_session_use_replay(session, path, 0);
    if (status == NFV_OK && nfv_session_start(session) == NFV_OK) {
        while (nfv_session_next_event(session, 10000, &json) == NFV_OK) {
            check_json(json);
            if (contains(json, "\"type\":\"completed\"") || contains(json, "\"type\":\"failed\""))
                snprintf(terminal, size, "%s", json);
            nfv_string_free(json);
        }
    }
    nfv_session_destroy(session);
    return status;
}

/* C3: an anchor at 1e400 fails the replay as damaged (not a number a recording may hold); one beyond int64 seconds
 * replays to a completed reading. */
static void recording_with_extreme_wall_time(void) {
    char path[300];
    static char terminal[1 << 16];
    snprintf(path, sizeof path, "%s/infinite-wall.nfvrec", scratch);
    CHECK(write_fixture_with_wall(path, "1e400"));
    CHECK_STATUS(replay_to_end(path, terminal, sizeof terminal), NFV_OK);
    CHECK(contains(terminal, "\"type\":\"failed\"") && contains(terminal, "'wall' is not a finite number"));
    snprintf(path, sizeof path, "%s/huge-wall.nfvrec", scratch);
    CHECK(write_fixture_with_wall(path, "-9.3e18"));
    CHECK_STATUS(replay_to_end(path, terminal, sizeof terminal), NFV_OK);
    CHECK(contains(terminal, "\"type\":\"completed\""));
}

/* C4: two CSV rows 1e-20 s apart are refused (a frame rate no tier has), not trapped on. */
static void csv_at_an_impossible_rate(void) {
    char path[300];
    FILE *csv;
    nfv_session *session = NULL;
    snprintf(path, sizeof path, "%s/two-rows.csv", scratch);
    csv = fopen(path, "w");
    CHECK(csv != NULL);
    if (csv == NULL) return;
    fputs("timestamp_s,red,green,blue\n0,180,5,20\n1e-20,180,5,20\n", csv);
    fclose(csv);
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_replay(session, path, 0), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "fps"));
    nfv_session_destroy(session);
}

/* C5 and L4: a FIFO as the replay path is refused at once (it used to trap, or to block start forever). */
static void fifo_as_replay_path(void) {
    char path[300];
    nfv_session *session = NULL;
    snprintf(path, sizeof path, "%s/means.fifo", scratch);
    CHECK(mkfifo(path, 0600) == 0);
    alarm(20); /* a blocked open is a failure too */
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_replay(session, path, 0), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "not a regular file"));
    nfv_session_destroy(session);
    session = host_session();
    CHECK_STATUS(nfv_session_record(session, path), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), path));
    nfv_session_destroy(session);
    alarm(0);
}

static void ignore_preview(const uint8_t *rgb, int width, int height, int stride, int64_t timestamp_us, void *user) {
    (void)rgb; (void)width; (void)height; (void)stride; (void)timestamp_us; (void)user;
}

/* C6: previews of frames at about INT64_MAX, and a very negative then a very large timestamp. */
static void previews_at_the_limits(void) {
    static unsigned char rgb[64 * 48 * 3];
    static const int64_t stamps[][2] = {{INT64_MAX - 10, INT64_MAX}, {INT64_MIN, INT64_MAX - 1}, {INT64_MIN, -1}};
    size_t i;
    memset(rgb, 180, sizeof rgb);
    for (i = 0; i < sizeof stamps / sizeof stamps[0]; i++) {
        nfv_session *session = host_session();
        CHECK_STATUS(nfv_session_set_preview_callback(session, ignore_preview, NULL, 15), NFV_OK);
        CHECK_STATUS(nfv_session_start(session), NFV_OK);
        CHECK_STATUS(nfv_session_submit_frame(session, rgb, sizeof rgb, NFV_PIXEL_RGB24, 64, 48, 0, stamps[i][0]),
                     NFV_OK);
        CHECK_STATUS(nfv_session_submit_frame(session, rgb, sizeof rgb, NFV_PIXEL_RGB24, 64, 48, 0, stamps[i][1]),
                     NFV_OK);
        nfv_session_destroy(session);
    }
}

static long file_size(const char *path) {
    struct stat status;
    return stat(path, &status) == 0 ? (long)status.st_size : -1;
}

static int copy_file(const char *from, const char *to) {
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    char buffer[1 << 15];
    size_t count;
    if (in == NULL || out == NULL) return 0;
    while ((count = fread(buffer, 1, sizeof buffer, in)) > 0) fwrite(buffer, 1, count, out);
    fclose(in);
    return fclose(out) == 0;
}

/* D1: recording to the replayed file (by its name or a symbolic link) is refused and the file keeps every byte. */
static void record_over_the_replayed_file(void) {
    char path[300], link_path[300];
    const char *targets[2];
    long size;
    int i;
    snprintf(path, sizeof path, "%s/replayed.nfvrec", scratch);
    snprintf(link_path, sizeof link_path, "%s/link.nfvrec", scratch);
    CHECK(copy_file(fixture, path));
    CHECK(symlink(path, link_path) == 0);
    size = file_size(path);
    targets[0] = path;
    targets[1] = link_path;
    for (i = 0; i < 2; i++) {
        nfv_session *session = NULL;
        CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
        CHECK_STATUS(nfv_session_use_replay(session, path, 0), NFV_OK);
        CHECK_STATUS(nfv_session_record(session, targets[i]), NFV_OK);
        CHECK_STATUS(nfv_session_start(session), NFV_ERR_INVALID_ARGUMENT);
        CHECK(contains(nfv_last_error_message(), "the file being replayed"));
        nfv_session_destroy(session);
        CHECK(file_size(path) == size);
    }
}

/* D1: an existing file at the recording path is left as it was until the first frame is recorded. */
static void existing_file_kept_until_the_reading_begins(void) {
    char path[300];
    FILE *file;
    nfv_session *session = host_session();
    char *json = NULL;
    snprintf(path, sizeof path, "%s/existing.nfvrec", scratch);
    file = fopen(path, "w");
    CHECK(file != NULL);
    if (file == NULL) return;
    fputs("precious\n", file);
    fclose(file);
    CHECK_STATUS(nfv_session_record(session, path), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    while (nfv_session_next_event(session, 300, &json) == NFV_OK) nfv_string_free(json);
    CHECK(file_size(path) == 9);
    CHECK_STATUS(nfv_session_submit_means(session, 1000000, 180, 5, 20, -1), NFV_OK);
    CHECK_STATUS(nfv_session_stop(session), NFV_OK);
    while (nfv_session_next_event(session, 2000, &json) == NFV_OK) nfv_string_free(json);
    nfv_session_destroy(session);
    file = fopen(path, "r");
    CHECK(file != NULL);
    if (file != NULL) {
        char first[32] = {0};
        CHECK(fgets(first, sizeof first, file) != NULL && first[0] == '{');
        fclose(file);
    }
}

int main(int argc, char **argv) {
    const char *key = getenv("NFV_TEST_KEY");
    if (argc != 2 || key == NULL) {
        fprintf(stderr, "usage: NFV_TEST_KEY=KEY test_edges FIXTURE.nfvrec\n");
        return 2;
    }
    fixture = argv[1];
    snprintf(scratch, sizeof scratch, "%s/nfv-edges-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (mkdtemp(scratch) == NULL) return 2;
    CHECK_STATUS(nfv_activate(key, NULL), NFV_OK);
    isolated("C1: host timestamps at the ends of int64", host_timestamps_at_the_limits);
    isolated("C1: a frame duplicated at INT64_MAX", frame_duplicate_at_int64_max);
    isolated("C2: advanced values out of range", configuration_out_of_range);
    isolated("C3: anchor wall time 1e400 / beyond int64", recording_with_extreme_wall_time);
    isolated("C4: a CSV at 1e20 fps", csv_at_an_impossible_rate);
    isolated("C5/L4: a FIFO as the replay or recording path", fifo_as_replay_path);
    isolated("C6: previews at the ends of int64", previews_at_the_limits);
    isolated("D1: recording over the replayed file", record_over_the_replayed_file);
    isolated("D1: an existing file kept until the reading begins", existing_file_kept_until_the_reading_begins);
    return check_summary("test_edges");
}
