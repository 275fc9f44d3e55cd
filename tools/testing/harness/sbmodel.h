/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reference model of the sender scoreboard and of the reorder window's loss
 * check: a plain array with one entry per PSN ever sent, indexed by an
 * unwrapped 64-bit sequence number, and a full scan where the real code
 * stops early. Every operation runs on both and compares the answers.
 */
#ifndef EUN_SBMODEL_H
#define EUN_SBMODEL_H

#include <linux/types.h>

#include "eun/eun_scoreboard.h"
#include "eun/eun_reorder_window.h"

struct sbm_ent {
	u64 xmit;
	u8 state;
	u8 xmits;
	u8 cause;
	u8 spurious;
};

struct sbm {
	struct eun_sb sb;
	struct eun_rw rw;
	u32 cap;
	u32 first;		/* PSN of sequence 0 */
	u64 una, nxt;		/* unwrapped */
	u64 max_seq;		/* room in @e */
	struct sbm_ent *e;
	u64 spurious_ns;
	u64 min_rtt;
	bool has_min_rtt;
	u64 ack_ns;		/* arrival of the latest ACK */
	bool has_ack;
	u64 newest_xmit;	/* most recently sent PSN known delivered */
	bool has_newest;
	u64 reo_seen;		/* deepest overtaking seen, transmit time */
	u64 probe_ns;		/* the latest probe that waits for an ACK */
	bool probed;
	struct eun_sb_stats stats;
	u64 now;
	char err[256];
};

int sbm_init(struct sbm *m, u32 cap, u32 first, u64 max_seq);
void sbm_fini(struct sbm *m);
int sbm_reset(struct sbm *m, u32 first);
u32 sbm_psn(const struct sbm *m, u64 seq);
int sbm_send(struct sbm *m);
int sbm_send_bad(struct sbm *m, u32 psn);
int sbm_ack(struct sbm *m, u32 epsn, const u64 *sack, u32 sack_bits);
int sbm_dup(struct sbm *m, u32 psn);
int sbm_mark_lost(struct sbm *m, u32 psn, u32 cause);
int sbm_timeout(struct sbm *m);
int sbm_retransmit(struct sbm *m);
int sbm_retransmit_bad(struct sbm *m, u32 psn);
int sbm_set_spurious(struct sbm *m, u64 ns);
int sbm_detect(struct sbm *m);
int sbm_probe_una(struct sbm *m);
int sbm_widen(struct sbm *m);
int sbm_check(struct sbm *m);

#endif
