/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: the server's slot ring (ev_slots.c).
 */
#ifndef EV_SLOTS_H
#define EV_SLOTS_H

#include "ev_verbs.h"

uint8_t *ev_slot(struct ev_qp *q, uint64_t m);
void ev_server_prepare_msg(struct ev_qp *q, uint64_t m);
int ev_server_prepare(struct ev_qp *q);

#endif /* EV_SLOTS_H */
