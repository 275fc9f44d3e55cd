/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxe_eun state carried inside rxe's own objects.
 *
 * rxe embeds one struct eun_dev in each device and one struct eun_qp in
 * each QP (patch 0002). Only the eun_* files read or write them, so this
 * header needs no rxe type and can be included from rxe_verbs.h. Each
 * struct says who may change it and under which lock.
 */
#ifndef EUN_STATE_H
#define EUN_STATE_H

#include <linux/atomic.h>
#include <linux/hrtimer.h>
#include <linux/idr.h>
#include <linux/spinlock.h>
#include <linux/types.h>

struct sk_buff;

#include "eun/eun_ack_policy.h"
#include "eun/eun_backoff.h"
#include "eun/eun_bitmap.h"
#include "eun/eun_hist.h"
#include "eun/eun_holdq.h"
#include "eun/eun_path.h"
#include "eun/eun_read.h"
#include "eun/eun_rx_order.h"
#include "eun/eun_wsync_pool.h"
#include "eun/eun_memctl.h"
#include "eun/eun_reorder_window.h"
#include "eun/eun_scoreboard.h"

/* eun_tx.wsync_psn when no packet was delayed: not a 24-bit PSN. */
#define EUN_WSYNC_NO_PSN	U32_MAX

/*
 * What a device counts, appended to the stock rxe hw_counters (the names are
 * in eun_counters.c). The event counters live in struct eun_dev; the
 * figures after EUN_NUM_EVENT_COUNTERS are read when the counters are.
 */
