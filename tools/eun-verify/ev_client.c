// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: client (requester) side. It posts the messages of the plan
 * within the server's credit, checks every completion's status and order,
 * the bytes of every READ and the value every atomic returns, times each
 * message, and tells the server what completed. See ev_verbs.h.
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ev_arrival.h"
#include "ev_client.h"
#include "ev_debugfs.h"
#include "ev_dev.h"
#include "ev_log.h"
#include "ev_wait.h"

static uint8_t *ev_local_slot(struct ev_qp *q, uint64_t m)
{
	return q->slots + (size_t)(m % q->nslots) * q->slot_size;
}

static uint64_t ev_remote_slot(struct ev_qp *q, uint64_t m)
{
	return q->peer.slot_addr + (m % q->peer.nslots) * q->peer.slot_size;
}

/* Every byte the complement of the expected one: a READ that lands
 * nothing cannot pass, whatever the size.
 */
static void ev_poison(uint8_t *p, uint32_t len, uint64_t seed, uint32_t qp,
		      uint64_t m)
{
	uint32_t i;

	ev_pattern_fill(p, len, seed, qp, m);
	for (i = 0; i < len; i++)
		p[i] = (uint8_t)~p[i];
}

static void ev_client_build(struct ev_qp *q, uint64_t m,
			    const struct ev_msg_plan *mp,
			    struct ibv_send_wr *wr, struct ibv_sge *sge)
{
	uint8_t *local = ev_local_slot(q, m);
	uint64_t seed = q->ctx->pattern_seed, cmp = 0, *res;

	sge->addr = (uintptr_t)local;
	sge->length = mp->size;
	sge->lkey = q->mr->lkey;
	wr->wr.rdma.remote_addr = ev_remote_slot(q, m);
	wr->wr.rdma.rkey = q->peer.rkey;
	switch (mp->op) {
	case EV_OP_SEND:
	case EV_OP_WRITE:
	case EV_OP_WRITE_IMM:
		ev_pattern_fill(local, mp->size, seed, q->idx, m);
		wr->opcode = mp->op == EV_OP_SEND ? IBV_WR_SEND_WITH_IMM :
			     mp->op == EV_OP_WRITE ? IBV_WR_RDMA_WRITE :
			     IBV_WR_RDMA_WRITE_WITH_IMM;
		wr->imm_data = htonl(ev_imm_data(m));
		break;
	case EV_OP_READ:
		ev_poison(local, mp->size, seed, q->idx, m);
		wr->opcode = IBV_WR_RDMA_READ;
		break;
	case EV_OP_CAS:
	case EV_OP_FAA:
		res = &q->words[m % q->nslots];
		q->atom_want[m % q->nslots] = ev_atomic_apply(&q->am, mp, &cmp);
		*res = ~q->atom_want[m % q->nslots];
		sge->addr = (uintptr_t)res;
		sge->length = 8;
		wr->opcode = mp->op == EV_OP_CAS ? IBV_WR_ATOMIC_CMP_AND_SWP :
			     IBV_WR_ATOMIC_FETCH_AND_ADD;
		wr->wr.atomic.remote_addr = q->peer.atomic_addr + 8ull * mp->word;
		wr->wr.atomic.rkey = q->peer.rkey;
		wr->wr.atomic.compare_add = mp->op == EV_OP_CAS ? cmp : mp->operand;
		wr->wr.atomic.swap = mp->operand;
		break;
	case EV_OP_AWRITE:
		/* Nothing comes back: the server checks the word at the end. */
		ev_atomic_apply(&q->am, mp, &cmp);
		wr->opcode = IBV_WR_ATOMIC_WRITE;
		wr->wr.atomic.remote_addr = q->peer.atomic_addr + 8ull * mp->word;
		wr->wr.atomic.rkey = q->peer.rkey;
		wr->wr.atomic.swap = mp->operand;
		break;
	default:
		break;
	}
}

/* An ATOMIC WRITE, through the extended QP (rdma-core's only way). */
static int ev_client_post_awrite(struct ev_qp *q, const struct ibv_send_wr *wr)
{
	struct ibv_qp_ex *x = q->qpx;
	uint64_t value = wr->wr.atomic.swap;

	ibv_wr_start(x);
	x->wr_id = wr->wr_id;
	x->wr_flags = wr->send_flags;
	ibv_wr_atomic_write(x, wr->wr.atomic.rkey, wr->wr.atomic.remote_addr,
			    &value);
	return ibv_wr_complete(x);
}

