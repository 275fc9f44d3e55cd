/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: types of the verbs files (the QP, the run) and the protocol
 * they speak. Each verbs file declares its functions in its own header,
 * and the files form layers, each calling only those below it:
 *
 *   main.c
 *   ev_conn.c  ev_server.c  ev_client.c   set-up, the two roles
 *   ev_dev.c   ev_slots.c                 device and QP, server slot ring
 *   ev_log.c                              clock and failure messages
 *
 * and all of them the pure files (ev_plan.c, ev_track.c, ...).
 * tools/testing/host/test-layout.py (make check) fails on a loop.
 *
 * DOC: protocol
 * The client (requester) posts data messages 0, 1, 2, ... on each QP. The
 * server keeps a ring of nslots = 2 * depth slots; message m uses slot
 * m % nslots as the target of a WRITE / WRITE_IMM or the source of a READ
 * (prepared with message m's pattern before it is granted). SEND lands in
 * a receive buffer; atomics hit one of EV_ATOMIC_WORDS words.
 *
 * Control travels as zero-length SEND with immediate (see ev_track.h):
 * the server grants CREDIT(c) = "you may post messages < c", the client
 * reports MARK(c) = "messages < c completed here", then FIN(n) at the end,
 * answered by FIN_ACK(n) once every message and atomic word is checked.
 * Values are absolute, so a control message may be repeated safely: both
 * ends resend the latest one when idle, which lets UC runs that lose a
 * control message still end with a precise report.
 *
 * The server finishes message m when it checked it (SEND and WRITE_IMM on
 * arrival, WRITE when a MARK covers it) or, for READ and atomics, when a
 * MARK says the client has it. Slots are reused only past the finished
 * prefix, so no byte is overwritten before it is checked.
 *
 * With --srq a side's receives come from one SRQ instead (struct
 * ev_srq): a receive completion names its buffer by wr_id and its QP by
 * qp_num, and the message numbers in immediate data keep each QP's order.
 *
 * With write_poll (plain WRITEs only) the server also watches, on every
 * turn of its loop, the last bytes of each granted slot not yet seen, and
 * checks the rest of the message the moment they change (ev_poll_check()).
 * A message is still finished by the MARK that covers it, so the client
 * writes a slot again only after the server checked what it held.
 */
#ifndef EV_VERBS_H
#define EV_VERBS_H

#include <infiniband/verbs.h>
#include <rdma/rdma_cma.h>

#include "ev_compat.h"
#include "ev_opts.h"
#include "ev_pattern.h"
#include "ev_plan.h"
#include "ev_report.h"
#include "ev_series.h"
#include "ev_track.h"
#include "ev_wire.h"

#define EV_CTRL_MAX		4	/* control sends in flight per QP */
#define EV_CLIENT_RECVS		32	/* receives for credits and acks */
#define EV_SERVER_EXTRA_RECVS	16	/* beyond nslots, for control */
#define EV_RESEND_NS		200000000ull	/* idle time before a resend */
#define EV_LINGER_NS		2000000000ull	/* RC server: for FIN_ACK's ACK */
#define EV_PEER_GONE_NS		10000000000ull	/* server: patience once the client left */
#define EV_CM_POLL_NS		100000000ull	/* server: between reads of CM events */
#define EV_POLL_BATCH		32

/* wr_id tags: EV_WRID_CTRL and EV_WRID_SRQ, in ev_track.h. */

enum ev_qp_state {
	EV_QP_RUN,		/* client: posting; server: serving */
	EV_QP_DRAIN,		/* client: bound reached, waiting for completions */
	EV_QP_FIN,		/* client: FIN sent (the server goes RUN -> DONE) */
	EV_QP_DONE,		/* FIN_ACK received (client) or posted (server) */
	EV_QP_STATE_COUNT
};

struct ev_ctx;

/**
 * struct ev_srq - the shared receive queue of all this side's QPs (--srq)
 * @srq: the queue, made with the first QP
 * @mr: registration of @bufs
 * @bufs: nwqe * buf_size bytes, the SEND targets; NULL when receives
 *	carry no data
 * @buf_size: bytes of a receive buffer, 0 for zero-length receives
 * @nwqe: receive slots, all posted at the start
 * @book: which slots are on the SRQ
 */
struct ev_srq {
	struct ibv_srq *srq;
	struct ibv_mr *mr;
	uint8_t *bufs;
	uint32_t buf_size;
	uint32_t nwqe;
	struct ev_srq_book book;
};