enum eun_counter {
	EUN_CNT_PSN_ACCEPT,	/* data packet placed by the ordering layer */
	EUN_CNT_PSN_DUPLICATE,	/* data packet judged a duplicate */
	EUN_CNT_PSN_DROP,	/* data packet dropped: cannot be tracked */
	EUN_CNT_RX_OOO,		/* data packet placed out of order */
	EUN_CNT_RX_MALFORMED,	/* ooo packet with a bad EUNH or length */
	EUN_CNT_RX_MODE,	/* packet of another ordering mode than the QP's */
	EUN_CNT_RX_HELD,	/* completion held for an earlier packet */
	EUN_CNT_ACK_SENT,	/* EUN_ACK sent as a plain ACK */
	EUN_CNT_SACK_SENT,	/* ... as a SACK */
	EUN_CNT_SACK_CUT,	/* EUN_ACK whose SACK the path MTU cut short */
	EUN_CNT_NACK_SENT,	/* ... as a NACK (any reason) */
	EUN_CNT_NACK_SENT_CAP,	/* NACK: beyond the bitmap cap */
	EUN_CNT_NACK_SENT_NOMEM,	/* NACK: emulated memory exhausted */
	EUN_CNT_NACK_SENT_RNR,	/* NACK: no receive WQE for the message */
	EUN_CNT_NACK_SENT_ERR,	/* NACK: invalid request or access error */
	EUN_CNT_NACK_SENT_MODE,	/* NACK: ooo packet at a go-back-N QP */
	EUN_CNT_ACK_RCVD,	/* EUN_ACK received as a plain ACK */
	EUN_CNT_SACK_RCVD,	/* ... as a SACK */
	EUN_CNT_NACK_RCVD,	/* ... as a NACK */
	EUN_CNT_ACK_BAD,	/* EUN_ACK refused as malformed */
	EUN_CNT_RETX_TIMEOUT,	/* selective retransmission after a timeout */
	EUN_CNT_RETX_NACK,	/* ... after a NACK */
	EUN_CNT_RETX_REORDER,	/* ... after the reorder window ran out */
	EUN_CNT_RETX_SPURIOUS,	/* retransmission proven needless */
	EUN_CNT_NACK_BACKOFF,	/* wait after a NACK for want of room */
	EUN_CNT_NACK_RETRY,	/* retry spent on such NACKs in a row */
	EUN_CNT_QP_FALLBACK,	/* QP of a tracking device run go-back-N */
	EUN_CNT_QP_STOCK_SEND,	/* tracking QP gone stock format: its peer */
	EUN_CNT_GBN_RETRY,	/* go-back-N: requester rewound to the oldest PSN */
	EUN_CNT_RCV_DROP,	/* packet dropped by rxe_rcv()'s checks */
	EUN_CNT_RCV_DROP_OPCODE,	/* ... of which: an opcode rxe does not know */
	EUN_CNT_WSYNC_HELD,	/* WRITE's last packet held at the receiver */
	EUN_CNT_WSYNC_FULL,	/* ... dropped: every slot of the pool held */
	EUN_CNT_WSYNC_SHARE,	/* ... dropped: its QP held its share of them */
	EUN_CNT_WSYNC_EXPIRED,	/* held too long: dropped, its QP in error */
	EUN_CNT_WSYNC_STALE,	/* not placed: its target no longer valid */
	EUN_CNT_WSYNC_DELAYED,	/* WRITE's last packet held at the sender */
	EUN_CNT_RW_WIDENED,	/* reorder window widened by a spurious resend */
	EUN_CNT_RW_PROBES,	/* ACK drought: only the lowest PSN due resent */
	EUN_CNT_RW_HELD,	/* PSNs due held while a resend was unanswered */
	EUN_CNT_RW_TAIL_PROBES,	/* newest PSN out resent alone, no ACK for it */
	EUN_CNT_PATH_PRUNED_LATE,	/* spray=mprdma: path replaced, late */
	EUN_CNT_PATH_PRUNED_LOSS,	/* ... replaced, lossy */
	EUN_CNT_PATH_PROBES,	/* ... packet sent on a probed path */
	EUN_CNT_PATH_ADOPTED,	/* ... probed path took the worst one's place */
	EUN_CNT_PATH_REINSTATED,	/* ... first port given back; parked
					 * path used again (adaptive)
					 */
	EUN_CNT_READ_PLACED,	/* READ response packet placed at its offset */
	EUN_CNT_READ_OOO,	/* ... of which: out of order */
	EUN_CNT_READ_DUP,	/* READ response packet that came twice */
	EUN_CNT_READ_DROP,	/* ... not tracked: beyond the cap, no memory */
	EUN_CNT_READ_BAD,	/* ... that fits no READ the QP has out */
	EUN_CNT_READ_REREQ,	/* READ re-request: responses missing, quiet */
	EUN_CNT_READ_REREQ_TIMEOUT,	/* ... after the retransmit timer */
	EUN_CNT_READ_REREQ_SPURIOUS,	/* ... proven needless */
	EUN_CNT_READ_REREQ_PART,	/* ... a READ's later run of holes alone */
	EUN_CNT_READ_AHEAD,	/* READ request executed ahead of epsn */
	EUN_CNT_READ_REPLAY_EARLY, /* READ copy queued before new requests */
	EUN_CNT_ATOMIC_HELD,	/* atomic request held until in order */
	EUN_CNT_READ_HELD,	/* READ request held behind WRITE/SEND packets */
	EUN_CNT_READ_UNFENCED,	/* READ/atomic sent behind WRITE/SEND packets */
	EUN_CNT_READ_GAP_SENT,	/* NAK: requests held behind a missing one */
	EUN_CNT_READ_GAP_RCVD,	/* ... taken as evidence of that one's loss */
	EUN_CNT_READ_RESP_SPRAYED, /* READ response sent over the QP's paths */
	EUN_CNT_READ_RESP_PARKED, /* ... a path parked: a re-request named it */
	EUN_CNT_ACK_SPRAYED,	/* EUN_ACK sent over the responses' paths */
	EUN_CNT_FENCE_WAIT,	/* WRITE/SEND waited for READs/atomics out */
	EUN_CNT_OOO_UNFENCED,	/* WRITE/SEND went behind READs/atomics out */
	EUN_CNT_READ_REPLAY_GONE, /* READ/atomic copy: its resource reused */
	EUN_CNT_READ_IN_TURN,	/* READ sent behind an atomic out: in turn */
	EUN_CNT_READ_PAST_HOLE,	/* READ/atomic sent past a missing response */
	EUN_NUM_EVENT_COUNTERS,
	/* Read from the emulated memory when the counters are read. */
	EUN_CNT_EMEM_IN_USE = EUN_NUM_EVENT_COUNTERS,
	EUN_CNT_EMEM_PEAK,
	EUN_CNT_EMEM_ALLOC_FAIL,
	EUN_CNT_BM_GROWS,
	EUN_CNT_BM_MERGES,
	EUN_CNT_WSYNC_IN_USE,
	EUN_CNT_WSYNC_PEAK,
	EUN_CNT_OOO_DEGREE_P99,	/* 99th percentile of the ooo degree (bound) */
	EUN_CNT_OOO_DEGREE_MAX,	/* the largest ooo degree seen */
	EUN_NUM_COUNTERS
};

