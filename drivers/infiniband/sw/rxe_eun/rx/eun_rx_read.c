// SPDX-License-Identifier: GPL-2.0
/*
 * READ requests at a tracking QP's responder, in any order.
 *
 * A requester sends READs back to back (comp/eun_comp_read.c) with
 * nothing else between them, so the reads have no order among
 * themselves to keep: one that comes ahead of the expected PSN is
 * executed at once by rxe, and its PSN range remembered. The expected
 * PSN skips such ranges once it reaches them, and a copy of such a READ
 * (a re-request) is replayed by rxe from its READ resource like any
 * duplicate. A READ at the expected PSN, or older, goes to rxe as every
 * stock-format request does.
 *
 * Runs in the QP's receive task only.
 */

#include "rxe.h"
#include "eun_rxe.h"
#include "eun_counters.h"
#include "eun_rx_read.h"

/* The READ executed ahead whose PSN range holds @psn, or -ENOENT. */
static int eun_rx_read_find(const struct eun_rx *rx, u32 psn)
{
	u32 i;

	for (i = 0; i < rx->rd_nahead; i++) {
		const struct eun_rx_rd_ahead *a = &rx->rd_ahead[i];

		if (eun_psn_dist(a->first_psn, psn) < a->npkts)
			return i;
	}
	return -ENOENT;
}

static void eun_rx_read_remove(struct eun_rx *rx, u32 i)
{
	rx->rd_ahead[i] = rx->rd_ahead[--rx->rd_nahead];
}

/**
 * eun_rx_read_request() - a READ request reached a tracking QP's responder
 * @qp: the QP, in its receive task, its bitmap open at rx->epsn
 * @pkt: the request
 *
 * Return: EUN_PSN_STOCK with rxe's cursor set so that rxe executes the
 * READ (at or ahead of the expected PSN) or replays it (a copy);
 * EUN_PSN_CONSUMED for one dropped and counted (too many ahead).
 */
enum eun_psn_verdict eun_rx_read_request(struct rxe_qp *qp,
					 struct rxe_pkt_info *pkt)
{
	struct eun_rx *rx = &qp->eun.rx;
	s32 ahead = eun_psn_diff(rx->epsn, pkt->psn);
	struct eun_rx_rd_ahead *a;
	int i;

	if (ahead <= 0) {
		qp->resp.psn = rx->epsn;
		rx->stock_psn = !ahead;
		return EUN_PSN_STOCK;
	}
	i = eun_rx_read_find(rx, pkt->psn);
	if (i >= 0) {
		a = &rx->rd_ahead[i];
		qp->resp.psn = eun_psn_add(a->first_psn, a->npkts);
		return EUN_PSN_STOCK;
	}
	if (rx->rd_nahead == ARRAY_SIZE(rx->rd_ahead)) {
		eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_PSN_DROP);
		return EUN_PSN_CONSUMED;
	}
	a = &rx->rd_ahead[rx->rd_nahead++];
	a->first_psn = pkt->psn;
	a->npkts = max_t(u32, 1, DIV_ROUND_UP(reth_len(pkt), qp->mtu));
	qp->resp.psn = pkt->psn;
	eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_READ_AHEAD);
	return EUN_PSN_STOCK;
}

/**
 * eun_rx_read_skip() - the expected PSN past the READs executed ahead
 * @qp: the QP, in its receive task
 * @psn: the expected PSN rxe's cursor gives
 *
 * Return: @psn moved past every READ executed ahead that starts there,
 * one after the other; those READs are forgotten.
 */
u32 eun_rx_read_skip(struct rxe_qp *qp, u32 psn)
{
	struct eun_rx *rx = &qp->eun.rx;
	u32 i = 0;

	while (i < rx->rd_nahead) {
		if (rx->rd_ahead[i].first_psn != psn) {
			i++;
			continue;
		}
		psn = eun_psn_add(psn, rx->rd_ahead[i].npkts);
		eun_rx_read_remove(rx, i);
		i = 0;
	}
	return psn;
}

/**
 * eun_rx_read_forget() - forget the READs executed ahead
 * @qp: the QP, reset
 */
void eun_rx_read_forget(struct rxe_qp *qp)
{
	qp->eun.rx.rd_nahead = 0;
}
