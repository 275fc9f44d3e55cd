// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: device, memory and QP helpers: open the device (TCP
 * exchange), size and register a QP's memory, create it and move it
 * through its states, post receives (to the QP or to the shared receive
 * queue) and control messages, check completions. Below the connection
 * set-up and both roles; uses only ev_log.c and the pure files.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ev_dev.h"
#include "ev_log.h"
#include "ev_wait.h"

/*
 * What counts as progress: messages completed or finished, credit,
 * message numbers seen, last bytes seen by write_poll, state. Completions of our own repeated control
 * messages do not count, or a UC run that lost its way would resend for
 * ever without reaching its timeout.
 */
uint64_t ev_progress_key(const struct ev_qp *q)
{
	return ev_mix64(q->done ^ ev_mix64(q->credit ^ ev_mix64(q->notify ^
		ev_mix64(q->state ^ ev_mix64(q->next ^
		ev_mix64(q->st.polled))))));
}

/* Two slots per outstanding message: a full window in flight while the
 * previous one is being checked.
 */
uint32_t ev_ring_slots(const struct ev_config *cfg)
{
	return 2 * cfg->depth;
}

/* Slots are 64-byte aligned so the atomic words after them are aligned. */
uint32_t ev_slot_size(const struct ev_config *cfg)
{
	return (ev_size_max(cfg) + 63) & ~63u;
}

/**
 * ev_qp_alloc() - size and register a QP's memory, set up its rings
 * @q: QP with ctx and idx set
 * @server: responder layout (atomic words, receive buffers for SEND)
 */
int ev_qp_alloc(struct ev_qp *q, int server)
{
	struct ev_ctx *c = q->ctx;
	const struct ev_config *cfg = &c->o->cfg;
	size_t slots_len, words_len;
	int access;

	q->nslots = ev_ring_slots(cfg);
	q->slot_size = ev_slot_size(cfg);
	q->nwords = server ? EV_ATOMIC_WORDS : q->nslots;
	q->rbuf_size = server && (cfg->ops & (1u << EV_OP_SEND)) ?
		       q->slot_size : 0;
	q->nrecv = server ? q->nslots + EV_SERVER_EXTRA_RECVS : EV_CLIENT_RECVS;
	q->max_send = server ? 2 * EV_CTRL_MAX : cfg->depth + 2 * EV_CTRL_MAX;
	slots_len = (size_t)q->nslots * q->slot_size;
	words_len = (size_t)q->nwords * sizeof(uint64_t);
	q->mem_len = slots_len + words_len;
	if (!c->o->srq)		/* else the SRQ's buffers take the SENDs */
		q->mem_len += (size_t)q->nrecv * q->rbuf_size;
	if (posix_memalign((void **)&q->mem, 4096, q->mem_len)) {
		ev_fail(c, EV_EXIT_SETUP, "QP %u: cannot allocate %zu bytes",
			q->idx, q->mem_len);
		return -1;
	}
	memset(q->mem, 0, q->mem_len);
	q->slots = q->mem;
	q->words = (uint64_t *)(q->mem + slots_len);
	q->rbufs = c->o->srq ? NULL : q->mem + slots_len + words_len;
	access = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE;
	if (!cfg->uc)
		access |= IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC;
	q->mr = ibv_reg_mr(c->pd, q->mem, q->mem_len, access);
	if (!q->mr) {
		ev_fail(c, EV_EXIT_SETUP, "QP %u: ibv_reg_mr of %zu bytes: %s",
			q->idx, q->mem_len, strerror(errno));
		return -1;
	}
	q->post_ns = calloc(q->nslots, sizeof(*q->post_ns));
	q->atom_want = calloc(q->nslots, sizeof(*q->atom_want));
	q->finished = calloc(q->nslots, 1);
	q->polled = calloc(q->nslots, 1);
	if (!q->post_ns || !q->atom_want || !q->finished || !q->polled ||
	    ev_ring_init(&q->sring, q->max_send) ||
	    ev_ring_init(&q->rring, q->nrecv)) {
		ev_fail(c, EV_EXIT_SETUP, "QP %u: out of memory", q->idx);
		return -1;
	}
	ev_atomic_init(&q->am, c->pattern_seed, q->idx);
	return 0;
}

