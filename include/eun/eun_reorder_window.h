/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RACK-style reorder window of rxe_eun (after RFC 8985, section 6).
 *
 * Tells loss from reordering by time: a PSN still unacknowledged a reorder
 * window after a PSN sent later was delivered is lost, without waiting for
 * the retransmit timeout, while a PSN merely overtaken is left alone. The
 * window starts at a quarter of the minimum RTT, covers the reordering
 * seen (a PSN sent once and delivered after a later-sent one) and widens
 * with every spurious retransmission (reordering deeper than the window),
 * bounded by the smoothed RTT. It acts on a &struct eun_sb only through that file's
 * functions. No locks, no clock reads: times are given by the caller (ns),
 * who holds the QP's lock.
 */
#ifndef EUN_REORDER_WINDOW_H
#define EUN_REORDER_WINDOW_H

#include <linux/types.h>

#include "eun/eun_scoreboard.h"

/* Upper bound of the window multiplier (the window is also capped at SRTT). */
#define EUN_RW_MAX_MULT		64
/* Recoveries after the last widening before the multiplier returns to 1. */
#define EUN_RW_PERSIST		16

/*
 * Loss waits after which the newest PSN out, with nothing sent after it to
 * show it lost, is marked alone (TCP's tail loss probe uses two SRTTs).
 */
#define EUN_RW_TAIL_WAITS	2
/*
 * ... but no sooner than this, and with nothing else out, no sooner than
 * the next: a soft NIC's peer whose host is descheduled delays every ACK
 * by milliseconds, and a lone packet has no other ACK to show the peer is
 * running (TCP's probe of one packet waits the peer's delayed-ACK time
 * more, for the same reason).
 */
#define EUN_RW_TAIL_MIN_NS	(10 * 1000 * 1000ULL)
#define EUN_RW_TAIL_ALONE_NS	(50 * 1000 * 1000ULL)
/*
 * Before any RTT sample, with no sign yet that the peer runs, the tail
 * probe waits TCP's initial retransmission timeout (RFC 6298, 2.1).
 */
#define EUN_RW_BLIND_NS		(1000 * 1000 * 1000ULL)

/**
 * struct eun_rw_stats - event counts of a reorder window
 * @spurious: spurious retransmissions reported to it
 * @widened: times the multiplier grew
 * @narrowed: times it went back to 1 after %EUN_RW_PERSIST recoveries
 * @marked: PSNs it marked lost
 * @probes: checks in an acknowledgment drought that marked only the lowest
 *	PSN due, of several
 * @held: checks that held PSNs due back while a retransmission waited for
 *	its answer
 * @tail_probes: the newest PSN out (or a retransmission, or the PSN at
 *	una of a sender that sends nothing else) marked alone after
 *	EUN_RW_TAIL_WAITS loss waits without its acknowledgment: no later
 *	PSN can show it lost
 * @reordered: times a PSN sent once was delivered after a later-sent one
 *	by more than the reordering seen so far
 */
struct eun_rw_stats {
	u64 spurious;
	u64 widened;
	u64 narrowed;
	u64 marked;
	u64 probes;
	u64 held;
	u64 reordered;
	u64 tail_probes;
};

/**
 * struct eun_rw - reorder window state of one QP's send side
 * @min_rtt_ns: smallest RTT sample since init (RFC 8985 uses a windowed
 *	minimum; a connection here lives on one fabric path set)
 * @srtt_ns: smoothed RTT (gain 1/8), the window's upper bound
 * @rttvar_ns: RTT variation (gain 1/4, RFC 6298)
 * @rtt_ns: latest RTT sample (RACK.rtt)
 * @xmit_ns: transmit time of the most recently sent PSN known delivered
 *	(RACK.xmit_ts)
 * @psn: that PSN, which breaks ties between equal transmit times
 * @reo_seen_ns: deepest reordering seen, in transmit time: how much
 *	earlier than the most recently sent PSN known delivered a PSN sent
 *	once was sent, when it was delivered after it
 * @widened_ns: time of the latest widening
 * @ack_ns: arrival time of the latest acknowledgment
 * @mult: window multiplier, 1..%EUN_RW_MAX_MULT
 * @persist: recoveries left before @mult returns to 1
 * @has_rtt: @min_rtt_ns, @srtt_ns and @rtt_ns hold samples
 * @has_xmit: @xmit_ns and @psn are valid
 * @has_ack: @ack_ns is valid
 * @in_recovery: PSNs were lost or being resent at the latest look
 * @answered: the peer runs: it answered a READ of the QP, or sent ooo
 *	packets (eun_rw_answered()), so that a tail probe before any RTT
 *	sample goes at its floor
 * @probe_ns: when the latest probe that waits for an ACK went: of the PSN
 *	at una (eun_rw_probe_una()), or a tail probe before any RTT sample
 * @probed: @probe_ns is valid
 * @stats: event counts
 */
struct eun_rw {
	u64 min_rtt_ns;
	u64 srtt_ns;
	u64 rttvar_ns;
	u64 rtt_ns;
	u64 xmit_ns;
	u32 psn;
	u64 reo_seen_ns;
	u64 widened_ns;
	u64 ack_ns;
	u32 mult;
	u32 persist;
	bool has_rtt;
	bool has_xmit;
	bool has_ack;
	bool in_recovery;
	bool answered;
	u64 probe_ns;
	bool probed;
	struct eun_rw_stats stats;
};

void eun_rw_init(struct eun_rw *rw);
void eun_rw_update(struct eun_rw *rw, struct eun_sb *sb,
		   const struct eun_sb_ack_result *res, u64 now);
void eun_rw_spurious(struct eun_rw *rw, u64 now);
void eun_rw_answered(struct eun_rw *rw);
u64 eun_rw_reo_wnd(const struct eun_rw *rw);
u64 eun_rw_loss_wait(const struct eun_rw *rw);
u64 eun_rw_tail_wait(const struct eun_rw *rw, bool alone);
u64 eun_rw_spurious_ns(const struct eun_rw *rw);
int eun_rw_detect_loss(struct eun_rw *rw, struct eun_sb *sb, u64 now,
		       u64 *next_ns);
int eun_rw_probe_una(struct eun_rw *rw, struct eun_sb *sb, u64 now,
		     u64 *next_ns);

#endif /* EUN_REORDER_WINDOW_H */
