/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ordering layer's glue to rxe, by direction: QP life (eun_qp.c),
 * receive (eun_rx.c, eun_place.c, eun_ackgen.c), send (eun_tx.c) and
 * completion of sends (eun_comp.c). eun_hooks.c dispatches to these on the
 * QP's mode. Needs rxe's types: include after rxe.h.
 */
#ifndef EUN_QP_H
#define EUN_QP_H

#include "eun/eun_wire.h"
#include "eun_hooks.h"

/* The QP runs selective repeat over a reorder bitmap (static or HD). */
static inline bool eun_qp_tracks(const struct rxe_qp *qp)
{
	return qp->eun.mode != EUN_QP_GO_BACK_N;
}

/* The WQE is an RDMA WRITE, with or without immediate. */
static inline bool eun_wqe_is_write(const struct rxe_send_wqe *wqe)
{
	return wqe->wr.opcode == IB_WR_RDMA_WRITE ||
	       wqe->wr.opcode == IB_WR_RDMA_WRITE_WITH_IMM;
}

static inline struct eun_dev *eun_qp_dev(struct rxe_qp *qp)
{
	return &to_rdev(qp->ibqp.device)->eun;
}

/* eun_opcode.c */
int eun_opcodes_install(void);
bool eun_op_is_ooo_request(u8 opcode);

/* eun_rx.c */
enum eun_psn_verdict eun_rx_request(struct rxe_qp *qp,
				    struct rxe_pkt_info *pkt);

/* eun_ackgen.c */
void eun_ackgen_send(struct rxe_qp *qp, enum eun_ack_kind kind,
		     enum eun_nack_reason reason, u32 nack_psn);

/* eun_tx.c */
bool eun_tx_owns(struct rxe_qp *qp, struct rxe_send_wqe *wqe);
bool eun_tx_must_wait(struct rxe_qp *qp, struct rxe_send_wqe *wqe);
int eun_tx_send(struct rxe_qp *qp, struct rxe_av *av,
		struct rxe_send_wqe *wqe, struct rxe_pkt_info *pkt,
		u32 payload);
int eun_tx_resend(struct rxe_qp *qp);
bool eun_tx_timeout(struct rxe_qp *qp);

/* eun_comp.c */
enum eun_ack_verdict eun_comp_ack(struct rxe_qp *qp,
				  struct rxe_pkt_info *pkt);
void eun_comp_detect_loss(struct rxe_qp *qp, u64 now);

/* eun_wsync.c */
struct eun_rx_pkt;
int eun_wsync_rx_hold(struct rxe_qp *qp, u32 psn, const struct eun_rx_pkt *p);
void eun_wsync_rx_cancel(struct rxe_qp *qp, int slot);
int eun_wsync_rx_place_ready(struct rxe_qp *qp);
void eun_wsync_qp_drop(struct rxe_qp *qp);
bool eun_wsync_tx_delay(struct rxe_qp *qp, struct rxe_send_wqe *wqe);
bool eun_wsync_tx_ack_req(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			  u32 psn, u32 last_psn);

#endif /* EUN_QP_H */