/* Receive slot @slot back on the SRQ, its buffer whole. */
static int ev_srq_post(struct ev_ctx *c, uint32_t slot)
{
	struct ev_srq *s = &c->srq;
	struct ibv_recv_wr wr, *bad;
	struct ibv_sge sge;
	int err;

	memset(&wr, 0, sizeof(wr));
	wr.wr_id = ev_srq_wrid(slot);
	if (s->buf_size) {
		sge.addr = (uintptr_t)(s->bufs + (size_t)slot * s->buf_size);
		sge.length = s->buf_size;
		sge.lkey = s->mr->lkey;
		wr.sg_list = &sge;
		wr.num_sge = 1;
	}
	if (ev_srq_book_post(&s->book, slot)) {
		ev_fail(c, EV_EXIT_VERIFY, "SRQ slot %u posted twice", slot);
		return -1;
	}
	err = ibv_post_srq_recv(s->srq, &wr, &bad);
	if (err) {
		ev_fail(c, EV_EXIT_SETUP, "ibv_post_srq_recv: %s",
			strerror(err));
		return -1;
	}
	return 0;
}

/* How many WQEs, within the device's limits; 0 or -1 with the reason. */
static int ev_srq_sizing(struct ev_ctx *c, const struct ev_qp *q,
			 uint32_t *n)
{
	struct ibv_device_attr da;

	if (ibv_query_device(c->verbs, &da)) {
		ev_fail(c, EV_EXIT_SETUP, "ibv_query_device failed");
		return -1;
	}
	if (da.max_srq < 1 || da.max_srq_wr < 1 || da.max_srq_sge < 1) {
		ev_fail(c, EV_EXIT_USAGE,
			"--srq: the device has no shared receive queues");
		return -1;
	}
	if (ev_srq_size(q->nrecv, c->nqps, (uint32_t)da.max_srq_wr, n)) {
		ev_fail(c, EV_EXIT_USAGE,
			"--srq: %u QP(s) x %u receives = %llu WQEs, the device's SRQ holds at most %d: fewer QPs or a lower depth",
			c->nqps, q->nrecv,
			(unsigned long long)c->nqps * q->nrecv, da.max_srq_wr);
		return -1;
	}
	return 0;
}

/*
 * --srq: one SRQ for all this side's QPs, made with the first one (the
 * QP count is known by then) and filled before any QP may receive.
 */
static int ev_srq_create(struct ev_ctx *c, const struct ev_qp *q)
{
	struct ev_srq *s = &c->srq;
	struct ibv_srq_init_attr ia;
	uint32_t i, n;
	size_t len;

	if (s->srq)
		return 0;
	if (ev_srq_sizing(c, q, &n))
		return -1;
	s->buf_size = q->rbuf_size;
	len = (size_t)n * s->buf_size;
	if (len && posix_memalign((void **)&s->bufs, 4096, len)) {
		ev_fail(c, EV_EXIT_SETUP, "SRQ: cannot allocate %zu bytes", len);
		return -1;
	}
	if (len) {
		memset(s->bufs, 0, len);
		s->mr = ibv_reg_mr(c->pd, s->bufs, len, IBV_ACCESS_LOCAL_WRITE);
		if (!s->mr) {
			ev_fail(c, EV_EXIT_SETUP,
				"SRQ: ibv_reg_mr of %zu bytes: %s", len,
				strerror(errno));
			return -1;
		}
	}
	if (ev_srq_book_init(&s->book, n)) {
		ev_fail(c, EV_EXIT_SETUP, "SRQ: out of memory");
		return -1;
	}
	memset(&ia, 0, sizeof(ia));
	ia.attr.max_wr = n;
	ia.attr.max_sge = 1;
	s->srq = ibv_create_srq(c->pd, &ia);
	if (!s->srq) {
		ev_fail(c, EV_EXIT_SETUP, "ibv_create_srq of %u WQEs: %s", n,
			strerror(errno));
		return -1;
	}
	s->nwqe = n;
	for (i = 0; i < n; i++)
		if (ev_srq_post(c, i))
			return -1;
	fprintf(stderr,
		"eun-verify: %s: one SRQ of %u receives (%u bytes each) for %u QP(s)\n",
		c->o->role == EV_ROLE_SERVER ? "server" : "client", s->nwqe,
		s->buf_size, c->nqps);
	return 0;
}

