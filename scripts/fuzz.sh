#!/bin/sh
# Builds each libFuzzer target with the library sources and runs it for a
# bounded time. Usage: scripts/fuzz.sh SECONDS tests/fuzz/fuzz_NAME.c ...
# Each target gets a corpus seeded from the bundled scenarios and test data
# (in $FUZZ_BUILD, default build-fuzz). Exits 1 when a target finds a crash
# (libFuzzer leaves the input as crash-* in the build directory); exits 0
# with a message when clang or libFuzzer is not available.
set -u
seconds=${1:-20}
shift || true
out=${FUZZ_BUILD:-build-fuzz}
cc=${FUZZ_CC:-clang}

if ! command -v "$cc" >/dev/null 2>&1; then
    echo "fuzz: $cc not found; install clang (apt-get install clang) to fuzz. Skipped."
    exit 0
fi
mkdir -p "$out"
probe="$out/probe.c"
printf '#include <stdint.h>\n#include <stddef.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' >"$probe"
if ! "$cc" -fsanitize=fuzzer,address "$probe" -o "$out/probe" >/dev/null 2>&1; then
    echo "fuzz: $cc cannot link with -fsanitize=fuzzer (libFuzzer missing). Skipped."
    exit 0
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
libs="$(pkg-config --libs jansson sqlite3) -lm"
lib_src=$(ls src/core/*.c src/model/*.c src/rules/*/*.c src/game/*.c src/io/*.c 2>/dev/null)

status=0
for target in "$@"; do
    name=$(basename "$target" .c)
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
    for seed in data/scenarios/*.json tests/data/*.json; do
        [ -f "$seed" ] && cp "$seed" "$corpus/" 2>/dev/null
    done
    echo "== $name: running for ${seconds}s"
    if ! (cd "$out" && "./$name" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
            -print_final_stats=1 "corpus-$name" 2>"$name.log"); then
        echo "fuzz: $name found a problem; see $out/$name.log and $out/crash-*"
        tail -40 "$out/$name.log"
        status=1
    else
        grep -E '^stat::number_of_executed_units|^Done' "$out/$name.log" | head -2
        echo "== $name: no crash"
    fi
done
exit $status
