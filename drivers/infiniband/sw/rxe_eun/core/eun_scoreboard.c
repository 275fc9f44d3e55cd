// SPDX-License-Identifier: GPL-2.0
/*
 * Sender scoreboard of rxe_eun: selective repeat as in IRN, where a SACK
 * only marks PSNs and only the holes are ever resent, with loss marks from
 * NACKs, the retransmit timer and the RACK reorder window of RFC 8985
 * (eun_reorder_window.c).
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/build_bug.h>
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "eun/eun_scoreboard.h"

/**
 * DOC: scoreboard contract
 *
 * Window. The PSNs in flight are [una, nxt), at most @capacity of them;
 * PSN p lives in slot p & (capacity - 1). The capacity is at most 2^14, far
 * below half the 24-bit PSN space, so wrap-safe comparisons (eun_psn.h)
 * never alias two PSNs of the window: a window that starts at 0xfffffe
 * holds 0xffffff and then 0x000000. A slot behind una keeps its entry, as
 * %EUN_SB_DELIVERED, until nxt comes round to reuse it, so that a later
 * report of a duplicate can still be matched with its PSN.
 *
 * ACKs. An ACK says that every PSN before its epsn arrived and, through its
 * SACK bitmap, that PSN epsn + 1 + i arrived for every set bit i. It is
 * checked whole before anything changes: an epsn after nxt, or a set bit
 * naming a PSN at or after nxt, is refused with -EINVAL (a malformed or
 * confused peer), and so is an epsn more than %EUN_SB_MAX_ACK_AGE PSNs
 * behind nxt, which keeps every PSN the ACK names well inside half the PSN
 * space. Clear bits past nxt are fine: a responder's bitmap has a fixed
 * width. An epsn before una is a stale ACK overtaken by a newer one:
 * its cumulative part says nothing new, but its set bits still count for
 * the PSNs of the window, since a receiver never forgets what arrived.
 * A PSN acknowledged either way leaves the lost state too: a PSN marked
 * lost and not resent yet is then not resent at all. Being SACKed is final
 * until the cumulative ACK passes.
 *
 * Spurious retransmissions. A retransmitted PSN acknowledged sooner than
 * @spurious_ns (set from the minimum RTT, with a margin) after its latest
 * transmission cannot have been acknowledged because of that transmission:
 * an earlier copy arrived and the retransmission was needless (the RFC 8985
 * and Eifel idea). So is
 * one the peer reports it received twice (eun_sb_dup()). Each PSN is
 * counted at most once. Such an acknowledgment is also ambiguous about
 * which copy arrived, so it gives no transmit time to RACK; a PSN sent
 * more than once never gives an RTT sample (Karn).
 *
 * Loss. Marking lost moves an in-flight (or retransmitted) PSN to
 * %EUN_SB_LOST; SACKed and already lost PSNs are left alone. The timeout
 * marks every such PSN at once, which is never go-back-N: SACKed PSNs stay
 * SACKed. eun_sb_next_lost() names the lowest lost PSN, and
 * eun_sb_retransmitted() records that it was sent again.
 */

static const char * const sb_state_names[] = {
	[EUN_SB_UNUSED] = "unused",
	[EUN_SB_IN_FLIGHT] = "in_flight",
	[EUN_SB_RETRANSMITTED] = "retransmitted",
	[EUN_SB_SACKED] = "sacked",
	[EUN_SB_LOST] = "lost",
	[EUN_SB_DELIVERED] = "delivered",
};

static_assert(ARRAY_SIZE(sb_state_names) == EUN_SB_STATE_COUNT, "state names");

static const char * const sb_cause_names[] = {
	[EUN_SB_CAUSE_TIMEOUT] = "timeout",
	[EUN_SB_CAUSE_NACK] = "nack",
	[EUN_SB_CAUSE_REORDER] = "reorder",
};

static_assert(ARRAY_SIZE(sb_cause_names) == EUN_SB_CAUSE_COUNT, "cause names");

/* State and cause are kept in u8 fields of the entry. */
static_assert(EUN_SB_STATE_COUNT <= 256 && EUN_SB_CAUSE_COUNT <= 256, "u8 fields");

