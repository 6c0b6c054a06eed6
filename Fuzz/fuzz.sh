#!/usr/bin/env bash
# libFuzzer targets for JournalCore and JournalLookup. CI runs LookupFuzz and replays every saved
# crash (.ci/gates/fuzz_gate.sh); longer runs are by hand (see Fuzz/README.md).
#
#   Fuzz/fuzz.sh TARGET SECONDS [libFuzzer flags...]   build (if needed), then fuzz for SECONDS
#   Fuzz/fuzz.sh build [TARGET...]                     build only (all targets by default)
#   Fuzz/fuzz.sh repro TARGET FILE...                  run inputs once, e.g. a saved crash
#   Fuzz/fuzz.sh minimize TARGET FILE                  shrink a crashing input (-minimize_crash)
#   Fuzz/fuzz.sh merge TARGET                          minimise Fuzz/corpus/TARGET into a fresh folder
#   Fuzz/fuzz.sh clean                                 remove the build folder
#
# TARGET is FrontMatterFuzz, MarkdownFuzz, TemplateFuzz, ImportFuzz, ServeFuzz or LookupFuzz.
#
# Everything is compiled with swiftc and clang directly (no `swift build`): the Mustache module,
# then JournalCore's sources plus the generated default theme as one module, both built with
# -enable-testing, so the targets can `@testable import` them and reach their internal entry points. Yams, libyaml (Yams'
# CYaml) and, when its Debian source can be had, cmark-gfm are compiled from source with the same
# coverage instrumentation and AddressSanitizer, so libFuzzer sees coverage inside the parsers.
#
# Environment:
#   FUZZ_BUILD_DIR   build folder (default Fuzz/.build-fuzz, git-ignored as .build-*)
#   FUZZ_SANITIZE    swiftc sanitizers (default fuzzer,address; "fuzzer" for coverage only;
#                    "none" compiles JournalCore, Yams, libyaml and cmark-gfm without any
#                    instrumentation, as a release build, to time a slow input: see README)
#   FUZZ_CMARK       "source" (default: Debian's cmark-gfm source, instrumented, falls back to
#                    the system library when it cannot be fetched) or "system"
#   FUZZ_NICE        niceness of builds and runs (default 15)
#   FUZZ_KEEP_GOING  1: fuzz in -fork=1 mode and keep going after a crash, hang or OOM
#   FUZZ_CMARK_PATCHES  0: build cmark-gfm without Fuzz/patches/cmark-gfm (bugs found in it)
#   FUZZ_JOBS        parallel compile jobs for the C sources (default 1)
#   FUZZ_CORPUS_ROOT, FUZZ_CRASHES_ROOT  where a run keeps its corpus and saves what it finds
#                    (default Fuzz/corpus and Fuzz/crashes; CI gives throw-away folders)
#   FUZZ_SOURCE_REF  a git revision (e.g. HEAD): fuzz Sources/ and templates/ as committed
#                    there instead of the work tree (useful while Sources/ is being edited)
set -euo pipefail

FUZZ_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$FUZZ_DIR/.." && pwd)
BUILD=${FUZZ_BUILD_DIR:-$FUZZ_DIR/.build-fuzz}
SANITIZE=${FUZZ_SANITIZE:-fuzzer,address}
NICE=${FUZZ_NICE:-15}
CMARK_MODE=${FUZZ_CMARK:-source}
JOBS=${FUZZ_JOBS:-1}
TARGETS=(FrontMatterFuzz MarkdownFuzz TemplateFuzz ImportFuzz ServeFuzz LookupFuzz)

# Where Sources/ and templates/ are read from: the work tree, or a snapshot of a revision.
SRC=$ROOT
if [ -n "${FUZZ_SOURCE_REF:-}" ]; then
    rev=$(git -C "$ROOT" rev-parse --verify "${FUZZ_SOURCE_REF}^{commit}") || { echo "[fuzz] error: no revision ${FUZZ_SOURCE_REF}" >&2; exit 1; }
    SRC=$BUILD/src-$rev
    if [ ! -d "$SRC/Sources" ]; then
        mkdir -p "$SRC.tmp"
        git -C "$ROOT" archive "$rev" Sources templates | tar -x -C "$SRC.tmp"
        mv "$SRC.tmp" "$SRC"
    fi
    echo "[fuzz] using Sources/ and templates/ of $rev" >&2
