// SPDX-License-Identifier: GPL-2.0
/*
 * READ responses at a tracking QP's requester, placed as they arrive.
 *
 * Each response packet goes straight to its own offset in the READ's
 * local buffer, (PSN - first PSN) * MTU, and is marked in a reorder
 * bitmap of the device: a connection of the QP's own for its READs, in
 * the same emulated memory and under the same cap as its receive side's.
 * The READ completes, through rxe's completer, once every packet is in;
 * the fence around it (tx/eun_tx.c) keeps it the oldest WQE, so
 * completions stay in posted order.
 *
 * Missing packets are asked for again by a READ request for the range
 * from the first to the last missing one (core/eun_read.c says why one
 * range) when no new packet has come for the reorder window, or when
 * rxe's retransmit timer fires; never because packets came out of order.
 * The responder answers it from its READ resource as it answers any
 * duplicate READ: a stock responder does too.
 *
 * Everything here runs in the QP's send task but the bitmap's close on
 * the error path (eun_comp_read_close(), any context).
 */

#include "rxe.h"
#include "rxe_queue.h"
#include "eun/eun_bitmap.h"
#include "eun/eun_read.h"
#include "eun_rxe.h"
#include "eun_counters.h"
#include "eun_comp.h"
#include "eun_comp_read.h"
#include "eun_tx_loss.h"

/* SACK words read to find the last missing PSN: 1024 PSNs past the head. */
#define EUN_RD_SCAN_WORDS	16

static void eun_rd_count(struct rxe_qp *qp, enum eun_counter c)
{
	eun_counter_inc(eun_qp_rxe(qp), c);
}

/* Open the READ's bitmap connection at its first PSN. */
static void eun_comp_read_open(struct rxe_qp *qp)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_tx *tx = &qp->eun.tx;
	unsigned long flags;

	spin_lock_irqsave(&ed->lock, flags);
	if (tx->rd_open)
		eun_bm_close(&ed->bm, tx->rd_conn);
	/* An erred QP's memory went back to the device: it stays there. */
	tx->rd_open = qp_state(qp) != IB_QPS_ERR &&
		      !eun_bm_open(&ed->bm, tx->rd_conn, tx->rd.first_psn);
	spin_unlock_irqrestore(&ed->lock, flags);
}

/**
 * eun_comp_read_close() - give the READ bitmap's memory back
 * @qp: the tracking QP; any context
 */
void eun_comp_read_close(struct rxe_qp *qp)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_tx *tx = &qp->eun.tx;
	unsigned long flags;

	spin_lock_irqsave(&ed->lock, flags);
	if (tx->rd_open) {
		eun_bm_close(&ed->bm, tx->rd_conn);
		tx->rd_open = false;
	}
	spin_unlock_irqrestore(&ed->lock, flags);
}

/**
 * eun_comp_read_start() - a fenced stock-format request is about to go
 * @qp: the tracking QP, in its send task
 * @wqe: its WQE, still posted; the request takes PSN qp->req.psn
 *
 * A READ is tracked from here; any other operation is left to rxe. The
 * requester may admit the same request again after a stall (no room for
 * its skb): tracking then goes on unchanged.
 */
void eun_comp_read_start(struct rxe_qp *qp, struct rxe_send_wqe *wqe)
{
	struct eun_tx *tx = &qp->eun.tx;

	if (wqe->wr.opcode != IB_WR_RDMA_READ) {
		eun_rd_stop(&tx->rd);
		return;
	}
	if (tx->rd.active && tx->rd.first_psn == qp->req.psn)
		return;
	if (eun_rd_start(&tx->rd, qp->req.psn, wqe->dma.length, qp->mtu,
			 ktime_get_ns()))
		return;
	tx->rd_head = qp->req.psn;
	tx->rd_va = wqe->wr.wr.rdma.remote_addr;
	tx->rd_rkey = wqe->wr.wr.rdma.rkey;
	tx->rd_force = false;
	eun_comp_read_open(qp);
	eun_tx_loss_arm(qp, eun_rd_deadline(&tx->rd, tx->rd_head),
			ktime_get_ns());
}

static enum eun_rd_kind eun_comp_read_kind(u8 opcode)
{
	switch (opcode) {
	case IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST:
		return EUN_RD_FIRST;
	case IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE:
		return EUN_RD_MIDDLE;
	case IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST:
		return EUN_RD_LAST;
	default:
		return EUN_RD_ONLY;
	}
}

