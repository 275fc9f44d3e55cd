// SPDX-License-Identifier: GPL-2.0
/*
 * Virtual paths of an RC QP's request packets: with spray=rr, random or
 * mprdma, each request packet (a first transmission or a resend, which
 * may take another path) leaves with the UDP source port of one of the
 * QP's paths (core/eun_path.c), so that an ECMP fabric spreads one QP over
 * its links. READ responses to a requester that places them in any order
 * take the paths' first ports, with paths of their own: in turn, or with
 * spray=mprdma or adaptive, a path that a re-request shows lost (or held
 * back) a response is parked for a while. EUN_ACKs then take the
 * responses' paths too; stock ACKs and the rest keep the QP's own port.
 *
 * A tracking QP also remembers the path of each PSN in flight, so that a
 * loss counts against the path that lost it, and hands the policy what
 * the receiver echoes of each path's lateness.
 *
 * Everything but setup and teardown runs in the QP's send task: the
 * requester and the resends call rxe_prepare() there, and the completer
 * reads the ACKs. The responses' paths are the responder task's: it sends
 * the responses and reads the re-requests.
 */

#include <linux/random.h>

#include "rxe.h"
#include "eun_rxe.h"
#include "eun_counters.h"
#include "eun_dev.h"
#include "eun_opcode.h"
#include "eun_trace.h"
#include "eun_tx_path.h"

/**
 * eun_tx_path_setup() - give a new RC QP its virtual paths
 * @rxe: the device
 * @qp: the QP
 *
 * Nothing to do unless the device sprays. The seed is spray_seed plus
 * the QP number, so that each QP of a run has its own and a run repeats;
 * or a random one when spray_seed is 0.
 *
 * Return: 0, or -ENOMEM (the QP then keeps one port).
 */
/*
 * A response's loss is all the responder learns of its path: the
 * requester echoes nothing of a response, and a re-request names one or
 * two of the responses missing. The policies that act on losses park a
 * path that loses several close together (the adaptive way, which keeps
 * the first ports and so their even spread over a fabric's links): a
 * slow link, whose every response comes late. A lone loss parks nothing:
 * selective repeat makes a link that loses 1% nearly as good as a clean
 * one, and the others would carry its share. The other policies take the
 * paths in turn.
 */
static enum eun_spray eun_tx_path_resp_policy(enum eun_spray spray)
{
	if (spray == EUN_SPRAY_MPRDMA || spray == EUN_SPRAY_ADAPTIVE)
		return EUN_SPRAY_ADAPTIVE;
	return EUN_SPRAY_RR;
}

/* Set up @ps from @cfg, its paths allocated; -ENOMEM or -EINVAL. */
static int eun_tx_path_init(struct eun_paths *ps,
			    const struct eun_path_cfg *cfg)
{
	struct eun_path *path;
	int err;

	path = kcalloc(eun_paths_slots(cfg->npaths), sizeof(*path),
		       GFP_KERNEL);
	if (!path)
		return -ENOMEM;
	err = eun_paths_init(ps, path, cfg);
	if (err) {
		kfree(path);
		ps->path = NULL;
	}
	return err;
}

static void eun_tx_path_resp_forget(struct eun_rx *rx)
{
	/* PSN 0xffffff with path byte 0xff: no path, never charged. */
	memset(rx->resp_path_of, 0xff, EUN_RESP_RING * sizeof(u32));
}

/**
 * eun_tx_path_setup() - give a new RC QP its virtual paths
 * @rxe: the device
 * @qp: the QP
 *
 * Nothing to do unless the device sprays. The seed is spray_seed plus
 * the QP number, so that each QP of a run has its own and a run repeats;
 * or a random one when spray_seed is 0. The READ responses the QP sends
 * get paths of their own.
 *
 * Return: 0, or -ENOMEM (the QP then keeps one port).
 */
