// SPDX-License-Identifier: GPL-2.0
/*
 * Send side of a tracking QP: the requester's packets of WRITE, WRITE with
 * immediate, SEND and SEND with immediate go out as EUN_WRITE / EUN_SEND,
 * each carrying where it belongs (RETH and EUNH), and every PSN is entered
 * in the scoreboard. Holes the scoreboard reports lost are resent one
 * packet at a time, rebuilt from the WQE at the packet's own offset: there
 * is no go-back-N.
 *
 * Other operations (READ, atomics, ATOMIC WRITE, FLUSH) keep rxe's own
 * format and path. FLUSH is fenced: one starts only when nothing is in
 * flight, and nothing follows it until it is acknowledged. READs and
 * atomics (ATOMIC WRITE among them) may follow each other, and WRITE and
 * SEND packets still out (their holes are resent meanwhile: the
 * scoreboard stays open); the responder executes such a request once
 * every earlier PSN is in. Their responses are placed as they arrive
 * (comp/eun_comp_read.c, which this file asks whether a READ may go and
 * for re-requests). With after_read=go, to a peer known to track, WRITE
 * and SEND packets follow tracked READs and atomics without waiting for
 * their responses: the request's PSNs go into the scoreboard between the
 * packets (eun_sb_skip()), and the responder takes them as come once it
 * executes the request. Otherwise a stock-format request fences what
 * follows.
 *
 * Loss detection and the RACK timer are eun_tx_loss.c's; write_sync=sender
 * is eun_tx_wsync.c's. Everything here runs in the QP's send task, as the
 * completer does, and only for tracking QPs (eun_hooks.c dispatches).
 */

#include "rxe.h"
#include "rxe_queue.h"
#include "eun/eun_backoff.h"
#include "eun/eun_scoreboard.h"
#include "eun/eun_wire.h"
#include "eun_rxe.h"
#include "eun_counters.h"
#include "eun_comp_read.h"
#include "eun_tx.h"
#include "eun_tx_loss.h"
#include "eun_trace.h"
#include "eun_tx_path.h"
#include "eun_tx_wsync.h"

static bool eun_tx_has_imm(const struct rxe_send_wqe *wqe)
{
	return wqe->wr.opcode == IB_WR_RDMA_WRITE_WITH_IMM ||
	       wqe->wr.opcode == IB_WR_SEND_WITH_IMM;
}

/* The message completes into a receive WQE of the peer. */
static bool eun_tx_uses_recv_wqe(const struct rxe_send_wqe *wqe)
{
	return wqe->wr.opcode != IB_WR_RDMA_WRITE;
}

/**
 * eun_tx_owns() - whether a tracking QP sends a WQE in the ooo format
 * @wqe: a send WQE
 *
 * Return: true for WRITE, WRITE with immediate, SEND, SEND with immediate
 * and SEND with invalidate; the other operations keep rxe's format.
 */
bool eun_tx_owns(const struct rxe_send_wqe *wqe)
{
	switch (wqe->wr.opcode) {
	case IB_WR_RDMA_WRITE:
	case IB_WR_RDMA_WRITE_WITH_IMM:
	case IB_WR_SEND:
	case IB_WR_SEND_WITH_IMM:
	case IB_WR_SEND_WITH_INV:
		return true;
	default:
		return false;
	}
}

/*
 * With after_read=go, a READ or atomic the tracker took, to a peer that
 * tracks, enters the scoreboard at its PSNs: WRITE and SEND packets may
 * follow it at once. Not behind a fenced request, and not when the
 * scoreboard is at another PSN or full: then the fence.
 */
