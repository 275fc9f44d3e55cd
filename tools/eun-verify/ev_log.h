/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: clock and messages of a run (ev_log.c).
 */
#ifndef EV_LOG_H
#define EV_LOG_H

#include "ev_verbs.h"

uint64_t ev_now_ns(void);
double ev_unix_now(void);
__printf(3, 4)
void ev_fail(struct ev_ctx *c, int code, const char *fmt, ...);
__printf(2, 3)
void ev_info(struct ev_ctx *c, const char *fmt, ...);
int ev_failed(const struct ev_ctx *c);

#endif /* EV_LOG_H */
