# Debian 13 (trixie) roots for Swift 6.0.3 builds, shared by scripts/build --arch and scripts/test-arm64 (sourced,
# never run; the caller has cd'ed to the repository). Both roots are made on first use and cached under .build/:
#
#   .build/arm64/trixie-root   an amd64 trixie system (debootstrap minbase) with Debian's swiftlang 6.0.3 and the
#                              -dev packages of the build: its compiler needs trixie's glibc, so it runs in a chroot
#                              (trixie_run), with the checkout bound at its own path;
#   .build/arm64/sysroot       the arm64 trixie packages the aarch64 build compiles and links against and that qemu
#                              runs the results on: swiftlang:arm64 (the aarch64 standard library and static
#                              runtime), glibc, libsodium, libv4l, libjpeg, libpipewire and libsystemd with their
#                              -dev packages, python3, pytest and nodejs. Unpacked with dpkg-deb -x, never
#                              configured (no arm64 code runs to make it).
#   .build/arm64/bookworm      the arm64 Debian 12 (bookworm) packages of the C libraries the arm64 wheel carries
#                              (libsodium23, libv4l-0, libv4lconvert0, libjpeg62-turbo: bookworm's need glibc 2.34 at
#                              most, trixie's libv4lconvert 2.38) and python3 with pytest, to run the wheel's tests on
#                              Debian 12's own Python; unpacked the same way.
#
# A root is complete when its stamp file lists exactly the packages asked for; a half-made or outdated one is made
# again from scratch. The mirror is the first deb.debian.org-style URI of the host's apt sources (NFV_DEBIAN_MIRROR
# overrides it). The downloaded packages stay in .build/arm64/debs-ARCH, so a root made again downloads nothing.

trixie_dir=.build/arm64
trixie_root="$trixie_dir/trixie-root"
arm64_sysroot="$trixie_dir/sysroot"
# The build's -dev packages (as scripts/install-deps installs on the host).
trixie_dev_packages=(libsodium-dev libv4l-dev libjpeg-dev libpipewire-0.3-dev libsystemd-dev)
# The amd64 build root: the compiler (with its own clang and lld), pkg-config, the C and C++ libraries' development
# files (the static Swift runtime links -lstdc++; libc-dev, which the -dev packages need, is virtual, and debootstrap
# resolves only real package names).
trixie_root_packages=(swiftlang pkg-config libc6-dev libstdc++-14-dev "${trixie_dev_packages[@]}")
# The arm64 sysroot: the runtime of the target, its C library and compiler support files, the -dev packages, and
# python3 with pytest and nodejs (scripts/test-arm64 runs the Python and Node bindings' tests on arm64).
arm64_sysroot_packages=(swiftlang libc6-dev libgcc-14-dev libstdc++-14-dev "${trixie_dev_packages[@]}"
                        python3 python3-pytest nodejs)

# The arm64 bookworm root: the wheel's C libraries and the Python that tests it on Debian 12.
bookworm_root="$trixie_dir/bookworm"
bookworm_packages=(libsodium23 libv4l-0 libv4lconvert0 libjpeg62-turbo python3 python3-pytest)

# The environment of a pkg-config that answers for the arm64 sysroot (its .pc files, their paths under it).
arm64_pkg_config_env=(PKG_CONFIG_SYSROOT_DIR="$(pwd)/$arm64_sysroot"
                      PKG_CONFIG_LIBDIR="$(pwd)/$arm64_sysroot/usr/lib/aarch64-linux-gnu/pkgconfig")
arm64_pkg_config_env[1]+=":$(pwd)/$arm64_sysroot/usr/share/pkgconfig"

# debian_mirror: the Debian archive the host's apt uses (the roots come from the same place).
debian_mirror() {
    if [ -n "${NFV_DEBIAN_MIRROR:-}" ]; then echo "$NFV_DEBIAN_MIRROR"; return; fi
    local uri
    uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
          grep -oE 'https?://[^ ]*/debian/?( |$)' | grep -v security | head -n 1 | tr -d ' ')
    echo "${uri:-http://deb.debian.org/debian}"
}

# root_ready DIR PACKAGE…: whether DIR was completed with exactly these packages.
root_ready() {
    local dir="$1"; shift
    [ -f "$dir/.nfv-root" ] && [ "$(cat "$dir/.nfv-root")" = "$*" ]
}

# locked COMMAND…: runs a command holding .build/arm64/roots.lock, so two scripts making the same root (scripts/test
# makes them in the background while scripts/test-arm64 may already need them) wait for each other, and the second
# finds it ready.
locked() {
    mkdir -p "$trixie_dir"
    ( flock 9 && "$@" ) 9> "$trixie_dir/roots.lock"
}

# ensure_trixie_root: makes the amd64 build root unless it is ready (about a minute plus the download).
ensure_trixie_root() {
    locked make_trixie_root
}