/**
 * enum eun_qp_mode - how a QP's packets are ordered
 * @EUN_QP_GO_BACK_N: stock rxe behaviour, every hook leaves the stock path
 * @EUN_QP_STATIC: selective repeat over a fixed circular bitmap per QP
 * @EUN_QP_EUNOMIA: selective repeat over the HD bitmap in emulated memory
 * @EUN_QP_MODE_COUNT: number of modes (sizes the name table)
 */
enum eun_qp_mode {
	EUN_QP_GO_BACK_N,
	EUN_QP_STATIC,
	EUN_QP_EUNOMIA,
	EUN_QP_MODE_COUNT
};

/**
 * enum eun_write_sync - when the last packet of a WRITE may be placed
 * @EUN_WSYNC_NONE: on arrival, like every other packet
 * @EUN_WSYNC_SENDER: the sender holds it until the rest is acknowledged
 * @EUN_WSYNC_RECEIVER: the receiver holds an early one until the rest is in
 * @EUN_WSYNC_COUNT: number of values (sizes the name table)
 */
enum eun_write_sync {
	EUN_WSYNC_NONE,
	EUN_WSYNC_SENDER,
	EUN_WSYNC_RECEIVER,
	EUN_WSYNC_COUNT
};

/**
 * enum eun_after_read - whether WRITE and SEND wait for READs and atomics
 * @EUN_AFTER_READ_WAIT: until the READs and atomics before them are
 *	answered (the fence)
 * @EUN_AFTER_READ_GO: at once, to a peer known to track
 * @EUN_AFTER_READ_COUNT: number of choices
 */
enum eun_after_read {
	EUN_AFTER_READ_WAIT,
	EUN_AFTER_READ_GO,
	EUN_AFTER_READ_COUNT
};

/**
 * struct eun_params - what one device runs with (see eun_params.c)
 * @mode: ordering mode of the device's RC QPs
 * @emem_blocks: 2-byte blocks of the emulated on-chip memory
 * @hd_block_bits: HD bitmap bits per block
 * @hd_cap_bits: HD bitmap bits one QP may hold
 * @hd_grow: how an HD bitmap grows
 * @static_bits: static bitmap bits per QP
 * @max_inflight: unacknowledged PSNs a QP may have in flight
 * @write_sync: when the last packet of a WRITE may be placed
 * @wsync_slots: held last packets a device can keep (write_sync=receiver)
 * @wsync_hold_ms: how long a last packet may stay held (write_sync=receiver)
 * @spray: &enum eun_spray of the device's RC QPs
 * @paths: virtual paths per RC QP when spraying
 * @spray_seed: seed of the path choice, 0 for one drawn per QP
 * @mprdma_delta: lateness (PSNs) past which spray=mprdma replaces a path
 * @mprdma_probe: one packet in this many probes a new path (mprdma)
 * @after_read: &enum eun_after_read of the device's tracking QPs
 * @read_reo_wnd_us: the least of the READ tracker's reorder window (a new QP
 *	starts at twice it)
 * @read_inflight: READ response packets a tracking QP may await at once
 */
