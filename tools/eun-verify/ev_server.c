// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: server (responder) side. It checks the bytes of SEND,
 * WRITE and WRITE_IMM messages, the order of the message numbers carried
 * in immediate data, the final value of every atomic word, and grants
 * the client credit as slots are checked and freed. See ev_verbs.h.
 */
#include <arpa/inet.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ev_conn.h"
#include "ev_debugfs.h"
#include "ev_dev.h"
#include "ev_log.h"
#include "ev_server.h"
#include "ev_slots.h"
#include "ev_wait.h"

static int ev_server_check_bytes(struct ev_qp *q, uint64_t m,
				 const struct ev_msg_plan *mp,
				 const uint8_t *buf, uint32_t len)
{
	struct ev_mismatch mm;

	if (len != mp->size) {
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			"QP %u: message %llu (%s): %u bytes arrived, expected %u",
			q->idx, (unsigned long long)m, ev_op_name(mp->op), len,
			mp->size);
		return -1;
	}
	if (ev_pattern_check(buf, len, q->ctx->pattern_seed, q->idx, m, &mm)) {
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			"QP %u: message %llu (%s, %u bytes): data mismatch at offset %zu: expected 0x%02x, seen 0x%02x (%zu bad bytes in the message)",
			q->idx, (unsigned long long)m, ev_op_name(mp->op),
			mp->size, mm.offset, mm.expected, mm.seen, mm.count);
		return -1;
	}
	q->st.checked_msgs++;
	q->st.checked_bytes += len;
	return 0;
}

/* Message numbers below the credit that a receive may carry next. */
static uint64_t ev_server_next_notifying(struct ev_qp *q)
{
	struct ev_msg_plan mp;
	uint64_t m;

	for (m = q->notify; m < q->credit; m++) {
		ev_plan_msg(&q->ctx->o->cfg, q->idx, m, &mp);
		if (ev_op_notifies(mp.op))
			return m;
	}
	return q->credit;
}

/* A SEND or WRITE_IMM arrived carrying message number @imm. */
static int ev_server_data(struct ev_qp *q, const struct ibv_wc *wc,
			  uint32_t imm)
{
	uint64_t want = ev_server_next_notifying(q);
	uint64_t m = ev_imm_widen(imm, EV_IMM_DATA_BITS, q->notify);
	enum ev_op got = wc->opcode == IBV_WC_RECV ? EV_OP_SEND : EV_OP_WRITE_IMM;
	struct ev_msg_plan mp;
	enum ev_seq seq;
	const uint8_t *buf;

	if (m >= q->credit) {
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			"QP %u: message %llu arrived beyond the credit granted (%llu)",
			q->idx, (unsigned long long)m,
			(unsigned long long)q->credit);
		return -1;
	}
	seq = ev_seq_classify(want, m);
	if (seq != EV_SEQ_OK) {
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			seq == EV_SEQ_GAP ?
			"QP %u: message %llu missing: message %llu arrived in its place" :
			"QP %u: expected message %llu, message %llu arrived again or out of order",
			q->idx, (unsigned long long)want, (unsigned long long)m);
		return -1;
	}
	ev_plan_msg(&q->ctx->o->cfg, q->idx, m, &mp);
	if (mp.op != got) {
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			"QP %u: message %llu arrived as %s, planned as %s",
			q->idx, (unsigned long long)m, ev_op_name(got),
			ev_op_name(mp.op));
		return -1;
	}
	buf = got == EV_OP_SEND ? ev_recv_buf(q, wc) : ev_slot(q, m);
	if (ev_server_check_bytes(q, m, &mp, buf, wc->byte_len))
		return -1;
	q->finished[m % q->nslots] = 1;
	q->notify = m + 1;
	return 0;
}

/*
 * MARK(@end): the client completed every message below @end. WRITE
 * data is in place (RC orders the MARK after it), READs and atomics are
 * done with their slot; a SEND or WRITE_IMM never seen is lost.
 */
