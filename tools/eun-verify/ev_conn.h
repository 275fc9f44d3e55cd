/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: connection set-up over rdma_cm or TCP (ev_conn.c).
 */
#ifndef EV_CONN_H
#define EV_CONN_H

#include "ev_verbs.h"

int ev_server_connect(struct ev_ctx *c);
int ev_client_connect(struct ev_ctx *c);
void ev_disconnect(struct ev_ctx *c, int server);
struct ev_qp *ev_qp_of_cm_id(struct ev_ctx *c, const struct rdma_cm_id *id);

#endif /* EV_CONN_H */
