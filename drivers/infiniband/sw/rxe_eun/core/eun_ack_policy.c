// SPDX-License-Identifier: GPL-2.0
/*
 * When a receive side acknowledges (see eun_ack_policy.h).
 */

#include <linux/build_bug.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "eun/eun_psn.h"
#include "eun/eun_ack_policy.h"

/**
 * DOC: acknowledgment policy
 *
 * A packet that asks for an acknowledgment (AckReq) gets one at once,
 * with the SACK: the last packet of a message, a resend, every so many
 * packets. A duplicate or a refused packet does too (rx/eun_rx.c). Beyond
 * those:
 *
 * An out-of-order packet is SACKed once @gap packets were placed since
 * the last acknowledgment and the first hole is older than the tell age:
 * @gap packets, or a quarter more than the deepest hole seen to fill
 * (eun_ackp_tell_age()). A lost packet's hole grows older than any
 * reordering and is told; one that reordering opened fills first.
 *
 * A packet that moves the expected PSN is acknowledged when the sender
 * holds a stale picture: the last acknowledgment named PSNs beyond its
 * expected PSN, which has now arrived (the sender's reorder window would
 * otherwise run out on a PSN that is there), or a packet that asked for
 * an acknowledgment came before it was in order and now is. The holes
 * beyond the new expected PSN are new: the acknowledgment names none, so
 * that telling them never calls for another when they fill.
 *
 * So reordering within its usual depth costs no acknowledgment beyond
 * those the sender asks for, and a hole is told at most a tell age late.
 */

static const char * const ackp_verdict_names[] = {
	[EUN_ACKP_WAIT] = "wait",
	[EUN_ACKP_ACK] = "ack",
	[EUN_ACKP_SACK] = "sack",
};

static_assert(ARRAY_SIZE(ackp_verdict_names) == EUN_ACKP_VERDICT_COUNT,
	      "verdict names");

/**
 * eun_ackp_reset() - a receive side with nothing placed nor learned
 * @s: its acknowledgment state
 */
void eun_ackp_reset(struct eun_ackp *s)
{
	memset(s, 0, sizeof(*s));
}

/**
 * eun_ackp_tell_age() - how old a hole is when an out-of-order packet
 *	tells it
 * @s: acknowledgment state
 * @gap: the fewest packets placed between two SACKs without AckReq
 *
 * Return: packets placed since the hole opened, at least @gap.
 */
u32 eun_ackp_tell_age(const struct eun_ackp *s, u32 gap)
{
	return max(gap, s->depth + s->depth / 4);
}

/*
 * The first hole filled after @age packets were placed beyond it. Most
 * holes of a reordering network are shallow and a few deep: the depth
 * wears down slowly (half in about 22 shallower fills), so that the deep
 * ones, not the last few, set it.
 */
static void ackp_learn(struct eun_ackp *s, u32 age)
{
	age = min_t(u32, age, EUN_ACKP_DEPTH_MAX);
	if (age >= s->depth)
		s->depth = age;
	else
		s->depth -= s->depth / EUN_ACKP_DEPTH_DECAY;
}

static void ackp_owe(struct eun_ackp *s, u32 psn)
{
	if (!s->req_owed || eun_psn_after(psn, s->req_psn))
		s->req_psn = psn;
	s->req_owed = true;
}

static enum eun_ackp_verdict ackp_in_order(struct eun_ackp *s,
					   const struct eun_ackp_pkt *p)
{
	bool stale = s->told && eun_psn_after(p->epsn, s->told_epsn);
	bool owed = s->req_owed && eun_psn_after(p->epsn, s->req_psn);

	if (s->hole && !p->ack_req)
		ackp_learn(s, s->placed - s->hole_at);
	s->hole = p->beyond;
	s->hole_at = s->placed;
	return stale || owed ? EUN_ACKP_ACK : EUN_ACKP_WAIT;
}

static enum eun_ackp_verdict ackp_ooo(struct eun_ackp *s,
				      const struct eun_ackp_pkt *p, u32 gap)
{
	if (!s->hole) {
		s->hole = true;
		s->hole_at = s->placed;
	}
	if (p->ack_req)
		ackp_owe(s, p->psn);
	if (s->unacked + 1 >= gap &&
	    s->placed + 1 - s->hole_at >= eun_ackp_tell_age(s, gap))
		return EUN_ACKP_SACK;
	return EUN_ACKP_WAIT;
}

/**
 * eun_ackp_placed() - a packet was placed: acknowledge it now?
 * @s: acknowledgment state
 * @p: the packet and the receive side after it
 * @gap: the fewest packets placed between two SACKs without AckReq (1 or
 *	more)
 *
 * The caller sends what the verdict says and then calls eun_ackp_sent().
 *
 * Return: the verdict.
 */
enum eun_ackp_verdict eun_ackp_placed(struct eun_ackp *s,
				      const struct eun_ackp_pkt *p, u32 gap)
{
	enum eun_ackp_verdict v;

	v = p->in_order ? ackp_in_order(s, p) : ackp_ooo(s, p, gap);
	s->placed++;
	s->unacked++;
	return p->ack_req ? EUN_ACKP_SACK : v;
}

/**
 * eun_ackp_sent() - an acknowledgment went
 * @s: acknowledgment state
 * @epsn: its cumulative PSN
 * @told: it named PSNs beyond @epsn
 */
void eun_ackp_sent(struct eun_ackp *s, u32 epsn, bool told)
{
	s->unacked = 0;
	s->told = told;
	s->told_epsn = epsn;
	if (s->req_owed && eun_psn_after(epsn, s->req_psn))
		s->req_owed = false;
}

/**
 * eun_ackp_verdict_name() - a verdict's name, for traces and tests
 * @v: verdict
 *
 * Return: its name, or "?".
 */
const char *eun_ackp_verdict_name(enum eun_ackp_verdict v)
{
	if ((unsigned int)v >= EUN_ACKP_VERDICT_COUNT)
		return "?";
	return ackp_verdict_names[v];
}