int eun_tx_path_setup(struct rxe_dev *rxe, struct rxe_qp *qp)
{
	const struct eun_params *p = eun_dev_params(rxe);
	struct eun_rx *rx = &qp->eun.rx;
	struct eun_path_cfg cfg;
	int err;

	qp->eun.paths.path = NULL;
	rx->resp_paths.path = NULL;
	rx->resp_path_of = NULL;
	if (!p || p->spray == EUN_SPRAY_OFF)
		return 0;
	cfg = (struct eun_path_cfg) {
		.policy = p->spray,
		.npaths = p->paths,
		.home_sport = qp->src_port,
		.seed = p->spray_seed ? p->spray_seed + qp_num(qp) :
					get_random_u64(),
		.delta = p->mprdma_delta,
		.probe_every = p->mprdma_probe,
	};
	err = eun_tx_path_init(&qp->eun.paths, &cfg);
	if (err)
		return err;
	rx->resp_path_of = kmalloc_array(EUN_RESP_RING, sizeof(u32),
					 GFP_KERNEL);
	if (!rx->resp_path_of) {
		err = -ENOMEM;
		goto err_paths;
	}
	eun_tx_path_resp_forget(rx);
	cfg.policy = eun_tx_path_resp_policy(cfg.policy);
	cfg.loss_bursts_only = true;
	err = eun_tx_path_init(&rx->resp_paths, &cfg);
	if (err)
		goto err_ring;
	return 0;

err_ring:
	kfree(rx->resp_path_of);
	rx->resp_path_of = NULL;
err_paths:
	kfree(qp->eun.paths.path);
	qp->eun.paths.path = NULL;
	return err;
}

/**
 * eun_tx_path_ring_init() - the path of each PSN in flight, for a tracking
 *	QP that sprays
 * @qp: the QP, its paths set up
 * @capacity: slots of its scoreboard's ring
 *
 * Return: 0, or -ENOMEM.
 */
int eun_tx_path_ring_init(struct rxe_qp *qp, u32 capacity)
{
	struct eun_tx *tx = &qp->eun.tx;

	tx->path_of = NULL;
	if (!qp->eun.paths.path)
		return 0;
	tx->path_of = kcalloc(capacity, sizeof(*tx->path_of), GFP_KERNEL);
	return tx->path_of ? 0 : -ENOMEM;
}

/* The QP was reset: its paths start again from their seed. */
void eun_tx_path_restart(struct rxe_qp *qp)
{
	struct eun_rx *rx = &qp->eun.rx;

	if (!qp->eun.paths.path)
		return;
	eun_paths_restart(&qp->eun.paths);
	eun_paths_restart(&rx->resp_paths);
	eun_tx_path_resp_forget(rx);
	qp->eun.paths_parked_resp = 0;
}

void eun_tx_path_teardown(struct rxe_qp *qp)
{
	struct eun_rx *rx = &qp->eun.rx;

	kfree(qp->eun.tx.path_of);
	qp->eun.tx.path_of = NULL;
	kfree(qp->eun.paths.path);
	qp->eun.paths.path = NULL;
	kfree(rx->resp_paths.path);
	rx->resp_paths.path = NULL;
	kfree(rx->resp_path_of);
	rx->resp_path_of = NULL;
}

/*
 * What the policy's last call changed: counted on the device's counters,
 * and each path that took a new port traced (its ports before the call in
 * @sport, when the tracepoint is on).
 */
static void eun_tx_path_changed(struct rxe_qp *qp,
				const struct eun_path_stats *before,
				const u16 *sport)
{
	const struct eun_paths *ps = &qp->eun.paths;
	const struct eun_path_stats *now = &ps->stats;
	struct rxe_dev *rxe = eun_qp_rxe(qp);
	u8 reason = 0;
	u32 i;

	eun_counter_add(rxe, EUN_CNT_PATH_PRUNED_LATE,
			now->pruned_late - before->pruned_late);
	eun_counter_add(rxe, EUN_CNT_PATH_PRUNED_LOSS,
			now->pruned_loss - before->pruned_loss);
	eun_counter_add(rxe, EUN_CNT_PATH_ADOPTED,
			now->adopted - before->adopted);
	eun_counter_add(rxe, EUN_CNT_PATH_REINSTATED,
			now->reinstated - before->reinstated);
	if (!sport)
		return;
	if (now->pruned_loss != before->pruned_loss)
		reason = 1;
	else if (now->adopted != before->adopted)
		reason = 2;
	else if (now->reinstated != before->reinstated)
		reason = 3;
	for (i = 0; i < ps->npaths; i++)
		if (ps->path[i].sport != sport[i])
			trace_eun_path_change(qp_num(qp), i, sport[i],
						  ps->path[i].sport, reason);
}