struct eun_params {
	enum eun_qp_mode mode;
	u32 emem_blocks;
	u32 hd_block_bits;
	u32 hd_cap_bits;
	enum eun_bm_grow hd_grow;
	u32 static_bits;
	u32 max_inflight;
	enum eun_write_sync write_sync;
	u32 wsync_slots;
	u32 wsync_hold_ms;
	enum eun_spray spray;
	u32 paths;
	u64 spray_seed;
	u32 mprdma_delta;
	u32 mprdma_probe;
	enum eun_after_read after_read;
	u32 read_reo_wnd_us;
	u32 read_inflight;
};

/**
 * struct eun_dev - per-device rxe_eun state
 * @counters: rxe_eun event counters, shown after the stock ones
 * @params: parameters copied when the device was created
 * @ready: set once everything below is set up (eun_dev.c)
 * @debugfs: the device's debugfs directory, or NULL
 * @debugfs_qpn: QP number the debugfs file "qp" shows (written there)
 * @conn_ida: connection indexes of @mc, one per tracking QP (the IDA
 *	locks itself)
 * @lock: the device lock, see below
 * @mc: the device's emulated on-chip memory
 * @bm: the reorder bitmaps of the device's QPs, kept in @mc
 * @wsync_pool: held last packets of WRITEs (write_sync=receiver)
 * @wsync_rkey: the rkey of the WRITE of each slot of @wsync_pool (no MR is
 *	referenced while a packet is held: placing it resolves the rkey again)
 * @ooo_degree: out-of-order degree of every data packet the device's
 *	tracking QPs placed, buckets of &struct eun_hist (lock-free)
 * @ooo_degree_max: the largest of them
 */
struct eun_dev {
	atomic64_t counters[EUN_NUM_EVENT_COUNTERS];
	struct eun_params params;
	bool ready;
	struct dentry *debugfs;
	u32 debugfs_qpn;
	struct ida conn_ida;

	/*
	 * The device lock: every QP's receive task shares the emulated
	 * memory, and a QP's error path (under rxe's qp->state_lock, taken
	 * with interrupts off) gives memory back from another context.
	 * Always taken with spin_lock_irqsave(): the one flavour that is
	 * right in all of those contexts. It guards, here, @mc and @bm
	 * (bitmap blocks and their connections) and @wsync_pool with
	 * @wsync_rkey (the slots of held last packets and their rkeys); and in
	 * each QP's struct eun_rx, @open, @wsync_held and @wsync_first.
	 * Nothing under it sleeps, allocates or prints.
	 */
	spinlock_t lock;
	struct eun_memctl mc;
	struct eun_bm bm;
	struct eun_wsync_pool wsync_pool;
	u32 *wsync_rkey;

	atomic64_t ooo_degree[EUN_HIST_BUCKETS];
	atomic_t ooo_degree_max;
};

/**
 * struct eun_rx_srq - receive WQEs a QP on an SRQ took for its messages
 * @wqe: @cap copies of @stride bytes, message n's at n mod @cap
 * @stride: a WQE with the SRQ's max_sge SGEs
 * @taken: which entries hold a WQE
 * @cap: the hold queue's window; 0 for a QP with its own receive queue
 * @ntaken: entries set in @taken
 */
struct eun_rx_srq {
	void *wqe;
	size_t stride;
	unsigned long *taken;
	u32 cap;
	u32 ntaken;
};

/*
 * Recent READ responses a re-request may name, whose paths a sprayed
 * responder remembers: a READ is at most 2^31 bytes, but a re-request names
 * the first response missing, which is among the latest sent.
 */
#define EUN_RESP_RING	1024

