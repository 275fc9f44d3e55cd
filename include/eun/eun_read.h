/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The requester's side of the READs (and atomics) whose response packets
 * are placed as they arrive: which are out and which packets belong to
 * them, when the missing ones count as lost, and which ranges re-requests
 * ask for. An atomic is a request of one response PSN.
 * Which PSNs arrived is the reorder bitmap's (eun_bitmap.h); this is the
 * pure rest of comp/eun_comp_read.c, free of rxe types so that KUnit
 * drives the very functions the module calls.
 *
 * Several READs may be out at once, back to back: their response PSNs
 * then form one range, tracked by one bitmap, oldest READ first.
 */
#ifndef EUN_READ_H
#define EUN_READ_H

#include <linux/types.h>

/*
 * READs and atomics one QP may have out at once: rxe's largest
 * max_rd_atomic (RXE_MAX_QP_RD_ATOM), which perftest asks for; with fewer,
 * a round trip of a few ms caps an atomic's rate below stock's.
 */
#define EUN_RD_MAX_OUT		128
/*
 * Response packets a QP's READs may have in flight, by default (the
 * parameter read_inflight): four READs of 64 KiB at MTU 1024. The READ
 * bitmap (hd_cap_bits) is larger, so that READs go on past a lost
 * response, not so that more of them are in flight: sixteen of 64 KiB
 * queued a mebibyte in links capped at 1 MB/s.
 */
#define EUN_RD_DEF_INFLIGHT	256
/*
 * How long a missing response may trail one sent after it before it
 * counts as lost, at least, by default (the parameter read_reo_wnd_us):
 * a response that comes that late without being asked for again widens
 * it to cover its lateness, with a quarter of margin, before any
 * re-request has to prove it spurious.
 */
#define EUN_RD_REO_INIT_NS	(4 * 1000 * 1000ULL)
/*
 * A new QP's window starts this many doublings above its least: it has
 * seen none of its path's reordering yet, and a window too short costs a
 * spurious re-request per QP (an atomic's, under netem's 1 ms reordering
 * whose delayed packets a guest's late timer holds back several ms),
 * while one too long costs the first recoveries of a lossy path a few ms
 * each, until EUN_RD_REO_DECAY of them halve it.
 */
#define EUN_RD_REO_START_SHIFT	1
#define EUN_RD_REO_MIN_NS	(100 * 1000ULL)
/* A spurious re-request doubles it, up to this. */
#define EUN_RD_REO_MAX_NS	(64 * 1000 * 1000ULL)
/*
 * After this many re-requests in a row that no second copy proved
 * spurious, it halves (not below its least), and so does the longest
 * pause seen: a burst of reordering, or a stall of the responder's host,
 * passes, as RACK forgets one after 16 recoveries.
 */
#define EUN_RD_REO_DECAY	16
/*
 * With only the tail missing, or nothing coming since the request or a
 * re-request, the wait is EUN_RD_BLIND_SHIFT doublings of the window, or
 * twice the longest pause seen between new packets if longer, and at
 * least EUN_RD_BLIND_MIN_NS (a soft responder still sending its tail is
 * no loss, however short the window), doubled again per unanswered
 * re-request; after EUN_RD_MAX_BLIND of those only rxe's retransmit timer
 * asks again (and counts its retries).
 */
#define EUN_RD_BLIND_SHIFT	3
#define EUN_RD_BLIND_MIN_NS	(32 * 1000 * 1000ULL)
#define EUN_RD_MAX_BLIND	6
/*
 * A wait for a new response longer than the window over this is a pause
 * of the responder (a soft one shares its CPU), not a gap in its flow.
 */
#define EUN_RD_PAUSE_DIV	4
/*
 * A responder that answers any subset of a READ (rxe_eun's) is asked for
 * each run of missing packets alone: runs fewer than EUN_RD_RUN_GAP
 * placed packets apart are asked as one, so that a READ whose every
 * eighth packet or so is late (sprayed over a slow link) still costs one
 * re-request, while losses (a few per READ, far apart) cost their own
 * packets only; one round asks at most EUN_RD_RUNS_MAX ranges, well below
 * rxe's 64 packets of a QP in flight.
 */
#define EUN_RD_RUN_GAP		8
#define EUN_RD_RUNS_MAX		32
/*
 * Re-requests a second copy of whose first PSN may still prove spurious.
 * The answer to one comes behind the responses of every READ out when it
 * went, so, with many out, later re-requests go before it: each is kept
 * until its proof comes, the oldest dropped for a new one beyond these.
 */
#define EUN_RD_PROOFS		8

