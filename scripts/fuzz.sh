#!/bin/sh
# Builds each libFuzzer target with the library sources and runs it for a
# bounded time. Usage: scripts/fuzz.sh SECONDS tests/fuzz/fuzz_NAME.c ...
#
# Needs clang with libFuzzer (Debian: clang and libclang-rt-dev; not part of
# the base dependencies of scripts/deps.sh). Run as root, this script
# installs them when missing; otherwise it prints the command and skips.
#
# Each target starts from its saved corpus, tests/fuzz/corpus/NAME/ (NAME
# without "fuzz_"), copied into $FUZZ_BUILD/corpus-fuzz_NAME (default
# build-fuzz), where libFuzzer adds what it finds. The saved corpora are
# small and replayed by `make check` (tests/test_fuzz_corpus.c); to save an
# interesting input, copy it into tests/fuzz/corpus/NAME/. Exits 1 when a
# target finds a crash (libFuzzer leaves the input as crash-* in the build
# directory).
set -u
seconds=${1:-20}
shift || true
out=${FUZZ_BUILD:-build-fuzz}
cc=${FUZZ_CC:-clang}
debs="clang libclang-rt-dev"

mkdir -p "$out"
probe="$out/probe.c"
printf '#include <stdint.h>\n#include <stddef.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' >"$probe"
can_fuzz() {
    command -v "$cc" >/dev/null 2>&1 &&
        "$cc" -fsanitize=fuzzer,address "$probe" -o "$out/probe" >/dev/null 2>&1
}
if ! can_fuzz; then
    if [ "$(id -u)" -eq 0 ] && [ -z "${FUZZ_CC:-}" ]; then
        echo "fuzz: installing $debs" >&2
        DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
        # shellcheck disable=SC2086
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $debs >&2
    fi
    if ! can_fuzz; then
        echo "fuzz: $cc with libFuzzer is missing; install it with:"
        echo "    sudo apt-get update && sudo apt-get install -y $debs"
        echo "fuzz: skipped."
        exit 0
    fi
fi
if [ $# -eq 0 ]; then
    echo "fuzz: no targets given"
    exit 0
fi

# The embedded data, generated as the Makefile does.
cc -std=c11 -O1 tools/embed.c -o "$out/embed" || exit 1
"$out/embed" "$out/embedded.c" data data/*/*.json || exit 1

flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -std=c11 \
 -D_POSIX_C_SOURCE=200809L -DGROG_LOCALEDIR=\"/usr/share/locale\" -Iinclude -Isrc -Isrc/core -Isrc/io \
 $(pkg-config --cflags jansson sqlite3)"
libs="$(pkg-config --libs jansson sqlite3) -lcsv -lm"
# The library's sources: the Makefile passes its LIB_SRC; by hand, the same folders.
lib_src=${FUZZ_LIB_SRC:-$(ls src/core/*.c src/model/*.c src/rules/*/*.c src/game/*.c src/io/*.c \
    src/view/*.c 2>/dev/null)}

status=0
for target in "$@"; do
    name=$(basename "$target" .c)
    short=${name#fuzz_}
    bin="$out/$name"
    echo "== $name: building"
    # shellcheck disable=SC2086
    if ! "$cc" $flags "$target" $lib_src "$out/embedded.c" -o "$bin" $libs; then
        echo "fuzz: $name does not build"
        status=1
        continue
    fi
    corpus="$out/corpus-$name"
    mkdir -p "$corpus"
    if [ -d "tests/fuzz/corpus/$short" ]; then
        cp tests/fuzz/corpus/"$short"/* "$corpus/" 2>/dev/null
    fi
    if [ "$short" = scenario ]; then
        for seed in data/scenarios/*.json tests/data/*.json; do
            [ -f "$seed" ] && cp "$seed" "$corpus/" 2>/dev/null
        done
    fi
    dict=""
    [ -f "tests/fuzz/$short.dict" ] && dict="-dict=$(pwd)/tests/fuzz/$short.dict"
    echo "== $name: running for ${seconds}s"
    # shellcheck disable=SC2086
    if ! (cd "$out" && "./$name" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
            -print_final_stats=1 $dict "corpus-$name" 2>"$name.log"); then
        echo "fuzz: $name found a problem; see $out/$name.log and $out/crash-*"
        tail -40 "$out/$name.log"
        status=1
    else
        grep -E '^stat::number_of_executed_units|^Done' "$out/$name.log" | head -2
        echo "== $name: no crash"
    fi
done
exit $status