static struct eun_sb_entry *sb_slot(const struct eun_sb *sb, u32 psn)
{
	return &sb->ring[psn & (sb->capacity - 1)];
}

/* Whether @psn (a valid PSN) lies in [una, nxt). */
static bool sb_in_window(const struct eun_sb *sb, u32 psn)
{
	return eun_psn_dist(sb->una, psn) < eun_sb_in_flight(sb);
}

/* Change a slot's state; the per-state counts follow. */
static void sb_set(struct eun_sb *sb, struct eun_sb_entry *e,
		   enum eun_sb_state s)
{
	sb->count[e->state]--;
	sb->count[s]++;
	e->state = s;
}

/* Whether the slot is out and unacknowledged: a candidate for a loss mark. */
static bool sb_unacked(const struct eun_sb_entry *e)
{
	return e->state == EUN_SB_IN_FLIGHT || e->state == EUN_SB_RETRANSMITTED;
}

/* The slot of @psn takes it afresh, in state @s, sent @xmits times. */
static void sb_enter(struct eun_sb *sb, u32 psn, enum eun_sb_state s,
		     u64 now, u8 xmits)
{
	struct eun_sb_entry *e = sb_slot(sb, psn);

	sb_set(sb, e, s);
	e->xmit_ns = now;
	e->psn = psn;
	e->xmits = xmits;
	e->cause = EUN_SB_CAUSE_TIMEOUT;
	e->spurious = 0;
}

/**
 * eun_sb_init() - allocate and clear a scoreboard
 * @sb: scoreboard to set up
 * @capacity: PSNs that may be in flight at once: a power of two in
 *	%EUN_SB_MIN_CAPACITY..%EUN_SB_MAX_CAPACITY
 * @first_psn: first PSN that will be sent
 *
 * The ring is the only allocation of the scoreboard (GFP_KERNEL, may
 * sleep): no other call allocates.
 *
 * Return: 0, -EINVAL for a bad capacity or PSN, -ENOMEM.
 */
int eun_sb_init(struct eun_sb *sb, u32 capacity, u32 first_psn)
{
	memset(sb, 0, sizeof(*sb));
	if (capacity < EUN_SB_MIN_CAPACITY || capacity > EUN_SB_MAX_CAPACITY ||
	    (capacity & (capacity - 1)) || !eun_psn_valid(first_psn))
		return -EINVAL;
	sb->ring = kvcalloc(capacity, sizeof(*sb->ring), GFP_KERNEL);
	if (!sb->ring)
		return -ENOMEM;
	sb->capacity = capacity;
	return eun_sb_reset(sb, first_psn);
}

/**
 * eun_sb_destroy() - free the ring of a scoreboard
 * @sb: scoreboard set up by eun_sb_init(); may be all zero
 */
void eun_sb_destroy(struct eun_sb *sb)
{
	kvfree(sb->ring);
	memset(sb, 0, sizeof(*sb));
}

/**
 * eun_sb_reset() - forget everything, start again at a new PSN
 * @sb: scoreboard
 * @first_psn: first PSN that will be sent
 *
 * Every slot, count and statistic is cleared, as is the spurious threshold.
 *
 * Return: 0, -EINVAL for a PSN past 24 bits or a scoreboard without ring.
 */
int eun_sb_reset(struct eun_sb *sb, u32 first_psn)
{
	if (!sb->ring || !eun_psn_valid(first_psn))
		return -EINVAL;
	memset(sb->ring, 0, sb->capacity * sizeof(*sb->ring));
	memset(sb->count, 0, sizeof(sb->count));
	sb->count[EUN_SB_UNUSED] = sb->capacity;
	memset(&sb->stats, 0, sizeof(sb->stats));
	sb->una = first_psn;
	sb->nxt = first_psn;
	sb->lost_from = first_psn;
	/* The PSN before the first: out of the window until one is sent. */
	sb->last_sent = eun_psn_add(first_psn, EUN_PSN_MASK);
	sb->spurious_ns = 0;
	return 0;
}

