// SPDX-License-Identifier: GPL-2.0
/*
 * EUN_ACK from the receive side: the cumulative expected PSN, the SACK
 * bitmap of what arrived beyond it (read from the reorder bitmap, so each
 * SACK repeats the whole picture and losing one loses nothing), and, for a
 * NACK, the refused PSN and why.
 *
 * The BTH PSN is epsn - 1 and the AETH an ordinary ACK, so that rxe's
 * completer can take the packet as the cumulative ACK it also is once
 * comp/eun_comp.c has read the payload.
 */

#include "rxe.h"
#include "eun/eun_ack_check.h"
#include "eun/eun_sack.h"
#include "eun/eun_wire.h"
#include "eun_rxe.h"
#include "eun_counters.h"
#include "eun_rx_ack.h"
#include "eun_trace.h"

/*
 * Fill @a's SACK from the reorder bitmap, as many words as an EUN_ACK can
 * carry within the path MTU (so that it is one packet wherever the QP's
 * data packets are); return true when PSNs beyond them went unreported.
 */
static bool eun_rx_ack_sack(struct rxe_qp *qp, struct eun_ack_info *a)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_rx *rx = &qp->eun.rx;
	unsigned long flags;
	bool cut = false;

	spin_lock_irqsave(&ed->lock, flags);
	if (rx->open)
		cut = eun_sack_fill(&ed->bm, rx->conn, a,
				    eun_sack_words_fit(qp->mtu)) > 0;
	spin_unlock_irqrestore(&ed->lock, flags);
	return cut;
}

/*
 * Return true when the SACK was cut short (see eun_rx_ack_sack()). With
 * !@with_sack the acknowledgment names nothing beyond epsn: a plain ACK.
 */
static bool eun_rx_ack_fill(struct rxe_qp *qp, struct eun_ack_info *a,
			    enum eun_ack_kind kind,
			    enum eun_nack_reason reason, u32 nack_psn,
			    bool with_sack)
{
	const struct eun_rx *rx = &qp->eun.rx;
	struct eun_ackc_rx s = {
		.epsn = rx->epsn,
		.dup_pending = rx->dup_pending,
		.dup_psn = rx->dup_psn,
		.echo_path = rx->echo_path,
		.echo_late = rx->echo_late,
	};
	bool cut;

	eun_ackc_compose(&s, kind, reason, nack_psn, a);
	cut = with_sack && eun_rx_ack_sack(qp, a);
	eun_ackc_settle(a);
	return cut;
}

/*
 * An acknowledgment of @opcode with @len payload bytes for the caller to
 * fill: BTH PSN @psn, AETH syndrome @syn and the responder's MSN.
 */
static struct sk_buff *eun_rx_ack_init(struct rxe_qp *qp,
				       struct rxe_pkt_info *ack, u8 opcode,
				       int len, u32 psn, u8 syn)
{
	int paylen = rxe_opcode[opcode].length + len + RXE_ICRC_SIZE;
	struct sk_buff *skb;

	memset(ack, 0, sizeof(*ack));
	skb = rxe_init_packet(eun_qp_rxe(qp), &qp->pri_av, paylen, ack);
	if (!skb)
		return NULL;
	ack->qp = qp;
	ack->opcode = opcode;
	ack->mask = rxe_opcode[opcode].mask;
	ack->paylen = paylen;
	ack->psn = psn;
	bth_init(ack, opcode, 0, 0, 0, IB_DEFAULT_PKEY_FULL,
		 qp->attr.dest_qp_num, 0, psn);
	aeth_set_syn(ack, syn);
	aeth_set_msn(ack, qp->resp.msn);
	return skb;
}

static struct sk_buff *eun_rx_ack_build(struct rxe_qp *qp,
					struct rxe_pkt_info *ack,
					const struct eun_ack_info *a)
{
	int len = eun_ack_len(a);
	u8 syn = AETH_ACK_UNLIMITED;
	struct sk_buff *skb;

	/* rxe's completer takes a NACK for want of a WQE as its RNR NAK. */
	if (a->kind == EUN_ACK_KIND_NACK && a->reason == EUN_NACK_RNR)
		syn = AETH_RNR_NAK | qp->attr.min_rnr_timer;
	skb = eun_rx_ack_init(qp, ack, IB_OPCODE_RC | EUN_OP_RC_ACK, len,
			      eun_psn_add(a->epsn, EUN_PSN_MASK), syn);
	if (!skb)
		return NULL;
	if (eun_ack_pack(a, payload_addr(ack), len) != len ||
	    rxe_prepare(&qp->pri_av, ack, skb)) {
		kfree_skb(skb);
		return NULL;
	}
	return skb;
}

