#!/bin/sh
# man-options.sh — the man pages' lists of each command's options, from the commands'
# tables (src/cli: cli_opt; `grognard help --man` prints them in roff).
#
# Usage: scripts/man-options.sh BIN [--check]
#   Writes into man/grognard.1 (English), man/fr/grognard.1 and man/ru/grognard.1 (in
#   their languages) the lines between ".\" BEGIN OPTIONS" and ".\" END OPTIONS";
#   with --check writes nothing and exits 1 when a page is not what the tables say
#   (make check). make man runs it without --check.
bin=$1
mode=${2:-write}
status=0
for page in man/grognard.1 man/*/grognard.1; do
    lang=en
    case $page in man/*/grognard.1) lang=${page#man/}; lang=${lang%%/*} ;; esac
    if ! grep -q '^\.\\" BEGIN OPTIONS' "$page" || ! grep -q '^\.\\" END OPTIONS' "$page"; then
        echo "man-options: $page has no BEGIN OPTIONS / END OPTIONS lines" >&2
        status=1
        continue
    fi
    gen=$(mktemp) || exit 1
    LC_ALL=C.UTF-8 "$bin" help --man --lang "$lang" > "$gen" || { rm -f "$gen"; exit 1; }
    new=$(mktemp) || exit 1
    awk -v gen="$gen" '
        /^\.\\" BEGIN OPTIONS/ { print; while ((getline l < gen) > 0) print l; skip = 1; next }
        /^\.\\" END OPTIONS/ { skip = 0 }
        !skip { print }' "$page" > "$new"
    if [ "$mode" = --check ]; then
        if ! cmp -s "$new" "$page"; then
            echo "man-options: $page's option lists are not the commands' tables: make man" >&2
            status=1
        fi
        rm -f "$new"
    else
        mv "$new" "$page"
    fi
    rm -f "$gen"
done
exit $status