# make_trixie_root: ensure_trixie_root's work, the lock held.
make_trixie_root() {
    root_ready "$trixie_root" "${trixie_root_packages[@]}" && return 0
    scripts/install-deps debootstrap >&2
    echo "trixie: making the amd64 build root $trixie_root (debootstrap, once)" >&2
    rm -rf "$trixie_root" && mkdir -p "$trixie_dir"
    local includes
    includes=$(IFS=,; echo "${trixie_root_packages[*]}")
    mkdir -p "$trixie_dir/debs-amd64"
    debootstrap --variant=minbase --include="$includes" --cache-dir="$(pwd)/$trixie_dir/debs-amd64" trixie \
        "$trixie_root" "$(debian_mirror)" \
        > "$trixie_dir/trixie-root.log" 2>&1 || { tail -n 20 "$trixie_dir/trixie-root.log" >&2; return 1; }
    echo "${trixie_root_packages[*]}" > "$trixie_root/.nfv-root"
}

# ensure_arm64_sysroot: makes the arm64 sysroot unless it is ready (unpacked_arm64_root).
ensure_arm64_sysroot() {
    locked unpacked_arm64_root trixie "$arm64_sysroot" "${arm64_sysroot_packages[@]}"
}

# ensure_bookworm_root: makes the arm64 bookworm root unless it is ready (unpacked_arm64_root).
ensure_bookworm_root() {
    locked unpacked_arm64_root bookworm "$bookworm_root" "${bookworm_packages[@]}"
}

# ensure_arm64_roots: the three roots (scripts/test makes them in the background from its start).
ensure_arm64_roots() {
    ensure_trixie_root && ensure_arm64_sysroot && ensure_bookworm_root
}

# unpacked_arm64_root SUITE DIR PACKAGE…: makes DIR from the arm64 packages of SUITE unless it is ready (call it
# locked).
# debootstrap --foreign resolves the packages' dependencies and downloads them (its first stage unpacks only the
# base system, and leaves every package in the root's var/cache/apt/archives); each is then unpacked with dpkg-deb
# -x. Paths are relative inside (merged /usr: lib -> usr/lib), so the folder works both as a compiler's sysroot and
# as qemu-aarch64-static -L.
unpacked_arm64_root() {
    local suite="$1" dir="$2"; shift 2
    root_ready "$dir" "$@" && return 0
    scripts/install-deps debootstrap >&2
    echo "$suite: making the arm64 root $dir (debootstrap --foreign + dpkg-deb -x, once)" >&2
    rm -rf "$dir" && mkdir -p "$trixie_dir"
    local includes deb log="$dir.log" cache="$(pwd)/$trixie_dir/debs-arm64-$suite"
    [ "$suite" != trixie ] || cache="$(pwd)/$trixie_dir/debs-arm64"
    includes=$(IFS=,; echo "$*")
    mkdir -p "$cache"
    debootstrap --arch=arm64 --foreign --variant=minbase --include="$includes" --cache-dir="$cache" "$suite" \
        "$dir" "$(debian_mirror)" > "$log" 2>&1 || { tail -n 20 "$log" >&2; return 1; }
    for deb in "$dir"/var/cache/apt/archives/*.deb; do
        dpkg-deb -x "$deb" "$dir" || return 1
    done
    compile_python "$dir"
    echo "$*" > "$dir/.nfv-root"
}

# compile_python DIR: byte-compiles what pytest imports (its modules and the standard library's it needs) into the
# root, once, by importing it under qemu with bytecode writing on: dpkg-deb -x leaves no .pyc (a package's postinst
# would make them), and compiling them again at each start under emulation takes over a minute. Skipped without
# python3, pytest or qemu-aarch64-static.
compile_python() {
    local dir="$1"
    [ -x "$dir/usr/bin/python3" ] && [ -d "$dir/usr/lib/python3/dist-packages/pytest" ] &&
        command -v qemu-aarch64-static > /dev/null || return 0
    env -u PYTHONDONTWRITEBYTECODE qemu-aarch64-static -L "$dir" "$dir/usr/bin/python3" -c 'import pytest, ctypes' ||
        echo "(the root's python3 could not import pytest)" >&2
}

# trixie_run COMMAND…: runs a command in the build root, in a private mount namespace (every mount goes away with
# it): the checkout bound at its own path (the working directory), /proc, and the host's /dev.
trixie_run() {
    local here
    here="$(pwd)"
    mkdir -p "$trixie_root$here"
    # sh -c SCRIPT $0=ROOT $1=CHECKOUT COMMAND…
    unshare -m sh -c 'mount --bind "$1" "$0$1" && mount -t proc proc "$0/proc" && mount --rbind /dev "$0/dev" &&
        root="$0" dir="$1" && shift && exec chroot "$root" /usr/bin/env -C "$dir" HOME=/root \
        PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin "$@"' "$trixie_root" "$here" "$@"
}