/**
 * eun_rx_ack_mode() - tell a tracking peer that this QP does not track
 * @qp: a go-back-N QP, in its receive task
 * @psn: PSN of the ooo packet it received
 *
 * A QP of this module that runs go-back-N (its device's ooo_mode=gbn, a
 * shared receive queue, no memory for its state) cannot take the ooo
 * format: a NACK with reason MODE, at rxe's own expected PSN, makes the
 * peer send stock format from then on (tx/eun_tx_mode.c) instead of
 * resending until its retry budget runs out.
 */
void eun_rx_ack_mode(struct rxe_qp *qp, u32 psn)
{
	struct rxe_pkt_info ack;
	struct eun_ack_info a = {
		.kind = EUN_ACK_KIND_NACK,
		.reason = EUN_NACK_MODE,
		.epsn = qp->resp.psn,
		.nack_psn = psn,
		.path = EUN_PATH_WIRE_NONE,
	};
	struct sk_buff *skb;

	/* A stale copy: the NACK names the expected PSN instead. */
	if (eun_psn_before(psn, a.epsn))
		a.nack_psn = a.epsn;
	skb = eun_rx_ack_build(qp, &ack, &a);
	if (!skb || rxe_xmit_packet(qp, &ack, skb))
		return;
	eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_NACK_SENT);
	eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_NACK_SENT_MODE);
}

/**
 * eun_rx_ack_seq_nak() - a stock NAK, PSN sequence error, at @psn
 * @qp: a tracking QP, in its receive task
 * @psn: the request it misses while it holds later ones
 *
 * rxe's own meaning: requests after @psn came, @psn did not. A tracking
 * requester takes it as evidence that @psn is lost (comp/eun_comp_read.c),
 * a stock one goes back to @psn.
 *
 * Return: 0 when it went, else a negative errno.
 */
int eun_rx_ack_seq_nak(struct rxe_qp *qp, u32 psn)
{
	struct rxe_pkt_info ack;
	struct sk_buff *skb;

	skb = eun_rx_ack_init(qp, &ack, IB_OPCODE_RC_ACKNOWLEDGE, 0, psn,
			      AETH_NAK_PSN_SEQ_ERROR);
	if (!skb)
		return -ENOMEM;
	if (rxe_prepare(&qp->pri_av, &ack, skb)) {
		kfree_skb(skb);
		return -ENOMEM;
	}
	return rxe_xmit_packet(qp, &ack, skb);
}

static void eun_rx_ack_emit(struct rxe_qp *qp, enum eun_ack_kind kind,
			    enum eun_nack_reason reason, u32 nack_psn,
			    bool with_sack)
{
	static const enum eun_counter kind_counter[] = {
		[EUN_ACK_KIND_ACK]	= EUN_CNT_ACK_SENT,
		[EUN_ACK_KIND_SACK]	= EUN_CNT_SACK_SENT,
		[EUN_ACK_KIND_NACK]	= EUN_CNT_NACK_SENT,
	};
	struct rxe_pkt_info ack;
	struct eun_ack_info a;
	struct sk_buff *skb;
	bool cut;

	BUILD_BUG_ON(ARRAY_SIZE(kind_counter) != EUN_ACK_KIND_COUNT);
	cut = eun_rx_ack_fill(qp, &a, kind, reason, nack_psn, with_sack);
	skb = eun_rx_ack_build(qp, &ack, &a);
	if (!skb)
		return;
	if (rxe_xmit_packet(qp, &ack, skb))
		return;
	eun_counter_inc(eun_qp_rxe(qp), kind_counter[a.kind]);
	if (cut)
		eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_SACK_CUT);
	trace_eun_ack(qp_num(qp), a.kind, a.reason, a.epsn, a.nack_psn,
		      a.sack_words);
	eun_ackp_sent(&qp->eun.rx.ackp, a.epsn, a.sack_words > 0);
	qp->eun.rx.dup_pending = false;
	qp->eun.rx.echo_path = EUN_PATH_WIRE_NONE;
	qp->eun.rx.echo_late = 0;
}

/**
 * eun_rx_ack_send() - send an EUN_ACK describing the receive side now
 * @qp: the QP, in its receive task
 * @kind: EUN_ACK_KIND_SACK (sent as a plain ACK when nothing lies beyond
 *	epsn) or EUN_ACK_KIND_NACK
 * @reason: for a NACK, why @nack_psn was refused
 * @nack_psn: for a NACK, the refused PSN
 */
void eun_rx_ack_send(struct rxe_qp *qp, enum eun_ack_kind kind,
		     enum eun_nack_reason reason, u32 nack_psn)
{
	eun_rx_ack_emit(qp, kind, reason, nack_psn, true);
}

/**
 * eun_rx_ack_cumulative() - send the cumulative ACK alone
 * @qp: the QP, in its receive task
 *
 * For a sender whose picture went stale while the holes beyond the
 * expected PSN are younger than the reordering seen (eun_ack_policy.h).
 */
void eun_rx_ack_cumulative(struct rxe_qp *qp)
{
	eun_rx_ack_emit(qp, EUN_ACK_KIND_SACK, EUN_NACK_NONE, 0, false);
}