/* After every QP on it is gone. */
void ev_srq_destroy(struct ev_ctx *c)
{
	struct ev_srq *s = &c->srq;

	if (s->srq)
		ibv_destroy_srq(s->srq);
	s->srq = NULL;
	if (s->mr)
		ibv_dereg_mr(s->mr);
	s->mr = NULL;
	free(s->bufs);
	s->bufs = NULL;
	ev_srq_book_free(&s->book);
}

/*
 * The QP itself. ATOMIC WRITE has no ibv_post_send() opcode in this
 * rdma-core: a run that posts one gets an extended QP, whose
 * ibv_wr_atomic_write() posts it (the other operations still go through
 * ibv_post_send()).
 */
static int ev_qp_make(struct ev_qp *q, struct ibv_qp_init_attr *ia)
{
	struct ev_ctx *c = q->ctx;
	struct ibv_qp_init_attr_ex ix;
	int awrite = !!(c->o->cfg.ops & (1u << EV_OP_AWRITE));
	const char *what;
	int err;

	memset(&ix, 0, sizeof(ix));
	ix.send_cq = ia->send_cq;
	ix.recv_cq = ia->recv_cq;
	ix.srq = ia->srq;
	ix.cap = ia->cap;
	ix.qp_type = ia->qp_type;
	ix.sq_sig_all = ia->sq_sig_all;
	ix.comp_mask = IBV_QP_INIT_ATTR_PD | IBV_QP_INIT_ATTR_SEND_OPS_FLAGS;
	ix.pd = c->pd;
	ix.send_ops_flags = IBV_QP_EX_WITH_ATOMIC_WRITE;
	if (q->cm_id) {
		what = "rdma_create_qp";
		err = awrite ? rdma_create_qp_ex(q->cm_id, &ix) :
			       rdma_create_qp(q->cm_id, c->pd, ia);
		q->qp = err ? NULL : q->cm_id->qp;
	} else {
		what = "ibv_create_qp";
		q->qp = awrite ? ibv_create_qp_ex(c->verbs, &ix) :
				 ibv_create_qp(c->pd, ia);
	}
	if (!q->qp) {
		ev_fail(c, EV_EXIT_SETUP, "QP %u: %s%s: %s", q->idx, what,
			awrite ? " (extended, for ATOMIC WRITE)" : "",
			strerror(errno));
		return -1;
	}
	if (awrite) {
		q->qpx = ibv_qp_to_qp_ex(q->qp);
		if (!q->qpx) {
			ev_fail(c, EV_EXIT_SETUP, "QP %u: no extended QP for ATOMIC WRITE",
				q->idx);
			return -1;
		}
	}
	return q->cm_id ? 0 : ev_qp_to_init(q);
}

/**
 * ev_qp_create() - completion queue and QP, by rdma_cm or by hand
 *
 * With rdma_cm the QP comes out in INIT; by hand we move it there, so in
 * both cases receives can be posted before the peer may send.
 */
int ev_qp_create(struct ev_qp *q, int server)
{
	struct ev_ctx *c = q->ctx;
	struct ibv_qp_init_attr ia;
	uint32_t i;

	if (c->o->srq && ev_srq_create(c, q))
		return -1;
	/*
	 * With an SRQ a QP still completes no more receives at a time than
	 * its own queue would have held (the protocol's credit), so the CQ
	 * keeps its size.
	 */
	if (ev_wait_channel(c))
		return -1;
	q->cq = ibv_create_cq(c->verbs, (int)(q->max_send + q->nrecv), NULL,
			      c->chan, 0);
	if (!q->cq) {
		ev_fail(c, EV_EXIT_SETUP, "QP %u: ibv_create_cq: %s", q->idx,
			strerror(errno));
		return -1;
	}
	memset(&ia, 0, sizeof(ia));
	ia.send_cq = q->cq;
	ia.recv_cq = q->cq;
	ia.qp_type = c->o->cfg.uc ? IBV_QPT_UC : IBV_QPT_RC;
	ia.sq_sig_all = 1;
	ia.cap.max_send_wr = q->max_send;
	ia.srq = c->srq.srq;
	ia.cap.max_recv_wr = ia.srq ? 0 : q->nrecv;
	ia.cap.max_send_sge = 1;
	ia.cap.max_recv_sge = ia.srq ? 0 : 1;
	if (ev_qp_make(q, &ia))
		return -1;
	for (i = 0; !ia.srq && i < q->nrecv; i++)
		if (ev_post_recv(q, i))
			return -1;
	(void)server;
	return 0;
}