static bool eun_tx_skip_request(struct rxe_qp *qp)
{
	struct eun_tx *tx = &qp->eun.tx;
	u32 npkts = eun_comp_read_newest_npkts(qp);
	const struct eun_sb_entry *e;

	if (eun_qp_dev(qp)->params.after_read != EUN_AFTER_READ_GO ||
	    !npkts || tx->stock_out || tx->stock_send || !tx->heard)
		return false;
	/* Admitted again after a stall: taken already. */
	e = tx->open ? eun_sb_lookup(&tx->sb, qp->req.psn) : NULL;
	if (e && e->psn == qp->req.psn && !e->xmits &&
	    tx->sb.nxt == eun_psn_add(qp->req.psn, npkts))
		return true;
	if (!tx->open) {
		if (eun_sb_reset(&tx->sb, qp->req.psn))
			return false;
		tx->open = true;
		tx->ooo_end = qp->req.psn;
	}
	return !eun_sb_skip(&tx->sb, qp->req.psn, npkts);
}

/*
 * The fence around a stock-format request the scoreboard does not take:
 * it starts only when nothing is in flight (or, a READ or atomic, behind
 * WRITE and SEND packets or READs and atomics only:
 * comp/eun_comp_read.c), and nothing else follows it until it is
 * acknowledged. Starting it closes the scoreboard unless packets it holds
 * are still out; the scoreboard reopens at the next ooo packet's PSN.
 */
static bool eun_tx_admit_stock(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			       bool idle)
{
	struct eun_tx *tx = &qp->eun.tx;

	if (wqe->state != wqe_state_posted)
		return true;
	if (!eun_comp_read_admit(qp, wqe, idle))
		return false;
	if (eun_tx_skip_request(qp))
		return true;
	tx->stock_out = true;
	if (!eun_sb_in_flight(&tx->sb))
		tx->open = false;
	return true;
}

/**
 * eun_tx_admit() - whether the requester's next packet may go now
 * @qp: the tracking QP, in its send task
 * @wqe: the WQE the packet comes from
 *
 * A stock-format request the scoreboard does not take waits for
 * everything in flight and then starts the fence; an ooo packet waits for
 * such a request (and then ends the fence), for room in the scoreboard,
 * and, with write_sync=sender, a WRITE's last packet for the rest to be
 * acknowledged. Behind READs and atomics the scoreboard took, it goes
 * (counted). The completer wakes the requester when the acknowledged PSN
 * moves.
 *
 * Return: true to send the packet; the fence state is updated.
 */
bool eun_tx_admit(struct rxe_qp *qp, struct rxe_send_wqe *wqe)
{
	struct eun_tx *tx = &qp->eun.tx;
	bool idle = qp->comp.psn == qp->req.psn;

	if (tx->stock_send && eun_tx_owns(wqe))
		/* Stock go-back-N pipelines these, but not past a READ. */
		return !tx->rd.count;
	if (!eun_tx_owns(wqe))
		return eun_tx_admit_stock(qp, wqe, idle);
	if (tx->stock_out) {
		if (!idle) {
			tx->fence_wait = true;
			return false;
		}
		tx->stock_out = false;
		/* Past the stock requests' PSNs: a new range. */
		tx->open = false;
		if (tx->fence_wait)
			eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_FENCE_WAIT);
		tx->fence_wait = false;
	}
	if (tx->open && eun_sb_full(&tx->sb))
		return false;
	if (eun_tx_wsync_delay(qp, wqe))
		return false;
	if (wqe->state == wqe_state_posted && tx->rd.count)
		eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_OOO_UNFENCED);
	return true;
}

/* Copy @len payload bytes from byte @offset of the WQE's data. */
static int eun_tx_copy(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
		       u32 offset, u8 *dst, u32 len, bool first_xmit)
{
	struct rxe_dma_info *dma = &wqe->dma;
	struct rxe_dma_info saved = *dma;
	int err;

	if (wqe->wr.send_flags & IB_SEND_INLINE) {
		if ((u64)offset + len > qp->sq.max_inline)
			return -EINVAL;
		memcpy(dst, dma->inline_data + offset, len);
		if (first_xmit) {
			dma->resid -= len;
			dma->sge_offset += len;
		}
		return 0;
	}
	if (first_xmit)
		return copy_data(qp->pd, 0, dma, dst, len, RXE_FROM_MR_OBJ);

	/* A resend: seek to the packet, copy, put the cursor back. */
	dma->resid = dma->length;
	dma->cur_sge = 0;
	dma->sge_offset = 0;
	err = advance_dma_data(dma, offset);
	if (!err)
		err = copy_data(qp->pd, 0, dma, dst, len, RXE_FROM_MR_OBJ);
	dma->resid = saved.resid;
	dma->cur_sge = saved.cur_sge;
	dma->sge_offset = saved.sge_offset;
	return err;
}

