/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sender scoreboard of rxe_eun: what became of every PSN in flight.
 *
 * The requester records each first transmission, the completer feeds it
 * every ACK (cumulative PSN plus SACK bitmap), NACKs, the retransmit
 * timeout and the RACK reorder window (eun_reorder_window.h) mark PSNs
 * lost, and the requester asks for the lowest lost PSN to resend. Only
 * holes are ever resent, never a SACKed PSN: there is no go-back-N. The
 * ring is allocated once at init; no call allocates, sleeps or reads a
 * clock (times are given by the caller, in ns). No locks inside: the caller
 * holds the QP's lock around every call.
 */
#ifndef EUN_SCOREBOARD_H
#define EUN_SCOREBOARD_H

#include <linux/types.h>

#include "eun/eun_psn.h"

#define EUN_SB_MIN_CAPACITY	16
#define EUN_SB_MAX_CAPACITY	16384
/* Longest SACK bitmap an ACK may carry: as many PSNs as can be in flight. */
#define EUN_SB_MAX_SACK_BITS	EUN_SB_MAX_CAPACITY
/* An ACK's epsn may lie at most this far behind nxt (older ones are junk). */
#define EUN_SB_MAX_ACK_AGE	0x400000
/* Transmission counts saturate here (the field is 8 bits). */
#define EUN_SB_MAX_XMITS	255

/**
 * enum eun_sb_state - state of one ring slot
 * @EUN_SB_UNUSED: never used since init or reset
 * @EUN_SB_IN_FLIGHT: sent once, no news yet
 * @EUN_SB_RETRANSMITTED: marked lost, then sent again: in flight again
 * @EUN_SB_SACKED: selectively acknowledged, waits for the cumulative ACK
 * @EUN_SB_LOST: marked lost, waits for its retransmission
 * @EUN_SB_DELIVERED: cumulatively acknowledged (the slot is behind una and
 *	is kept until reused, so that a duplicate report can still find it)
 * @EUN_SB_STATE_COUNT: number of states
 */
enum eun_sb_state {
	EUN_SB_UNUSED,
	EUN_SB_IN_FLIGHT,
	EUN_SB_RETRANSMITTED,
	EUN_SB_SACKED,
	EUN_SB_LOST,
	EUN_SB_DELIVERED,
	EUN_SB_STATE_COUNT
};

/**
 * enum eun_sb_cause - why a PSN was marked lost (and so retransmitted)
 * @EUN_SB_CAUSE_TIMEOUT: the retransmit timer fired
 * @EUN_SB_CAUSE_NACK: the responder sent a NACK for it
 * @EUN_SB_CAUSE_REORDER: still missing a reorder window after a PSN sent
 *	later was delivered (RACK)
 * @EUN_SB_CAUSE_COUNT: number of causes
 */
enum eun_sb_cause {
	EUN_SB_CAUSE_TIMEOUT,
	EUN_SB_CAUSE_NACK,
	EUN_SB_CAUSE_REORDER,
	EUN_SB_CAUSE_COUNT
};

/**
 * struct eun_sb_entry - one PSN in the ring
 * @xmit_ns: time of its latest transmission
 * @psn: the PSN the slot holds (slots are reused every capacity PSNs)
 * @state: &enum eun_sb_state
 * @xmits: transmissions so far, saturating at %EUN_SB_MAX_XMITS
 * @cause: &enum eun_sb_cause of the latest loss mark
 * @spurious: a spurious retransmission of this PSN was counted already
 */
struct eun_sb_entry {
	u64 xmit_ns;
	u32 psn;
	u8 state;
	u8 xmits;
	u8 cause;
	u8 spurious;
};

/**
 * struct eun_sb_stats - event counts, for the hardware counters
 * @retransmits: retransmissions per &enum eun_sb_cause
 * @spurious: retransmissions proven needless (acknowledged too soon after
 *	being resent, or reported received twice)
 * @bad_acks: ACKs refused as malformed
 */
struct eun_sb_stats {
	u64 retransmits[EUN_SB_CAUSE_COUNT];
	u64 spurious;
	u64 bad_acks;
};

/**
 * struct eun_sb - scoreboard of one QP's send side
 * @ring: @capacity slots; PSN p lives in slot p & (@capacity - 1)
 * @capacity: slots in the ring, a power of two
 * @una: oldest PSN not cumulatively acknowledged
 * @nxt: next PSN to send for the first time
 * @lost_from: no PSN in [@una, @lost_from) is lost: the search for the
 *	next one to resend starts there
 * @last_sent: the PSN eun_sb_sent() took last: the newest one out that a
 *	packet of this sender carried (a READ's PSNs, skipped, come after it)
 * @spurious_ns: a retransmission acknowledged sooner than this after it was
 *	sent is spurious (set from the minimum RTT by the reorder window)
 * @count: slots per &enum eun_sb_state; they always add up to @capacity
 * @stats: event counts
 */