/* The tracked READ's WQE: the oldest, pending, as the tracker knows it. */
static struct rxe_send_wqe *eun_comp_read_wqe(struct rxe_qp *qp)
{
	const struct eun_rd *rd = &qp->eun.tx.rd;
	struct rxe_send_wqe *wqe;

	wqe = queue_head(qp->sq.queue, QUEUE_TYPE_FROM_CLIENT);
	if (!wqe || wqe->state != wqe_state_pending ||
	    wqe->wr.opcode != IB_WR_RDMA_READ ||
	    wqe->first_psn != rd->first_psn || wqe->last_psn != rd->last_psn)
		return NULL;
	return wqe;
}

/* Whether a response packet fits the tracked READ: its PSN, opcode, size. */
static int eun_comp_read_check(struct rxe_qp *qp, struct rxe_pkt_info *pkt)
{
	int err;

	err = eun_rd_check(&qp->eun.tx.rd, pkt->psn,
			   eun_comp_read_kind(pkt->opcode), payload_size(pkt),
			   qp->mtu);
	if (err)
		return err;
	if ((pkt->mask & RXE_AETH_MASK) &&
	    (aeth_syn(pkt) & AETH_TYPE_MASK) != AETH_ACK)
		return -EPROTO;
	return 0;
}

/*
 * Ask the bitmap about a response packet. Without a bitmap (the static
 * one did not fit, or the QP erred) only the next packet in order is
 * taken.
 */
static enum eun_bm_verdict eun_comp_read_track(struct rxe_qp *qp, u32 psn)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_tx *tx = &qp->eun.tx;
	struct eun_bm_result res = { .verdict = EUN_BM_NO_MEMORY };
	unsigned long flags;

	spin_lock_irqsave(&ed->lock, flags);
	if (tx->rd_open) {
		if (eun_bm_rx(&ed->bm, tx->rd_conn, tx->rd_head, psn, &res))
			res.verdict = EUN_BM_NO_MEMORY;
	} else if (psn == tx->rd_head) {
		res.verdict = EUN_BM_IN_ORDER;
		res.head = eun_psn_add(psn, 1);
	} else if (eun_psn_before(psn, tx->rd_head)) {
		res.verdict = EUN_BM_DUPLICATE;
	}
	if (res.verdict == EUN_BM_IN_ORDER)
		tx->rd_head = res.head;
	spin_unlock_irqrestore(&ed->lock, flags);
	return res.verdict;
}

/* Copy a response packet's payload to byte @offset of the READ's buffer. */
static int eun_comp_read_place(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			       struct rxe_pkt_info *pkt)
{
	struct rxe_dma_info *dma = &wqe->dma;
	struct rxe_dma_info saved = *dma;
	u32 index = eun_psn_dist(qp->eun.tx.rd.first_psn, pkt->psn);
	u32 len = payload_size(pkt);
	int err;

	if (!len)
		return 0;
	dma->resid = dma->length;
	dma->cur_sge = 0;
	dma->sge_offset = 0;
	err = advance_dma_data(dma, index * qp->mtu);
	if (!err)
		err = copy_data(qp->pd, IB_ACCESS_LOCAL_WRITE, dma,
				payload_addr(pkt), len, RXE_TO_MR_OBJ);
	dma->resid = saved.resid;
	dma->cur_sge = saved.cur_sge;
	dma->sge_offset = saved.sge_offset;
	return err;
}

/* Progress, as rxe's completer counts it: the QP's retries start again. */
static void eun_comp_read_progress(struct rxe_qp *qp)
{
	qp->comp.retry_cnt = qp->attr.retry_cnt;
	qp->comp.rnr_retry = qp->attr.rnr_retry;
	qp->comp.started_retry = 0;
}

/*
 * The whole READ is in: hand rxe's completer the ACK of its last PSN,
 * which completes the WQE as any ACK does.
 */
static void eun_comp_read_done(struct rxe_qp *qp, struct rxe_pkt_info *pkt)
{
	u32 last = qp->eun.tx.rd.last_psn;

	eun_comp_read_close(qp);
	eun_rd_stop(&qp->eun.tx.rd);
	eun_comp_as_stock_ack(pkt);
	aeth_set_syn(pkt, AETH_ACK_UNLIMITED);
	pkt->psn = last;
	qp->comp.psn = last;
	qp->comp.opcode = -1;
}

/*
 * The READ's buffer cannot take the data (its MR went): fail the WQE as
 * rxe does, from its completer's error state, which a packet out of
 * sequence at the expected PSN leads to.
 */