/**
 * struct eun_rx - receive side of a tracking QP (rx/), changed only by the
 *	QP's receive task, except the fields under the device lock
 * @conn: connection index in the device's memory controller
 * @started: @hq starts at message 0 of this connection (cleared by reset)
 * @open: the bitmap connection is open at @epsn; under the device lock
 *	(the QP error path closes it from another context)
 * @epsn: expected PSN: every PSN before it has arrived
 * @epsn_known: @epsn was set since the QP last left RESET; read with
 *	@epsn by rxe's receive path (eun_rx_read_queue_early())
 * @stock_psn: a stock-format request was left to rxe at @epsn; take the
 *	responder's cursor as @epsn before the next packet
 * @peer_ooo: an ooo packet was placed since the QP last left RESET: the
 *	peer tracks (read by the send task, eun_tx_mode.c)
 * @ackp: when to acknowledge, and whether to name the PSNs beyond @epsn
 *	(core/eun_ack_policy.c)
 * @dup_pending: a duplicate arrived since the last acknowledgment
 * @dup_psn: that duplicate
 * @hq: completions of SEND and WRITE with immediate, held until in order
 * @wsync_held: last packets of WRITEs the QP holds in the device's pool
 *	(write_sync=receiver); under the device lock
 * @wsync_first: the earliest last PSN among them while @wsync_held; may
 *	be early (a held packet given back), never late; under the device
 *	lock
 * @max_psn: the highest PSN placed since @epsn was set at open
 * @echo_path: path byte of the packet the next acknowledgment reports
 *	on (of those placed since the last one, a probe, or else the one
 *	that came latest: eun_path_echo_takes()), or %EUN_PATH_WIRE_NONE
 * @echo_late: how many higher PSNs had arrived before that packet
 * @ooo_degree: out-of-order degree (distance from @epsn) of each packet
 *	placed
 * @order: READ requests executed ahead of @epsn, atomics held
 *	(rx/eun_rx_read.c)
 * @rd_held: the packet of each atomic held, in the slot @order gives it
 * @rd_gap_sent: a sequence NAK went for the missing request @rd_gap_psn
 * @rd_gap_psn: that request's PSN
 * @resp_any_order: the peer places READ responses in any order (its last
 *	new READ request said so, EUN_BTH_ANY_ORDER): they may take the
 *	QP's paths
 * @resp_paths: the paths of those responses, over the first ports of the
 *	QP's block: in turn, or with spray=mprdma or adaptive, a path that a
 *	re-request shows lost a response is parked (tx/eun_tx_path.c);
 *	@resp_paths.path is NULL when the QP does not spray
 * @resp_path_of: path byte of each recent such response, with its PSN
 *	(%EUN_RESP_RING entries, (PSN << 8) | path byte)
 * @srq: WQEs taken from the shared receive queue (rx/eun_rx_srq.c)
 */
struct eun_rx {
	u32 conn;
	bool started;
	bool open;
	u32 epsn;
	bool epsn_known;
	bool stock_psn;
	bool peer_ooo;
	struct eun_ackp ackp;
	bool dup_pending;
	u32 dup_psn;
	struct eun_holdq hq;
	u32 wsync_held;
	u32 wsync_first;
	u32 max_psn;
	u8 echo_path;
	u32 echo_late;
	struct eun_hist ooo_degree;
	struct eun_rx_order order;
	struct sk_buff *rd_held[EUN_RO_SLOTS];
	bool rd_gap_sent;
	u32 rd_gap_psn;
	bool resp_any_order;
	struct eun_paths resp_paths;
	u32 *resp_path_of;
	struct eun_rx_srq srq;
};

/**
 * struct eun_tx_wqe - kernel copy of what the sender must know of a send
 *	WQE (the SQ ring is user-writable)
 * @first_psn: PSN of its first packet
 * @last_psn: PSN of its last packet
 * @msg_seq: message sequence number sent in EUNH
 * @msg_len: message length when its first packet went: a resend sizes its
 *	packet from this, never from the ring
 * @valid: the fields above describe the WQE now in the slot
 */
struct eun_tx_wqe {
	u32 first_psn;
	u32 last_psn;
	u32 msg_seq;
	u32 msg_len;
	bool valid;
};