/**
 * eun_sb_sent() - record the first transmission of the next PSN
 * @sb: scoreboard
 * @psn: the PSN sent, which must be nxt
 * @now: transmit time (ns)
 *
 * Return: 0, -ENOSPC when @capacity PSNs are in flight already (nothing is
 * recorded: the requester must wait), -EINVAL when @psn is not nxt.
 */
int eun_sb_sent(struct eun_sb *sb, u32 psn, u64 now)
{
	if (!sb->ring || psn != sb->nxt)
		return -EINVAL;
	if (eun_sb_full(sb))
		return -ENOSPC;
	sb_enter(sb, psn, EUN_SB_IN_FLIGHT, now, 1);
	sb->last_sent = psn;
	sb->nxt = eun_psn_add(psn, 1);
	return 0;
}

/**
 * eun_sb_skip() - record the PSNs of a request answered by responses: a
 *	READ's or an atomic's
 * @sb: scoreboard
 * @psn: the first of them, which must be nxt
 * @n: how many
 *
 * Such PSNs sit between the ooo packets, so that ACKs stay one cumulative
 * range, but the responses tell what became of their request (the READ
 * tracker asks for it again): they enter as selectively acknowledged,
 * never marked lost, never resent, with no RTT sample, and are delivered
 * once the cumulative ACK passes them (the responder took the request).
 *
 * Return: 0, -ENOSPC when they do not fit (nothing is recorded), -EINVAL
 * when @psn is not nxt or @n is 0.
 */
int eun_sb_skip(struct eun_sb *sb, u32 psn, u32 n)
{
	u32 i;

	if (!sb->ring || psn != sb->nxt || !n)
		return -EINVAL;
	if (n > sb->capacity - eun_sb_in_flight(sb))
		return -ENOSPC;
	for (i = 0; i < n; i++, psn = eun_psn_add(psn, 1))
		sb_enter(sb, psn, EUN_SB_SACKED, 0, 0);
	sb->nxt = psn;
	return 0;
}

/* Mask of the bits of SACK word @w that lie below @bits. */
static u64 sack_word_mask(u32 w, u32 bits)
{
	u32 left = bits - w * 64;

	return left >= 64 ? ~0ULL : (1ULL << left) - 1;
}

/* Highest set bit of a SACK bitmap, -1 when none is set. */
static int sack_last_set(const u64 *sack, u32 bits)
{
	u32 w = (bits + 63) / 64;

	while (w--) {
		u64 word = sack[w] & sack_word_mask(w, bits);

		if (word)
			return w * 64 + 63 - __builtin_clzll(word);
	}
	return -1;
}

/* The whole check of an ACK, done before it changes anything. */
static int sb_check_ack(const struct eun_sb *sb, u32 epsn, const u64 *sack,
			u32 sack_bits)
{
	s32 back;
	int top;

	if (!sb->ring || !eun_psn_valid(epsn))
		return -EINVAL;
	if (sack_bits > EUN_SB_MAX_SACK_BITS || (sack_bits && !sack))
		return -EINVAL;
	back = eun_psn_diff(sb->nxt, epsn);
	if (back > 0 || back < -EUN_SB_MAX_ACK_AGE)
		return -EINVAL;
	/* No wrap: back + 1 + top stays far inside half the PSN space. */
	top = sack_last_set(sack, sack_bits);
	if (top >= 0 && back + 1 + top >= 0)
		return -EINVAL;
	return 0;
}

/* A retransmitted PSN acknowledged sooner than the threshold: count it. */
static bool sb_spurious(struct eun_sb *sb, struct eun_sb_entry *e, u64 age,
			struct eun_sb_ack_result *res)
{
	if (e->xmits < 2 || age >= sb->spurious_ns)
		return false;
	if (!e->spurious) {
		e->spurious = 1;
		sb->stats.spurious++;
		res->spurious++;
	}
	return true;
}

