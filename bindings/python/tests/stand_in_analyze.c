/* A stand-in for libNeurofitVitals's nfv_analyze, compiled by test_analyze.py: it reports what it received (the
 * count, the sum of each column, the options text) as a result JSON, so the test checks the binding's marshalling
 * of lists and buffers without the real engine. */
#include <stdio.h>
#include <stdlib.h>

void nfv_string_free(char *string) { free(string); }

int nfv_analyze(const double *timestamps_s, const double *red, const double *green, const double *blue, size_t count,
                const char *options_json, char **out_result_json) {
    double sums[4] = {0, 0, 0, 0};
    size_t i;
    *out_result_json = malloc(512);
    for (i = 0; i < count; i++) {
        sums[0] += timestamps_s[i];
        sums[1] += red[i];
        sums[2] += green[i];
        sums[3] += blue[i];
    }
    snprintf(*out_result_json, 512,
             "{\"heartRateBpm\":%.17g,\"quality\":2,\"durationSeconds\":%zu,\"flags\":[\"%s\"],"
             "\"diagnostics\":{\"red_sum\":%.17g,\"green_sum\":%.17g,\"blue_sum\":%.17g}}",
             sums[0], count, options_json ? "options" : "none", sums[1], sums[2], sums[3]);
    return 0;
}