/**
 * enum eun_rd_kind - which READ response opcode a packet carries
 * @EUN_RD_FIRST: READ_RESPONSE_FIRST
 * @EUN_RD_MIDDLE: READ_RESPONSE_MIDDLE
 * @EUN_RD_LAST: READ_RESPONSE_LAST (also the end of a re-requested range)
 * @EUN_RD_ONLY: READ_RESPONSE_ONLY (also a re-request of the first packet)
 * @EUN_RD_ATOMIC_ACK: ATOMIC_ACKNOWLEDGE
 */
enum eun_rd_kind {
	EUN_RD_FIRST,
	EUN_RD_MIDDLE,
	EUN_RD_LAST,
	EUN_RD_ONLY,
	EUN_RD_ATOMIC_ACK,
};

/**
 * struct eun_rd_req - one READ out (kernel copy: the SQ ring is
 *	user-writable)
 * @first_psn: PSN of its request, so of its first response packet
 * @last_psn: PSN of its last response packet
 * @len: bytes it reads (an atomic: the 8 bytes of its result)
 * @va: remote address it reads from
 * @rkey: remote key
 * @atomic: an atomic, answered by one ATOMIC_ACKNOWLEDGE
 * @writes: it changes the responder's memory: an atomic or an ATOMIC
 *	WRITE (a READ of no bytes), executed in PSN order there
 * @after_ooo: sent while WRITE or SEND packets were unacknowledged: the
 *	responder executes it once they are in (EUN_BTH_AFTER_OOO), so its
 *	first response acknowledges them
 * @in_turn: a READ sent while a request that @writes was out: marked as
 *	@after_ooo is, so that the responder does not execute it ahead of
 *	that request and read what it has not written yet
 * @unplaced: its response packets not placed yet
 */
struct eun_rd_req {
	u32 first_psn;
	u32 last_psn;
	u32 len;
	u64 va;
	u32 rkey;
	bool atomic;
	bool writes;
	bool after_ooo;
	bool in_turn;
	u32 unplaced;
};

/**
 * struct eun_rd_range - what one re-request asks for
 * @index: which READ, 0 for the oldest out
 * @first_psn: first PSN asked for
 * @last_psn: last PSN asked for
 */
struct eun_rd_range {
	u32 index;
	u32 first_psn;
	u32 last_psn;
};

/**
 * struct eun_rd_proof - a re-request not yet proven spurious
 * @psn: its first PSN, missing when it went
 * @wnd_ns: the reorder window it went by: proven spurious, it was too
 *	short, and the window becomes twice it
 */
struct eun_rd_proof {
	u32 psn;
	u64 wnd_ns;
};

/**
 * struct eun_rd - the READs a requester tracks
 * @req: the READs out, a ring, oldest at @oldest
 * @oldest: ring index of the oldest READ out
 * @count: READs out; 0 when none is tracked
 * @unplaced: response packets of the READs out not placed yet: in
 *	flight, late or lost (eun_rd_room())
 * @first_psn: first response PSN of the oldest READ out (when @count)
 * @last_psn: last response PSN of the newest READ out (when @count)
 * @seen: a response packet has arrived since @count went from 0
 * @max_psn: the highest response PSN that arrived, placed or not (when
 *	@seen)
 * @quiet_from_ns: when a request went with nothing missing yet, the
 *	latest new response arrived or the latest re-request went
 * @armed: a new response arrived that the latest re-request's answer
 *	would come before (or none went): the packets missing below
 *	@max_psn count as lost @reo_wnd_ns after @hole_from_ns
 * @hole_seen: a response above the first missing PSN came while armed
 * @hole_head: that first missing PSN
 * @hole_top: the PSN beyond it that its window is timed by (the highest
 *	come then, or of a re-request's answer): a head that moves up to a
 *	PSN below it keeps @hole_from_ns and @paused_ns
 * @hole_from_ns: when the first response above it came
 * @paused_ns: how long the responses paused since then, with more of them
 *	to come: no news of the hole, so its window runs that much later
 * @held: a sequence NAK said the responder holds the requests after the
 *	hole: nothing beyond it comes until it is filled
 * @unanswered: re-requests since the latest new response that answers one
 * @awaiting: a re-request went and neither its first PSN, nor a packet
 *	below @rereq_max, nor a response beyond @rereq_last has come since:
 *	responses up to @rereq_last were on their way before its answer, and
 *	are no news of its loss
 * @rereq_last: the last PSN of the newest READ out when it went
 * @rereq_max: the highest PSN that had come when it went (the first PSN
 *	out if none): a new packet below it fills a hole it asked for
 * @calm: re-requests since the window last changed
 * @pause_ns: the longest wait for a new response seen (at most
 *	EUN_RD_REO_MAX_NS), halved with the window: a soft responder pauses
 *	while its packets drain
 * @rereq_out: the latest re-request waits for its proof in @proof
 * @rereq_first: its first PSN, which its answer starts with
 * @proof: the re-requests that no second copy of their first PSN proved
 *	spurious yet, oldest first (kept across READs: a copy may come late)
 * @nproofs: entries in @proof
 * @asked: a re-request went for PSNs up to @rereq_last that a READ out
 *	still has: an answer filling a hole there is no news of reordering
 * @answering: the latest re-request asked for @rereq_first..@answer_last
 *	and no response of a READ sent after it came: a hole there is timed
 *	by @answer_front, not @max_psn
 * @answer_last: the last PSN it asked for
 * @answer_seen: a packet of its answer came (placed or a copy)
 * @answer_front: the highest PSN of the answer that came (when
 *	@answer_seen)
 * @reo_min_ns: the least of @reo_wnd_ns
 * @reo_wnd_ns: quiet time after which missing responses count as lost;
 *	kept from one READ to the next
 */