fi

SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
CLANG=${CLANG:-$(dirname "$SWIFTC")/clang}
[ -x "$CLANG" ] || CLANG=$(command -v clang)
AR=${AR:-$(dirname "$SWIFTC")/llvm-ar}
[ -x "$AR" ] || AR=$(command -v ar)

# Objects and binaries of one set of sanitizers live in their own folder, so an ASan build and a
# coverage-only build (FUZZ_SANITIZE=fuzzer, to time a slow input) can sit side by side.
OUT=$BUILD/${SANITIZE//,/-}

# The clang sanitizer flags that match swiftc's -sanitize=$SANITIZE.
if [ "$SANITIZE" = none ]; then
    CSAN="-O2"
    SWIFT_SAN=()
    TARGET_SAN=(-sanitize=fuzzer)
else
    CSAN="-O1 -fsanitize=fuzzer-no-link"
    case ",$SANITIZE," in *,address,*) CSAN="$CSAN,address" ;; esac
    SWIFT_SAN=(-sanitize="$SANITIZE")
    TARGET_SAN=(-sanitize="$SANITIZE")
fi

run() { nice -n "$NICE" "$@"; }
log() { printf '[fuzz] %s\n' "$*" >&2; }
die() { printf '[fuzz] error: %s\n' "$*" >&2; exit 1; }

# sha256 of the given strings and of every file under the given paths (sorted, by content).
hash_inputs() {
    {
        for item in "$@"; do
            if [ -e "$item" ]; then
                find "$item" -type f ! -name '*.swp' ! -name '*~' -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum
            else
                printf '%s\n' "$item"
            fi
        done
    } | sha256sum | cut -c1-64
}

# stage NAME HASH: true when the stage must be (re)built.
stale() { [ "$(cat "$OUT/stamps/$1" 2>/dev/null || true)" != "$2" ]; }
done_stage() { mkdir -p "$OUT/stamps"; printf '%s\n' "$2" >"$OUT/stamps/$1"; }