static int ev_server_mark(struct ev_qp *q, uint64_t end)
{
	struct ev_msg_plan mp;
	uint64_t m;

	if (end > q->credit) {
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			"QP %u: client marked %llu messages done, only %llu granted",
			q->idx, (unsigned long long)end,
			(unsigned long long)q->credit);
		return -1;
	}
	for (m = q->done; m < end; m++) {
		if (q->finished[m % q->nslots])
			continue;
		ev_plan_msg(&q->ctx->o->cfg, q->idx, m, &mp);
		if (ev_op_notifies(mp.op)) {
			ev_fail(q->ctx, EV_EXIT_VERIFY,
				"QP %u: message %llu (%s) missing: the client completed it, it never arrived",
				q->idx, (unsigned long long)m, ev_op_name(mp.op));
			return -1;
		}
		if (mp.op == EV_OP_WRITE &&
		    ev_server_check_bytes(q, m, &mp, ev_slot(q, m), mp.size))
			return -1;
		q->finished[m % q->nslots] = 1;
	}
	if (end > q->notify)
		q->notify = end;
	return 0;
}

/* Early last bytes printed under --allow-early; the count has them all. */
#define EV_EARLY_LOG	5

/* An early last byte: the run fails, or under --allow-early counts it. */
static int ev_server_early(struct ev_qp *q, uint64_t m,
			   const struct ev_msg_plan *mp,
			   const struct ev_mismatch *mm)
{
	q->st.early_last++;
	if (!q->ctx->o->allow_early) {
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			"QP %u: message %llu (write, %u bytes): early last byte: the last bytes were in while offset %zu still held 0x%02x, expected 0x%02x (%zu bytes not yet in)",
			q->idx, (unsigned long long)m, mp->size, mm->offset,
			mm->seen, mm->expected, mm->count);
		return -1;
	}
	if (q->st.early_last <= EV_EARLY_LOG)
		fprintf(stderr,
			"eun-verify: server: QP %u: message %llu: early last byte, offset %zu not yet in (%zu bytes)\n",
			q->idx, (unsigned long long)m, mm->offset, mm->count);
	return 0;
}

/*
 * write_poll: look at the last bytes of every granted message not seen
 * yet. A slot the client has not written again still holds an older
 * message, so it waits.
 */
static int ev_server_poll(struct ev_qp *q)
{
	struct ev_mismatch mm;
	struct ev_msg_plan mp;
	enum ev_poll r;
	uint64_t m;
	uint32_t s;

	for (m = q->done; m < q->credit; m++) {
		s = m % q->nslots;
		if (q->polled[s] || q->finished[s])
			continue;
		ev_plan_msg(&q->ctx->o->cfg, q->idx, m, &mp);
		r = ev_poll_check(ev_slot(q, m), mp.size, q->mtu_bytes,
				  q->ctx->pattern_seed, q->idx, m, &mm);
		if (r == EV_POLL_WAIT)
			continue;
		q->polled[s] = 1;
		q->st.polled++;
		if (r == EV_POLL_EARLY && ev_server_early(q, m, &mp, &mm))
			return -1;
	}
	return 0;
}

/* write_poll: the last packet's length depends on the path MTU. */
static int ev_server_poll_setup(struct ev_ctx *c)
{
	struct ibv_qp_init_attr init;
	struct ibv_qp_attr a;
	uint32_t i;

	if (!c->o->cfg.write_poll)
		return 0;
	for (i = 0; i < c->nqps; i++) {
		struct ev_qp *q = &c->qps[i];

		if (ibv_query_qp(q->qp, &a, IBV_QP_PATH_MTU, &init)) {
			ev_fail(c, EV_EXIT_SETUP, "QP %u: ibv_query_qp failed",
				q->idx);
			return -1;
		}
		q->mtu_bytes = 128u << a.path_mtu;
	}
	fprintf(stderr, "eun-verify: server: write_poll, path MTU %u%s\n",
		c->qps[0].mtu_bytes,
		c->o->allow_early ? ", early last bytes counted only" : "");
	return 0;
}