static int ev_client_post(struct ev_qp *q)
{
	struct ibv_send_wr wr, *bad;
	struct ev_msg_plan mp;
	struct ibv_sge sge;
	uint64_t m = q->next;
	int err;

	ev_plan_msg(&q->ctx->o->cfg, q->idx, m, &mp);
	memset(&wr, 0, sizeof(wr));
	wr.wr_id = m;
	wr.sg_list = &sge;
	wr.num_sge = 1;
	wr.send_flags = IBV_SEND_SIGNALED;
	ev_client_build(q, m, &mp, &wr, &sge);
	if (ev_ring_push(&q->sring, m)) {
		ev_fail(q->ctx, EV_EXIT_VERIFY, "QP %u: send ring full", q->idx);
		return -1;
	}
	q->post_ns[m % q->nslots] = q->ctx->o->offered ? q->arrive_ns : ev_now_ns();
	if (!q->st.t_first)
		q->st.t_first = q->post_ns[m % q->nslots];
	if (!q->ctx->series.t0)
		ev_series_start(&q->ctx->series, q->post_ns[m % q->nslots],
				ev_unix_now());
	if (mp.op == EV_OP_AWRITE)
		err = ev_client_post_awrite(q, &wr);
	else
		err = ibv_post_send(q->qp, &wr, &bad);
	if (err) {
		ev_fail(q->ctx, EV_EXIT_SETUP, "QP %u: post message %llu (%s): %s",
			q->idx, (unsigned long long)m, ev_op_name(mp.op),
			strerror(err));
		return -1;
	}
	q->next++;
	if (q->ctx->o->offered)
		q->arrive_ns += ev_arrival_gap_ns(q->ctx->o->cfg.seed, q->idx,
						  q->next, q->ctx->gap_ns);
	q->data_inflight++;
	q->bytes_posted += mp.size;
	return 0;
}

/* READ bytes and atomic return values are this side's to check. */
static int ev_client_check(struct ev_qp *q, uint64_t m,
			   const struct ev_msg_plan *mp)
{
	struct ev_mismatch mm;
	uint64_t got, want;

	if (mp->op == EV_OP_READ) {
		if (ev_pattern_check(ev_local_slot(q, m), mp->size,
				     q->ctx->pattern_seed, q->idx, m, &mm)) {
			ev_fail(q->ctx, EV_EXIT_VERIFY,
				"QP %u: message %llu (read, %u bytes): data mismatch at offset %zu: expected 0x%02x, seen 0x%02x (%zu bad bytes in the message)",
				q->idx, (unsigned long long)m, mp->size,
				mm.offset, mm.expected, mm.seen, mm.count);
			return -1;
		}
	} else if (ev_op_is_atomic(mp->op) && mp->op != EV_OP_AWRITE) {
		got = __atomic_load_n(&q->words[m % q->nslots], __ATOMIC_ACQUIRE);
		want = q->atom_want[m % q->nslots];
		if (got != want) {
			ev_fail(q->ctx, EV_EXIT_VERIFY,
				"QP %u: message %llu (%s on word %u): returned 0x%016llx, expected 0x%016llx",
				q->idx, (unsigned long long)m,
				ev_op_name(mp->op), mp->word,
				(unsigned long long)got,
				(unsigned long long)want);
			return -1;
		}
	} else {
		return 0;
	}
	q->st.checked_msgs++;
	q->st.checked_bytes += mp->size;
	return 0;
}

static int ev_client_data_done(struct ev_qp *q, const struct ibv_wc *wc,
			       uint64_t now)
{
	uint64_t m = wc->wr_id;
	struct ev_msg_plan mp;

	ev_plan_msg(&q->ctx->o->cfg, q->idx, m, &mp);
	if (ev_client_check(q, m, &mp))
		return -1;
	ev_hist_add(&q->st.lat, now - q->post_ns[m % q->nslots]);
	q->st.msgs++;
	q->st.bytes += mp.size;
	q->st.t_last = now;
	ev_series_add(&q->ctx->series, now, mp.size);
	q->done = m + 1;	/* in order: ev_wc_check saw to it */
	q->data_inflight--;
	return 0;
}

