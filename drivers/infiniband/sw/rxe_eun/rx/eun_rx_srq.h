/* SPDX-License-Identifier: GPL-2.0 */
/* Receive WQEs of a tracking QP on a shared receive queue (eun_rx_srq.c). */
#ifndef EUN_RX_SRQ_H
#define EUN_RX_SRQ_H

#include <linux/types.h>

struct rxe_qp;
struct rxe_recv_wqe;

u32 eun_rx_srq_cap(struct rxe_qp *qp);
int eun_rx_srq_init(struct rxe_qp *qp, u32 cap);
void eun_rx_srq_destroy(struct rxe_qp *qp);
struct rxe_recv_wqe *eun_rx_srq_wqe(struct rxe_qp *qp, u32 seq);
struct rxe_recv_wqe *eun_rx_srq_head(struct rxe_qp *qp, u32 seq);
void eun_rx_srq_done(struct rxe_qp *qp, u32 seq);
void eun_rx_srq_flush(struct rxe_qp *qp, bool notify);

#endif /* EUN_RX_SRQ_H */
