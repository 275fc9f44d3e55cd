/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reference model of the receiver's completion hold queue and held last
 * packet pool. A stream of messages (SENDs and WRITEs with immediate that
 * complete, plain WRITEs that do not) is laid out on consecutive PSNs;
 * their packets arrive in an order picked by a choice source (a seeded
 * PRNG in hq_randtest, the input bytes in hq_fuzz, where the streams come
 * from a PRNG seeded by the input), with duplicates and
 * contradicting packets mixed in. The model plays the receive glue (a
 * trivially correct arrival set stands for the reorder bitmap), predicts
 * every answer of eun_holdq and eun_wsync_pool, and after every step checks:
 * no completion before every earlier packet is in, completions in posted
 * order with the right fields, no completion left waiting once it could
 * go, every held last packet placed in PSN order with its payload intact,
 * the figures and the memory bounds. Other owners (other QPs of the
 * device) take and give back slots of the same pool, a clock moves, and
 * before every reservation the packets held too long are given back as
 * the receive glue does, oldest first; one of the modelled QP's own puts
 * it in error, which the model plays as a reset.
 */
#ifndef EUN_HQ_MODEL_H
#define EUN_HQ_MODEL_H

#include <linux/types.h>

#include "eun/eun_holdq.h"
#include "eun/eun_wsync_pool.h"
#include "rng.h"

#define HQM_MAX_MSGS	256
#define HQM_MAX_NPKTS	8
#define HQM_MAX_PKTS	(HQM_MAX_MSGS * HQM_MAX_NPKTS)
#define HQM_SLOT_BYTES	64
#define HQM_OWNER	5
/* Other owners of the pool: HQM_OTHER_BASE + 0 .. HQM_OTHERS - 1. */
#define HQM_OTHER_BASE	6
#define HQM_OTHERS	3
#define HQM_MAX_SLOTS	24
/* A max_age that nothing reaches. */
#define HQM_NEVER	(~0ULL)

/* Where choices come from: a PRNG, or bytes (0 once they run out). */
struct hqm_src {
	struct rng *r;
	const u8 *d;
	size_t n;
	size_t pos;
};

u32 hqm_below(struct hqm_src *s, u32 n);
bool hqm_src_done(const struct hqm_src *s);

struct hqm_cfg {
	u32 cap;	/* hold queue window, power of two */
	u32 nmsgs;	/* messages in the stream */
	u32 first_seq;	/* sequence number of the first completing message */
	u32 first_psn;	/* PSN of the first packet */
	u32 nslots;	/* held last packet slots */
	u32 window;	/* arrivals come from [expected, expected + window) */
	bool mark_held;	/* a held last packet counts as arrived */
	u64 max_age;	/* a packet held longer is given back */
};

struct hqm_msg {
	bool comp;		/* has a completion: goes through the queue */
	u32 seq;		/* sequence number (comp only) */
	u32 first;		/* index of its first packet */
	u32 npkts;
	enum eun_hq_kind kind;
	u32 imm;
	u32 len;
	u64 cookie;
	u32 arrived;		/* distinct packets in */
	bool delivered;		/* completion handed out (comp) */
	bool held;		/* last packet in the pool (plain WRITE) */
	bool placed;		/* last packet placed (plain WRITE) */
	int slot;		/* its slot while held */
	u64 since;		/* when it was held */
};

/* A slot another owner holds. */
struct hqm_other {
	u32 owner;
	u32 psn;
	int slot;
	u64 since;
};

struct hqm_figures {
	u64 steps, notes, dups, ranges, protos, pops;
	u64 holds, refused, exists, placed_late, restarts;
	u64 over_share, expired, expired_own, other_holds;
	u32 peak_held, peak_slots;
};

struct hqm {
	struct hqm_cfg cfg;
	struct hqm_src *gen;		/* choices of the message streams */
	struct eun_holdq q;
	struct eun_wsync_pool pool;
	struct hqm_msg msg[HQM_MAX_MSGS];
	u16 pkt_msg[HQM_MAX_PKTS];	/* packet index -> message */
	bool in[HQM_MAX_PKTS];		/* arrived (the reorder bitmap) */
	u32 npkts;
	u32 epsn;			/* index of the first packet not in */
	u32 next_comp;			/* message of the next completion */
	u32 ncomp_done;
	u32 held_msgs;			/* completing messages begun, not done */
	u32 held_slots;			/* last packets in the pool */
	u32 owner_max;			/* slots one owner may hold */
	u64 now;			/* the clock the pool is given */
	struct hqm_other other[HQM_MAX_SLOTS];	/* other owners' slots */
	u32 nother;
	struct hqm_figures fig;
	char err[256];
};

int hqm_init(struct hqm *m, const struct hqm_cfg *cfg, struct hqm_src *gen);
void hqm_fini(struct hqm *m);
int hqm_step(struct hqm *m, struct hqm_src *s);
int hqm_finish(struct hqm *m);
void hqm_random_cfg(struct hqm_cfg *cfg, struct hqm_src *s);

#endif
