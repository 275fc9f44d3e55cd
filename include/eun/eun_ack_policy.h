/* SPDX-License-Identifier: GPL-2.0 */
/*
 * When a receive side acknowledges, and whether its acknowledgment names
 * the PSNs it holds beyond the expected one (eun_ack_policy.c).
 *
 * A SACK is for the sender's loss detection: a PSN it names that was sent
 * after a missing one is the evidence the reorder window waits for. A
 * hole that reordering opened fills within the reordering's depth; naming
 * it earlier costs an ACK for it and one more when it fills, and tells the
 * sender nothing it acts on. So a hole is told once it is older, in
 * packets placed, than the deepest holes this receiver saw fill.
 */
#ifndef EUN_ACK_POLICY_H
#define EUN_ACK_POLICY_H

#include <linux/types.h>

/* The reorder depth a receive side learns from holes never exceeds this. */
#define EUN_ACKP_DEPTH_MAX	256
/* A shallower fill takes this fraction (1/N) off the depth learned. */
#define EUN_ACKP_DEPTH_DECAY	32

/**
 * enum eun_ackp_verdict - what a receive side sends for a placed packet
 * @EUN_ACKP_WAIT: nothing the sender needs yet
 * @EUN_ACKP_ACK: the cumulative ACK, without SACK: the holes beyond it
 *	are younger than the reordering seen
 * @EUN_ACKP_SACK: the cumulative ACK with the SACK of what lies beyond
 * @EUN_ACKP_VERDICT_COUNT: number of verdicts
 */
enum eun_ackp_verdict {
	EUN_ACKP_WAIT,
	EUN_ACKP_ACK,
	EUN_ACKP_SACK,
	EUN_ACKP_VERDICT_COUNT,
};

/**
 * struct eun_ackp - acknowledgment state of one receive side
 * @placed: packets placed (wraps)
 * @unacked: packets placed since the last acknowledgment
 * @hole_at: @placed when the first missing PSN became the first missing
 *	one with PSNs beyond it
 * @hole: PSNs beyond the expected one have arrived
 * @told: the last acknowledgment named PSNs beyond its expected PSN
 * @told_epsn: that acknowledgment's expected PSN
 * @req_owed: a packet that asked for an ACK was answered before it was
 *	in order: the sender still waits to hear it delivered
 * @req_psn: the latest such packet
 * @depth: packets placed while a hole stayed open, deepest of those seen
 *	to fill, decaying by 1/%EUN_ACKP_DEPTH_DECAY with each shallower one
 */
struct eun_ackp {
	u32 placed;
	u32 unacked;
	u32 hole_at;
	bool hole;
	bool told;
	u32 told_epsn;
	bool req_owed;
	u32 req_psn;
	u32 depth;
};

/**
 * struct eun_ackp_pkt - a packet just placed, and the receive side after it
 * @psn: its PSN
 * @epsn: the expected PSN after it
 * @in_order: it moved the expected PSN
 * @beyond: PSNs after the expected one have arrived
 * @ack_req: the sender asked for an acknowledgment (BTH AckReq: the last
 *	packet of a message, a resend, every so many packets)
 */
struct eun_ackp_pkt {
	u32 psn;
	u32 epsn;
	bool in_order;
	bool beyond;
	bool ack_req;
};

void eun_ackp_reset(struct eun_ackp *s);
enum eun_ackp_verdict eun_ackp_placed(struct eun_ackp *s,
				      const struct eun_ackp_pkt *p, u32 gap);
void eun_ackp_sent(struct eun_ackp *s, u32 epsn, bool told);
u32 eun_ackp_tell_age(const struct eun_ackp *s, u32 gap);
const char *eun_ackp_verdict_name(enum eun_ackp_verdict v);

#endif /* EUN_ACK_POLICY_H */