/* EUNH of the packet @psn of the WQE @tw describes. */
static void eun_tx_ext(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
		       const struct eun_tx_wqe *tw, u32 psn,
		       struct eun_ext_hdr *eh)
{
	u32 index = eun_psn_dist(tw->first_psn, psn);

	memset(eh, 0, sizeof(*eh));
	eh->msg_seq = tw->msg_seq;
	eh->pkt_index = index;
	eh->offset = index * qp->mtu;
	eh->msg_len = tw->msg_len;
	if (!index)
		eh->flags |= EUN_EXT_F_FIRST;
	if (psn == tw->last_psn) {
		eh->flags |= EUN_EXT_F_LAST;
		if (eun_tx_has_imm(wqe)) {
			eh->flags |= EUN_EXT_F_IMM;
			eh->imm = be32_to_cpu(wqe->wr.ex.imm_data);
		} else if (wqe->wr.opcode == IB_WR_SEND_WITH_INV) {
			/* The peer invalidates once the message is in order. */
			eh->flags |= EUN_EXT_F_INV;
			eh->imm = wqe->wr.ex.invalidate_rkey;
		}
	}
}

static u32 eun_tx_payload(const struct eun_ext_hdr *eh, u32 mtu)
{
	return (eh->flags & EUN_EXT_F_LAST) ? eh->msg_len - eh->offset : mtu;
}

/*
 * rxe_prepare() picks the packet's path (its UDP source port), so EUNH,
 * which carries the path, is packed after it. It fails only when no route
 * leads to the peer (-EHOSTUNREACH: our link is down).
 *
 * Return: the packet, or an ERR_PTR.
 */
static struct sk_buff *eun_tx_build(struct rxe_qp *qp, struct rxe_av *av,
				    struct rxe_send_wqe *wqe,
				    struct eun_ext_hdr *eh,
				    struct rxe_pkt_info *pkt, bool ack_req,
				    bool first_xmit)
{
	u8 opcode = IB_OPCODE_RC | (eun_wqe_is_write(wqe) ? EUN_OP_RC_WRITE :
							    EUN_OP_RC_SEND);
	u32 ext_off = rxe_opcode[opcode].length - EUN_EXT_HDR_LEN;
	u32 hlen = ext_off + eun_ext_len(eh);
	u32 payload = eun_tx_payload(eh, qp->mtu);
	int pad = (-payload) & 0x3;
	int paylen = hlen + payload + pad + RXE_ICRC_SIZE;
	bool se = (wqe->wr.send_flags & IB_SEND_SOLICITED) &&
		  (eh->flags & EUN_EXT_F_LAST) && eun_tx_uses_recv_wqe(wqe);
	struct sk_buff *skb;
	int err;

	pkt->opcode = opcode;
	pkt->mask = rxe_opcode[opcode].mask;
	skb = rxe_init_packet(eun_qp_rxe(qp), av, paylen, pkt);
	if (!skb)
		return ERR_PTR(-ENOMEM);
	pkt->paylen = paylen;
	bth_init(pkt, opcode, se, 0, pad, IB_DEFAULT_PKEY_FULL,
		 qp->attr.dest_qp_num, ack_req, pkt->psn);
	if (eun_wqe_is_write(wqe)) {
		reth_set_rkey(pkt, wqe->wr.wr.rdma.rkey);
		reth_set_va(pkt, wqe->wr.wr.rdma.remote_addr);
		reth_set_len(pkt, wqe->dma.length);
	}
	err = rxe_prepare(av, pkt, skb);
	if (err)
		goto err_free;
	eh->path = eun_tx_path_wire(qp);
	err = -EINVAL;
	if (eun_ext_pack(eh, pkt->hdr + ext_off, hlen - ext_off) < 0)
		goto err_free;
	err = eun_tx_copy(qp, wqe, eh->offset, pkt->hdr + hlen, payload,
			  first_xmit);
	if (err)
		goto err_free;
	memset(pkt->hdr + hlen + payload, 0, pad);
	return skb;

err_free:
	kfree_skb(skb);
	return ERR_PTR(err);
}