/* Bookkeeping for a PSN newly known to have arrived, acked or SACKed. */
static void sb_note_arrival(struct eun_sb *sb, struct eun_sb_entry *e,
			    u64 now, struct eun_sb_ack_result *res)
{
	u64 age = now > e->xmit_ns ? now - e->xmit_ns : 0;

	if (sb_spurious(sb, e, age, res))
		return;
	if (e->xmits == 1 && (!res->has_rtt || age < res->rtt_ns)) {
		res->has_rtt = true;
		res->rtt_ns = age;
	}
	if (e->xmits == 1 &&
	    (!res->has_earliest || e->xmit_ns < res->earliest_xmit_ns)) {
		res->has_earliest = true;
		res->earliest_xmit_ns = e->xmit_ns;
	}
	if (!res->has_latest || e->xmit_ns > res->latest_xmit_ns ||
	    (e->xmit_ns == res->latest_xmit_ns &&
	     eun_psn_after(e->psn, res->latest_psn))) {
		res->has_latest = true;
		res->latest_xmit_ns = e->xmit_ns;
		res->latest_psn = e->psn;
	}
}

static void sb_ack_cumulative(struct eun_sb *sb, u32 epsn, u64 now,
			      struct eun_sb_ack_result *res)
{
	struct eun_sb_entry *e;
	u32 psn;

	for (psn = sb->una; psn != epsn; psn = eun_psn_add(psn, 1)) {
		e = sb_slot(sb, psn);
		if (e->state != EUN_SB_SACKED)
			sb_note_arrival(sb, e, now, res);
		sb_set(sb, e, EUN_SB_DELIVERED);
		res->acked++;
	}
	sb->una = epsn;
	if (eun_psn_before(sb->lost_from, epsn))
		sb->lost_from = epsn;
}

static void sb_sack_one(struct eun_sb *sb, u32 psn, u64 now,
			struct eun_sb_ack_result *res)
{
	struct eun_sb_entry *e;

	/* Bits of a stale ACK may name PSNs behind una: already delivered. */
	if (!sb_in_window(sb, psn))
		return;
	e = sb_slot(sb, psn);
	if (e->state == EUN_SB_SACKED)
		return;
	sb_note_arrival(sb, e, now, res);
	sb_set(sb, e, EUN_SB_SACKED);
	res->sacked++;
}

static void sb_ack_sack(struct eun_sb *sb, u32 epsn, const u64 *sack,
			u32 sack_bits, u64 now, struct eun_sb_ack_result *res)
{
	u32 w, nwords = (sack_bits + 63) / 64;

	for (w = 0; w < nwords; w++) {
		u64 word = sack[w] & sack_word_mask(w, sack_bits);

		while (word) {
			u32 i = w * 64 + __builtin_ctzll(word);

			word &= word - 1;
			sb_sack_one(sb, eun_psn_add(epsn, i + 1), now, res);
		}
	}
}

/**
 * eun_sb_ack() - apply an ACK: cumulative PSN and SACK bitmap
 * @sb: scoreboard
 * @epsn: the responder's expected PSN: every PSN before it arrived
 * @sack: SACK bitmap, bit i (bit i % 64 of word i / 64) set when PSN
 *	@epsn + 1 + i arrived; may be NULL when @sack_bits is 0
 * @sack_bits: bits in @sack, at most %EUN_SB_MAX_SACK_BITS
 * @now: arrival time of the ACK (ns)
 * @res: what changed, filled in every case
 *
 * Never retransmits or marks anything lost by itself: reordering alone
 * must not cause a retransmission, the reorder window decides.
 *
 * Return: 0, or -EINVAL for a malformed ACK (see the DOC), which changes
 * nothing but the bad-ACK count.
 */
int eun_sb_ack(struct eun_sb *sb, u32 epsn, const u64 *sack, u32 sack_bits,
	       u64 now, struct eun_sb_ack_result *res)
{
	int err;

	memset(res, 0, sizeof(*res));
	err = sb_check_ack(sb, epsn, sack, sack_bits);
	if (err) {
		sb->stats.bad_acks++;
		res->una = sb->una;
		return err;
	}
	if (eun_psn_after(epsn, sb->una))
		sb_ack_cumulative(sb, epsn, now, res);
	if (sack_bits)
		sb_ack_sack(sb, epsn, sack, sack_bits, now, res);
	res->una = sb->una;
	return 0;
}