# Compiles C files into an archive, FUZZ_JOBS at a time.
compile_c_archive() { # ARCHIVE OBJDIR "CFLAGS" FILES...
    local archive=$1 objdir=$2 cflags=$3
    shift 3
    rm -rf "$objdir"
    mkdir -p "$objdir"
    printf '%s\n' "$@" | xargs -P "$JOBS" -I{} sh -c \
        'f="$1"; o="$2/$(basename "$f" .c).o"; exec nice -n "$3" "$4" -c -g -fno-omit-frame-pointer $5 "$f" -o "$o"' \
        sh {} "$objdir" "$NICE" "$CLANG" "$cflags"
    mkdir -p "$(dirname "$archive")"
    rm -f "$archive"
    "$AR" rcs "$archive" "$objdir"/*.o
}

# --- Yams (package checkout of the root package's pinned version) -------------------------
yams_sources() {
    local checkout="$BUILD/spm/checkouts/Yams"
    if [ ! -d "$checkout/Sources/Yams" ]; then
        log "resolving the root package's dependencies into $BUILD/spm (for Yams)"
        run "$SWIFT" package --package-path "$ROOT" --scratch-path "$BUILD/spm" resolve >&2 ||
            die "swift package resolve failed"
    fi
    [ -d "$checkout/Sources/Yams" ] || die "no Yams checkout at $checkout"
    echo "$checkout/Sources"
}

build_yams() {
    local src; src=$(yams_sources)
    local h; h=$(hash_inputs "yams-v2 $SANITIZE" "$src/CYaml" "$src/Yams")
    if stale yams "$h"; then
        log "building libyaml (CYaml) and Yams with -sanitize=$SANITIZE"
        compile_c_archive "$OUT/lib/libcyaml-fuzz.a" "$OUT/obj/cyaml" \
            "$CSAN -DYAML_DECLARE_STATIC -I$src/CYaml/include -I$src/CYaml/src" "$src"/CYaml/src/*.c
        rm -rf "$OUT/modules/Yams"
        mkdir -p "$OUT/modules/Yams"
        run "$SWIFTC" -parse-as-library -module-name Yams -D SWIFT_PACKAGE -wmo -O -g \
            "${SWIFT_SAN[@]}" -emit-module -emit-module-path "$OUT/modules/Yams/Yams.swiftmodule" \
            -c -o "$OUT/obj/Yams.o" -I "$src/CYaml/include" -Xcc -DYAML_DECLARE_STATIC \
            "$src"/Yams/*.swift
        done_stage yams "$h"
    fi
    YAMS_INCLUDE=$src/CYaml/include
}

# --- ZIPFoundation (ListenBrainz exports are zips), from the same checkout ---------------------
build_zipfoundation() {
    yams_sources >/dev/null
    local src="$BUILD/spm/checkouts/ZIPFoundation/Sources"
    [ -d "$src/ZIPFoundation" ] || die "no ZIPFoundation checkout at $src"
    local h; h=$(hash_inputs "zipfoundation-v1 $SANITIZE" "$src")
    ZIP_INCLUDES=(-I "$OUT/modules/ZIPFoundation" -I "$src/CZLib")
    if stale zipfoundation "$h"; then
        log "building ZIPFoundation with -sanitize=$SANITIZE (zlib is the system's)"
        rm -rf "$OUT/modules/ZIPFoundation"
        mkdir -p "$OUT/modules/ZIPFoundation" "$OUT/obj"
        run "$SWIFTC" -parse-as-library -module-name ZIPFoundation -D SWIFT_PACKAGE -wmo -O -g \
            "${SWIFT_SAN[@]}" -emit-module -emit-module-path "$OUT/modules/ZIPFoundation/ZIPFoundation.swiftmodule" \
            -c -o "$OUT/obj/ZIPFoundation.o" -I "$src/CZLib" -Xcc -D_GNU_SOURCE=1 \
            "$src"/ZIPFoundation/*.swift
        done_stage zipfoundation "$h"
    fi
}

# --- cmark-gfm ----------------------------------------------------------------------------
# Debian's own source of the installed version (same code, same patches as the library the
# site generator links), fetched with apt-get through a throw-away source list.
cmark_source() {
    local dest="$BUILD/cmark-gfm-src"
    if [ -f "$dest/src/blocks.c" ]; then echo "$dest"; return 0; fi
    local version; version=$(dpkg-query -W -f='${Version}' libcmark-gfm-dev 2>/dev/null || true)
    [ -n "$version" ] || { log "libcmark-gfm-dev is not installed"; return 1; }
    local work="$BUILD/apt"
    rm -rf "$work" && mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/src"
    local suite; suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
    echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main" >"$work/sources.list"
    local apt=(-o Dir::Etc::sourcelist="$work/sources.list" -o Dir::Etc::sourceparts=- -o Dir::State::Lists="$work/lists"
               -o Dir::Cache="$work/cache" -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
    log "fetching Debian's source of cmark-gfm $version (apt-get source)"
    if ! (apt-get "${apt[@]}" update -qq >&2 && cd "$work/src" && apt-get "${apt[@]}" source --download-only -qq "cmark-gfm=$version" >&2 &&
          dpkg-source -x --no-check ./*.dsc unpacked >&2); then
        log "could not fetch the cmark-gfm source"
        return 1
    fi
    rm -rf "$dest" && mv "$work/src/unpacked" "$dest" && rm -rf "$work"
    echo "$dest"
}

build_cmark() {
    CMARK_LIBS=()
    CMARK_INCLUDE=()
    local src=""
    if [ "$CMARK_MODE" = source ]; then
        src=$(cmark_source) || { log "WARNING: fuzzing against the system cmark-gfm, which has no coverage instrumentation"; src=""; }
    fi
    if [ -z "$src" ]; then
        CMARK_LINK=system
        CMARK_LIBS=(-lcmark-gfm-extensions -lcmark-gfm)
        return 0
    fi
    CMARK_LINK=source
    local gen="$OUT/cmark-gen"
    local patches="$FUZZ_DIR/patches/cmark-gfm"
    [ "${FUZZ_CMARK_PATCHES:-1}" = 1 ] || patches=none
    local h; h=$(hash_inputs "cmark-v2 $CSAN" "$src/src" "$src/extensions" "$patches")
    if stale cmark "$h"; then
        log "building cmark-gfm from $src with $CSAN"
        # Bugs found in cmark-gfm itself are patched in a copy (Fuzz/patches/cmark-gfm), so
        # fuzzing can go on past them; FUZZ_CMARK_PATCHES=0 builds the source as Debian ships it.
        local pristine=$src
        src="$OUT/cmark-gfm-patched"
        rm -rf "$src" && mkdir -p "$src" && cp -R "$pristine/src" "$pristine/extensions" "$pristine/CMakeLists.txt" "$src/"
        if [ "$patches" != none ]; then
            for patch_file in "$patches"/*.patch; do
                [ -f "$patch_file" ] || continue
                log "applying $(basename "$patch_file")"
                patch -s -d "$src" -p1 <"$patch_file" || die "cannot apply $patch_file"
            done
        fi
        rm -rf "$gen" && mkdir -p "$gen"
        cat >"$gen/config.h" <<'EOF'
#ifndef CMARK_CONFIG_H
#define CMARK_CONFIG_H
#include <stdbool.h>
#define HAVE_STDBOOL_H
#define HAVE___BUILTIN_EXPECT
#define HAVE___ATTRIBUTE__
#define CMARK_ATTRIBUTE(list) __attribute__ (list)
#define CMARK_INLINE inline
#endif
EOF
        for name in CMARK_GFM CMARK_GFM_EXTENSIONS; do
            local file; file=$(echo "$name" | tr 'A-Z_' 'a-z-' | sed 's/^cmark-gfm-extensions$/cmark-gfm-extensions/')_export.h
            cat >"$gen/$file" <<EOF
#ifndef ${name}_EXPORT_H
#define ${name}_EXPORT_H
#define ${name}_EXPORT
#define ${name}_NO_EXPORT
#define ${name}_DEPRECATED __attribute__ ((__deprecated__))
#define ${name}_DEPRECATED_EXPORT ${name}_DEPRECATED
#define ${name}_DEPRECATED_NO_EXPORT ${name}_DEPRECATED
#endif
EOF
        done
        local version; version=$(sed -n 's/^set(PROJECT_VERSION_\([A-Z]*\) \([0-9]*\))/\1=\2/p' "$src/CMakeLists.txt" | tr '\n' ' ')
        local MAJOR MINOR PATCH GFM; eval "$version"
        cat >"$gen/cmark-gfm_version.h" <<EOF
#ifndef CMARK_GFM_VERSION_H
#define CMARK_GFM_VERSION_H
#define CMARK_GFM_VERSION (($MAJOR << 24) | ($MINOR << 16) | ($PATCH << 8) | $GFM)
#define CMARK_GFM_VERSION_STRING "$MAJOR.$MINOR.$PATCH.gfm.$GFM"
#endif
EOF
        local files=()
        for f in "$src"/src/*.c "$src"/extensions/*.c; do
            [ "$(basename "$f")" = main.c ] || files+=("$f")
        done
        compile_c_archive "$OUT/lib/libcmark-fuzz.a" "$OUT/obj/cmark" \
            "$CSAN -I$gen -I$src/src -I$src/extensions" "${files[@]}"
        done_stage cmark "$h"
    fi
    src="$OUT/cmark-gfm-patched"
    CMARK_LIBS=("$OUT/lib/libcmark-fuzz.a")
    CMARK_INCLUDE=(-Xcc -I"$gen" -Xcc -I"$src/src" -Xcc -I"$src/extensions")
}

# --- JournalCore ----------------------------------------------------------------------------
build_theme() {
    local h; h=$(hash_inputs theme-v1 "$SRC/Sources/EmbedTheme" "$SRC/templates")
    if stale theme "$h"; then
        log "generating DefaultTheme.generated.swift from templates/"
        mkdir -p "$OUT/theme" "$OUT/bin"
        run "$SWIFTC" -O -o "$OUT/bin/EmbedTheme" "$SRC/Sources/EmbedTheme/main.swift"
        local files=()
        while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$SRC/templates" -type f -print0 | LC_ALL=C sort -z)
        "$OUT/bin/EmbedTheme" "$SRC/templates" "$OUT/theme/DefaultTheme.generated.swift" "${files[@]}"
        done_stage theme "$h"
    fi
}

# The template engine, a module of its own that depends on nothing.
build_mustache() {
    local h; h=$(hash_inputs "mustache-v1 $SANITIZE" "$SRC/Sources/Mustache")
    if stale mustache "$h"; then
        log "building Mustache (-O -enable-testing -sanitize=$SANITIZE)"
        local sources=()
        while IFS= read -r -d '' f; do sources+=("$f"); done < <(find "$SRC/Sources/Mustache" -name '*.swift' -print0 | LC_ALL=C sort -z)
        rm -rf "$OUT/modules/Mustache" && mkdir -p "$OUT/modules/Mustache" "$OUT/obj"
        run "$SWIFTC" -parse-as-library -module-name Mustache -swift-version 6 -D SWIFT_PACKAGE -wmo -O -g \
            -enable-testing "${SWIFT_SAN[@]}" \
            -emit-module -emit-module-path "$OUT/modules/Mustache/Mustache.swiftmodule" \
            -c -o "$OUT/obj/Mustache.o" "${sources[@]}" \
            || die "Mustache did not compile (is Sources/ in the middle of an edit?)"
        done_stage mustache "$h"
    fi
}

build_journalcore() {
    build_yams
    build_zipfoundation
    build_cmark
    build_theme
    local mods="$OUT/modules"
    local cmarkmap="$mods/CCmarkGFM-$CMARK_LINK"
    mkdir -p "$cmarkmap" "$mods/CPlatform"
    # The package's own module map for CCmarkGFM, without its `link` lines when cmark-gfm is
    # compiled from source (linking the system library too would bring a second copy).
    {
        echo "module CCmarkGFM [system] {"
        echo "    header \"$SRC/Sources/CCmarkGFM/shim.h\""
        if [ "$CMARK_LINK" = system ]; then echo '    link "cmark-gfm"'; echo '    link "cmark-gfm-extensions"'; fi
        echo "    export *"
        echo "}"
    } >"$cmarkmap/module.modulemap"
    printf 'module CPlatform {\n    header "%s"\n    export *\n}\n' "$SRC/Sources/CPlatform/include/CPlatform.h" >"$mods/CPlatform/module.modulemap"

    build_mustache
    local h; h=$(hash_inputs "journalcore-v2 $SANITIZE $CMARK_LINK" "$SRC/Sources/JournalCore" "$SRC/Sources/CCmarkGFM" "$SRC/Sources/CRsvg" "$SRC/Sources/CVips" "$OUT/stamps/mustache" \
        "$SRC/Sources/CPlatform" "$OUT/theme/DefaultTheme.generated.swift" "$OUT/stamps/yams" "$OUT/stamps/cmark" "$OUT/stamps/zipfoundation")
    # The share cards draw SVG with the system's librsvg (CRsvg, its own module map and links).
    local rsvg=()
    for flag in $(pkg-config --cflags librsvg-2.0 2>/dev/null); do [ "$flag" = -pthread ] || rsvg+=(-Xcc "$flag"); done
    RSVG_LIBS=($(pkg-config --libs librsvg-2.0 2>/dev/null) -lfontconfig)
    # Covers are resized and cards encoded with the system's libvips (CVips, likewise).
    for flag in $(pkg-config --cflags vips 2>/dev/null); do [ "$flag" = -pthread ] || rsvg+=(-Xcc "$flag"); done
    RSVG_LIBS+=($(pkg-config --libs vips 2>/dev/null))
    JC_INCLUDES=(-I "$mods/Mustache" -I "$mods/Yams" -I "$YAMS_INCLUDE" -Xcc -DYAML_DECLARE_STATIC -I "$cmarkmap" -I "$mods/CPlatform" "${ZIP_INCLUDES[@]}"
                 -I "$SRC/Sources/CRsvg" -I "$SRC/Sources/CVips" "${rsvg[@]}" "${CMARK_INCLUDE[@]}")
    if stale journalcore "$h"; then
        log "building JournalCore (-O -enable-testing -sanitize=$SANITIZE); this takes a few minutes"
        local sources=()
        while IFS= read -r -d '' f; do sources+=("$f"); done < <(find "$SRC/Sources/JournalCore" -name '*.swift' -print0 | LC_ALL=C sort -z)
        rm -rf "$mods/JournalCore" && mkdir -p "$mods/JournalCore" "$OUT/obj"
        # Every C file of CPlatform (exchange, sync, copy, crc32), as one object.
        local cobjects=()
        for c in "$SRC"/Sources/CPlatform/*.c; do
            run "$CLANG" -c -g $CSAN -I "$SRC/Sources/CPlatform/include" "$c" -o "$OUT/obj/CPlatform-$(basename "$c" .c).o"
            cobjects+=("$OUT/obj/CPlatform-$(basename "$c" .c).o")
        done
        run ld -r -o "$OUT/obj/CPlatform.o" "${cobjects[@]}"
        run "$SWIFTC" -parse-as-library -module-name JournalCore -swift-version 6 -D SWIFT_PACKAGE -wmo -O -g \
            -enable-testing "${SWIFT_SAN[@]}" \
            -emit-module -emit-module-path "$mods/JournalCore/JournalCore.swiftmodule" \
            -c -o "$OUT/obj/JournalCore.o" "${JC_INCLUDES[@]}" \
            "${sources[@]}" "$OUT/theme/DefaultTheme.generated.swift" \
            || die "JournalCore did not compile (is Sources/ in the middle of an edit?)"
        done_stage journalcore "$h"
    fi
}

# What the music services answer is read by JournalLookup: its sources as one module, like
# JournalCore (with Foundation and FoundationNetworking, which the toolchain brings).
build_journallookup() {
    build_journalcore
    local h; h=$(hash_inputs "journallookup-v1 $SANITIZE" "$SRC/Sources/JournalLookup" "$OUT/stamps/journalcore")
    if stale journallookup "$h"; then
        log "building JournalLookup (-O -enable-testing -sanitize=$SANITIZE)"
        local sources=()
        while IFS= read -r -d '' f; do sources+=("$f"); done < <(find "$SRC/Sources/JournalLookup" -name '*.swift' -print0 | LC_ALL=C sort -z)
        rm -rf "$OUT/modules/JournalLookup" && mkdir -p "$OUT/modules/JournalLookup" "$OUT/obj"
        run "$SWIFTC" -parse-as-library -module-name JournalLookup -swift-version 6 -D SWIFT_PACKAGE -wmo -O -g \
            -enable-testing "${SWIFT_SAN[@]}" \
            -emit-module -emit-module-path "$OUT/modules/JournalLookup/JournalLookup.swiftmodule" \
            -c -o "$OUT/obj/JournalLookup.o" -I "$OUT/modules/JournalCore" "${JC_INCLUDES[@]}" "${sources[@]}" \
            || die "JournalLookup did not compile (is Sources/ in the middle of an edit?)"
        done_stage journallookup "$h"
    fi
}

# ServeFuzz needs neither JournalCore nor Yams: the socket-free parts of JournalServe (whose
# module needs FlyingFox) are compiled into it, with Foundation only.
build_serve_target() {
    local target=ServeFuzz sources=("$FUZZ_DIR/Targets/ServeFuzz.swift")
    for f in RequestHead HostCheck SitePath; do sources+=("$SRC/Sources/JournalServe/$f.swift"); done
    local h; h=$(hash_inputs "target-v1 $target $SANITIZE" "${sources[@]}")
    if stale "target-$target" "$h" || [ ! -x "$OUT/bin/$target" ]; then
        log "building $target"
        mkdir -p "$OUT/bin"
        run "$SWIFTC" -parse-as-library -module-name "$target" -swift-version 6 -O -g "${TARGET_SAN[@]}" \
            "${sources[@]}" -use-ld=lld -o "$OUT/bin/$target.tmp"
        mv "$OUT/bin/$target.tmp" "$OUT/bin/$target"
        done_stage "target-$target" "$h"
    fi
}

build_target() { # TARGET
    local target=$1
    [ -f "$FUZZ_DIR/Targets/$target.swift" ] || die "unknown target '$target' (one of: ${TARGETS[*]})"
    if [ "$target" = ServeFuzz ]; then build_serve_target; return; fi
    build_journalcore
    # LookupFuzz also needs JournalLookup.
    local lookup=() lookup_stamp=()
    if [ "$target" = LookupFuzz ]; then
        build_journallookup
        lookup=(-I "$OUT/modules/JournalLookup" "$OUT/obj/JournalLookup.o")
        lookup_stamp=("$OUT/stamps/journallookup")
    fi
    local h; h=$(hash_inputs "target-v1 $target $SANITIZE" "$FUZZ_DIR/Targets/$target.swift" "$FUZZ_DIR/Targets/Support" "$OUT/stamps/journalcore" \
        "${lookup_stamp[@]}" "bounds=$([ -f "$SRC/Sources/JournalCore/Load/MarkdownBounds.swift" ] && echo 1)")
    if stale "target-$target" "$h" || [ ! -x "$OUT/bin/$target" ]; then
        log "building $target"
        mkdir -p "$OUT/bin"
        local sources=("$FUZZ_DIR/Targets/$target.swift") defines=()
        # Entry points that only some versions of Sources/ have.
        [ -f "$SRC/Sources/JournalCore/Load/MarkdownBounds.swift" ] && defines+=(-D HAVE_MARKDOWN_BOUNDS)
        while IFS= read -r -d '' f; do sources+=("$f"); done < <(find "$FUZZ_DIR/Targets/Support" -name '*.swift' -print0 | LC_ALL=C sort -z)
        run "$SWIFTC" -parse-as-library -module-name "$target" -swift-version 6 -O -g "${TARGET_SAN[@]}" "${defines[@]}" \
            -I "$OUT/modules/JournalCore" "${JC_INCLUDES[@]}" \
            "${sources[@]}" "${lookup[@]}" "$OUT/obj/JournalCore.o" "$OUT/obj/Mustache.o" "$OUT/obj/Yams.o" "$OUT/obj/ZIPFoundation.o" "$OUT/obj/CPlatform.o" \
            "$OUT/lib/libcyaml-fuzz.a" "${CMARK_LIBS[@]}" -lz "${RSVG_LIBS[@]}" \
            -use-ld=lld -o "$OUT/bin/$target.tmp"
        mv "$OUT/bin/$target.tmp" "$OUT/bin/$target"
        done_stage "target-$target" "$h"
    fi
}

max_len() {
    case $1 in TemplateFuzz) echo 16384 ;; *) echo 65536 ;; esac
}

dict_flag() {
    local dict="$FUZZ_DIR/dict/$1.dict"
    [ -f "$dict" ] && echo "-dict=$dict"
}

# Runtime options: the parse watchdog (Sources/JournalCore/Load/ParseWatchdog.swift) would end
# the process after 10 s; libFuzzer's -timeout is the judge here, so give the watchdog room.
export JOURNAL_PARSE_BUDGET=${JOURNAL_PARSE_BUDGET:-3600}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1:handle_abort=1:symbolize=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$FUZZ_DIR/lsan.supp:print_suppressions=0}
[ -n "${ASAN_SYMBOLIZER_PATH:-}" ] || { [ -x "$(dirname "$SWIFTC")/llvm-symbolizer" ] && export ASAN_SYMBOLIZER_PATH="$(dirname "$SWIFTC")/llvm-symbolizer"; } || true

common_flags() { # TARGET
    echo "-timeout=5 -rss_limit_mb=2048 -max_len=$(max_len "$1") $(dict_flag "$1")"
}

command=${1:-}
case $command in
    "" | -h | --help | help)
        sed -n '2,34p' "$0" | sed 's/^# \{0,1\}//'
        ;;
    build)
        shift
        [ $# -gt 0 ] || set -- "${TARGETS[@]}"
        for target in "$@"; do build_target "$target"; done
        log "built: $(cd "$OUT/bin" && ls "$@" | tr '\n' ' ')"
        ;;
    clean)
        rm -rf "$BUILD"
        ;;
    repro)
        target=${2:?usage: fuzz.sh repro TARGET FILE...}
        shift 2
        build_target "$target"
        # shellcheck disable=SC2046
        run "$OUT/bin/$target" $(common_flags "$target") -runs=1 "$@"
        ;;
    minimize)
        target=${2:?usage: fuzz.sh minimize TARGET FILE}
        file=${3:?usage: fuzz.sh minimize TARGET FILE}
        build_target "$target"
        mkdir -p "$FUZZ_DIR/crashes/$target"
        out="$FUZZ_DIR/crashes/$target/minimized-$(basename "$file")"
        # shellcheck disable=SC2046
        run "$OUT/bin/$target" $(common_flags "$target") -minimize_crash=1 -max_total_time="${FUZZ_MINIMIZE_SECONDS:-120}" \
            -exact_artifact_path="$out" "$file"
        log "minimised input: $out"
        ;;
    merge)
        target=${2:?usage: fuzz.sh merge TARGET}
        build_target "$target"
        corpus="$FUZZ_DIR/corpus/$target"
        fresh="$FUZZ_DIR/corpus/$target.merged"
        rm -rf "$fresh" && mkdir -p "$fresh"
        # shellcheck disable=SC2046
        run "$OUT/bin/$target" $(common_flags "$target") -merge=1 "$fresh" "$corpus" "$FUZZ_DIR/seeds/$target"
        rm -rf "$corpus" && mv "$fresh" "$corpus"
        log "corpus: $(find "$corpus" -type f | wc -l) files, $(du -sh --apparent-size "$corpus" | cut -f1)"
        ;;
    *)
        target=$command
        seconds=${2:?usage: fuzz.sh TARGET SECONDS [libFuzzer flags...]}
        shift 2
        build_target "$target"
        corpus="${FUZZ_CORPUS_ROOT:-$FUZZ_DIR/corpus}/$target"
        crashes="${FUZZ_CRASHES_ROOT:-$FUZZ_DIR/crashes}/$target"
        seeds="$FUZZ_DIR/seeds/$target"
        mkdir -p "$corpus" "$crashes"
        extra=()
        if [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; then
            extra=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
        fi
        log "fuzzing $target for ${seconds}s (corpus $corpus, crashes $crashes)"
        # The first folder gets the new inputs; the seeds are only read.
        # shellcheck disable=SC2046
        # An input over 2 s is saved as crashes/TARGET/slow-unit-* (to time without
        # instrumentation: FUZZ_SANITIZE=none fuzz.sh repro TARGET FILE).
        run "$OUT/bin/$target" $(common_flags "$target") -max_total_time="$seconds" -print_final_stats=1 -report_slow_units=2 \
            -artifact_prefix="$crashes/" "${extra[@]}" "$@" "$corpus" "$seeds"
        ;;
esac