struct eun_rd {
	struct eun_rd_req req[EUN_RD_MAX_OUT];
	u32 oldest;
	u32 count;
	u32 unplaced;
	u32 first_psn;
	u32 last_psn;
	bool seen;
	u32 max_psn;
	u64 quiet_from_ns;
	bool armed;
	bool hole_seen;
	u32 hole_head;
	u32 hole_top;
	u64 hole_from_ns;
	u64 paused_ns;
	bool held;
	u8 unanswered;
	bool awaiting;
	u32 rereq_last;
	u32 rereq_max;
	u8 calm;
	u64 pause_ns;
	bool rereq_out;
	u32 rereq_first;
	struct eun_rd_proof proof[EUN_RD_PROOFS];
	u8 nproofs;
	bool asked;
	bool answering;
	u32 answer_last;
	bool answer_seen;
	u32 answer_front;
	u64 reo_min_ns;
	u64 reo_wnd_ns;
};

u64 eun_rd_start_wnd(u64 reo_min_ns);
void eun_rd_init(struct eun_rd *rd, u64 reo_start_ns, u64 reo_min_ns);
u64 eun_rd_npkts(u32 len, bool atomic, u32 mtu);
int eun_rd_reach(u32 len, bool atomic, u32 mtu, u32 bits);
bool eun_rd_room(const struct eun_rd *rd, u32 npkts, u32 window);
int eun_rd_start(struct eun_rd *rd, const struct eun_rd_req *r, u32 mtu,
		 u64 now);
bool eun_rd_owns(const struct eun_rd *rd, u32 psn);
int eun_rd_find(const struct eun_rd *rd, u32 psn);
const struct eun_rd_req *eun_rd_at(const struct eun_rd *rd, u32 index);
bool eun_rd_writes_out(const struct eun_rd *rd);
int eun_rd_check(const struct eun_rd *rd, u32 psn, enum eun_rd_kind kind,
		 u32 len, u32 mtu);
void eun_rd_arrival(struct eun_rd *rd, u32 psn, u32 head, bool fresh,
		    u64 now);
bool eun_rd_duplicate(struct eun_rd *rd, u32 psn);
bool eun_rd_gap(struct eun_rd *rd, u32 psn, u32 head, u64 now);
bool eun_rd_oldest_done(const struct eun_rd *rd, u32 head);
void eun_rd_retire(struct eun_rd *rd);
bool eun_rd_due(const struct eun_rd *rd, u32 head, u64 now);
u64 eun_rd_deadline(const struct eun_rd *rd, u32 head);
bool eun_rd_paused(const struct eun_rd *rd, u32 head, u64 now);
u64 eun_rd_wake(const struct eun_rd *rd, u32 head, u64 now);
bool eun_rd_blind(const struct eun_rd *rd, u32 head);
u32 eun_rd_range_end(const struct eun_rd *rd, u32 head, const u64 *words,
		     u32 nbits, u32 span);
u32 eun_rd_split(const struct eun_rd *rd, u32 head, u32 end,
		 struct eun_rd_range *out, u32 max);
u32 eun_rd_narrow(u32 head, const u64 *words, u32 nbits, u32 span,
		  struct eun_rd_range *out, u32 n);
u32 eun_rd_runs(u32 head, const u64 *words, u32 nbits, u32 span,
		struct eun_rd_range *out, u32 n, u32 max);
bool eun_rd_several_whole(const struct eun_rd *rd,
			  const struct eun_rd_range *ranges, u32 n);
void eun_rd_rerequested(struct eun_rd *rd, u32 first, u64 now);
void eun_rd_answer_due(struct eun_rd *rd, u32 last);
void eun_rd_stop(struct eun_rd *rd);

#endif /* EUN_READ_H */
