/* api_report.h — the API's endpoints after the battle (internal to
 * src/server, api_report.c): report, report.html, end, verify. api.c's
 * router hands them the requests its own table does not name. */
#ifndef GROG_API_REPORT_H
#define GROG_API_REPORT_H

#include <microhttpd.h>

#include "table.h"

/* The methods endpoint `name` takes (1 GET, 2 POST), 0 when it is not one of these. */
int api_report_methods(const char *name);
/* Answers it for seat number `seat`, under the table's game lock. */
enum MHD_Result api_report_answer(table *t, struct MHD_Connection *c, const char *name, int seat);

#endif
