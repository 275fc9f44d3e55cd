/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The glue's view of rxe's objects: the accessors every glue file shares.
 * Needs rxe's types: include after rxe.h.
 */
#ifndef EUN_RXE_H
#define EUN_RXE_H

/* The QP runs selective repeat over a reorder bitmap (static or HD). */
static inline bool eun_qp_tracks(const struct rxe_qp *qp)
{
	return qp->eun.mode != EUN_QP_GO_BACK_N;
}

static inline struct rxe_dev *eun_qp_rxe(struct rxe_qp *qp)
{
	return to_rdev(qp->ibqp.device);
}

static inline struct eun_dev *eun_qp_dev(struct rxe_qp *qp)
{
	return &eun_qp_rxe(qp)->eun;
}

/* The WQE is an RDMA WRITE, with or without immediate. */
static inline bool eun_wqe_is_write(const struct rxe_send_wqe *wqe)
{
	return wqe->wr.opcode == IB_WR_RDMA_WRITE ||
	       wqe->wr.opcode == IB_WR_RDMA_WRITE_WITH_IMM;
}

#endif /* EUN_RXE_H */
