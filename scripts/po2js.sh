#!/bin/sh
# Writes the web page's tables from the catalogues, into DIR (web/js): for each
# po/LANG.po a module messages-LANG.js, and messages.js, which imports them and
# exports { catalogues, plurals } keyed by language (what web/js/i18n.js imports).
# One file per language keeps each under the 800 lines a file may have. A
# language's table holds the translated, not fuzzy messages that the web page
# uses (those whose location is under web/ or po/web-words.txt), keyed by the
# English text as i18n.js expects; a word with a message context (msgctxt) is
# keyed "CONTEXT\u0004word", as gettext keys it (i18n.js tw()). Plural messages
# (nt() in web/js) go to a second table, plural: the catalogue's own
# Plural-Forms rule (its C expression, which is also JavaScript: only n, digits,
# operators and parentheses are let through) and each message's forms, keyed by
# its English singular (i18n.js nt()).
# Usage: scripts/po2js.sh [--check] DIR po/fr.po po/ru.po
#   writes DIR/messages.js and DIR/messages-LANG.js (make update-po);
#   --check writes nothing and exits 1 naming each file of DIR that is not what
#   the catalogues give, or a messages-*.js with no catalogue (make check-po).
set -eu
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
[ $# -ge 1 ] || { echo "usage: scripts/po2js.sh [--check] DIR PO..." >&2; exit 2; }
dir=$1
shift
entries() {
    msggrep --location='web/*' --location='web/*/*' --location='web/*/*/*' --location='po/web-words.txt' "$1" 2>/dev/null |
        msgattrib --translated --no-fuzzy --no-obsolete 2>/dev/null |
        msgcat --no-wrap --no-location --sort-output - 2>/dev/null |
        awk -v want="$2" '
            function flush() {
                if (id != "" && str != "" && !plural && want == "one")
                    printf "    \"%s%s\": \"%s\",\n", (ctx != "" ? ctx "\\u0004" : ""), id, str
                if (id != "" && plural && nforms > 0 && want == "plural") {
                    printf "      \"%s%s\": [", (ctx != "" ? ctx "\\u0004" : ""), id
                    for (k = 0; k < nforms; k++) printf "%s\"%s\"", (k ? ", " : ""), forms[k]
                    printf "],\n"
                }
                id = ""; str = ""; plural = 0; cur = ""; ctx = ""; nforms = 0
            }
            /^msgctxt "/      { flush(); cur = "ctx"; ctx = substr($0, 10, length($0) - 10); next }
            /^msgid "/        { if (cur != "ctx") flush(); cur = "id"; id = substr($0, 8, length($0) - 8); next }
            /^msgid_plural /  { plural = 1; cur = ""; next }
            /^msgstr "/       { cur = "str"; str = substr($0, 9, length($0) - 9); next }
            /^msgstr\[/       { cur = "form"; v = $0; sub(/^msgstr\[[0-9]+\] "/, "", v); sub(/"$/, "", v)
                                forms[nforms++] = v; next }
            /^"/              { v = substr($0, 2, length($0) - 2)
                                if (cur == "id") id = id v; else if (cur == "str") str = str v
                                else if (cur == "ctx") ctx = ctx v
                                else if (cur == "form") forms[nforms - 1] = forms[nforms - 1] v
                                next }
            /^$/              { flush() }
            END               { flush() }
        '
}
# The header every generated file starts with.
banner() {
    cat <<HEAD
// $1 — $2
// GENERATED from po/*.po by scripts/po2js.sh (make update-po): do not edit. The texts
// are the page's t('...') and N_('...') strings, its data-i18n attributes, and the
// game's words it translates from ids (po/web-words.txt: add a word there). Their
// French and Russian are in the catalogues, shared with the command line. What the
// server writes (event texts, record labels) comes from the server, in the language
// the request asks for (Accept-Language), when it has a catalogue for it.
HEAD
}

# messages-LANG.js of catalogue $1 (language $2), on standard output.
language() {
    rule=$(msgcat --no-wrap "$1" | sed -n 's/^"Plural-Forms:.*plural=\([^;]*\);.*/\1/p' | head -n 1)
    case $rule in
    '' | *[!n0-9\ \?:\(\)%\<\>=\!\&\|]*)
        echo "po2js.sh: $1: a Plural-Forms rule other than n, digits and operators: $rule" >&2
        return 1 ;;
    esac
    banner "messages-$2.js" "the page's strings in language $2, keyed by the English text."
    printf '// A text missing from the table shows in English.\n'
    printf 'export const catalogue = {\n'
    entries "$1" one | sed 's/^  //'
    printf '};\n'
    printf '\n// The plural messages (nt()): the catalogue'"'"'s Plural-Forms rule, and the forms of\n'
    printf '// each message keyed by its English singular, in the order the rule numbers them.\n'
    printf 'export const plural = {\n  rule: (n) => Number(%s),\n  forms: {\n' "$rule"
    entries "$1" plural | sed 's/^  //'
    printf '  },\n};\n'
}

# messages.js: the languages' tables by language code, on standard output.
index() {
    banner "messages.js" "the page's strings in other languages, keyed by the English text."
    printf '// One module per language (messages-LANG.js); this one gathers them by code.\n'
    for l in "$@"; do
        printf "import * as %s from './messages-%s.js';\n" "$(ident "$l")" "$l"
    done
    printf '\nexport const catalogues = {\n'
    for l in "$@"; do printf "  '%s': %s.catalogue,\n" "$l" "$(ident "$l")"; done
    printf '};\n\nexport const plurals = {\n'
    for l in "$@"; do printf "  '%s': %s.plural,\n" "$l" "$(ident "$l")"; done
    printf '};\n'
}

# A JavaScript name for language code $1 (pt_BR -> lang_pt_BR).
ident() {
    printf 'lang_%s' "$1" | tr -c 'A-Za-z0-9_\n' '_'
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
langs=
for po in "$@"; do
    lang=$(basename "$po" .po)
    case $lang in
    *[!A-Za-z0-9_@-]* | '') echo "po2js.sh: $po: not a language's catalogue" >&2; exit 1 ;;
    esac
    language "$po" "$lang" >"$tmp/messages-$lang.js"
    langs="$langs $lang"
done
# shellcheck disable=SC2086
index $langs >"$tmp/messages.js"

if [ "$check" -eq 0 ]; then
    mkdir -p "$dir"
    for f in "$dir"/messages-*.js; do
        [ -e "$f" ] && [ ! -e "$tmp/${f##*/}" ] && rm -f "$f"
    done
    for f in "$tmp"/*.js; do
        cmp -s "$f" "$dir/${f##*/}" 2>/dev/null || cp "$f" "$dir/${f##*/}"
    done
    exit 0
fi
bad=0
for f in "$tmp"/*.js; do
    if ! cmp -s "$f" "$dir/${f##*/}" 2>/dev/null; then
        echo "po2js.sh: $dir/${f##*/} is not what the catalogues give: make update-po" >&2
        bad=1
    fi
done
for f in "$dir"/messages-*.js; do
    if [ -e "$f" ] && [ ! -e "$tmp/${f##*/}" ]; then
        echo "po2js.sh: $f has no catalogue in po/: make update-po removes it" >&2
        bad=1
    fi
done
exit "$bad"
