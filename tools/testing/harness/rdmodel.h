/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reference model of the requester's READ response tracker (eun_read.c),
 * shared by rdtest (choices from a seeded PRNG) and rdfuzz (choices from
 * the input bytes).
 *
 * A session is a run of READs and atomics posted back to back, up to
 * EUN_RD_MAX_OUT out at once, of chosen sizes and one MTU, its first PSN
 * often just below the 2^24 wrap. Their responses come in a chosen
 * order: the network holds them back, loses some (now and then all, for a
 * while) and sends some twice; the responder answers every re-request as
 * rxe's does (FIRST or ONLY only from a READ's first PSN, MIDDLE ... LAST
 * otherwise, one ATOMIC_ACKNOWLEDGE for an atomic); some packets that
 * come are not placed (as beyond the bitmap's cap); copies of a session's
 * packets may still come during the next. The tracker is driven as
 * comp/eun_comp_read.c drives it: READs retire oldest first once in, a
 * re-request goes when due (or when rxe's retransmit timer fires) and is
 * split into one per READ.
 *
 * A reference keeps the set of PSNs placed and the rules of eun_read.h,
 * by packet index in the session rather than PSN, and after every step:
 * - eun_rd_owns(), eun_rd_find() and eun_rd_check() of random PSNs,
 *   opcodes and lengths agree with a brute-force reading of the READs'
 *   byte layout, and every packet the responder sends passes
 *   eun_rd_check();
 * - the highest PSN that came, the deadline, eun_rd_paused(),
 *   eun_rd_wake(), eun_rd_due() and the window (doubled by each re-request
 *   proved spurious, widened to cover the first missing packet come late
 *   unasked, the pauses of the responses not counted, starting at a
 *   window drawn per QP) agree with the reference;
 * - eun_rd_range_end(), for a bitmap of random width, is the highest
 *   missing PSN at or below the highest that came (that one when the
 *   bitmap is too narrow), the newest READ's last PSN when only the tail
 *   is missing; eun_rd_split() of random ranges gives each READ's part;
 * - eun_rd_oldest_done() is true exactly when the oldest READ is in;
 * - random starts on a copy of the tracker, refused ones among them (bad
 *   MTU or PSN, not following the newest, no room, too many packets),
 *   agree with a brute-force packet count;
 * - the contract, whatever the reference says: at most EUN_RD_MAX_OUT
 *   out, their ranges back to back and under half the PSN space, a READ
 *   retired only with every packet in and only the oldest, the window and
 *   the longest pause never shrinking and within their bounds, a deadline
 *   never before the wait began, and each unanswered re-request at least
 *   doubling the wait for the next.
 * A failure prints what disagreed and aborts.
 */
#ifndef EUN_RDMODEL_H
#define EUN_RDMODEL_H

#include <linux/types.h>

#include "rng.h"

/* Where choices come from: a PRNG, or bytes (0 once they run out). */
struct rdm_src {
	struct rng *r;
	const u8 *d;
	size_t n;
	size_t pos;
};

u32 rdm_below(struct rdm_src *s, u32 n);
bool rdm_pct(struct rdm_src *s, u32 pct);
u64 rdm_next(struct rdm_src *s);
bool rdm_src_done(const struct rdm_src *s);

struct rdm_stats {
	u64 reads, atomics, sessions_done, sessions_failed, lost, arrivals;
	u64 dups, stale, not_placed, rereqs, ranges, blind, timer, spurious;
	u64 widened;
	u64 ends_hole, ends_max, ends_last, starts, refused, strays, gaps;
	u64 unheld, probes;
};

extern struct rdm_stats rdm_stats;

/*
 * @ops picks what happens (the network, the sizes, the clock), @gen the
 * probes that check the tracker between steps; they may be one source.
 */
void rdm_init(struct rdm_src *ops, struct rdm_src *gen);
void rdm_fini(void);
void rdm_forget(void);
void rdm_begin_session(u64 session_no);
bool rdm_step(void);
void rdm_check(void);
void rdm_check_start(void);
void rdm_end_session(void);
void rdm_advance(u64 ns);
bool rdm_post(void);
bool rdm_deliver(void);
bool rdm_rerequest(void);
void rdm_stray(void);

#endif /* EUN_RDMODEL_H */