/**
 * eun_sb_dup() - the responder reports it received a PSN twice
 * @sb: scoreboard
 * @psn: the PSN received twice
 *
 * When @psn was retransmitted and is acknowledged (SACKed, or delivered and
 * still remembered by its slot), its retransmission was spurious: it is
 * counted, once per PSN. The caller then widens the reorder window.
 *
 * Return: 1 when a spurious retransmission was found, 0 when the report
 * proves nothing (or the PSN is too old to be remembered), -EINVAL for a
 * PSN past 24 bits.
 */
int eun_sb_dup(struct eun_sb *sb, u32 psn)
{
	struct eun_sb_entry *e;
	u32 back;

	if (!sb->ring || !eun_psn_valid(psn))
		return -EINVAL;
	/* Only the last @capacity PSNs sent still own their slot. */
	back = eun_psn_dist(psn, sb->nxt);
	if (back == 0 || back > sb->capacity)
		return 0;
	e = sb_slot(sb, psn);
	if (e->psn != psn || e->xmits < 2 || e->spurious)
		return 0;
	if (e->state != EUN_SB_SACKED && e->state != EUN_SB_DELIVERED)
		return 0;
	e->spurious = 1;
	sb->stats.spurious++;
	return 1;
}

static void sb_mark(struct eun_sb *sb, struct eun_sb_entry *e, u32 psn,
		    enum eun_sb_cause cause)
{
	sb_set(sb, e, EUN_SB_LOST);
	e->cause = cause;
	if (eun_psn_before(psn, sb->lost_from))
		sb->lost_from = psn;
}

/**
 * eun_sb_mark_lost() - mark one PSN lost (NACK, reorder window)
 * @sb: scoreboard
 * @psn: PSN in [una, nxt)
 * @cause: why, for the retransmission counts
 *
 * Return: 1 when @psn was in flight and is now lost, 0 when it is SACKed
 * or lost already (nothing to do), -EINVAL for a PSN outside the window or
 * a bad cause.
 */
int eun_sb_mark_lost(struct eun_sb *sb, u32 psn, enum eun_sb_cause cause)
{
	struct eun_sb_entry *e;

	if (!sb->ring || !eun_psn_valid(psn) || !sb_in_window(sb, psn) ||
	    (u32)cause >= EUN_SB_CAUSE_COUNT)
		return -EINVAL;
	e = sb_slot(sb, psn);
	if (!sb_unacked(e))
		return 0;
	sb_mark(sb, e, psn, cause);
	return 1;
}

/*
 * Everything out is SACKed, yet the timer fired: the cumulative ACK that
 * covers it was lost, and the responder, which has it all, sends no
 * other. Mark the oldest PSN we sent lost: its resend is a duplicate,
 * which the responder answers with its cumulative ACK. (PSNs of READs
 * and atomics, never sent by the scoreboard, are the READ tracker's.)
 */
static int sb_probe_oldest(struct eun_sb *sb)
{
	u32 psn;

	for (psn = sb->una; psn != sb->nxt; psn = eun_psn_add(psn, 1)) {
		struct eun_sb_entry *e = sb_slot(sb, psn);

		if (e->state == EUN_SB_SACKED && e->xmits) {
			sb_mark(sb, e, psn, EUN_SB_CAUSE_TIMEOUT);
			return 1;
		}
	}
	return 0;
}

/**
 * eun_sb_timeout() - the retransmit timer fired
 * @sb: scoreboard
 *
 * Marks every in-flight, unacknowledged PSN lost; SACKed PSNs are holes'
 * neighbours, not holes, and stay SACKed. When nothing is in flight or
 * lost, though PSNs are out, the oldest SACKed one is marked: a probe for
 * the lost cumulative ACK.
 *
 * Return: how many PSNs were marked.
 */
int eun_sb_timeout(struct eun_sb *sb)
{
	u32 psn, n = 0;

	if (!sb->ring)
		return 0;
	for (psn = sb->una; psn != sb->nxt; psn = eun_psn_add(psn, 1)) {
		struct eun_sb_entry *e = sb_slot(sb, psn);

		if (!sb->count[EUN_SB_IN_FLIGHT] &&
		    !sb->count[EUN_SB_RETRANSMITTED])
			break;
		if (sb_unacked(e)) {
			sb_mark(sb, e, psn, EUN_SB_CAUSE_TIMEOUT);
			n++;
		}
	}
	if (!n && !sb->count[EUN_SB_LOST])
		n = sb_probe_oldest(sb);
	return n;
}