void ev_qp_destroy(struct ev_qp *q)
{
	if (q->cm_id && q->qp)
		rdma_destroy_qp(q->cm_id);
	else if (q->qp)
		ibv_destroy_qp(q->qp);
	q->qp = NULL;
	q->qpx = NULL;
	if (q->cm_id)
		rdma_destroy_id(q->cm_id);
	q->cm_id = NULL;
	if (q->cq)
		ibv_destroy_cq(q->cq);
	q->cq = NULL;
	if (q->mr)
		ibv_dereg_mr(q->mr);
	q->mr = NULL;
	free(q->mem);
	free(q->post_ns);
	free(q->atom_want);
	free(q->finished);
	free(q->polled);
	ev_ring_free(&q->sring);
	ev_ring_free(&q->rring);
	q->mem = NULL;
	q->post_ns = NULL;
	q->atom_want = NULL;
	q->finished = NULL;
	q->polled = NULL;
}

/* Receive @idx: a SEND target buffer on the server, zero-length otherwise. */
int ev_post_recv(struct ev_qp *q, uint32_t idx)
{
	struct ibv_recv_wr wr, *bad;
	struct ibv_sge sge;
	int err;

	memset(&wr, 0, sizeof(wr));
	wr.wr_id = idx;
	if (q->rbuf_size) {
		sge.addr = (uintptr_t)(q->rbufs + (size_t)idx * q->rbuf_size);
		sge.length = q->rbuf_size;
		sge.lkey = q->mr->lkey;
		wr.sg_list = &sge;
		wr.num_sge = 1;
	}
	if (ev_ring_push(&q->rring, idx)) {
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			"QP %u: more receives outstanding than posted", q->idx);
		return -1;
	}
	err = ibv_post_recv(q->qp, &wr, &bad);
	if (err) {
		ev_fail(q->ctx, EV_EXIT_SETUP, "QP %u: ibv_post_recv: %s",
			q->idx, strerror(err));
		return -1;
	}
	return 0;
}

/* The buffer a receive completion filled, named by its wr_id. */
const uint8_t *ev_recv_buf(const struct ev_qp *q, const struct ibv_wc *wc)
{
	const struct ev_srq *s = &q->ctx->srq;
	uint32_t slot;

	if (!s->srq)
		return q->rbufs + (size_t)wc->wr_id * q->rbuf_size;
	if (ev_srq_slot(wc->wr_id, s->nwqe, &slot))
		return NULL;	/* ev_wc_check() refused it already */
	return s->bufs + (size_t)slot * s->buf_size;
}

/* Post again the receive a completion took, once its message is checked. */
int ev_repost_recv(struct ev_qp *q, const struct ibv_wc *wc)
{
	uint32_t slot;

	if (!q->ctx->srq.srq)
		return ev_post_recv(q, (uint32_t)wc->wr_id);
	if (ev_srq_slot(wc->wr_id, q->ctx->srq.nwqe, &slot)) {
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			"QP %u: wr_id 0x%llx is no SRQ slot", q->idx,
			(unsigned long long)wc->wr_id);
		return -1;
	}
	return ev_srq_post(q->ctx, slot);
}

/* The QP of a QP number: @hint first, since it is nearly always that one. */
static struct ev_qp *ev_qp_by_num(struct ev_ctx *c, struct ev_qp *hint,
				  uint32_t qpn)
{
	uint32_t i;

	if (hint->qp && hint->qp->qp_num == qpn)
		return hint;
	for (i = 0; i < c->nqps; i++)
		if (c->qps[i].qp && c->qps[i].qp->qp_num == qpn)
			return &c->qps[i];
	return NULL;
}

/*
 * A receive off the SRQ: the QP is the one qp_num names, which must be
 * the CQ's own; the wr_id must name a slot on the SRQ.
 */
