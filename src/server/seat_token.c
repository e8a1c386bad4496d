/* seat_token.c — a side's token read (or made) outside a running server,
 * for the links printed on its roster (server.h, grog_server_side_token).
 * The same key as table.c's seats ("side:ID") and the same store
 * (tokens.h), so a roster printed before or while the game is served
 * carries the link serve gives that side. */
#include <stdio.h>
#include <string.h>

#include "grognard/server.h"
#include "i18n.h"
#include "tokens.h"

grog_status grog_server_side_token(const char *path, const char *side, char out[33],
                                   grog_error *err)
{
    char key[96];
    if (side == NULL || snprintf(key, sizeof key, "side:%s", side) >= (int)sizeof key)
        return grog_error_set(err, GROG_EINVAL, "%s", _("no such side"));
    const char *keys[1] = {key};
    token_text t;
    grog_status st = tokens_load(path, 0, 1, keys, &t, err);
    if (st == GROG_OK)
        memcpy(out, t, TOKEN_HEX + 1);
    return st;
}
