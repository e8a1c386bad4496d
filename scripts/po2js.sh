#!/bin/sh
# Writes web/js/messages.js (on standard output) from the catalogues: for each
# po/LANG.po, the translated, not fuzzy messages that the web page uses (those
# whose location is under web/ or po/web-words.txt), keyed by the English text
# as i18n.js expects; a word with a message context (msgctxt) is keyed
# "CONTEXT\u0004word", as gettext keys it (i18n.js tw()).
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
for po in "$@"; do
    lang=$(basename "$po" .po)
    printf '  %s: {\n' "$lang"
    msggrep --location='web/*' --location='web/*/*' --location='web/*/*/*' --location='po/web-words.txt' "$po" 2>/dev/null |
        msgattrib --translated --no-fuzzy --no-obsolete 2>/dev/null |
        msgcat --no-wrap --no-location --sort-output - 2>/dev/null |
        awk '
            function flush() {
                if (id != "" && str != "" && !plural)
                    printf "    \"%s%s\": \"%s\",\n", (ctx != "" ? ctx "\\u0004" : ""), id, str
                id = ""; str = ""; plural = 0; cur = ""; ctx = ""
            }
            /^msgctxt "/      { flush(); cur = "ctx"; ctx = substr($0, 10, length($0) - 10); next }
            /^msgid "/        { if (cur != "ctx") flush(); cur = "id"; id = substr($0, 8, length($0) - 8); next }
            /^msgid_plural /  { plural = 1; cur = ""; next }
            /^msgstr "/       { cur = "str"; str = substr($0, 9, length($0) - 9); next }
            /^msgstr\[/       { cur = ""; next }
            /^"/              { v = substr($0, 2, length($0) - 2)
                                if (cur == "id") id = id v; else if (cur == "str") str = str v
                                else if (cur == "ctx") ctx = ctx v
                                next }
            /^$/              { flush() }
            END               { flush() }
        '
    printf '  },\n'
done
printf '};\n'