/**
 * struct eun_tx - send side of a tracking QP (tx/, comp/), changed only by
 *	the QP's send task (requester and completer); no lock
 * @open: @sb starts at the PSN the requester sends next
 * @stock_out: a stock-format request (READ, atomic, ...) is outstanding
 * @recv_seq: receive-WQE sequence number of the next SEND or WRITE with
 *	immediate
 * @write_seq: sequence number of the next plain WRITE
 * @wqe: one entry per SQ slot
 * @nwqe: entries in @wqe
 * @sb: what became of every PSN in flight
 * @rw: RACK reorder window
 * @rack_timer: fires when the reorder window of a PSN runs out (set up,
 *	armed and stopped by eun_tx_loss.c only)
 * @bo: waits after the receiver refused packets for want of room
 * @sent_ooo: an ooo packet went since the QP last left RESET
 * @heard: an EUN_ACK came since then: the peer tracks
 * @unheard_timeouts: retransmit timeouts with ooo packets out and nothing
 *	heard yet (tx/eun_tx_mode.c)
 * @fence_wait: the next ooo packet waits for the stock-format requests
 *	out to be acknowledged (counted once it goes)
 * @ooo_end: the PSN after the newest ooo packet sent: those before it
 *	are out while the scoreboard's una is below it
 * @stock_send: the peer does not track: every request goes in the stock
 *	format, go-back-N (tx/eun_tx_mode.c)
 * @wsync_psn: the last packet write_sync=sender last counted as delayed
 * @path_of: path byte of the latest transmission of each PSN, indexed as
 *	the scoreboard's ring (NULL when the QP does not spray)
 * @rd: the READ whose responses are placed as they arrive
 *	(comp/eun_comp_read.c)
 * @rd_conn: connection index of @rd's bitmap in the device's memory
 * @rd_open: @rd_conn is open at @rd's first PSN; under the device lock
 *	(the QP error path closes it from another context)
 * @rd_head: first response PSN of @rd not yet in; under the device lock
 * @rd_va: remote address the READ reads from (kernel copy)
 * @rd_rkey: its rkey (kernel copy)
 * @rd_force: rxe's retransmit timer asked for a re-request of @rd
 * @rd_any_part: the peer's READ responses said it answers a re-request
 *	for any part of a READ (EUN_BTH_ANY_PART): each run of missing
 *	packets is asked for alone
 * @rd_ranges: what a re-request of @rd asks for (scratch of the send
 *	task, too large for its stack)
 */
struct eun_tx {
	bool open;
	bool stock_out;
	u32 recv_seq;
	u32 write_seq;
	struct eun_tx_wqe *wqe;
	u32 nwqe;
	struct eun_sb sb;
	struct eun_rw rw;
	struct hrtimer rack_timer;
	struct eun_backoff bo;
	bool sent_ooo;
	bool heard;
	u8 unheard_timeouts;
	bool stock_send;
	bool fence_wait;
	u32 ooo_end;
	u32 wsync_psn;
	u8 *path_of;
	struct eun_rd rd;
	u32 rd_conn;
	bool rd_open;
	u32 rd_head;
	u64 rd_va;
	u32 rd_rkey;
	bool rd_force;
	bool rd_any_part;
	struct eun_rd_range rd_ranges[EUN_RD_MAX_OUT];
};

/**
 * struct eun_qp - per-QP rxe_eun state
 * @mode: ordering mode, fixed when the QP is created
 * @rx: receive side (tracking modes only)
 * @tx: send side (tracking modes only)
 * @paths: virtual paths of the request packets (any mode; @paths.path is
 *	NULL when the QP does not spray); the send task's only
 * @path_last: index of the path rxe_prepare() last took for a request
 * @paths_parked_resp: paths the responder parked for its READ responses
 *	(a bit per index), not yet charged to the request paths of the same
 *	first ports, which go the same way; set by the responder task, taken
 *	by the send task (set_bit(), xchg())
 */
struct eun_qp {
	enum eun_qp_mode mode;
	struct eun_rx rx;
	struct eun_tx tx;
	struct eun_paths paths;
	u32 path_last;
	unsigned long paths_parked_resp;
};

#endif /* EUN_STATE_H */