static int ev_client_recv(struct ev_qp *q, const struct ibv_wc *wc)
{
	uint32_t imm = ntohl(wc->imm_data);
	uint64_t v;

	if (!(wc->wc_flags & IBV_WC_WITH_IMM) || !ev_imm_is_ctrl(imm)) {
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			"QP %u: unexpected receive from the server", q->idx);
		return -1;
	}
	v = ev_imm_widen(imm & ((1u << EV_IMM_CTRL_BITS) - 1),
			 EV_IMM_CTRL_BITS, q->next);
	switch (ev_imm_ctrl_type(imm)) {
	case EV_CTRL_CREDIT:
		if (v > q->credit)
			q->credit = v;
		break;
	case EV_CTRL_FIN_ACK:
		if (q->state != EV_QP_FIN)
			break;	/* a repeat */
		if (v != q->next) {
			ev_fail(q->ctx, EV_EXIT_VERIFY,
				"QP %u: server acknowledged %llu messages, %llu sent",
				q->idx, (unsigned long long)v,
				(unsigned long long)q->next);
			return -1;
		}
		q->state = EV_QP_DONE;
		break;
	case EV_CTRL_ABORT:
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			"QP %u: the server found a failure (see its report)",
			q->idx);
		return -1;
	default:
		ev_fail(q->ctx, EV_EXIT_VERIFY, "QP %u: unexpected control 0x%08x",
			q->idx, imm);
		return -1;
	}
	return ev_repost_recv(q, wc);
}

static int ev_client_wc(struct ev_qp *q, const struct ibv_wc *wc, uint64_t now)
{
	if (ev_wc_check(q, wc))
		return -1;
	if (wc->opcode & IBV_WC_RECV)
		return ev_client_recv(q, wc);
	if (wc->wr_id & EV_WRID_CTRL) {
		q->ctrl_inflight--;
		return 0;
	}
	return ev_client_data_done(q, wc, now);
}

static int ev_client_limit(const struct ev_qp *q)
{
	const struct ev_opts *o = q->ctx->o;
	uint64_t share = o->bytes ? (o->bytes + o->cfg.qps - 1) / o->cfg.qps : 0;

	return (o->iters && q->next >= o->iters) ||
	       (share && q->bytes_posted >= share);
}

/*
 * Open loop: arrivals start with the QP's first credit, so that none
 * waits for the connection's set-up.
 */
static int ev_client_arrived(struct ev_qp *q, uint64_t now)
{
	if (!q->ctx->o->offered)
		return 1;
	if (!q->arrive_ns && q->credit)
		q->arrive_ns = now + ev_arrival_gap_ns(q->ctx->o->cfg.seed,
						       q->idx, 0, q->ctx->gap_ns);
	return q->arrive_ns && q->arrive_ns <= now;
}

/*
 * The last message is posted: the count or bytes bound is reached, or
 * the time bound passed. Open loop, the messages that arrived before the
 * time bound are still sent: leaving them out would hide the backlog of
 * an overloaded path.
 */
static int ev_client_ended(const struct ev_qp *q, uint64_t now,
			   uint64_t stop_at)
{
	if (ev_client_limit(q))
		return 1;
	if (!stop_at || now < stop_at)
		return 0;
	return !q->ctx->o->offered || !q->arrive_ns || q->arrive_ns > stop_at;
}

/*
 * Control: MARK when a quarter ring completed unannounced, when posting
 * is blocked, or, open loop, when nothing is in flight (the next arrival
 * should find its credit); FIN once everything completed. When idle,
 * repeat the last one: on UC it may have been lost.
 */
static int ev_client_ctrl(struct ev_qp *q, uint64_t now)
{
	uint64_t unmarked = q->done - q->marked;
	int blocked = q->next >= q->credit || q->state != EV_QP_RUN ||
		      (q->ctx->o->offered && !q->data_inflight);
	int idle = now - q->last_progress > EV_RESEND_NS &&
		   now - q->last_ctrl > EV_RESEND_NS;

	if (q->ctrl_inflight >= EV_CTRL_MAX)
		return 0;
	if (q->state == EV_QP_DRAIN && q->done == q->next) {
		q->state = EV_QP_FIN;
		q->marked = q->done;
		return ev_post_ctrl(q, EV_CTRL_FIN, q->next);
	}
	if (q->state == EV_QP_FIN)
		return idle && !q->ctrl_inflight ?
		       ev_post_ctrl(q, EV_CTRL_FIN, q->next) : 0;
	if (unmarked && (unmarked >= q->nslots / 4 || blocked)) {
		q->marked = q->done;
		return ev_post_ctrl(q, EV_CTRL_MARK, q->done);
	}
	if (blocked && idle && !q->ctrl_inflight && q->done)
		return ev_post_ctrl(q, EV_CTRL_MARK, q->done);
	return 0;
}

static const char *ev_client_state_name(enum ev_qp_state st)
{
	switch (st) {
	case EV_QP_RUN:
		return "posting";
	case EV_QP_DRAIN:
		return "waiting for its completions";
	case EV_QP_FIN:
		return "FIN sent, no FIN_ACK yet";
	default:
		return "done";
	}
}