/* The paths' ports, for eun_tx_path_changed(), if anyone traces. */
static u16 *eun_tx_path_ports(struct rxe_qp *qp, u16 *sport)
{
	const struct eun_paths *ps = &qp->eun.paths;
	u32 i;

	if (!trace_eun_path_change_enabled())
		return NULL;
	for (i = 0; i < ps->npaths; i++)
		sport[i] = ps->path[i].sport;
	return sport;
}

static bool eun_tx_path_is_read_response(u8 opcode)
{
	switch (opcode) {
	case IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST:
	case IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE:
	case IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST:
	case IB_OPCODE_RC_RDMA_READ_RESPONSE_ONLY:
		return true;
	default:
		return false;
	}
}

/*
 * An EUN_ACK of a QP whose READ responses are sprayed takes their next
 * path: on the QP's own port alone it waited behind the responses queued
 * on its link, seconds on a slow one, holding the completions posted after
 * the SEND it acknowledged. Its tracking peer takes acknowledgments in any
 * order. A QP that sends no responses keeps its own port: sprayed, WRITEs
 * over a lossy link took retransmit timeouts (Documentation/results.rst).
 * Runs in the responder's task.
 */
static u16 eun_tx_path_ack(struct rxe_qp *qp)
{
	struct eun_paths *ps = &qp->eun.rx.resp_paths;

	eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_ACK_SPRAYED);
	return eun_paths_sport(ps, eun_paths_pick(ps));
}

/*
 * A READ response to a requester that takes them in any order (its READ
 * request said so: rx/eun_rx_read.c) takes a path of the responses' own
 * (eun_tx_path_resp_policy()), another than before when it goes again,
 * and its path byte is kept by its PSN for a re-request to charge. An
 * EUN_ACK to such a requester takes the next path (eun_tx_path_ack());
 * every other response keeps the QP's own port.
 * Runs in the responder's task.
 */
static u16 eun_tx_path_response(struct rxe_qp *qp,
				const struct rxe_pkt_info *pkt)
{
	struct eun_rx *rx = &qp->eun.rx;
	struct eun_paths *ps = &rx->resp_paths;
	u32 *slot = &rx->resp_path_of[pkt->psn & (EUN_RESP_RING - 1)];
	u32 psn = pkt->psn & BTH_PSN_MASK;
	u32 idx;

	if (!rx->resp_any_order)
		return qp->src_port;
	if (unlikely(ps->home_sport != qp->src_port)) {
		ps->home_sport = qp->src_port;
		eun_paths_restart(ps);
	}
	if (eun_op_is_ooo_ack(pkt->opcode))
		return eun_tx_path_ack(qp);
	if (!eun_tx_path_is_read_response(pkt->opcode))
		return qp->src_port;
	idx = eun_paths_pick(ps);
	/*
	 * A response sent again (a re-request's answer) leaves by another
	 * path than the one that lost it or holds it back: the READ waits
	 * for it.
	 */
	if (*slot >> 8 == psn && (*slot & 0xff) == eun_paths_wire(ps, idx) &&
	    ps->npaths > 1)
		idx = eun_paths_pick(ps);
	*slot = psn << 8 | eun_paths_wire(ps, idx);
	eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_READ_RESP_SPRAYED);
	return eun_paths_sport(ps, idx);
}

/**
 * eun_tx_path_response_lost() - a re-request names READ response @psn
 *	as missing
 * @qp: the QP, in its responder task
 * @psn: the response's PSN
 *
 * The path the response took lost it, or held it back longer than the
 * requester's reorder window: with spray=mprdma or adaptive, the
 * responses' paths count it as a loss, which parks a path that loses more
 * than the others. A response too old to be remembered charges nothing.
 */
void eun_tx_path_response_lost(struct rxe_qp *qp, u32 psn)
{
	struct eun_rx *rx = &qp->eun.rx;
	struct eun_paths *ps = &rx->resp_paths;
	u64 parked;
	u32 e;

	if (!rx->resp_path_of)
		return;
	e = rx->resp_path_of[psn & (EUN_RESP_RING - 1)];
	if (e >> 8 != (psn & BTH_PSN_MASK))
		return;
	parked = ps->stats.pruned_loss;
	eun_paths_lost(ps, e & 0xff);
	if (ps->stats.pruned_loss == parked)
		return;
	eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_READ_RESP_PARKED);
	set_bit(eun_path_wire_index(e & 0xff), &qp->eun.paths_parked_resp);
}