/* Move the finished prefix on, reusing each slot for a new message. */
static void ev_server_advance(struct ev_qp *q)
{
	struct ev_msg_plan mp;
	uint64_t cmp;

	while (q->done < q->credit && q->finished[q->done % q->nslots]) {
		uint64_t m = q->done;

		ev_plan_msg(&q->ctx->o->cfg, q->idx, m, &mp);
		if (ev_op_is_atomic(mp.op))
			ev_atomic_apply(&q->am, &mp, &cmp);
		q->finished[m % q->nslots] = 0;
		q->polled[m % q->nslots] = 0;
		q->st.msgs++;
		q->st.bytes += mp.size;
		q->done++;
		ev_server_prepare_msg(q, m + q->nslots);
	}
}

static int ev_server_check_atomics(struct ev_qp *q)
{
	uint64_t w;
	uint32_t i;

	for (i = 0; i < EV_ATOMIC_WORDS; i++) {
		/* Written by the device behind the compiler's back. */
		w = __atomic_load_n(&q->words[i], __ATOMIC_ACQUIRE);
		if (w == q->am.word[i])
			continue;
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			"QP %u: atomic word %u holds 0x%016llx, expected 0x%016llx",
			q->idx, i, (unsigned long long)w,
			(unsigned long long)q->am.word[i]);
		return -1;
	}
	return 0;
}

static int ev_server_fin(struct ev_qp *q, uint64_t n)
{
	int repeat = q->state != EV_QP_RUN;
	struct ev_msg_plan mp;
	uint64_t m, atomics = 0;

	if (q->state == EV_QP_RUN) {
		if (ev_server_mark(q, n))
			return -1;
		ev_server_advance(q);
		if (q->done != n) {
			ev_fail(q->ctx, EV_EXIT_VERIFY,
				"QP %u: FIN after %llu messages, %llu finished here",
				q->idx, (unsigned long long)n,
				(unsigned long long)q->done);
			return -1;
		}
		if (ev_server_check_atomics(q))
			return -1;
		for (m = 0; m < n && (q->ctx->o->cfg.ops & EV_OPS_ATOMIC); m++) {
			ev_plan_msg(&q->ctx->o->cfg, q->idx, m, &mp);
			atomics += ev_op_is_atomic(mp.op);
		}
		q->st.checked_msgs += atomics;
		q->st.checked_bytes += 8 * atomics;
		q->fin_count = n;
		q->st.t_last = ev_now_ns();
		/*
		 * Done once FIN_ACK is posted: the client's receipt of it is
		 * the proof. Waiting for its send completion would wait for
		 * an ACK the client may never send, having torn its QP down
		 * on seeing FIN_ACK.
		 */
		q->state = EV_QP_DONE;
	} else if (n != q->fin_count) {
		ev_fail(q->ctx, EV_EXIT_VERIFY, "QP %u: second FIN says %llu, first %llu",
			q->idx, (unsigned long long)n,
			(unsigned long long)q->fin_count);
		return -1;
	}
	/*
	 * A repeated FIN means our FIN_ACK was lost (UC): answer again, once
	 * the last answer has gone. A slow server may find several repeats
	 * in one poll, each of which would take a slot of the send ring.
	 */
	if (repeat && q->ctrl_inflight)
		return 0;
	return ev_post_ctrl(q, EV_CTRL_FIN_ACK, n);
}

static int ev_server_ctrl(struct ev_qp *q, uint32_t imm)
{
	uint64_t v = ev_imm_widen(imm & ((1u << EV_IMM_CTRL_BITS) - 1),
				  EV_IMM_CTRL_BITS, q->done);

	switch (ev_imm_ctrl_type(imm)) {
	case EV_CTRL_MARK:
		if (q->state != EV_QP_RUN)
			return 0;	/* late repeat */
		return ev_server_mark(q, v);
	case EV_CTRL_FIN:
		return ev_server_fin(q, v);
	case EV_CTRL_ABORT:
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			"QP %u: the client reported a failure (see its report)",
			q->idx);
		return -1;
	default:
		ev_fail(q->ctx, EV_EXIT_VERIFY, "QP %u: unexpected control 0x%08x",
			q->idx, imm);
		return -1;
	}
}

