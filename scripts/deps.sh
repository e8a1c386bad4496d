#!/bin/sh
# Installs the Debian packages grognard needs to build, test and run.
# Usage: scripts/deps.sh [--check] [--tests]
#   --check   only report: exit 0 when everything is present, 1 otherwise.
#   --tests   also what `make check` needs beyond the build: the browser tests'
#             chromium, node and npm (Debian's nodejs and npm, unless a node and
#             npm are on PATH already).
# Run as root it installs what is missing with apt-get (after apt-get update);
# otherwise it prints the exact command to run and exits 1.
set -eu

# pkg-config name -> Debian package providing it.
PKGS="jansson:libjansson-dev sqlite3:libsqlite3-dev cmocka:libcmocka-dev libedit:libedit-dev
libmicrohttpd:libmicrohttpd-dev libqrencode:libqrencode-dev libcurl:libcurl4-openssl-dev
zlib:zlib1g-dev nettle:nettle-dev gmp:libgmp-dev cairo:libcairo2-dev"
# Libraries without a pkg-config file: a header -> Debian package providing it.
HEADERS="csv.h:libcsv-dev"
# Commands the build uses, and their packages.
TOOLS="pkg-config:pkgconf cc:gcc make:make msgfmt:gettext rsvg-convert:librsvg2-bin"
check=""
for arg in "$@"; do
    case $arg in
        --check) check=1 ;;
        --tests) TOOLS="$TOOLS chromium:chromium node:nodejs npm:npm pdftotext:poppler-utils zbarimg:zbar-tools" ;;
    esac
done

missing=""
for pair in $TOOLS; do
    cmd=${pair%%:*}; deb=${pair#*:}
    command -v "$cmd" >/dev/null 2>&1 || missing="$missing $deb"
done
for pair in $PKGS; do
    pc=${pair%%:*}; deb=${pair#*:}
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "$pc"; then
        missing="$missing $deb"
    fi
done
for pair in $HEADERS; do
    h=${pair%%:*}; deb=${pair#*:}
    [ -f "/usr/include/$h" ] || [ -f "/usr/local/include/$h" ] || missing="$missing $deb"
done

if [ -z "$missing" ]; then
    exit 0
fi
if [ -n "$check" ]; then
    echo "grognard: missing Debian packages:$missing" >&2
    exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "grognard: missing Debian packages:$missing" >&2
    echo "grognard: install them with:" >&2
    echo "    sudo apt-get update && sudo apt-get install -y$missing" >&2
    exit 1
fi
echo "grognard: installing Debian packages:$missing" >&2
DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing >&2