static void ev_client_timeout(struct ev_qp *q)
{
	ev_fail(q->ctx, EV_EXIT_TIMEOUT,
		"QP %u: no progress for %.0f s (%s): %llu posted, %llu completed, credit %llu, %u data and %u control sends outstanding, oldest %s%llu",
		q->idx, q->ctx->o->timeout, ev_client_state_name(q->state),
		(unsigned long long)q->next,
		(unsigned long long)q->done, (unsigned long long)q->credit,
		q->data_inflight, q->ctrl_inflight,
		ev_ring_oldest(&q->sring) & EV_WRID_CTRL ? "control #" : "message ",
		(unsigned long long)(ev_ring_oldest(&q->sring) & ~EV_WRID_CTRL));
}

static int ev_client_step(struct ev_qp *q, uint64_t now, uint64_t stop_at)
{
	uint64_t key = ev_progress_key(q), posted = q->next;
	struct ibv_wc wc[EV_POLL_BATCH];
	int i, n;

	n = ibv_poll_cq(q->cq, EV_POLL_BATCH, wc);
	if (n < 0) {
		ev_fail(q->ctx, EV_EXIT_SETUP, "QP %u: ibv_poll_cq failed", q->idx);
		return -1;
	}
	q->ctx->work |= n > 0;
	for (i = 0; i < n; i++)
		if (ev_client_wc(q, &wc[i], now))
			return -1;
	if (ev_progress_key(q) != key)
		q->last_progress = now;
	if (q->state == EV_QP_RUN && ev_client_ended(q, now, stop_at))
		q->state = EV_QP_DRAIN;
	while (q->state == EV_QP_RUN && q->data_inflight < q->ctx->o->cfg.depth &&
	       q->next < q->credit && !ev_client_ended(q, now, stop_at) &&
	       ev_client_arrived(q, now))
		if (ev_client_post(q))
			return -1;
	/* Waiting for the next arrival is not a stall. */
	if (q->state == EV_QP_RUN && !q->data_inflight &&
	    q->next < q->credit && !ev_client_arrived(q, now))
		q->last_progress = now;
	if (ev_client_ctrl(q, now))
		return -1;
	q->ctx->work |= q->next != posted;
	if (now - q->last_progress > (uint64_t)(q->ctx->o->timeout * 1e9)) {
		ev_client_timeout(q);
		ev_debugfs_dump_qp(q, "client");
		return -1;
	}
	return 0;
}

/*
 * --seconds counts from the first message posted, not from the start: a
 * client that waited for the server's first credit longer than the bound
 * (a starved guest) would otherwise end having moved nothing.
 */
static uint64_t ev_client_stop_at(const struct ev_ctx *c, uint64_t now)
{
	uint32_t i;

	for (i = 0; i < c->nqps; i++)
		if (c->qps[i].next)
			return now + (uint64_t)(c->o->seconds * 1e9);
	return 0;
}

/* How often --stop-file is looked for. */
#define EV_STOP_LOOK_NS		100000000ull

/*
 * --stop-file: the run ends now once the file exists, or at the time
 * bound if that comes first.
 */
static uint64_t ev_client_stop_file(const struct ev_ctx *c, uint64_t now,
				    uint64_t stop_at, uint64_t *look_at)
{
	if (!c->o->stop_file || now < *look_at)
		return stop_at;
	*look_at = now + EV_STOP_LOOK_NS;
	if (access(c->o->stop_file, F_OK))
		return stop_at;
	return stop_at && stop_at < now ? stop_at : now;
}

int ev_client_run(struct ev_ctx *c)
{
	uint64_t now = ev_now_ns(), stop_at = 0, look_at = 0;
	uint32_t i, done;

	c->t_start = now;
	if (c->o->offered)
		c->gap_ns = ev_arrival_mean_gap_ns(&c->o->cfg, c->o->offered);
	for (i = 0; i < c->nqps; i++)
		c->qps[i].last_progress = now;
	for (;;) {
		now = ev_now_ns();
		if (c->o->seconds && !stop_at)
			stop_at = ev_client_stop_at(c, now);
		stop_at = ev_client_stop_file(c, now, stop_at, &look_at);
		done = 0;
		c->work = 0;
		c->wake_ns = 0;
		for (i = 0; i < c->nqps; i++) {
			struct ev_qp *q = &c->qps[i];

			if (q->state == EV_QP_DONE) {
				done++;
				continue;
			}
			if (ev_client_step(q, now, stop_at))
				goto fail;
			if (c->o->offered && q->state == EV_QP_RUN && q->arrive_ns &&
			    (!c->wake_ns || q->arrive_ns < c->wake_ns))
				c->wake_ns = q->arrive_ns;
		}
		if (done == c->nqps)
			return 0;
		if (ev_wait_idle(c, c->work))
			goto fail;
	}
fail:
	ev_abort_all(c);
	return -1;
}
