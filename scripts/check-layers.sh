#!/bin/sh
# check-layers.sh — the layers hold: no file includes a header of a higher layer, and
# no library file includes the umbrella grognard/grognard.h (part of make check); and
# no file of src/ or web/ is over 800 lines (style: a new file is cheaper than a
# longer one; web/js/messages-LANG.js, generated, is counted too).
#
#   core < model < io < rules < game < view < server < cli
#
# A file's layer is its folder under src/ (src/rules/*/ is rules); a public header
# include/grognard/NAME.h has the layer of the module that implements it (the table in
# public_layer below: a new public header gets a line there). Every #include "..." of
# src/ and include/grognard/ is resolved the way the compiler does (the including
# file's folder, then -Iinclude -Isrc -Isrc/core -Isrc/io) and compared. The umbrella
# is for programs that embed the library: only src/cli/ (and tests, benchmarks, tools,
# which are not checked) may include it. docs/hacking.md draws the picture.
#
# Usage: scripts/check-layers.sh   (from the top of the tree). Exits 1 naming each
# offending line, 0 when the layers hold.

rank() {
    case $1 in
        core) echo 0 ;; model) echo 1 ;; io) echo 2 ;; rules) echo 3 ;;
        game) echo 4 ;; view) echo 5 ;; server) echo 6 ;; cli) echo 7 ;;
        *) echo 99 ;;
    esac
}

# The layer of include/grognard/NAME.h: where NAME's functions are defined.
public_layer() {
    case $1 in
        error | text | rng | dice | dist | dice_expr | bigdist | measure | tape | geom | explain | jsonout | version) echo core ;;
        battle) echo model ;;
        data | scenario | roster) echo io ;;
        aigles | aigles_formation | aigles_phase | gdb | gt) echo rules ;;
        game | commitment | plan) echo game ;;
        view | map | brief | report | print) echo view ;;
        server | club) echo server ;;
        grognard) echo umbrella ;;
        *) echo unknown ;;
    esac
}

layer_of() {
    case $1 in
        include/grognard/*.h) n=${1#include/grognard/}; public_layer "${n%.h}" ;;
        src/rules/*) echo rules ;;
        src/*/*) n=${1#src/}; echo "${n%%/*}" ;;
        *) echo unknown ;;
    esac
}

# The file an #include "$2" of file $1 names, as the compiler finds it.
resolve() {
    for d in "$(dirname "$1")" include src src/core src/io; do
        if [ -f "$d/$2" ]; then
            echo "$d/$2" | sed 's#^\./##'
            return
        fi
    done
}

bad=0
files=$(find src include/grognard -name '*.[ch]' | sort)
for f in $files; do
    fl=$(layer_of "$f")
    if [ "$fl" = unknown ]; then
        echo "check-layers: $f: no layer (a public header needs a line in public_layer in $0)" >&2
        bad=1
        continue
    fi
    [ "$fl" = umbrella ] && continue
    fr=$(rank "$fl")
    grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
        sed 's/^\([0-9]*\):[^"]*"\([^"]*\)".*/\1 \2/' > "${TMPDIR:-/tmp}/check-layers.$$"
    while read -r line inc; do
        target=$(resolve "$f" "$inc")
        [ -n "$target" ] || continue   # generated (build/gen) or not ours: not a layer
        tl=$(layer_of "$target")
        if [ "$tl" = umbrella ]; then
            if [ "$fl" != cli ]; then
                echo "$f:$line: includes the umbrella $inc: a library file includes the headers it uses" >&2
                bad=1
            fi
            continue
        fi
        if [ "$tl" = unknown ]; then
            echo "$f:$line: $inc has no layer (a public header needs a line in public_layer in $0)" >&2
            bad=1
            continue
        fi
        if [ "$(rank "$tl")" -gt "$fr" ]; then
            echo "$f:$line: $fl includes $inc, of the higher layer $tl" >&2
            bad=1
        fi
    done < "${TMPDIR:-/tmp}/check-layers.$$"
done
rm -f "${TMPDIR:-/tmp}/check-layers.$$"
# No file of src/ or web/ over MAX_LINES lines (wc -l: its newlines).
MAX_LINES=800
long=$(find src web -type f ! -name '.*' -exec wc -l {} + | awk -v max="$MAX_LINES" \
    '$2 != "total" && $1 > max { print $2 ": " $1 " lines, over " max ": split it (a new file is cheaper than a longer one)" }')
if [ -n "$long" ]; then
    echo "$long" >&2
    echo "check-layers: no file of src/ or web/ over $MAX_LINES lines (docs/hacking.md)" >&2
    [ "$bad" -ne 0 ] || exit 1
fi
if [ "$bad" -ne 0 ]; then
    echo "check-layers: core < model < io < rules < game < view < server < cli (docs/hacking.md)" >&2
    exit 1
fi
echo "check-layers: the layers hold, no file of src/ or web/ over $MAX_LINES lines"