/*
 * A first transmission that found no route (our link is down): move the
 * WQE's cursor past the payload, as the copy would have, so that the next
 * packet starts where it should. The packet itself is resent from the WQE.
 */
static int eun_tx_skip(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
		       u32 len)
{
	struct rxe_dma_info *dma = &wqe->dma;

	if (wqe->wr.send_flags & IB_SEND_INLINE) {
		dma->resid -= len;
		dma->sge_offset += len;
		return 0;
	}
	return advance_dma_data(dma, len);
}

/* Record a WQE's first packet: its PSNs and message sequence number. */
static void eun_tx_start_wqe(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			     struct eun_tx_wqe *tw, u32 psn)
{
	struct eun_tx *tx = &qp->eun.tx;
	u32 npkts = max_t(u32, 1, DIV_ROUND_UP(wqe->dma.length, qp->mtu));

	tw->msg_len = wqe->dma.length;
	tw->first_psn = psn;
	tw->last_psn = eun_psn_add(psn, npkts - 1);
	if (eun_tx_uses_recv_wqe(wqe)) {
		tw->msg_seq = tx->recv_seq;
		tx->recv_seq = eun_psn_add(tx->recv_seq, 1);
	} else {
		tw->msg_seq = tx->write_seq;
		tx->write_seq = eun_psn_add(tx->write_seq, 1);
	}
	tw->valid = true;
}

/*
 * No route to the peer (our link is down, for now): the packet counts as
 * sent and lost, like one a full qdisc refuses, and loss detection or the
 * timer sends it again once the link is back. Stock 6.12 fails the WQE
 * and the QP for it.
 */
static int eun_tx_unroutable(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			     u32 psn, u32 payload)
{
	int err;

	err = eun_tx_skip(qp, wqe, payload);
	if (err)
		return err;
	err = eun_sb_sent(&qp->eun.tx.sb, psn, ktime_get_ns());
	if (err)
		return err;
	/* It took no path: its loss is no path's fault. */
	eun_tx_path_sent(qp, psn, EUN_PATH_WIRE_NONE);
	rxe_counter_inc(eun_qp_rxe(qp), RXE_CNT_SEND_ERR);
	return 0;
}

/**
 * eun_tx_send() - send the requester's next packet in the ooo format
 * @qp: the QP, in its send task
 * @av: address vector
 * @wqe: the WQE (eun_tx_owns() said yes)
 * @pkt: the packet rxe's requester set up: PSN, and the stock opcode and
 *	mask it goes on with once this returns
 * @payload: payload bytes the requester reckoned for it
 *
 * Return: 0 once sent (or dropped on its way out: lost, resent later), or
 * a negative error for the WQE.
 */
