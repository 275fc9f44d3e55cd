// SPDX-License-Identifier: GPL-2.0
/*
 * Placement of an ooo packet's payload, in any order: a WRITE packet goes
 * to the MR at the RETH's address plus its own offset, a SEND packet into
 * the receive WQE its message sequence number names, at its own offset.
 *
 * Nothing here keeps a cursor: every packet carries where it goes, which is
 * what lets the receiver place it the moment it arrives. The target is
 * checked before the reorder bitmap takes the packet (a refused packet
 * must stay unmarked, so that its retransmission is not taken for a
 * duplicate), and written after.
 */

#include "rxe.h"
#include "eun/eun_rx_check.h"
#include "eun_rx_place.h"

/**
 * eun_rx_place_rkey_mr() - resolve an rkey to an MR, as rxe's responder does
 * @qp: the responder's QP
 * @rkey: rkey of a WRITE, of an MR or an MW
 * @va: the WRITE's address; a zero-based MW's base is added to it
 *
 * Return: the MR with a reference, or NULL when @rkey allows no remote write.
 */
struct rxe_mr *eun_rx_place_rkey_mr(struct rxe_qp *qp, u32 rkey, u64 *va)
{
	struct rxe_mw *mw;
	struct rxe_mr *mr;

	if (!rkey_is_mw(rkey))
		return lookup_mr(qp->pd, IB_ACCESS_REMOTE_WRITE, rkey,
				 RXE_LOOKUP_REMOTE);

	mw = rxe_lookup_mw(qp, IB_ACCESS_REMOTE_WRITE, rkey);
	if (!mw)
		return NULL;
	mr = mw->mr;
	if (mr) {
		if (mw->access & IB_ZERO_BASED)
			*va += mw->addr;
		rxe_get(mr);
	}
	rxe_put(mw);
	return mr;
}

/**
 * eun_rx_place_in_mr() - whether an MR takes @len bytes at @va
 * @mr: the MR an rkey named
 * @va: first address
 * @len: bytes
 *
 * Return: true when [@va, @va + @len) lies in @mr (eun_rxc_range()).
 */
bool eun_rx_place_in_mr(const struct rxe_mr *mr, u64 va, u32 len)
{
	struct eun_rxc_mr m = {
		.kind = EUN_RXC_MR_NONE,
		.iova = mr->ibmr.iova,
		.length = mr->ibmr.length,
	};

	switch (mr->ibmr.type) {
	case IB_MR_TYPE_DMA:
		m.kind = EUN_RXC_MR_ANY;
		break;
	case IB_MR_TYPE_USER:
	case IB_MR_TYPE_MEM_REG:
		m.kind = EUN_RXC_MR_RANGE;
		break;
	default:
		break;
	}
	return eun_rxc_range(&m, va, len) == EUN_RXC_OK;
}

/**
 * eun_rx_place_write_target() - find and check where a WRITE packet goes
 * @qp: the responder's QP
 * @pkt: an EUN_WRITE packet
 * @p: parsed packet; @p->mr and @p->va are set on EUN_RXC_OK
 *
 * Return: EUN_RXC_OK, EUN_RXC_EMPTY (no bytes to place),
 * EUN_RXC_INVALID if the RETH disagrees with EUNH, or EUN_RXC_ACCESS for
 * an rkey, access right or range that does not allow the write.
 */
enum eun_rxc_verdict eun_rx_place_write_target(struct rxe_qp *qp,
					       struct rxe_pkt_info *pkt,
					       struct eun_rx_pkt *p)
{
	struct eun_rxc_write w = {
		.reth_va = reth_va(pkt),
		.reth_len = reth_len(pkt),
		.msg_len = p->eh.msg_len,
		.offset = p->eh.offset,
		.len = p->len,
		.remote_write = qp->attr.qp_access_flags &
				IB_ACCESS_REMOTE_WRITE,
	};
	enum eun_rxc_verdict v;
	u64 va;

	v = eun_rxc_write_target(&w, &va);
	if (v != EUN_RXC_OK)
		return v;
	p->mr = eun_rx_place_rkey_mr(qp, reth_rkey(pkt), &va);
	if (!p->mr)
		return EUN_RXC_ACCESS;
	if (!eun_rx_place_in_mr(p->mr, va, p->len)) {
		eun_rx_place_release(p);
		return EUN_RXC_ACCESS;
	}
	p->va = va;
	return EUN_RXC_OK;
}

/* SGEs a receive WQE of the QP may have: its SRQ's, if it has one. */
static u32 eun_rx_place_max_sge(struct rxe_qp *qp)
{
	return qp->srq ? qp->srq->rq.max_sge : qp->rq.max_sge;
}

/**
 * eun_rx_place_recv_target() - check a SEND packet against its receive WQE
 * @qp: the responder's QP
 * @p: parsed packet with @p->wqe set
 *
 * Return: EUN_RXC_OK, or EUN_RXC_INVALID for a message longer than the
 * WQE's buffers or a WQE with more SGEs than the QP allows.
 */
enum eun_rxc_verdict eun_rx_place_recv_target(struct rxe_qp *qp,
					      struct eun_rx_pkt *p)
{
	const struct rxe_dma_info *dma = &p->wqe->dma;

	return eun_rxc_recv_target(p->eh.msg_len, dma->length,
				   dma->num_sge, eun_rx_place_max_sge(qp));
}

/* Copy @len bytes to the receive WQE's buffers from byte @offset on. */
static int eun_rx_place_recv(struct rxe_qp *qp, struct rxe_recv_wqe *wqe,
			     u32 offset, const u8 *data, u32 len)
{
	u32 num_sge = min_t(u32, wqe->dma.num_sge, eun_rx_place_max_sge(qp));
	u32 i;

	for (i = 0; i < num_sge && len; i++) {
		const struct rxe_sge *sge = &wqe->dma.sge[i];
		struct rxe_mr *mr;
		u32 n, at;
		int err;

		n = eun_rxc_sge_take(sge->length, &offset, len, &at);
		if (!n)
			continue;
		mr = lookup_mr(qp->pd, IB_ACCESS_LOCAL_WRITE, sge->lkey,
			       RXE_LOOKUP_LOCAL);
		if (!mr)
			return -EFAULT;
		err = rxe_mr_copy(mr, sge->addr + at, (void *)data, n,
				  RXE_TO_MR_OBJ);
		rxe_put(mr);
		if (err)
			return err;
		data += n;
		len -= n;
	}
	return len ? -EMSGSIZE : 0;
}

/**
 * eun_rx_place_data() - write a packet's payload where it belongs
 * @qp: the responder's QP
 * @p: parsed packet whose target was checked
 *
 * Return: 0 or a negative error (the QP must then go to error).
 */
int eun_rx_place_data(struct rxe_qp *qp, struct eun_rx_pkt *p)
{
	if (!p->len)
		return 0;
	if (p->is_write)
		return rxe_mr_copy(p->mr, p->va, (void *)p->data, p->len,
				   RXE_TO_MR_OBJ);
	return eun_rx_place_recv(qp, p->wqe, p->eh.offset, p->data, p->len);
}

/**
 * eun_rx_place_release() - drop the references a checked target holds
 * @p: parsed packet
 */
void eun_rx_place_release(struct eun_rx_pkt *p)
{
	if (p->mr) {
		rxe_put(p->mr);
		p->mr = NULL;
	}
}