struct eun_sb {
	struct eun_sb_entry *ring;
	u32 capacity;
	u32 una;
	u32 nxt;
	u32 lost_from;
	u32 last_sent;
	u64 spurious_ns;
	u32 count[EUN_SB_STATE_COUNT];
	struct eun_sb_stats stats;
};

/**
 * struct eun_sb_ack_result - what one ACK changed
 * @acked: PSNs the cumulative ACK newly passed (SACKed ones included)
 * @sacked: PSNs newly selectively acknowledged
 * @spurious: retransmissions this ACK proved spurious
 * @una: oldest unacknowledged PSN after the ACK
 * @has_rtt: @rtt_ns holds a sample
 * @rtt_ns: RTT of the most recently sent newly acknowledged PSN that was
 *	sent only once (Karn: a retransmitted PSN gives no sample)
 * @has_latest: @latest_xmit_ns and @latest_psn are valid
 * @latest_xmit_ns: transmit time of the most recently sent PSN this ACK
 *	newly proved delivered (a retransmission only when it cannot be the
 *	original that arrived, i.e. when it is not spurious)
 * @latest_psn: that PSN
 * @has_earliest: @earliest_xmit_ns is valid
 * @earliest_xmit_ns: transmit time of the earliest sent PSN this ACK newly
 *	proved delivered that was sent only once: its one transmission
 *	arrived, so a later-sent PSN known delivered before it overtook it
 */
struct eun_sb_ack_result {
	u32 acked;
	u32 sacked;
	u32 spurious;
	u32 una;
	bool has_rtt;
	u64 rtt_ns;
	bool has_latest;
	u64 latest_xmit_ns;
	u32 latest_psn;
	bool has_earliest;
	u64 earliest_xmit_ns;
};

int eun_sb_init(struct eun_sb *sb, u32 capacity, u32 first_psn);
void eun_sb_destroy(struct eun_sb *sb);
int eun_sb_reset(struct eun_sb *sb, u32 first_psn);
int eun_sb_sent(struct eun_sb *sb, u32 psn, u64 now);
int eun_sb_skip(struct eun_sb *sb, u32 psn, u32 n);
int eun_sb_ack(struct eun_sb *sb, u32 epsn, const u64 *sack, u32 sack_bits,
	       u64 now, struct eun_sb_ack_result *res);
int eun_sb_dup(struct eun_sb *sb, u32 psn);
int eun_sb_mark_lost(struct eun_sb *sb, u32 psn, enum eun_sb_cause cause);
int eun_sb_timeout(struct eun_sb *sb);
bool eun_sb_next_lost(struct eun_sb *sb, u32 *psn);
int eun_sb_retransmitted(struct eun_sb *sb, u32 psn, u64 now);
void eun_sb_set_spurious_ns(struct eun_sb *sb, u64 ns);
const struct eun_sb_entry *eun_sb_lookup(const struct eun_sb *sb, u32 psn);
const struct eun_sb_entry *eun_sb_newest_sent(const struct eun_sb *sb);
const char *eun_sb_state_name(enum eun_sb_state s);
const char *eun_sb_cause_name(enum eun_sb_cause c);

/**
 * eun_sb_in_flight() - PSNs sent and not cumulatively acknowledged
 * @sb: scoreboard
 *
 * Return: nxt - una, SACKed and lost PSNs included.
 */
static inline u32 eun_sb_in_flight(const struct eun_sb *sb)
{
	return eun_psn_dist(sb->una, sb->nxt);
}

/**
 * eun_sb_full() - whether no PSN may be sent for the first time now
 * @sb: scoreboard
 *
 * Return: true when the ring holds @capacity PSNs in flight.
 */
static inline bool eun_sb_full(const struct eun_sb *sb)
{
	return eun_sb_in_flight(sb) >= sb->capacity;
}

/**
 * eun_sb_count() - PSNs in one state
 * @sb: scoreboard
 * @s: state (%EUN_SB_SACKED, %EUN_SB_LOST, ...)
 *
 * Return: the number of slots in state @s.
 */
static inline u32 eun_sb_count(const struct eun_sb *sb, enum eun_sb_state s)
{
	return s < EUN_SB_STATE_COUNT ? sb->count[s] : 0;
}

/**
 * eun_sb_state_char() - one-letter name of a state, for maps of the window
 * @s: state
 *
 * Return: 'i' in flight, 'r' retransmitted, 's' SACKed, 'l' lost,
 * 'd' delivered, 'u' unused, '?' for a value out of range.
 */
static inline char eun_sb_state_char(enum eun_sb_state s)
{
	static const char letters[EUN_SB_STATE_COUNT] = {
		[EUN_SB_UNUSED] = 'u',
		[EUN_SB_IN_FLIGHT] = 'i',
		[EUN_SB_RETRANSMITTED] = 'r',
		[EUN_SB_SACKED] = 's',
		[EUN_SB_LOST] = 'l',
		[EUN_SB_DELIVERED] = 'd',
	};

	return (u32)s < EUN_SB_STATE_COUNT ? letters[s] : '?';
}

#endif /* EUN_SCOREBOARD_H */