int eun_tx_send(struct rxe_qp *qp, struct rxe_av *av,
		struct rxe_send_wqe *wqe, struct rxe_pkt_info *pkt,
		u32 payload)
{
	struct eun_tx *tx = &qp->eun.tx;
	struct eun_tx_wqe *tw = &tx->wqe[qp->req.wqe_index & (tx->nwqe - 1)];
	struct rxe_pkt_info epkt = *pkt;
	struct eun_ext_hdr eh;
	struct sk_buff *skb;
	bool ack_req;
	int err;

	if (!tx->open) {
		eun_sb_reset(&tx->sb, pkt->psn);
		tx->open = true;
	}
	tx->sent_ooo = true;
	tx->ooo_end = eun_psn_add(pkt->psn, 1);
	if (pkt->mask & RXE_START_MASK)
		eun_tx_start_wqe(qp, wqe, tw, pkt->psn);
	eun_tx_ext(qp, wqe, tw, pkt->psn, &eh);
	if (eun_tx_payload(&eh, qp->mtu) != payload ||
	    eh.offset != wqe->dma.length - wqe->dma.resid)
		return -EINVAL;

	ack_req = (eh.flags & EUN_EXT_F_LAST) ||
		  eun_tx_wsync_ack_req(qp, wqe, pkt->psn, tw->last_psn) ||
		  qp->req.noack_pkts++ > RXE_MAX_PKT_PER_ACK;
	if (ack_req)
		qp->req.noack_pkts = 0;

	skb = eun_tx_build(qp, av, wqe, &eh, &epkt, ack_req, true);
	if (IS_ERR(skb) && PTR_ERR(skb) == -EHOSTUNREACH)
		return eun_tx_unroutable(qp, wqe, pkt->psn, payload);
	if (IS_ERR(skb))
		return PTR_ERR(skb);
	err = eun_sb_sent(&tx->sb, pkt->psn, ktime_get_ns());
	if (err) {
		kfree_skb(skb);
		return err;
	}
	eun_tx_path_sent(qp, pkt->psn, eh.path);
	/*
	 * A packet the stack did not take (a full qdisc returns NET_XMIT_DROP;
	 * rxe counts it in send_err) is lost like one the network drops: the
	 * scoreboard has it and loss detection sends it again. Stock 6.12
	 * fails the WQE and the QP for it.
	 */
	rxe_xmit_packet(qp, &epkt, skb);
	return 0;
}

/* The WQE sent with PSN @psn, among those the completer has not retired. */
static struct rxe_send_wqe *eun_tx_find(struct rxe_qp *qp, u32 psn,
					const struct eun_tx_wqe **twp)
{
	struct rxe_queue *q = qp->sq.queue;
	struct eun_tx *tx = &qp->eun.tx;
	u32 idx = queue_get_consumer(q, QUEUE_TYPE_FROM_CLIENT);
	u32 n;

	for (n = 0; n < tx->nwqe; n++, idx = queue_next_index(q, idx)) {
		const struct eun_tx_wqe *tw = &tx->wqe[idx & (tx->nwqe - 1)];
		struct rxe_send_wqe *wqe = queue_addr_from_index(q, idx);

		if (idx == qp->req.wqe_index &&
		    wqe->state != wqe_state_processing)
			break;
		if (tw->valid &&
		    !eun_psn_before(psn, tw->first_psn) &&
		    !eun_psn_after(psn, tw->last_psn) &&
		    eun_tx_owns(wqe)) {
			*twp = tw;
			return wqe;
		}
		if (idx == qp->req.wqe_index)
			break;
	}
	return NULL;
}

static void eun_tx_count_resend(struct rxe_qp *qp, u32 psn, u8 path)
{
	static const enum eun_counter cause_counter[] = {
		[EUN_SB_CAUSE_TIMEOUT]	= EUN_CNT_RETX_TIMEOUT,
		[EUN_SB_CAUSE_NACK]	= EUN_CNT_RETX_NACK,
		[EUN_SB_CAUSE_REORDER]	= EUN_CNT_RETX_REORDER,
	};
	const struct eun_sb_entry *e = eun_sb_lookup(&qp->eun.tx.sb, psn);

	BUILD_BUG_ON(ARRAY_SIZE(cause_counter) != EUN_SB_CAUSE_COUNT);
	if (e && e->cause < EUN_SB_CAUSE_COUNT) {
		eun_counter_inc(eun_qp_rxe(qp), cause_counter[e->cause]);
		trace_eun_resend(qp_num(qp), psn, e->cause, path);
	}
}