static int ev_wc_check_srq(struct ev_qp *q, const struct ibv_wc *wc)
{
	struct ev_ctx *c = q->ctx;
	struct ev_qp *owner = ev_qp_by_num(c, q, wc->qp_num);
	uint32_t slot;

	if (owner != q) {
		ev_fail(c, EV_EXIT_VERIFY,
			"QP %u: receive completion of QP number 0x%x (%s) on this QP's CQ",
			q->idx, wc->qp_num,
			owner ? "another QP" : "none of ours");
		return -1;
	}
	switch (ev_srq_book_take(&c->srq.book, wc->wr_id, &slot)) {
	case EV_SRQ_OK:
		q->st.srq_recvs++;
		return 0;
	case EV_SRQ_TAKEN:
		ev_fail(c, EV_EXIT_VERIFY,
			"QP %u: receive completion of SRQ slot %u, not on the SRQ (duplicate)",
			q->idx, slot);
		return -1;
	default:
		ev_fail(c, EV_EXIT_VERIFY,
			"QP %u: receive completion with wr_id 0x%llx, never posted to the SRQ",
			q->idx, (unsigned long long)wc->wr_id);
		return -1;
	}
}

/* Zero-length SEND with immediate carrying a control message. */
int ev_post_ctrl(struct ev_qp *q, enum ev_ctrl type, uint64_t value)
{
	struct ibv_send_wr wr, *bad;
	int err;

	memset(&wr, 0, sizeof(wr));
	wr.wr_id = EV_WRID_CTRL | q->ctrl_seq++;
	wr.opcode = IBV_WR_SEND_WITH_IMM;
	wr.imm_data = htonl(ev_imm_ctrl(type, value));
	wr.send_flags = IBV_SEND_SIGNALED;
	if (ev_ring_push(&q->sring, wr.wr_id)) {
		ev_fail(q->ctx, EV_EXIT_VERIFY, "QP %u: send ring full", q->idx);
		return -1;
	}
	err = ibv_post_send(q->qp, &wr, &bad);
	if (err) {
		ev_fail(q->ctx, EV_EXIT_SETUP, "QP %u: post %s: %s", q->idx,
			ev_ctrl_name(type), strerror(err));
		return -1;
	}
	q->ctrl_inflight++;
	q->last_ctrl = ev_now_ns();
	return 0;
}

static const char *ev_wrid_name(uint64_t id, char *buf, size_t len)
{
	if (id == UINT64_MAX)
		snprintf(buf, len, "nothing");
	else if (id & EV_WRID_CTRL)
		snprintf(buf, len, "control send #%llu",
			 (unsigned long long)(id & ~EV_WRID_CTRL));
	else
		snprintf(buf, len, "message %llu", (unsigned long long)id);
	return buf;
}

/**
 * ev_wc_check() - status and order of one completion
 *
 * Return: 0 when the completion is successful and the oldest outstanding
 * work request of its queue (a receive off the SRQ: of this QP, of a slot
 * on the SRQ); otherwise the failure is recorded and -1.
 */
int ev_wc_check(struct ev_qp *q, const struct ibv_wc *wc)
{
	int recv = !!(wc->opcode & IBV_WC_RECV);
	struct ev_ring *r = recv ? &q->rring : &q->sring;
	char want[48], got[48];
	enum ev_order ord;

	if (wc->status != IBV_WC_SUCCESS) {
		ev_fail(q->ctx, EV_EXIT_VERIFY,
			"QP %u: %s completion of %s failed: %s (vendor err 0x%x)",
			q->idx, recv ? "receive" : "send",
			recv ? "a receive" : ev_wrid_name(wc->wr_id, got, sizeof(got)),
			ibv_wc_status_str(wc->status), wc->vendor_err);
		return -1;
	}
	if (recv && q->ctx->srq.srq)
		return ev_wc_check_srq(q, wc);
	ord = ev_ring_complete(r, wc->wr_id);
	if (ord == EV_ORDER_OK)
		return 0;
	if (recv) {
		snprintf(want, sizeof(want), "receive #%llu",
			 (unsigned long long)ev_ring_oldest(r));
		snprintf(got, sizeof(got), "receive #%llu",
			 (unsigned long long)wc->wr_id);
	} else {
		ev_wrid_name(ev_ring_oldest(r), want, sizeof(want));
		ev_wrid_name(wc->wr_id, got, sizeof(got));
	}
	ev_fail(q->ctx, EV_EXIT_VERIFY,
		"QP %u: %s completion out of order: expected %s, got %s (%s)",
		q->idx, recv ? "receive" : "send", want, got,
		ord == EV_ORDER_EARLY ? "an older one is missing" :
					"duplicate or never posted");
	return -1;
}