static int ev_server_recv(struct ev_qp *q, const struct ibv_wc *wc)
{
	uint32_t imm;
	int err;

	if (!(wc->wc_flags & IBV_WC_WITH_IMM)) {
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			"QP %u: receive without immediate data", q->idx);
		return -1;
	}
	imm = ntohl(wc->imm_data);
	if (!q->st.t_first)
		q->st.t_first = ev_now_ns();
	err = ev_imm_is_ctrl(imm) ? ev_server_ctrl(q, imm) :
				    ev_server_data(q, wc, imm);
	if (err)
		return -1;
	ev_server_advance(q);
	return ev_repost_recv(q, wc);
}

static int ev_server_wc(struct ev_qp *q, const struct ibv_wc *wc)
{
	if (ev_wc_check(q, wc))
		return -1;
	if (wc->opcode & IBV_WC_RECV)
		return ev_server_recv(q, wc);
	q->ctrl_inflight--;
	return 0;
}

/*
 * Nothing new for the whole timeout. The client may have nothing to send
 * (then it says FIN), so anything granted and not finished is missing:
 * on UC a lost message whose successors the device holds back looks so.
 */
static void ev_server_timeout(struct ev_qp *q, double waited)
{
	if (q->peer_gone)
		ev_fail(q->ctx, EV_EXIT_TIMEOUT,
			"QP %u: the client disconnected, and nothing new came for %.0f s: message %llu missing (%llu finished, %llu granted)",
			q->idx, waited, (unsigned long long)q->done,
			(unsigned long long)q->done,
			(unsigned long long)q->credit);
	else if (q->done < q->credit && q->st.t_first)
		ev_fail(q->ctx, EV_EXIT_TIMEOUT,
			"QP %u: nothing new for %.0f s: message %llu missing (%llu finished, %llu granted, next receive expected: message %llu)",
			q->idx, q->ctx->o->timeout, (unsigned long long)q->done,
			(unsigned long long)q->done,
			(unsigned long long)q->credit,
			(unsigned long long)ev_server_next_notifying(q));
	else
		ev_fail(q->ctx, EV_EXIT_TIMEOUT,
			"QP %u: nothing arrived for %.0f s (%llu messages finished, credit %llu)",
			q->idx, q->ctx->o->timeout, (unsigned long long)q->done,
			(unsigned long long)q->credit);
}

/* Grant the freed slots; when idle, repeat the grant (UC may lose it). */
static int ev_server_credit(struct ev_qp *q, uint64_t now)
{
	uint64_t grant = q->done + q->nslots;

	if (q->state != EV_QP_RUN || q->ctrl_inflight >= EV_CTRL_MAX)
		return 0;
	if (grant > q->credit) {
		q->credit = grant;
		return ev_post_ctrl(q, EV_CTRL_CREDIT, grant);
	}
	if (!q->ctrl_inflight && now - q->last_progress > EV_RESEND_NS &&
	    now - q->last_ctrl > EV_RESEND_NS)
		return ev_post_ctrl(q, EV_CTRL_CREDIT, q->credit);
	return 0;
}

/*
 * How long a QP may go without progress: --timeout, or EV_PEER_GONE_NS
 * once its client disconnected (a client that failed and exited sends
 * nothing more, and a run that fails should say so soon).
 */
static uint64_t ev_server_patience(const struct ev_qp *q)
{
	uint64_t t = (uint64_t)(q->ctx->o->timeout * 1e9);

	return q->peer_gone && t > EV_PEER_GONE_NS ? EV_PEER_GONE_NS : t;
}

static int ev_server_step(struct ev_qp *q, uint64_t now)
{
	uint64_t key = ev_progress_key(q);
	struct ibv_wc wc[EV_POLL_BATCH];
	int i, n;

	/* Before the CQ: a MARK found there covers data the poll saw. */
	if (q->ctx->o->cfg.write_poll && q->state == EV_QP_RUN &&
	    ev_server_poll(q))
		return -1;
	n = ibv_poll_cq(q->cq, EV_POLL_BATCH, wc);
	if (n < 0) {
		ev_fail(q->ctx, EV_EXIT_SETUP, "QP %u: ibv_poll_cq failed", q->idx);
		return -1;
	}
	for (i = 0; i < n; i++)
		if (ev_server_wc(q, &wc[i]))
			return -1;
	q->ctx->work |= n > 0;
	if (ev_progress_key(q) != key)
		q->last_progress = now;
	if (q->state != EV_QP_DONE &&
	    now - q->last_progress > ev_server_patience(q)) {
		ev_server_timeout(q, ev_server_patience(q) / 1e9);
		ev_debugfs_dump_qp(q, "server");
		return -1;
	}
	return ev_server_credit(q, now);
}