static void eun_comp_read_fail(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			       struct rxe_pkt_info *pkt)
{
	u32 keep = pkt->mask & (RXE_GRH_MASK | RXE_LOOPBACK_MASK);
	u8 opcode = IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE;

	eun_comp_read_close(qp);
	eun_rd_stop(&qp->eun.tx.rd);
	wqe->status = IB_WC_LOC_PROT_ERR;
	pkt->opcode = opcode;
	pkt->mask = rxe_opcode[opcode].mask | keep;
	pkt->psn = qp->comp.psn;
	qp->comp.opcode = -1;
}

/* A new packet of the READ: place it; complete the READ once all is in. */
static enum eun_ack_verdict eun_comp_read_new(struct rxe_qp *qp,
					      struct rxe_send_wqe *wqe,
					      struct rxe_pkt_info *pkt,
					      bool in_order)
{
	struct eun_tx *tx = &qp->eun.tx;
	u64 now = ktime_get_ns();

	if (eun_comp_read_place(qp, wqe, pkt)) {
		eun_comp_read_fail(qp, wqe, pkt);
		return EUN_ACK_STOCK;
	}
	eun_rd_count(qp, EUN_CNT_READ_PLACED);
	if (!in_order)
		eun_rd_count(qp, EUN_CNT_READ_OOO);
	eun_rd_arrival(&tx->rd, pkt->psn, true, now);
	eun_comp_read_progress(qp);
	if (eun_psn_after(tx->rd_head, tx->rd.last_psn)) {
		eun_comp_read_done(qp, pkt);
		return EUN_ACK_STOCK;
	}
	eun_tx_loss_arm(qp, eun_rd_deadline(&tx->rd, tx->rd_head), now);
	return EUN_ACK_CONSUMED;
}

/* A second copy of a response: it may prove a re-request spurious. */
static void eun_comp_read_copy(struct rxe_qp *qp, u32 psn)
{
	if (eun_rd_duplicate(&qp->eun.tx.rd, psn))
		eun_rd_count(qp, EUN_CNT_READ_REREQ_SPURIOUS);
}

/**
 * eun_comp_read() - a READ response packet reached the completer
 * @qp: the tracking QP, in its send task
 * @pkt: the packet
 *
 * Return: EUN_ACK_CONSUMED for a packet placed (or dropped and counted),
 * EUN_ACK_STOCK for rxe's own handling: the packet that completed the
 * READ, dressed as the ACK of its last PSN (or as what fails it), or any
 * READ response while no READ is tracked (rxe drops a stale one).
 */
enum eun_ack_verdict eun_comp_read(struct rxe_qp *qp, struct rxe_pkt_info *pkt)
{
	struct eun_tx *tx = &qp->eun.tx;
	struct rxe_send_wqe *wqe;
	enum eun_bm_verdict v;
	int err;

	if (!tx->rd.active) {
		eun_comp_read_copy(qp, pkt->psn);
		return EUN_ACK_STOCK;
	}
	wqe = eun_comp_read_wqe(qp);
	err = wqe ? eun_comp_read_check(qp, pkt) : -ENOENT;
	if (err == -ERANGE && eun_psn_before(pkt->psn, tx->rd.first_psn)) {
		eun_rd_count(qp, EUN_CNT_READ_DUP);
		eun_comp_read_copy(qp, pkt->psn);
		return EUN_ACK_CONSUMED;
	}
	if (err) {
		eun_rd_count(qp, EUN_CNT_READ_BAD);
		return EUN_ACK_CONSUMED;
	}

	v = eun_comp_read_track(qp, pkt->psn);
	switch (v) {
	case EUN_BM_IN_ORDER:
	case EUN_BM_OOO:
		return eun_comp_read_new(qp, wqe, pkt, v == EUN_BM_IN_ORDER);
	case EUN_BM_DUPLICATE:
		eun_rd_count(qp, EUN_CNT_READ_DUP);
		eun_rd_arrival(&tx->rd, pkt->psn, false, ktime_get_ns());
		eun_comp_read_copy(qp, pkt->psn);
		return EUN_ACK_CONSUMED;
	default:
		/* Beyond the cap or no memory: asked for again later. */
		eun_rd_count(qp, EUN_CNT_READ_DROP);
		eun_rd_arrival(&tx->rd, pkt->psn, false, ktime_get_ns());
		return EUN_ACK_CONSUMED;
	}
}

