/* example_json.h — the two tiny JSON look-ups the examples need to print events. They only work on the library's
 * own compact event objects (no white space, no escaped quotes in the values looked up); real programs should use a
 * JSON library (cJSON, jansson, json-c…). Header-only, for the examples. */
#ifndef EXAMPLE_JSON_H
#define EXAMPLE_JSON_H

#include <stdlib.h>
#include <string.h>

/* Finds `"key":` in `json`; returns a pointer to the value or NULL. */
static inline const char *example_json_value(const char *json, const char *key) {
    size_t length = strlen(key);
    const char *at = json;
    while ((at = strchr(at, '"')) != NULL) {
        if (strncmp(at + 1, key, length) == 0 && at[length + 1] == '"' && at[length + 2] == ':') {
            return at + length + 3;
        }
        at++;
    }
    return NULL;
}

/* Copies the string value of `key` into `out` (truncated to `size`); returns 0 when absent or not a string. */
static inline int example_json_string(const char *json, const char *key, char *out, size_t size) {
    const char *value = example_json_value(json, key);
    size_t used = 0;
    if (value == NULL || *value != '"' || size == 0) return 0;
    for (value++; *value != '\0' && *value != '"' && used + 1 < size; value++) out[used++] = *value;
    out[used] = '\0';
    return 1;
}

/* Reads the number value of `key` into `out`; returns 0 when absent or not a number. */
static inline int example_json_number(const char *json, const char *key, double *out) {
    const char *value = example_json_value(json, key);
    char *end = NULL;
    if (value == NULL) return 0;
    *out = strtod(value, &end);
    return end != value;
}

#endif /* EXAMPLE_JSON_H */