/**
 * struct ev_qp - one connected QP and its traffic state
 *
 * One registration covers the slot ring, the atomic words and the
 * receive buffers (with --srq those are the SRQ's, registered apart).
 * Counters are absolute message numbers.
 */
struct ev_qp {
	struct ev_ctx *ctx;
	uint32_t idx;			/* QP index within the run */
	struct rdma_cm_id *cm_id;	/* rdma_cm set-up only */
	struct ibv_cq *cq;		/* send and receive completions */
	struct ibv_qp *qp;
	struct ibv_qp_ex *qpx;		/* extended QP: ATOMIC WRITE only */
	struct ibv_mr *mr;

	/* registered memory */
	uint8_t *mem;
	size_t mem_len;
	uint8_t *slots;			/* nslots * slot_size */
	uint32_t nslots;
	uint32_t slot_size;
	uint64_t *words;		/* atomic words (server), results (client) */
	uint32_t nwords;
	uint8_t *rbufs;			/* nrecv * rbuf_size, SEND targets */
	uint32_t nrecv;			/* receives (with --srq: its share) */
	uint32_t rbuf_size;
	uint32_t max_send;

	/* peer */
	struct ev_wire_rep peer;	/* client: server's region */
	struct ev_qp_addr local;	/* TCP exchange */
	struct ev_qp_addr remote;	/* TCP exchange */

	/* checking */
	struct ev_ring sring;		/* sends posted, in order */
	struct ev_ring rring;		/* receives posted, in order (no SRQ) */
	struct ev_atomic_model am;	/* expected atomic words */
	uint64_t *post_ns;		/* client: post time per slot */
	uint64_t *atom_want;		/* client: expected result per slot */
	uint8_t *finished;		/* server: per slot, message finished */
	uint8_t *polled;		/* server: per slot, last bytes seen */
	uint32_t mtu_bytes;		/* server, write_poll: path MTU */
	struct ev_stats st;

	/* progress */
	enum ev_qp_state state;
	uint64_t next;			/* client: next message to post */
	uint64_t done;			/* client: completed; server: finished prefix */
	uint64_t credit;		/* client: granted; server: granted so far */
	uint64_t marked;		/* client: last MARK value sent */
	uint64_t notify;		/* server: next message a receive may carry */
	uint64_t fin_count;		/* server: message count from FIN */
	uint64_t bytes_posted;		/* client */
	uint64_t arrive_ns;		/* client, --offered: message next arrives */
	uint32_t data_inflight;
	uint32_t ctrl_inflight;
	uint64_t ctrl_seq;
	uint64_t last_progress;		/* ns: the run last moved on (not resends) */
	uint64_t last_ctrl;		/* ns: last control message posted */
	uint64_t peer_gone;		/* server: ns its DISCONNECTED came, 0: not yet */
	int dev_removed;		/* its cm_id read DEVICE_REMOVAL */
	int cm_closed;			/* ev_disconnect(): nothing more to wait for */
};

/**
 * struct ev_ctx - one run
 */
struct ev_ctx {
	struct ev_opts *o;
	uint64_t pattern_seed;
	struct ibv_context *verbs;
	struct ibv_pd *pd;
	int own_verbs;			/* opened by us (TCP), not by rdma_cm */
	uint8_t ib_port;
	int gid_index;
	enum ibv_mtu mtu;
	uint32_t rd_atom;		/* READ/atomic depth both ways */
	struct rdma_event_channel *ec;
	struct rdma_cm_id *listen_id;
	int lsock;			/* TCP listening socket */
	int sock;			/* TCP control connection */
	struct ev_qp *qps;
	uint32_t nqps;
	struct ev_srq srq;		/* --srq */
	struct ibv_comp_channel *chan;	/* --block: every CQ's events */
	int armed;			/* --block: CQs armed, an idle pass since */
	uint64_t wake_ns;		/* --block, --offered: next arrival, 0 for none */
	int work;			/* this pass polled or posted something */
	uint64_t cm_polled;		/* server: ns rdma_cm's events were last read */
	uint64_t t_start;
	double gap_ns;			/* client, --offered: mean arrival gap */
	struct ev_series series;	/* client: goodput over time */
	int exit_code;			/* first failure, enum ev_exit */
	char error[512];
};

#endif /* EV_VERBS_H */