/* Rebuild and send the packet @psn from its WQE, if the WQE is still there. */
static void eun_tx_resend_psn(struct rxe_qp *qp, u32 psn)
{
	const struct eun_tx_wqe *tw;
	struct rxe_send_wqe *wqe;
	struct rxe_pkt_info pkt = {};
	struct eun_ext_hdr eh;
	struct sk_buff *skb;

	wqe = eun_tx_find(qp, psn, &tw);
	if (!wqe)
		return;
	eun_tx_ext(qp, wqe, tw, psn, &eh);
	pkt.rxe = eun_qp_rxe(qp);
	pkt.qp = qp;
	pkt.wqe = wqe;
	pkt.psn = psn;
	eun_tx_path_lost(qp, psn);
	skb = eun_tx_build(qp, &qp->pri_av, wqe, &eh, &pkt, true, false);
	if (IS_ERR(skb))
		return;
	eun_tx_path_sent(qp, psn, eh.path);
	if (!rxe_xmit_packet(qp, &pkt, skb))
		eun_tx_count_resend(qp, psn, eh.path);
}

/* Resend @psn, lost, unless the QP has too many packets in the network. */
static enum eun_resend_verdict eun_tx_resend_one(struct rxe_qp *qp, u32 psn,
						 u64 now)
{
	if (atomic_read(&qp->skb_out) > RXE_INFLIGHT_SKBS_PER_QP_HIGH) {
		qp->need_req_skb = 1;
		return EUN_RESEND_BLOCKED;
	}
	eun_tx_resend_psn(qp, psn);
	eun_tx_loss_resent(qp);
	/* Sent or not, it stops being a hole to resend now. */
	eun_sb_retransmitted(&qp->eun.tx.sb, psn, now);
	return EUN_RESEND_SENT;
}

/*
 * A refusal stands and the cumulative ACK has not moved since: the
 * receiver's room is full of packets beyond its hole, and any packet but
 * the one at una, which needs no room, would be refused again (some two
 * dozen refusals per WRITE under a 1 KiB, 128-deep load). So only that
 * packet goes, once the scoreboard holds it lost; if it is lost again,
 * it is probed by itself (eun_rw_probe_una()), since nothing sent after
 * it can show it lost. READ re-requests need no room and go as usual.
 */
static enum eun_resend_verdict eun_tx_resend_stalled(struct rxe_qp *qp,
						     u64 now)
{
	struct eun_tx *tx = &qp->eun.tx;
	enum eun_resend_verdict v;
	u64 due;
	u32 psn;

	if (eun_rw_probe_una(&tx->rw, &tx->sb, now, &due))
		eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_RW_TAIL_PROBES);
	else
		eun_tx_loss_arm(qp, due, now);
	if (eun_sb_next_lost(&tx->sb, &psn) && psn == tx->sb.una)
		return eun_tx_resend_one(qp, psn, now);
	v = eun_comp_read_resend(qp, now);
	return v == EUN_RESEND_NONE ? EUN_RESEND_BLOCKED : v;
}

/**
 * eun_tx_resend() - resend the lowest PSN the scoreboard holds lost
 * @qp: the tracking QP, in its send task, before the requester's new
 *	packets
 *
 * Return: EUN_RESEND_SENT when a hole was resent (or given up: its WQE
 * is gone), EUN_RESEND_NONE when there is none to resend,
 * EUN_RESEND_BLOCKED when the QP has too many packets in the network now.
 */
enum eun_resend_verdict eun_tx_resend(struct rxe_qp *qp)
{
	struct eun_tx *tx = &qp->eun.tx;
	u64 now = ktime_get_ns();
	u32 psn;

	/* Without READs out, eun_comp_read_resend() has nothing to ask. */
	if (!tx->open)
		return eun_comp_read_resend(qp, now);
	if (eun_bo_waiting(&tx->bo, now)) {
		/* The receiver is out of room: nothing goes, new or resent. */
		eun_tx_loss_arm(qp, eun_bo_until(&tx->bo), now);
		return EUN_RESEND_BLOCKED;
	}
	eun_tx_loss_detect(qp, now);
	if (eun_bo_stalled(&tx->bo, tx->sb.una))
		return eun_tx_resend_stalled(qp, now);
	if (!eun_sb_next_lost(&tx->sb, &psn))
		return eun_comp_read_resend(qp, now);
	return eun_tx_resend_one(qp, psn, now);
}
