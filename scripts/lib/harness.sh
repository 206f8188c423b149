# Shared by scripts/test and scripts/test-bindings (sourced, never run): recorded steps, and commands run with the
# Swift toolchain hidden. The caller has cd'ed to the repository and set passed=0 failed=0 failures=().

# step NAME COMMAND…: runs a step, records its outcome, says how long it took and returns its status.
step() {
    local name="$1" started=$SECONDS; shift
    echo "=== $name"
    if "$@"; then
        passed=$((passed + 1)); echo "=== passed in $((SECONDS - started)) s: $name"; return 0
    fi
    failed=$((failed + 1)); failures+=("$name"); echo "=== FAILED after $((SECONDS - started)) s: $name"; return 1
}

# The Swift toolchain's root (the folder holding usr/bin/swift), hidden by without_toolchain.
swift_root="$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift 2>/dev/null ||
    echo /opt/swift/usr/bin/swift)")")")")"
empty_dir="$(mktemp -d)"
trap 'rm -rf "$empty_dir"' EXIT

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