/**
 * eun_sb_next_lost() - the lowest PSN waiting for its retransmission
 * @sb: scoreboard
 * @psn: set to that PSN
 *
 * Return: true when there is one.
 */
bool eun_sb_next_lost(struct eun_sb *sb, u32 *psn)
{
	u32 p;

	if (!sb->ring || !sb->count[EUN_SB_LOST])
		return false;
	for (p = sb->lost_from; p != sb->nxt; p = eun_psn_add(p, 1)) {
		if (sb_slot(sb, p)->state == EUN_SB_LOST) {
			sb->lost_from = p;
			*psn = p;
			return true;
		}
	}
	/* The lost count and @lost_from disagree: a scoreboard bug. */
	WARN_ON_ONCE(1);
	return false;
}

/**
 * eun_sb_retransmitted() - record the retransmission of a lost PSN
 * @sb: scoreboard
 * @psn: the PSN resent, which must be lost
 * @now: transmit time (ns)
 *
 * Return: 0, -EINVAL when @psn is not a lost PSN of the window.
 */
int eun_sb_retransmitted(struct eun_sb *sb, u32 psn, u64 now)
{
	struct eun_sb_entry *e;

	if (!sb->ring || !eun_psn_valid(psn) || !sb_in_window(sb, psn))
		return -EINVAL;
	e = sb_slot(sb, psn);
	if (e->state != EUN_SB_LOST)
		return -EINVAL;
	sb_set(sb, e, EUN_SB_RETRANSMITTED);
	e->xmit_ns = now;
	if (e->xmits < EUN_SB_MAX_XMITS)
		e->xmits++;
	sb->stats.retransmits[e->cause]++;
	return 0;
}

/**
 * eun_sb_set_spurious_ns() - set the spurious-retransmission threshold
 * @sb: scoreboard
 * @ns: a retransmission acknowledged sooner than this after it was sent is
 *	spurious; the minimum RTT (0, the initial value, finds none)
 */
void eun_sb_set_spurious_ns(struct eun_sb *sb, u64 ns)
{
	sb->spurious_ns = ns;
}

/**
 * eun_sb_lookup() - the entry of a PSN of the window
 * @sb: scoreboard
 * @psn: PSN
 *
 * Return: the entry, or NULL when @psn is not in [una, nxt).
 */
const struct eun_sb_entry *eun_sb_lookup(const struct eun_sb *sb, u32 psn)
{
	if (!sb->ring || !eun_psn_valid(psn) || !sb_in_window(sb, psn))
		return NULL;
	return sb_slot(sb, psn);
}

/**
 * eun_sb_newest_sent() - the newest PSN out that a packet of this sender
 *	carried
 * @sb: scoreboard
 *
 * The PSNs after it, if any, are a READ's or an atomic's (eun_sb_skip()):
 * their packets are the responder's.
 *
 * Return: its slot, NULL when no PSN in [una, nxt) was sent by
 * eun_sb_sent() (none is out, or only skipped ones).
 */
const struct eun_sb_entry *eun_sb_newest_sent(const struct eun_sb *sb)
{
	return eun_sb_lookup(sb, sb->last_sent);
}

/**
 * eun_sb_state_name() - name of a state, for debug output
 * @s: state
 *
 * Return: a constant string, "?" for a value out of range.
 */
const char *eun_sb_state_name(enum eun_sb_state s)
{
	return (u32)s < EUN_SB_STATE_COUNT ? sb_state_names[s] : "?";
}

/**
 * eun_sb_cause_name() - name of a loss cause, for counters and debug output
 * @c: cause
 *
 * Return: a constant string, "?" for a value out of range.
 */
const char *eun_sb_cause_name(enum eun_sb_cause c)
{
	return (u32)c < EUN_SB_CAUSE_COUNT ? sb_cause_names[c] : "?";
}
