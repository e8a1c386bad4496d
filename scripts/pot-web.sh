#!/bin/sh
# Adds the web page's messages to a PO template: the texts given
# to t(), nt() (plural) and N_() in web/js/*.js (xgettext's JavaScript reader) and the
# data-i18n / data-i18n-label attributes of web/*.html, and the game's words
# the page translates from ids (po/web-words.txt, one per line; a line
# CONTEXT|word is the word with that message context, as NC_() in src/).
# Usage: scripts/pot-web.sh OUT.pot   (OUT.pot holds the C sources' template;
# the page's messages are joined into it)
set -eu
out=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# messages.js and messages-LANG.js are written from the catalogues (po2js.sh).
js=$(find web -name '*.js' ! -name messages.js ! -name 'messages-*.js' 2>/dev/null | sort)
html=$(find web -name '*.html' 2>/dev/null | sort)
: >"$tmp/html.pot"
if [ -n "$html" ]; then
    {
        printf 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        for f in $html; do
            grep -n -o 'data-i18n\(-label\)\?="[^"]*"' "$f" |
                sed -e 's/^\([0-9]*\):data-i18n\(-label\)\?="\(.*\)"$/\1 \3/' |
                while read -r line text; do
                    esc=$(printf '%s' "$text" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')
                    printf '#: %s:%s\nmsgid "%s"\nmsgstr ""\n\n' "$f" "$line" "$esc"
                done
        done
    } >"$tmp/html.po"
    msguniq "$tmp/html.po" -o "$tmp/html.pot"
fi
: >"$tmp/words.pot"
if [ -f po/web-words.txt ]; then
    {
        printf 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        grep -n -v '^#' po/web-words.txt | grep -v '^[0-9]*:$' |
            while IFS=: read -r line text; do
                esc=$(printf '%s' "$text" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')
                case $esc in
                *'|'*) # CONTEXT|word: a choice's word, with its message context
                    printf '#: po/web-words.txt:%s\nmsgctxt "%s"\nmsgid "%s"\nmsgstr ""\n\n' \
                        "$line" "${esc%%|*}" "${esc#*|}" ;;
                *) printf '#: po/web-words.txt:%s\nmsgid "%s"\nmsgstr ""\n\n' "$line" "$esc" ;;
                esac
            done
    } >"$tmp/words.po"
    msguniq "$tmp/words.po" -o "$tmp/words.pot"
fi
# Joined into OUT (-j), so that a text shared with the C sources keeps every
# location (po2js.sh picks the page's texts by location).
if [ -n "$js" ]; then
    # shellcheck disable=SC2086
    xgettext -j --language=JavaScript --from-code=UTF-8 --keyword=t --keyword=N_ --keyword=nt:1,2 \
        --add-comments=TRANSLATORS: --sort-by-file -o "$out" $js
fi
for f in "$tmp/html.pot" "$tmp/words.pot"; do
    [ -s "$f" ] && xgettext -j --from-code=UTF-8 --sort-by-file -o "$out" "$f"
done
exit 0
