#!/bin/sh
# Checks the translation catalogues against a template.
# Usage: scripts/check-po.sh TEMPLATE.pot CATALOGUE.po...
# Fails (exit 1) when a catalogue does not compile under msgfmt --check -c
# (format directives, plural forms, header), when a message of the template
# has no translation in it or only a fuzzy one, and names each such message.
set -u
pot=$1
shift
status=0
if [ $# -eq 0 ]; then
    echo "check-po: no catalogue in po/" >&2
    exit 1
fi
for po in "$@"; do
    lang=$(basename "$po" .po)
    if ! stats=$(msgfmt --check -c --statistics -o /dev/null "$po" 2>&1); then
        echo "$stats" >&2
        echo "check-po: $po: msgfmt --check failed" >&2
        status=1
        continue
    fi
    # msgcmp counts an untranslated or fuzzy entry as missing.
    if ! out=$(msgcmp "$po" "$pot" 2>&1); then
        missing=$(printf '%s\n' "$out" | grep -v 'warning:' | grep -c ': this message' || true)
        printf '%s\n' "$out" | grep -v 'warning:' | grep ': this message' | head -10 >&2
        echo "check-po: $po: $missing message(s) of the sources untranslated, fuzzy or missing" \
             "in $lang (make update-po, then translate them)" >&2
        status=1
        continue
    fi
    echo "  PO      $po: $stats"
done
exit $status