/* The last PSN a re-request asks for: the last one missing. */
static u32 eun_comp_read_range_end(struct rxe_qp *qp, u32 head)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_tx *tx = &qp->eun.tx;
	u64 words[EUN_RD_SCAN_WORDS];
	u32 nbits = EUN_RD_SCAN_WORDS * 64;
	unsigned long flags;
	u32 bm_head = head;
	int span = -ENOENT;

	spin_lock_irqsave(&ed->lock, flags);
	if (tx->rd_open)
		span = eun_bm_sack_words(&ed->bm, tx->rd_conn, &bm_head,
					 words, nbits);
	spin_unlock_irqrestore(&ed->lock, flags);
	if (span < 0 || bm_head != head)
		return tx->rd.last_psn;
	return eun_rd_range_end(&tx->rd, head, words, nbits, span);
}

/* Send the READ request for PSNs @first..@last of the tracked READ. */
static int eun_comp_read_send(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			      u32 first, u32 last)
{
	const u8 opcode = IB_OPCODE_RC_RDMA_READ_REQUEST;
	struct eun_tx *tx = &qp->eun.tx;
	u32 index = eun_psn_dist(tx->rd.first_psn, first);
	u64 offset = (u64)index * qp->mtu;
	u64 want = (u64)(eun_psn_dist(first, last) + 1) * qp->mtu;
	int paylen = rxe_opcode[opcode].length + RXE_ICRC_SIZE;
	struct rxe_pkt_info pkt = {};
	struct sk_buff *skb;

	pkt.rxe = eun_qp_rxe(qp);
	pkt.qp = qp;
	pkt.wqe = wqe;
	pkt.psn = first;
	pkt.opcode = opcode;
	pkt.mask = rxe_opcode[opcode].mask;
	skb = rxe_init_packet(pkt.rxe, &qp->pri_av, paylen, &pkt);
	if (!skb)
		return -ENOMEM;
	pkt.paylen = paylen;
	bth_init(&pkt, opcode, 0, 0, 0, IB_DEFAULT_PKEY_FULL,
		 qp->attr.dest_qp_num, 1, first);
	reth_set_va(&pkt, tx->rd_va + offset);
	reth_set_rkey(&pkt, tx->rd_rkey);
	reth_set_len(&pkt, min_t(u64, want, tx->rd.len - offset));
	if (rxe_prepare(&qp->pri_av, &pkt, skb)) {
		kfree_skb(skb);
		return -ENOMEM;
	}
	return rxe_xmit_packet(qp, &pkt, skb);
}

/**
 * eun_comp_read_resend() - re-request the tracked READ's missing packets
 *	if they count as lost
 * @qp: the tracking QP, in its send task, before the requester's new
 *	packets, while a fenced stock-format request is out
 *
 * Return: EUN_RESEND_SENT when a re-request went (or failed to: it is
 * tried again on the next quiet period or timeout), EUN_RESEND_NONE when
 * none is due, EUN_RESEND_BLOCKED when the QP has too many packets in the
 * network now.
 */
enum eun_resend_verdict eun_comp_read_resend(struct rxe_qp *qp)
{
	struct eun_tx *tx = &qp->eun.tx;
	struct rxe_send_wqe *wqe;
	u64 now = ktime_get_ns();
	u32 head = tx->rd_head;
	u32 last;

	if (!tx->rd.active ||
	    (!tx->rd_force && !eun_rd_due(&tx->rd, head, now)))
		return EUN_RESEND_NONE;
	wqe = eun_comp_read_wqe(qp);
	if (!wqe)
		return EUN_RESEND_NONE;
	if (atomic_read(&qp->skb_out) > RXE_INFLIGHT_SKBS_PER_QP_HIGH) {
		qp->need_req_skb = 1;
		return EUN_RESEND_BLOCKED;
	}
	last = eun_comp_read_range_end(qp, head);
	if (!eun_comp_read_send(qp, wqe, head, last))
		eun_rd_count(qp, tx->rd_force ? EUN_CNT_READ_REREQ_TIMEOUT :
						EUN_CNT_READ_REREQ);
	eun_rd_rerequested(&tx->rd, head, now);
	tx->rd_force = false;
	eun_tx_loss_arm(qp, eun_rd_deadline(&tx->rd, head), now);
	return EUN_RESEND_SENT;
}

/**
 * eun_comp_read_timeout() - rxe's retransmit timer fired (or a NAK asks
 *	for a retry) while a fenced stock-format request is out
 * @qp: the tracking QP, in its send task
 *
 * Return: true when the request is a tracked READ: its missing packets
 * are re-requested next (rxe has counted the retry); false to let rxe
 * rewind and send the request again.
 */
bool eun_comp_read_timeout(struct rxe_qp *qp)
{
	struct eun_tx *tx = &qp->eun.tx;

	if (!tx->rd.active)
		return false;
	tx->rd_force = true;
	return true;
}
