/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: device, QP memory and states, posting, completion checks
 * (ev_dev.c).
 */
#ifndef EV_DEV_H
#define EV_DEV_H

#include "ev_verbs.h"

int ev_dev_open(struct ev_ctx *c);
int ev_dev_limits(struct ev_ctx *c);

uint64_t ev_progress_key(const struct ev_qp *q);
uint32_t ev_ring_slots(const struct ev_config *cfg);
uint32_t ev_slot_size(const struct ev_config *cfg);
int ev_qp_alloc(struct ev_qp *q, int server);
int ev_qp_create(struct ev_qp *q, int server);
int ev_qp_to_init(struct ev_qp *q);
int ev_qp_to_rts(struct ev_qp *q);
void ev_qp_destroy(struct ev_qp *q);

void ev_srq_destroy(struct ev_ctx *c);

int ev_post_recv(struct ev_qp *q, uint32_t idx);
const uint8_t *ev_recv_buf(const struct ev_qp *q, const struct ibv_wc *wc);
int ev_repost_recv(struct ev_qp *q, const struct ibv_wc *wc);
int ev_post_ctrl(struct ev_qp *q, enum ev_ctrl type, uint64_t value);
int ev_wc_check(struct ev_qp *q, const struct ibv_wc *wc);
void ev_abort_all(struct ev_ctx *c);

#endif /* EV_DEV_H */
