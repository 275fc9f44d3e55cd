/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: the server (responder) loop (ev_server.c).
 */
#ifndef EV_SERVER_H
#define EV_SERVER_H

#include "ev_verbs.h"

int ev_server_run(struct ev_ctx *c);

#endif /* EV_SERVER_H */
