#!/bin/sh
# Writes web/js/messages.js (on standard output) from the catalogues: for each
# po/LANG.po, the translated, not fuzzy messages that the web page uses (those
# whose location is under web/ or po/web-words.txt), keyed by the English text
# as i18n.js expects; a word with a message context (msgctxt) is keyed
# "CONTEXT\u0004word", as gettext keys it (i18n.js tw()). Plural messages
# (nt() in web/js) go to a second table, plurals: per language the catalogue's
# own Plural-Forms rule (its C expression, which is also JavaScript: only n,
# digits, operators and parentheses are let through) and each message's forms,
# keyed by its English singular (i18n.js nt()).
# Usage: scripts/po2js.sh po/fr.po po/ru.po > web/js/messages.js
set -eu
cat <<'HEAD'
// messages.js — the page's strings in other languages, keyed by the English text.
// GENERATED from po/*.po by scripts/po2js.sh (make update-po): do not edit. The texts
// are the page's t('...') and N_('...') strings, its data-i18n attributes, and the
// game's words it translates from ids (po/web-words.txt: add a word there). Their
// French and Russian are in the catalogues, shared with the command line. What the
// server writes (event texts, record labels) comes from the server, in the language
// the request asks for (Accept-Language), when it has a catalogue for it.
// One object per language; a text missing from a table shows in English.
export const catalogues = {
HEAD
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
for po in "$@"; do
    lang=$(basename "$po" .po)
    printf '  %s: {\n' "$lang"
    entries "$po" one
    printf '  },\n'
done
printf '};\n'
# The plural forms: each catalogue's rule and the forms of its plural messages.
printf '\n// The plural messages (nt()): the catalogue'"'"'s Plural-Forms rule, and the forms of\n'
printf '// each message keyed by its English singular, in the order the rule numbers them.\n'
printf 'export const plurals = {\n'
for po in "$@"; do
    lang=$(basename "$po" .po)
    rule=$(msgcat --no-wrap "$po" | sed -n 's/^"Plural-Forms:.*plural=\([^;]*\);.*/\1/p' | head -n 1)
    case $rule in
    '' | *[!n0-9\ \?:\(\)%\<\>=\!\&\|]*)
        echo "po2js.sh: $po: a Plural-Forms rule other than n, digits and operators: $rule" >&2
        exit 1 ;;
    esac
    printf '  %s: {\n    rule: (n) => Number(%s),\n    forms: {\n' "$lang" "$rule"
    entries "$po" plural
    printf '    },\n  },\n'
done
printf '};\n'