/*
 * Notes the clients' DISCONNECTED, and this device's DEVICE_REMOVAL, while
 * the run goes on. Only shortens the
 * wait for progress: a client whose device is being deleted disconnects
 * early while its transfer goes on, so the QP is not torn down here
 * (ev_disconnect() answers these disconnects).
 */
static void ev_server_watch_peers(struct ev_ctx *c, uint64_t now)
{
	struct pollfd p = { .events = POLLIN };
	struct rdma_cm_event *ev;
	struct ev_qp *q;

	if (c->o->tcp || !c->ec || now - c->cm_polled < EV_CM_POLL_NS)
		return;
	c->cm_polled = now;
	p.fd = c->ec->fd;
	while (poll(&p, 1, 0) > 0 && !rdma_get_cm_event(c->ec, &ev)) {
		q = ev_qp_of_cm_id(c, ev->id);
		if (q && ev->event == RDMA_CM_EVENT_DISCONNECTED && !q->peer_gone)
			q->peer_gone = now;
		if (q && ev->event == RDMA_CM_EVENT_DEVICE_REMOVAL)
			q->dev_removed = 1;
		rdma_ack_cm_event(ev);
	}
}

/*
 * RC: linger until the control sends (FIN_ACK) are acknowledged. When the
 * client's device is being deleted, the kernel tears its connections down
 * early and their DISCONNECTED waits here already: ev_disconnect() would
 * destroy the QPs before FIN_ACK left, and the client wait for it. A
 * failed completion is no failure now: everything was checked, and a
 * client gone after reading FIN_ACK need not acknowledge it.
 */
static void ev_server_linger(struct ev_ctx *c)
{
	uint64_t end = ev_now_ns() + EV_LINGER_NS;
	struct ibv_wc wc[EV_POLL_BATCH];
	uint32_t i, busy;
	int k, n;

	do {
		busy = 0;
		for (i = 0; i < c->nqps; i++) {
			struct ev_qp *q = &c->qps[i];

			n = ibv_poll_cq(q->cq, EV_POLL_BATCH, wc);
			for (k = 0; k < n; k++)
				if ((wc[k].wr_id & EV_WRID_CTRL) &&
				    q->ctrl_inflight)
					q->ctrl_inflight--;
			busy += q->ctrl_inflight > 0;
		}
		if (busy)
			usleep(1000);
	} while (busy && ev_now_ns() < end);
}

int ev_server_run(struct ev_ctx *c)
{
	uint64_t now = ev_now_ns(), end;
	uint32_t i, done;

	if (ev_server_poll_setup(c))
		goto fail;
	if (c->chan && c->o->cfg.write_poll) {
		ev_fail(c, EV_EXIT_USAGE,
			"--block sleeps on completions, and the client's --write-poll has the server spin on memory: drop one");
		goto fail;
	}
	for (i = 0; i < c->nqps; i++)
		c->qps[i].last_progress = now;
	for (;;) {
		now = ev_now_ns();
		done = 0;
		c->work = 0;
		ev_server_watch_peers(c, now);
		for (i = 0; i < c->nqps; i++) {
			struct ev_qp *q = &c->qps[i];

			if (q->state == EV_QP_DONE) {
				done++;
				continue;
			}
			if (ev_server_step(q, now))
				goto fail;
		}
		if (done == c->nqps)
			break;
		if (ev_wait_idle(c, c->work))
			goto fail;
	}
	/* A little grace: a lost FIN_ACK on UC brings a repeated FIN. */
	if (c->o->cfg.uc) {
		end = ev_now_ns() + 3 * EV_RESEND_NS;
		while (ev_now_ns() < end)
			for (i = 0; i < c->nqps; i++)
				if (ev_server_step(&c->qps[i], ev_now_ns()))
					goto fail;
	} else {
		ev_server_linger(c);
	}
	return 0;
fail:
	ev_abort_all(c);
	return -1;
}
