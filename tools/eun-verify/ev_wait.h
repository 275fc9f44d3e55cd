/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: --block, sleeping on completion events instead of spinning.
 */
#ifndef EV_WAIT_H
#define EV_WAIT_H

#include "ev_verbs.h"

int ev_wait_channel(struct ev_ctx *c);
void ev_wait_destroy(struct ev_ctx *c);
int ev_wait_idle(struct ev_ctx *c, int work);

#endif /* EV_WAIT_H */
