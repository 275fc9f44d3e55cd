/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: the client (requester) loop (ev_client.c).
 */
#ifndef EV_CLIENT_H
#define EV_CLIENT_H

#include "ev_verbs.h"

int ev_client_run(struct ev_ctx *c);

#endif /* EV_CLIENT_H */