/* Tell every peer QP to stop, and give the messages a moment to leave. */
void ev_abort_all(struct ev_ctx *c)
{
	uint64_t end = ev_now_ns() + 500000000ull, want[EV_MAX_QPS];
	uint32_t i, pending = 0;
	struct ibv_wc wc;

	for (i = 0; i < c->nqps; i++) {
		struct ev_qp *q = &c->qps[i];

		want[i] = UINT64_MAX;
		if (!q->qp || q->state == EV_QP_DONE ||
		    q->sring.count == q->sring.cap)
			continue;
		if (!ev_post_ctrl(q, EV_CTRL_ABORT, 0)) {
			want[i] = EV_WRID_CTRL | (q->ctrl_seq - 1);
			pending++;
		}
	}
	while (pending && ev_now_ns() < end) {
		for (i = 0; i < c->nqps; i++) {
			struct ev_qp *q = &c->qps[i];

			if (want[i] == UINT64_MAX)
				continue;
			while (ibv_poll_cq(q->cq, 1, &wc) == 1) {
				if (wc.wr_id != want[i] ||
				    (wc.opcode & IBV_WC_RECV))
					continue;
				want[i] = UINT64_MAX;
				pending--;
				break;
			}
		}
	}
}

/* ---- device and QP states (TCP exchange; rdma_cm does this itself) ---- */

static int ev_gid_is_ipv4(const union ibv_gid *g)
{
	static const uint8_t prefix[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
					    0xff, 0xff };

	return !memcmp(g->raw, prefix, sizeof(prefix));
}

static int ev_pick_gid(struct ev_ctx *c, int tbl_len)
{
	union ibv_gid gid;
	int i;

	if (c->o->gid_index >= 0) {
		if (c->o->gid_index >= tbl_len) {
			ev_fail(c, EV_EXIT_USAGE, "GID index %d beyond table of %d",
				c->o->gid_index, tbl_len);
			return -1;
		}
		c->gid_index = c->o->gid_index;
		return 0;
	}
	for (i = 0; i < tbl_len; i++) {
		if (ibv_query_gid(c->verbs, c->ib_port, i, &gid))
			continue;
		if (ev_gid_is_ipv4(&gid)) {
			c->gid_index = i;
			return 0;
		}
	}
	ev_fail(c, EV_EXIT_SETUP,
		"no IPv4 GID on port %u: give --gid-index (is the netdev up with an address?)",
		c->ib_port);
	return -1;
}

int ev_dev_open(struct ev_ctx *c)
{
	struct ibv_device **list;
	struct ibv_port_attr pa;
	int i, n = 0;

	list = ibv_get_device_list(&n);
	if (!list || !n) {
		ev_fail(c, EV_EXIT_SETUP,
			"no RDMA device found (is rdma_rxe loaded and a link added?)");
		goto out_free;
	}
	for (i = 0; i < n; i++)
		if (!c->o->dev || !strcmp(ibv_get_device_name(list[i]), c->o->dev))
			break;
	if (i == n) {
		ev_fail(c, EV_EXIT_SETUP, "RDMA device '%s' not found", c->o->dev);
		goto out_free;
	}
	c->verbs = ibv_open_device(list[i]);
	if (!c->verbs) {
		ev_fail(c, EV_EXIT_SETUP, "ibv_open_device %s: %s",
			ibv_get_device_name(list[i]), strerror(errno));
		goto out_free;
	}
	c->own_verbs = 1;
	ibv_free_device_list(list);
	list = NULL;
	c->ib_port = (uint8_t)c->o->ib_port;
	if (ibv_query_port(c->verbs, c->ib_port, &pa)) {
		ev_fail(c, EV_EXIT_SETUP, "ibv_query_port %u failed", c->ib_port);
		return -1;
	}
	if (pa.state != IBV_PORT_ACTIVE) {
		ev_fail(c, EV_EXIT_SETUP, "port %u is not active", c->ib_port);
		return -1;
	}
	c->mtu = pa.active_mtu;
	return ev_pick_gid(c, pa.gid_tbl_len);
out_free:
	if (list)
		ibv_free_device_list(list);
	return -1;
}

