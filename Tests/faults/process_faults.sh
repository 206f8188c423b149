#!/usr/bin/env bash
# Process-level faults through the nfv CLI (the session behind the C API):
#   1. the host killed (SIGKILL) mid-reading while recording: the file reads back up to its last flushed second
#      and replays;
#   2. the disk filling up mid-reading (RLIMIT_FSIZE with SIGXFSZ ignored: writes fail with EFBIG): one
#      recordingError event, the reading still completes, and what was written before the failure replays.
# Usage: Tests/faults/process_faults.sh NFV   (NFV: the nfv binary). Prints "N passed, N failed".
set -uo pipefail
nfv="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
check() {  # check DESCRIPTION COMMAND…
    if "${@:2}"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $1" >&2; fi
}
last_frame_time() {  # the t of the last complete frame line of a recording
    python3 -c '
import json, sys
last = -1.0
for line in open(sys.argv[1], "rb").read().split(b"\n")[1:]:
    try:
        record = json.loads(line)
    except ValueError:
        break
    if record.get("type") == "frame":
        last = record["t"]
print(last)' "$1"
}
at_least() { python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) >= float(sys.argv[2]) else 1)' "$1" "$2"; }

# 1. Killed mid-reading: real-time simulated reading, SIGKILL after 4 s.
( exec "$nfv" read --simulate --json --record "$dir/killed.nfvrec" >"$dir/killed.events" 2>/dev/null ) &
pid=$!
sleep 4
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
last=$(last_frame_time "$dir/killed.nfvrec")
echo "killed host: recording holds frames up to t = $last s"
check "the killed recording holds its flushed seconds" at_least "$last" 2
"$nfv" replay "$dir/killed.nfvrec" >"$dir/killed.replay" 2>"$dir/killed.replay.err"
check "the killed recording replays (exit 1: no result)" test $? -eq 1
check "its replay starts like the live reading" test "$(head -n 1 "$dir/killed.replay")" = \
    "$(head -n 1 "$dir/killed.events")"
check "its replay ends idle (the input ended)" \
    grep -Eq '^\{"state":"idle","t":[-0-9.e]+,"type":"state"\}$' <(tail -n 1 "$dir/killed.replay")

# 2. Disk full: 64 KiB file-size limit (a full reading records ~400 KiB).
(
    trap '' XFSZ
    ulimit -f 64
    exec "$nfv" read --simulate --fast --json --record "$dir/full.nfvrec"
) >"$dir/full.events" 2>/dev/null
status=$?
size=$(stat -c %s "$dir/full.nfvrec")
errors=$(grep -c '"type":"recordingError"' "$dir/full.events")
echo "disk full: exit $status, recording $size bytes, $errors recordingError event(s)"
check "the reading completes although the disk is full" test $status -eq 0
check "exactly one recordingError" test "$errors" -eq 1
names_failure() { grep '"type":"recordingError"' "$dir/full.events" | grep -q 'File too large'; }
check "it names the write failure" names_failure
check "the file stopped at the limit" test "$size" -le 65536
last=$(last_frame_time "$dir/full.nfvrec")
check "the full recording holds frames up to the failure (t = $last)" at_least "$last" 1
"$nfv" replay "$dir/full.nfvrec" >"$dir/full.replay" 2>/dev/null
check "the full recording replays" test "$(grep -c '"type":"state"' "$dir/full.replay")" -ge 1

echo "process faults: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
