/* analyze_csv.c — the final analysis of a recorded reading without a session (and without a license): read a CSV
 * of per-frame channel means (header `timestamp_s,red,green,blue`, other columns ignored, `#` lines skipped) and
 * print the main figures, or with --json the whole result (diagnostics include every beat).
 *
 *   cc analyze_csv.c $(pkg-config --cflags --libs neurofit-vitals) -o analyze_csv
 *   ./analyze_csv [--json] reading.csv
 */
#include <neurofit_vitals.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "example_json.h"

/* Prints the result's main figures in one line. */
static void print_summary(const char *result) {
    double value = 0;
    if (example_json_number(result, "heartRateBpm", &value)) printf("heart rate %.1f bpm", value);
    if (example_json_number(result, "rmssdMs", &value)) printf(", RMSSD %.1f ms", value);
    if (example_json_number(result, "breathingRateBrpm", &value)) printf(", breathing %.1f brpm", value);
    if (example_json_number(result, "quality", &value)) printf(", quality %.0f", value);
    printf("\n");
}

/* Growable columns of the four series. */
struct columns {
    double *values[4];
    size_t count, capacity;
};

/* Which field of a header line holds each of timestamp_s, red, green, blue; returns 0 when one is missing. */
static int find_columns(char *header, int positions[4]) {
    static const char *const names[4] = {"timestamp_s", "red", "green", "blue"};
    int field = 0, found = 0, i;
    char *name;
    for (i = 0; i < 4; i++) positions[i] = -1;
    for (name = strtok(header, ",\r\n"); name != NULL; name = strtok(NULL, ",\r\n"), field++) {
        for (i = 0; i < 4; i++) {
            if (strcmp(name, names[i]) == 0 && positions[i] < 0) {
                positions[i] = field;
                found++;
            }
        }
    }
    return found == 4;
}

/* Appends the row's four values; returns 0 for a malformed row or when memory runs out. */
static int add_row(struct columns *columns, char *line, const int positions[4]) {
    double row[4] = {0, 0, 0, 0};
    int field = 0, seen = 0, i;
    char *text;
    if (columns->count == columns->capacity) {
        size_t capacity = columns->capacity ? columns->capacity * 2 : 4096;
        for (i = 0; i < 4; i++) {
            double *grown = realloc(columns->values[i], capacity * sizeof(double));
            if (grown == NULL) return 0;
            columns->values[i] = grown;
        }
        columns->capacity = capacity;
    }
    for (text = strtok(line, ",\r\n"); text != NULL; text = strtok(NULL, ",\r\n"), field++) {
        for (i = 0; i < 4; i++) {
            char *end = NULL;
            if (positions[i] != field) continue;
            row[i] = strtod(text, &end);
            if (end == text) return 0;
            seen++;
        }
    }
    if (seen != 4) return 0;
    for (i = 0; i < 4; i++) columns->values[i][columns->count] = row[i];
    columns->count++;
    return 1;
}

int main(int argc, char **argv) {
    struct columns columns;
    char line[4096];
    int positions[4], have_header = 0, i, as_json = argc == 3 && strcmp(argv[1], "--json") == 0;
    size_t line_number = 0;
    char *result = NULL;
    FILE *file;
    nfv_status status;
    const char *path = argv[argc - 1];
    if (argc != 2 + as_json) return fprintf(stderr, "usage: %s [--json] FILE.csv\n", argv[0]), 2;
    if ((file = fopen(path, "r")) == NULL) return perror(path), 2;
    memset(&columns, 0, sizeof columns);
    while (fgets(line, sizeof line, file) != NULL) {
        line_number++;
        if (line[0] == '#' || line[0] == '\n') continue;
        if (!have_header) {
            if (!(have_header = find_columns(line, positions))) {
                fprintf(stderr, "%s: the header must name timestamp_s, red, green and blue\n", path);
                return 2;
            }
        } else if (!add_row(&columns, line, positions)) {
            fprintf(stderr, "%s:%zu: not a row of numbers\n", path, line_number);
            return 2;
        }
    }
    fclose(file);
    status = nfv_analyze(columns.values[0], columns.values[1], columns.values[2], columns.values[3], columns.count,
                         NULL, &result);
    for (i = 0; i < 4; i++) free(columns.values[i]);
    if (status != NFV_OK) {
        char *error = nfv_last_error_json();
        printf("%s\n", error ? error : "{}");
        nfv_string_free(error);
        return status == NFV_ERR_NO_HEART_RATE ? 1 : 2;
    }
    if (as_json) printf("%s\n", result);
    else print_summary(result);
    nfv_string_free(result);
    return 0;
}
