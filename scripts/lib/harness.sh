# Shared by scripts/test and scripts/test-bindings (sourced, never run): recorded steps, and commands run with the
# Swift toolchain hidden. The caller has cd'ed to the repository and set passed=0 failed=0 failures=().

# Step selection, set by the sourcing script (plain shell variables, so a nested script runs all of its own):
#   steps_mode=list      each step prints its name instead of running (scripts/test --list);
#   steps_mode=only      only the steps whose name contains $steps_pattern run, and the builds they rest on
#                        (started with `needed_step`); the others are neither run nor counted (scripts/test --only).
#                        $steps_listed holds every step name in order (the script's --list).
steps_mode="${steps_mode:-all}" steps_pattern="${steps_pattern:-}" steps_listed="${steps_listed:-}"

# step_selected NAME: whether NAME runs under the selection.
step_selected() {
    [ "$steps_mode" != only ] || [[ "$1" == *"$steps_pattern"* ]]
}

# step NAME COMMAND…: runs a step, records its outcome, says how long it took and returns its status. Listing, it
# prints the name and succeeds; a step the selection leaves out succeeds without running.
step() {
    local name="$1" started=$SECONDS; shift
    if [ "$steps_mode" = list ]; then echo "$name"; return 0; fi
    step_selected "$name" || return 0
    echo "=== $name"
    "$@"
    record_step "$name" $? $((SECONDS - started))
}

# needed_step NAME COMMAND…: a step later steps rest on (a build): under --only it runs when a selected step comes
# after it in $steps_listed, whatever its own name (and is not run, succeeding, when none does).
needed_step() {
    [ "$steps_mode" = only ] || { step "$@"; return; }
    awk -v name="$1" -v pattern="$steps_pattern" 'after && index($0, pattern) { found = 1 } $0 == name { after = 1 }
        END { exit !found }' <<<"$steps_listed" || return 0
    local steps_mode=all
    step "$@"
}

# record_step NAME STATUS SECONDS: counts a finished step as passed (status 0) or failed, says so and how long it
# took, and returns its status.
record_step() {
    if [ "$2" -eq 0 ]; then
        passed=$((passed + 1)); echo "=== passed in $3 s: $1"; return 0
    fi
    failed=$((failed + 1)); failures+=("$1"); echo "=== FAILED after $3 s: $1"; return 1
}

# step_in_background NAME COMMAND…: starts a step that runs beside the following ones — for a step that mostly
# waits on the wall clock (the fake camera's scenarios), or that computes beside steps that mostly wait. Its output
# goes to a file until step_join prints it and records its outcome. Several may run at once.
background_names=() background_pids=() background_logs=() background_starts=()
step_in_background() {
    if [ "$steps_mode" = list ]; then echo "$1"; return 0; fi
    step_selected "$1" || return 0
    local name="$1" log
    log="$(mktemp)"; shift
    echo "=== $name: started in the background (its output follows when it is joined)"
    { "$@"; status=$?; echo $SECONDS > "$log.end"; exit $status; } >"$log" 2>&1 &
    background_names+=("$name") background_pids+=($!) background_logs+=("$log") background_starts+=($SECONDS)
}

# step_join [NAME]: waits for the background step NAME (without NAME: every one still running, in the order they
# started), prints its output and records it (its time is its own, from its start to its end); returns non-zero
# when a step joined failed. A step that was not started (left out by --only) joins as a success.
step_join() {
    local i status=0
    for i in "${!background_names[@]}"; do
        [ $# -eq 0 ] || [ "${background_names[$i]}" = "$1" ] || continue
        join_background "$i" || status=1
    done
    return $status
}

# join_background INDEX: waits for one background step and records it.
join_background() {
    local i="$1" status ended log="${background_logs[$1]}"
    wait "${background_pids[$i]}"
    status=$?
    ended="$(cat "$log.end" 2>/dev/null || echo $SECONDS)"
    echo "=== ${background_names[$i]} (joined)"
    cat "$log"
    rm -f "$log" "$log.end"
    local name="${background_names[$i]}" started="${background_starts[$i]}"
    unset "background_names[$i]" "background_pids[$i]" "background_logs[$i]" "background_starts[$i]"
    record_step "$name" $status $((ended - started))
}

# The Swift toolchain's root (the folder holding usr/bin/swift), hidden by without_toolchain.
swift_root="$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift 2>/dev/null ||
    echo /opt/swift/usr/bin/swift)")")")")"
empty_dir="$(mktemp -d)"
# A background step still running when the script exits (an interruption) is stopped with it.
trap 'rm -rf "$empty_dir"; [ ${#background_pids[@]} -eq 0 ] || kill "${background_pids[@]}" 2>/dev/null' EXIT

# without_toolchain COMMAND…: runs a command with the Swift toolchain's folder hidden (an empty folder bound over it)
# and every file in $NFV_HIDE_LIBRARIES replaced by an empty one (/dev/null bound over it), so what it loads must
# come from elsewhere. Without a private mount namespace (not root) it runs the command as it is and says so.
without_toolchain() {
    if [ -d "$swift_root" ] && unshare -m true 2>/dev/null; then
        # sh -c SCRIPT $0 $1 CMD…: after `shift` (dropping $1) "$@" is exactly the command.
        unshare -m sh -c 'mount --bind "$0" "$1" && shift &&
            for file in ${NFV_HIDE_LIBRARIES:-}; do mount --bind /dev/null "$file" || exit 1; done && exec "$@"' \
            "$empty_dir" "$swift_root" "$@"
    else
        echo "(cannot hide $swift_root without root: running with the toolchain visible)" >&2
        "$@"
    fi
}
