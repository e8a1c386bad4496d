#!/bin/sh
# Checks that the files of a folder of src/ form no circle, read from the
# built objects: file A uses file B when A.o has an undefined symbol that
# B.o defines (nm). A circle (a strongly connected component of two files or
# more: A uses B ... uses A) fails, naming its files and, for each file, the
# names it takes from the others of the circle.
# Usage: scripts/check-cycles.sh BUILD [DIR...]   (DIR relative to src/, e.g.
# game; default: the folders listed below). Each folder is its own graph: a
# use across folders is the layering check's business (docs/hacking.md).
set -u
build=${1:-build}
[ $# -gt 0 ] && shift
if [ $# -eq 0 ]; then
    # The folders without a circle. Not checked yet, each with a circle of its
    # own today (add the folder here once it is gone): core (catalog.c,
    # error.c, i18n.c), model (battle.c, terrain.c), cli (cli.c and the
    # commands it dispatches to).
    set -- io rules/aigles rules/gdb rules/gt view game server
fi
status=0
for dir in "$@"; do
    # Only the objects of sources that exist (a file moved away leaves its
    # old object behind in the build directory).
    objs=$(for o in "$build/src/$dir"/*.o; do
        [ -f "src/$dir/$(basename "$o" .o).c" ] && echo "$o"
    done)
    if [ -z "$objs" ]; then
        echo "check-cycles: no objects in $build/src/$dir (build first)" >&2
        status=1
        continue
    fi
    # One line per use: "file symbol D" (defined) or "file symbol U" (used).
    for o in $objs; do
        f=$(basename "$o" .o).c
        nm -g --defined-only "$o" | awk -v f="$f" 'NF >= 3 { print f, $3, "D" }'
        nm -u "$o" | awk -v f="$f" '{ print f, $NF, "U" }'
    done | awk -v dir="src/$dir" '
        $3 == "D" { def[$2] = $1; next }
        { use[++nu] = $1 " " $2 }
        END {
            n = 0
            for (i = 1; i <= nu; i++) {
                split(use[i], p, " ")
                to = def[p[2]]
                if (to == "" || to == p[1])
                    continue
                if (!((p[1]) in id)) { id[p[1]] = ++n; name[n] = p[1] }
                if (!(to in id)) { id[to] = ++n; name[n] = to }
                a = id[p[1]]; b = id[to]
                r[a, b] = 1
                if (!((a, b) in why))
                    why[a, b] = p[2]
                else if (index(" " why[a, b] " ", " " p[2] " ") == 0)
                    why[a, b] = why[a, b] " " p[2]
            }
            # Reachability (Floyd-Warshall): a folder has tens of files.
            for (k = 1; k <= n; k++)
                for (i = 1; i <= n; i++)
                    if ((i, k) in r)
                        for (j = 1; j <= n; j++)
                            if ((k, j) in r)
                                r[i, j] = 1
            bad = 0
            for (i = 1; i <= n; i++) {
                if (done[i])
                    continue
                members = name[i]; m = 1; done[i] = 1; list[1] = i
                for (j = i + 1; j <= n; j++)
                    if (!done[j] && ((i, j) in r) && ((j, i) in r)) {
                        done[j] = 1; members = members " " name[j]; list[++m] = j
                    }
                if (m < 2)
                    continue
                bad = 1
                printf "check-cycles: %s: a circle of %d files: %s\n", dir, m, members
                for (x = 1; x <= m; x++)
                    for (y = 1; y <= m; y++)
                        if ((list[x], list[y]) in why)
                            printf "  %s uses %s: %s\n", name[list[x]], name[list[y]], why[list[x], list[y]]
            }
            exit bad
        }' >&2 || status=1
done
[ $status -eq 0 ] && echo "check-cycles: no circle of files in src/{$(echo "$@" | tr ' ' ',')}"
exit $status
