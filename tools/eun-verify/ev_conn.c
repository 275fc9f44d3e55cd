// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: connection set-up, over rdma_cm or a plain TCP exchange.
 *
 * Either way the client sends one request per QP (struct ev_wire_req: the
 * configuration and the QP index), the server sizes and registers that
 * QP's memory from it and answers with its region (struct ev_wire_rep).
 * Every wait is bounded by --timeout.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ev_conn.h"
#include "ev_dev.h"
#include "ev_log.h"
#include "ev_slots.h"

#define EV_MS(c)	((int)((c)->o->timeout * 1000))

/* ---- bounded TCP I/O ---- */

static int ev_wait_fd(struct ev_ctx *c, int fd, short events, const char *what)
{
	struct pollfd p = { .fd = fd, .events = events };
	int r;

	do {
		r = poll(&p, 1, EV_MS(c));
	} while (r < 0 && errno == EINTR);
	if (r == 0) {
		ev_fail(c, EV_EXIT_TIMEOUT, "timed out after %.0f s waiting for %s",
			c->o->timeout, what);
		return -1;
	}
	if (r < 0) {
		ev_fail(c, EV_EXIT_SETUP, "poll: %s", strerror(errno));
		return -1;
	}
	return 0;
}

static int ev_tcp_io(struct ev_ctx *c, void *buf, size_t len, int wr,
		     const char *what)
{
	uint8_t *p = buf;
	ssize_t n;

	while (len) {
		if (ev_wait_fd(c, c->sock, wr ? POLLOUT : POLLIN, what))
			return -1;
		n = wr ? send(c->sock, p, len, MSG_NOSIGNAL) :
			 recv(c->sock, p, len, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ev_fail(c, EV_EXIT_SETUP, "%s: %s", what,
				n ? strerror(errno) : "peer closed the connection");
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

static int ev_resolve(struct ev_ctx *c, const char *host, int passive,
		      struct sockaddr_storage *ss, socklen_t *len)
{
	struct addrinfo hints, *res;
	char port[8];
	int err;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_INET;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = passive ? AI_PASSIVE : 0;
	snprintf(port, sizeof(port), "%u", c->o->port);
	err = getaddrinfo(host, port, &hints, &res);
	if (err) {
		ev_fail(c, EV_EXIT_USAGE, "cannot resolve '%s': %s",
			host ? host : "any", gai_strerror(err));
		return -1;
	}
	memcpy(ss, res->ai_addr, res->ai_addrlen);
	*len = res->ai_addrlen;
	freeaddrinfo(res);
	return 0;
}

/* ---- server ---- */

/*
 * Take one request: the first fixes the configuration, later ones must
 * repeat it. Return: the QP to set up, or NULL with @status set.
 */
static struct ev_qp *ev_server_take_req(struct ev_ctx *c,
					const struct ev_wire_req *req,
					uint32_t *status)
{
	char err[256];
	struct ev_qp *q;

	*status = EV_REP_BAD_CONFIG;
	if (ev_config_check(&req->cfg, err, sizeof(err))) {
		ev_fail(c, EV_EXIT_USAGE, "client configuration refused: %s", err);
		return NULL;
	}
	if (!c->qps) {
		c->o->cfg = req->cfg;
		c->pattern_seed = c->o->pattern_seed_set ? c->o->pattern_seed :
							   req->cfg.seed;
		fprintf(stderr, "eun-verify: server: seed %llu, pattern seed %llu, %u QP(s)\n",
			(unsigned long long)req->cfg.seed,
			(unsigned long long)c->pattern_seed, req->cfg.qps);
		c->qps = calloc(req->cfg.qps, sizeof(*c->qps));
		if (!c->qps) {
			*status = EV_REP_NO_RESOURCES;
			ev_fail(c, EV_EXIT_SETUP, "out of memory");
			return NULL;
		}
		c->nqps = req->cfg.qps;
	} else if (memcmp(&req->cfg, &c->o->cfg, sizeof(req->cfg))) {
		ev_fail(c, EV_EXIT_USAGE, "QP %u: configuration differs from QP 0's",
			req->qp_index);
		return NULL;
	}
	if (req->qp_index >= c->nqps || c->qps[req->qp_index].ctx) {
		ev_fail(c, EV_EXIT_USAGE, "bad or repeated QP index %u", req->qp_index);
		return NULL;
	}
	q = &c->qps[req->qp_index];
	q->ctx = c;
	q->idx = req->qp_index;
	*status = EV_REP_NO_RESOURCES;
	return q;
}

static void ev_server_fill_rep(const struct ev_qp *q, struct ev_wire_rep *rep)
{
	memset(rep, 0, sizeof(*rep));
	rep->status = EV_REP_OK;
	rep->rkey = q->mr->rkey;
	rep->slot_addr = (uintptr_t)q->slots;
	rep->atomic_addr = (uintptr_t)q->words;
	rep->nslots = q->nslots;
	rep->slot_size = q->slot_size;
}

static int ev_cm_wait(struct ev_ctx *c, struct rdma_cm_event **ev,
		      const char *what)
{
	if (ev_wait_fd(c, c->ec->fd, POLLIN, what))
		return -1;
	if (rdma_get_cm_event(c->ec, ev)) {
		ev_fail(c, EV_EXIT_SETUP, "rdma_get_cm_event: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Before the QP reaches RTS: rdma_cm moves it there on connect/accept. */
/* --psn, or a PSN of the clock's: peers must not guess it (IBTA 9.7.1). */
static uint32_t ev_first_psn(const struct ev_ctx *c, uint64_t stir)
{
	if (c->o->psn >= 0)
		return (uint32_t)c->o->psn;
	return (uint32_t)(ev_mix64(stir) & 0xffffff);
}

static int ev_cm_ack_timeout(struct ev_ctx *c, struct rdma_cm_id *id)
{
	uint8_t t = (uint8_t)c->o->ack_timeout;

	if (rdma_set_option(id, RDMA_OPTION_ID, RDMA_OPTION_ID_ACK_TIMEOUT,
			    &t, sizeof(t))) {
		ev_fail(c, EV_EXIT_SETUP, "rdma_cm: cannot set ACK timeout %u: %s",
			t, strerror(errno));
		return -1;
	}
	return 0;
}

static void ev_conn_param(struct ev_ctx *c, struct rdma_conn_param *p,
			  const void *pd, size_t len)
{
	memset(p, 0, sizeof(*p));
	p->private_data = pd;
	p->private_data_len = (uint8_t)len;
	p->responder_resources = (uint8_t)c->rd_atom;
	p->initiator_depth = (uint8_t)c->rd_atom;
	p->retry_count = (uint8_t)c->o->retry_cnt;
	p->rnr_retry_count = (uint8_t)c->o->rnr_retry;
}

/* One CONNECT_REQUEST: set the QP up on its id and accept or reject. */
static int ev_cm_server_request(struct ev_ctx *c, struct rdma_cm_event *ev)
{
	struct rdma_cm_id *id = ev->id;
	struct rdma_conn_param p;
	struct ev_wire_req req;
	struct ev_wire_rep rep = { .status = EV_REP_BAD_CONFIG };
	uint8_t buf[EV_WIRE_REP_LEN];
	struct ev_qp *q = NULL;

	if (ev_wire_req_unpack(&req, ev->param.conn.private_data,
			       ev->param.conn.private_data_len)) {
		ev_fail(c, EV_EXIT_USAGE, "connect request is not from eun-verify %d",
			EV_WIRE_VERSION);
		goto reject;
	}
	q = ev_server_take_req(c, &req, &rep.status);
	if (!q)
		goto reject;
	if (!c->verbs) {
		c->verbs = id->verbs;
		c->ib_port = id->port_num;
		if (ev_dev_limits(c))
			goto reject;
	}
	q->cm_id = id;
	if (ev_cm_ack_timeout(c, id) || ev_qp_alloc(q, 1) ||
	    ev_qp_create(q, 1) || ev_server_prepare(q))
		goto reject;
	ev_server_fill_rep(q, &rep);
	ev_wire_rep_pack(&rep, buf, sizeof(buf));
	ev_conn_param(c, &p, buf, sizeof(buf));
	if (rdma_accept(id, &p)) {
		ev_fail(c, EV_EXIT_SETUP, "rdma_accept: %s", strerror(errno));
		return -1;
	}
	return 0;
reject:
	/* A run this side cannot take (--srq too small): the client's to fix. */
	if (c->exit_code == EV_EXIT_USAGE)
		rep.status = EV_REP_BAD_CONFIG;
	ev_wire_rep_pack(&rep, buf, sizeof(buf));
	rdma_reject(id, buf, sizeof(buf));
	if (q)
		q->cm_id = NULL;	/* the id goes with the event */
	return -1;
}

static int ev_cm_server(struct ev_ctx *c)
{
	struct sockaddr_storage ss;
	struct rdma_cm_event *ev;
	uint32_t established = 0;
	socklen_t len;
	int err = 0;

	c->ec = rdma_create_event_channel();
	if (!c->ec || rdma_create_id(c->ec, &c->listen_id, NULL, RDMA_PS_TCP)) {
		ev_fail(c, EV_EXIT_SETUP, "rdma_cm: %s (is rdma_cm loaded?)",
			strerror(errno));
		return -1;
	}
	if (ev_resolve(c, c->o->bind, 1, &ss, &len))
		return -1;
	if (rdma_bind_addr(c->listen_id, (struct sockaddr *)&ss) ||
	    rdma_listen(c->listen_id, EV_MAX_QPS)) {
		ev_fail(c, EV_EXIT_SETUP, "rdma_cm listen on port %u: %s",
			c->o->port, strerror(errno));
		return -1;
	}
	fprintf(stderr, "eun-verify: server: listening (rdma_cm) on port %u\n",
		c->o->port);
	while (!err && (!c->nqps || established < c->nqps)) {
		if (ev_cm_wait(c, &ev, "a client (rdma_cm)"))
			return -1;
		if (ev->event == RDMA_CM_EVENT_CONNECT_REQUEST) {
			err = ev_cm_server_request(c, ev);
		} else if (ev->event == RDMA_CM_EVENT_ESTABLISHED) {
			established++;
		} else {
			ev_fail(c, EV_EXIT_SETUP, "rdma_cm: unexpected event %s",
				rdma_event_str(ev->event));
			err = -1;
		}
		rdma_ack_cm_event(ev);
	}
	return err;
}

static int ev_tcp_server(struct ev_ctx *c)
{
	uint8_t buf[EV_WIRE_REQ_LEN + EV_WIRE_ADDR_LEN], ready;
	struct sockaddr_storage ss;
	struct ev_wire_req req;
	struct ev_wire_rep rep;
	struct ev_qp *q;
	uint32_t i, n = 1;
	socklen_t len;
	int one = 1;

	if (ev_dev_open(c) || ev_dev_limits(c) ||
	    ev_resolve(c, c->o->bind, 1, &ss, &len))
		return -1;
	c->lsock = socket(AF_INET, SOCK_STREAM, 0);
	setsockopt(c->lsock, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (c->lsock < 0 || bind(c->lsock, (struct sockaddr *)&ss, len) ||
	    listen(c->lsock, 1)) {
		ev_fail(c, EV_EXIT_SETUP, "TCP listen on port %u: %s",
			c->o->port, strerror(errno));
		return -1;
	}
	fprintf(stderr, "eun-verify: server: listening (TCP) on port %u\n",
		c->o->port);
	if (ev_wait_fd(c, c->lsock, POLLIN, "a client (TCP)"))
		return -1;
	c->sock = accept(c->lsock, NULL, NULL);
	if (c->sock < 0) {
		ev_fail(c, EV_EXIT_SETUP, "accept: %s", strerror(errno));
		return -1;
	}
	setsockopt(c->sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	for (i = 0; i < n; i++) {
		if (ev_tcp_io(c, buf, sizeof(buf), 0, "a QP request"))
			return -1;
		if (ev_wire_req_unpack(&req, buf, sizeof(buf))) {
			ev_fail(c, EV_EXIT_USAGE, "request is not from eun-verify %d",
				EV_WIRE_VERSION);
			return -1;
		}
		q = ev_server_take_req(c, &req, &rep.status);
		if (!q)
			return -1;
		n = c->nqps;
		ev_wire_addr_unpack(&q->remote, buf + EV_WIRE_REQ_LEN);
		if (ev_qp_alloc(q, 1) || ev_qp_create(q, 1) ||
		    ev_server_prepare(q))
			return -1;
		q->local.qpn = q->qp->qp_num;
		q->local.psn = ev_first_psn(c, ev_now_ns() + i);
		if (ibv_query_gid(c->verbs, c->ib_port, c->gid_index,
				  (union ibv_gid *)q->local.gid) ||
		    ev_qp_to_rts(q))
			return -1;
		ev_server_fill_rep(q, &rep);
		ev_wire_rep_pack(&rep, buf, EV_WIRE_REP_LEN);
		ev_wire_addr_pack(&q->local, buf + EV_WIRE_REP_LEN);
		if (ev_tcp_io(c, buf, EV_WIRE_REP_LEN + EV_WIRE_ADDR_LEN, 1,
			      "sending a QP reply"))
			return -1;
	}
	/* The client says when its QPs are in RTS: credits sent earlier
	 * would be dropped on UC.
	 */
	return ev_tcp_io(c, &ready, 1, 0, "the client's ready byte");
}

int ev_server_connect(struct ev_ctx *c)
{
	return c->o->tcp ? ev_tcp_server(c) : ev_cm_server(c);
}

/* ---- client ---- */

static int ev_client_qp_init(struct ev_ctx *c, struct ev_qp *q, uint32_t i)
{
	q->ctx = c;
	q->idx = i;
	return ev_qp_alloc(q, 0) || ev_qp_create(q, 0) ? -1 : 0;
}

static int ev_client_take_rep(struct ev_qp *q, const uint8_t *buf, size_t len)
{
	struct ev_ctx *c = q->ctx;

	if (ev_wire_rep_unpack(&q->peer, buf, len)) {
		ev_fail(c, EV_EXIT_SETUP, "QP %u: reply is not from eun-verify %d",
			q->idx, EV_WIRE_VERSION);
		return -1;
	}
	if (q->peer.status != EV_REP_OK) {
		ev_fail(c, q->peer.status == EV_REP_BAD_CONFIG ? EV_EXIT_USAGE :
			EV_EXIT_SETUP, "QP %u: server refused: %s", q->idx,
			q->peer.status == EV_REP_BAD_CONFIG ? "bad configuration" :
			"no resources");
		return -1;
	}
	if (q->peer.nslots != q->nslots || q->peer.slot_size < q->slot_size) {
		ev_fail(c, EV_EXIT_SETUP, "QP %u: server ring %u x %u, want %u x %u",
			q->idx, q->peer.nslots, q->peer.slot_size, q->nslots,
			q->slot_size);
		return -1;
	}
	return 0;
}

static int ev_cm_expect(struct ev_ctx *c, enum rdma_cm_event_type type,
			struct rdma_cm_event **ev, const char *what)
{
	if (ev_cm_wait(c, ev, what))
		return -1;
	if ((*ev)->event == type)
		return 0;
	ev_fail(c, EV_EXIT_SETUP, "rdma_cm: %s instead of %s (status %d)",
		rdma_event_str((*ev)->event), rdma_event_str(type),
		(*ev)->status);
	rdma_ack_cm_event(*ev);
	return -1;
}

static int ev_cm_client_qp(struct ev_ctx *c, struct ev_qp *q, uint32_t i,
			   struct sockaddr *dst)
{
	uint8_t buf[EV_WIRE_REQ_LEN];
	struct rdma_cm_event *ev;
	struct rdma_conn_param p;
	struct ev_wire_req req;
	int err;

	if (rdma_create_id(c->ec, &q->cm_id, q, RDMA_PS_TCP) ||
	    rdma_resolve_addr(q->cm_id, NULL, dst, EV_MS(c))) {
		ev_fail(c, EV_EXIT_SETUP, "rdma_resolve_addr: %s", strerror(errno));
		return -1;
	}
	if (ev_cm_expect(c, RDMA_CM_EVENT_ADDR_RESOLVED, &ev, "address resolution"))
		return -1;
	rdma_ack_cm_event(ev);
	if (rdma_resolve_route(q->cm_id, EV_MS(c)) ||
	    ev_cm_expect(c, RDMA_CM_EVENT_ROUTE_RESOLVED, &ev, "route resolution"))
		return -1;
	rdma_ack_cm_event(ev);
	if (!c->verbs) {
		c->verbs = q->cm_id->verbs;
		if (ev_dev_limits(c))
			return -1;
	}
	if (ev_cm_ack_timeout(c, q->cm_id) || ev_client_qp_init(c, q, i))
		return -1;
	memset(&req, 0, sizeof(req));
	req.cfg = c->o->cfg;
	req.qp_index = i;
	ev_wire_req_pack(&req, buf, sizeof(buf));
	ev_conn_param(c, &p, buf, sizeof(buf));
	if (rdma_connect(q->cm_id, &p)) {
		ev_fail(c, EV_EXIT_SETUP, "rdma_connect: %s", strerror(errno));
		return -1;
	}
	if (ev_cm_wait(c, &ev, "the server to accept"))
		return -1;
	if (ev->event == RDMA_CM_EVENT_ESTABLISHED ||
	    ev->event == RDMA_CM_EVENT_REJECTED) {
		if (ev->param.conn.private_data_len >= EV_WIRE_REP_LEN)
			err = ev_client_take_rep(q, ev->param.conn.private_data,
						 ev->param.conn.private_data_len);
		else
			err = -1;
		if (err && !ev_failed(c))
			ev_fail(c, EV_EXIT_SETUP, "QP %u: connection %s", i,
				rdma_event_str(ev->event));
		if (!err && ev->event == RDMA_CM_EVENT_REJECTED)
			err = -1;
	} else {
		ev_fail(c, EV_EXIT_SETUP, "QP %u: rdma_cm: %s (status %d)%s", i,
			rdma_event_str(ev->event), ev->status,
			ev->event == RDMA_CM_EVENT_UNREACHABLE ?
			": is the server running?" : "");
		err = -1;
	}
	rdma_ack_cm_event(ev);
	return err;
}

static int ev_cm_client(struct ev_ctx *c)
{
	struct sockaddr_storage ss;
	socklen_t len;
	uint32_t i;

	c->ec = rdma_create_event_channel();
	if (!c->ec) {
		ev_fail(c, EV_EXIT_SETUP, "rdma_cm: %s", strerror(errno));
		return -1;
	}
	if (ev_resolve(c, c->o->host, 0, &ss, &len))
		return -1;
	for (i = 0; i < c->nqps; i++)
		if (ev_cm_client_qp(c, &c->qps[i], i, (struct sockaddr *)&ss))
			return -1;
	return 0;
}

static int ev_tcp_client_qp(struct ev_ctx *c, struct ev_qp *q, uint32_t i)
{
	uint8_t buf[EV_WIRE_REQ_LEN + EV_WIRE_ADDR_LEN];
	struct ev_wire_req req;

	if (ev_client_qp_init(c, q, i))
		return -1;
	q->local.qpn = q->qp->qp_num;
	q->local.psn = ev_first_psn(c, ev_now_ns() ^ i);
	if (ibv_query_gid(c->verbs, c->ib_port, c->gid_index,
			  (union ibv_gid *)q->local.gid)) {
		ev_fail(c, EV_EXIT_SETUP, "ibv_query_gid %d failed", c->gid_index);
		return -1;
	}
	memset(&req, 0, sizeof(req));
	req.cfg = c->o->cfg;
	req.qp_index = i;
	ev_wire_req_pack(&req, buf, sizeof(buf));
	ev_wire_addr_pack(&q->local, buf + EV_WIRE_REQ_LEN);
	if (ev_tcp_io(c, buf, sizeof(buf), 1, "sending a QP request") ||
	    ev_tcp_io(c, buf, EV_WIRE_REP_LEN + EV_WIRE_ADDR_LEN, 0,
		      "the server's QP reply") ||
	    ev_client_take_rep(q, buf, EV_WIRE_REP_LEN))
		return -1;
	ev_wire_addr_unpack(&q->remote, buf + EV_WIRE_REP_LEN);
	return ev_qp_to_rts(q);
}

static int ev_tcp_client(struct ev_ctx *c)
{
	struct sockaddr_storage ss;
	uint8_t ready = 'R';
	socklen_t len;
	uint32_t i;
	int one = 1;

	if (ev_dev_open(c) || ev_dev_limits(c) ||
	    ev_resolve(c, c->o->host, 0, &ss, &len))
		return -1;
	c->sock = socket(AF_INET, SOCK_STREAM, 0);
	if (c->sock < 0 || connect(c->sock, (struct sockaddr *)&ss, len)) {
		ev_fail(c, EV_EXIT_SETUP, "TCP connect to %s port %u: %s",
			c->o->host, c->o->port, strerror(errno));
		return -1;
	}
	setsockopt(c->sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	for (i = 0; i < c->nqps; i++)
		if (ev_tcp_client_qp(c, &c->qps[i], i))
			return -1;
	return ev_tcp_io(c, &ready, 1, 1, "sending the ready byte");
}

int ev_client_connect(struct ev_ctx *c)
{
	c->nqps = c->o->cfg.qps;
	c->qps = calloc(c->nqps, sizeof(*c->qps));
	if (!c->qps) {
		ev_fail(c, EV_EXIT_SETUP, "out of memory");
		return -1;
	}
	return c->o->tcp ? ev_tcp_client(c) : ev_cm_client(c);
}

struct ev_qp *ev_qp_of_cm_id(struct ev_ctx *c, const struct rdma_cm_id *id)
{
	uint32_t i;

	for (i = 0; i < c->nqps; i++)
		if (c->qps[i].cm_id == id)
			return &c->qps[i];
	return NULL;
}

/*
 * ev_cm_closed - the end of QP @q's connection came: its DISCONNECTED, or
 * its device's DEVICE_REMOVAL, after which no DISCONNECTED comes (the
 * device being deleted under the run). Returns 1 the first time, to be
 * counted.
 */
static int ev_cm_closed(struct ev_qp *q)
{
	if (q->cm_closed)
		return 0;
	q->cm_closed = 1;
	return 1;
}

/*
 * Orderly end: the client disconnects once it has every FIN_ACK; the
 * server waits for that (bounded by --timeout) before tearing down, so
 * its FIN_ACK is not destroyed before it reaches the client. A disconnect
 * that came early (the client's device being deleted) is covered by the
 * RC server's linger (ev_server.c); one the server read during the run
 * (ev_server_watch_peers()) is answered here without waiting for it again.
 * A QP whose device is being deleted is not waited for.
 */
void ev_disconnect(struct ev_ctx *c, int server)
{
	uint64_t end = ev_now_ns() + (uint64_t)(c->o->timeout * 1e9);
	struct rdma_cm_event *ev;
	struct pollfd p;
	struct ev_qp *q;
	uint32_t i, seen = 0;
	char b;

	if (c->o->tcp) {
		if (server && c->sock >= 0) {
			p.fd = c->sock;
			p.events = POLLIN;
			if (poll(&p, 1, (int)(c->o->timeout * 1000)) > 0)
				(void)!recv(c->sock, &b, 1, 0);
		}
		return;
	}
	for (i = 0; i < c->nqps; i++) {
		q = &c->qps[i];
		if (!q->cm_id || !q->qp)
			continue;
		if (q->dev_removed) {
			seen += ev_cm_closed(q);
			continue;
		}
		if (server && !q->peer_gone)
			continue;
		/* A server read these DISCONNECTED during the run already. */
		rdma_disconnect(q->cm_id);
		if (server)
			seen += ev_cm_closed(q);
	}
	while (c->ec && seen < c->nqps && ev_now_ns() < end) {
		p.fd = c->ec->fd;
		p.events = POLLIN;
		if (poll(&p, 1, 200) <= 0 || rdma_get_cm_event(c->ec, &ev))
			continue;
		q = ev_qp_of_cm_id(c, ev->id);
		if (q && ev->event == RDMA_CM_EVENT_DISCONNECTED) {
			seen += ev_cm_closed(q);
			if (server)
				rdma_disconnect(ev->id);
		} else if (q && ev->event == RDMA_CM_EVENT_DEVICE_REMOVAL) {
			q->dev_removed = 1;
			seen += ev_cm_closed(q);
		}
		rdma_ack_cm_event(ev);
	}
}