/*
 * A request path still on a first port that the responder parked for
 * its READ responses leaves on the same link as they did (same ports,
 * same direction): it counts the loss too, so that the QP's own requests
 * (a storage target's completions, a key-value store's replies) do not
 * queue behind the responses on a slow link. Send task only.
 */
static void eun_tx_path_take_parked(struct rxe_qp *qp)
{
	struct eun_paths *ps = &qp->eun.paths;
	struct eun_path_stats before = ps->stats;
	unsigned long parked = xchg(&qp->eun.paths_parked_resp, 0);
	u32 i;

	for_each_set_bit(i, &parked, ps->npaths)
		if (ps->path[i].sport == ps->path[i].first_sport)
			eun_paths_lost(ps, eun_paths_wire(ps, i));
	eun_tx_path_changed(qp, &before, NULL);
}

/**
 * eun_tx_path_sport() - the UDP source port of a packet rxe_prepare()
 *	builds
 * @qp: the QP
 * @pkt: the packet
 *
 * A request packet of a QP that sprays takes the next path's port, a READ
 * response or an EUN_ACK maybe a first port (eun_tx_path_response());
 * every other packet the QP's own. A QP whose own port moved (a flow
 * label set by modify QP) starts its paths again from the new one.
 *
 * Return: the port, host order.
 */
u16 eun_tx_path_sport(struct rxe_qp *qp, const struct rxe_pkt_info *pkt)
{
	struct eun_paths *ps = &qp->eun.paths;

	if (!ps->path)
		return qp->src_port;
	if (!(pkt->mask & RXE_REQ_MASK))
		return eun_tx_path_response(qp, pkt);
	if (unlikely(ps->home_sport != qp->src_port)) {
		ps->home_sport = qp->src_port;
		eun_paths_restart(ps);
	}
	if (unlikely(READ_ONCE(qp->eun.paths_parked_resp)))
		eun_tx_path_take_parked(qp);
	qp->eun.path_last = eun_paths_pick(ps);
	if (qp->eun.path_last == ps->npaths)
		eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_PATH_PROBES);
	return eun_paths_sport(ps, qp->eun.path_last);
}

/**
 * eun_tx_path_wire() - the path byte of the request packet just prepared
 * @qp: the QP
 *
 * Return: what the packet's EUNH carries: its path, or 0 without spraying.
 */
u8 eun_tx_path_wire(struct rxe_qp *qp)
{
	struct eun_paths *ps = &qp->eun.paths;

	return ps->path ? eun_paths_wire(ps, qp->eun.path_last) : 0;
}

/* Record the path of a PSN sent (first time or again). */
void eun_tx_path_sent(struct rxe_qp *qp, u32 psn, u8 wire)
{
	struct eun_tx *tx = &qp->eun.tx;

	if (tx->path_of)
		tx->path_of[psn & (tx->sb.capacity - 1)] = wire;
}

/**
 * eun_tx_path_lost() - a PSN in flight is being resent: its path lost it
 * @qp: the tracking QP
 * @psn: the PSN, before its resend is recorded
 */
void eun_tx_path_lost(struct rxe_qp *qp, u32 psn)
{
	struct eun_tx *tx = &qp->eun.tx;
	struct eun_path_stats before;
	u16 ports[EUN_PATH_MAX], *sport;

	if (!tx->path_of)
		return;
	before = qp->eun.paths.stats;
	sport = eun_tx_path_ports(qp, ports);
	eun_paths_lost(&qp->eun.paths,
		       tx->path_of[psn & (tx->sb.capacity - 1)]);
	eun_tx_path_changed(qp, &before, sport);
}

/**
 * eun_tx_path_echo() - what an acknowledgment reports of a path
 * @qp: the tracking QP
 * @wire: the path byte it echoes (%EUN_PATH_WIRE_NONE: none)
 * @late: how late that packet arrived, in PSNs
 */
void eun_tx_path_echo(struct rxe_qp *qp, u8 wire, u32 late)
{
	struct eun_path_stats before;
	u16 ports[EUN_PATH_MAX], *sport;

	if (!qp->eun.paths.path || wire == EUN_PATH_WIRE_NONE)
		return;
	before = qp->eun.paths.stats;
	sport = eun_tx_path_ports(qp, ports);
	eun_paths_echo(&qp->eun.paths, wire, late);
	eun_tx_path_changed(qp, &before, sport);
}