/* PD and READ/atomic depth, once the device context is known. */
int ev_dev_limits(struct ev_ctx *c)
{
	struct ibv_device_attr da;
	uint32_t d = c->o->cfg.depth;

	if (ibv_query_device(c->verbs, &da)) {
		ev_fail(c, EV_EXIT_SETUP, "ibv_query_device failed");
		return -1;
	}
	if ((uint32_t)da.max_qp_rd_atom < d)
		d = (uint32_t)da.max_qp_rd_atom;
	if ((uint32_t)da.max_qp_init_rd_atom < d)
		d = (uint32_t)da.max_qp_init_rd_atom;
	c->rd_atom = d < 1 ? 1 : d > 255 ? 255 : d;
	if (!c->pd) {
		c->pd = ibv_alloc_pd(c->verbs);
		if (!c->pd) {
			ev_fail(c, EV_EXIT_SETUP, "ibv_alloc_pd: %s", strerror(errno));
			return -1;
		}
	}
	return 0;
}

int ev_qp_to_init(struct ev_qp *q)
{
	struct ibv_qp_attr a;
	int err;

	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_INIT;
	a.port_num = q->ctx->ib_port;
	a.qp_access_flags = IBV_ACCESS_REMOTE_WRITE;
	if (!q->ctx->o->cfg.uc)
		a.qp_access_flags |= IBV_ACCESS_REMOTE_READ |
				     IBV_ACCESS_REMOTE_ATOMIC;
	err = ibv_modify_qp(q->qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX |
			    IBV_QP_PORT | IBV_QP_ACCESS_FLAGS);
	if (err) {
		ev_fail(q->ctx, EV_EXIT_SETUP, "QP %u: to INIT: %s", q->idx,
			strerror(err));
		return -1;
	}
	return 0;
}

/* RTR then RTS from the peer's address (TCP exchange). */
int ev_qp_to_rts(struct ev_qp *q)
{
	struct ev_ctx *c = q->ctx;
	int uc = c->o->cfg.uc, mask, err;
	struct ibv_qp_attr a;

	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_RTR;
	a.path_mtu = c->mtu;
	a.dest_qp_num = q->remote.qpn;
	a.rq_psn = q->remote.psn;
	a.ah_attr.is_global = 1;
	memcpy(a.ah_attr.grh.dgid.raw, q->remote.gid, 16);
	a.ah_attr.grh.sgid_index = (uint8_t)c->gid_index;
	a.ah_attr.grh.hop_limit = 64;
	a.ah_attr.port_num = c->ib_port;
	mask = IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN |
	       IBV_QP_RQ_PSN;
	if (!uc) {
		a.max_dest_rd_atomic = (uint8_t)c->rd_atom;
		a.min_rnr_timer = 1;	/* 0.01 ms: RNR is only a stopgap here */
		mask |= IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER;
	}
	err = ibv_modify_qp(q->qp, &a, mask);
	if (err) {
		ev_fail(c, EV_EXIT_SETUP, "QP %u: to RTR: %s", q->idx, strerror(err));
		return -1;
	}
	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_RTS;
	a.sq_psn = q->local.psn;
	mask = IBV_QP_STATE | IBV_QP_SQ_PSN;
	if (!uc) {
		a.timeout = (uint8_t)c->o->ack_timeout;
		a.retry_cnt = (uint8_t)c->o->retry_cnt;
		a.rnr_retry = (uint8_t)c->o->rnr_retry;
		a.max_rd_atomic = (uint8_t)c->rd_atom;
		mask |= IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY |
			IBV_QP_MAX_QP_RD_ATOMIC;
	}
	err = ibv_modify_qp(q->qp, &a, mask);
	if (err) {
		ev_fail(c, EV_EXIT_SETUP, "QP %u: to RTS: %s", q->idx, strerror(err));
		return -1;
	}
	return 0;
}
