/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Model-based checking of the reorder bitmaps: every call is mirrored on a
 * trivially correct reference (per connection, a plain set of the PSNs
 * received past the expected one) and the answers and the state read back
 * are compared. Shared by the random test and the libFuzzer target.
 */
#ifndef EUN_MODEL_H
#define EUN_MODEL_H

#include <linux/types.h>

#include "eun/eun_bitmap.h"

struct model_cfg {
	struct eun_bm_params p;
	u32 nblocks;
	u32 nconns;
};

struct model_conn {
	u32 head;	/* expected PSN */
	u32 *set;	/* received PSNs after head, unordered */
	u32 n;		/* entries in set */
	bool has_state;	/* static: the bitmap holds memory */
};

struct model {
	struct model_cfg cfg;
	struct eun_memctl mc;
	struct eun_bm bm;
	struct model_conn *c;
	u64 ops;
	u64 verdicts[EUN_BM_VERDICT_COUNT];
	char err[256];
};

int model_init(struct model *m, const struct model_cfg *cfg, u32 first_head);
void model_fini(struct model *m);
int model_rx(struct model *m, u32 conn, s32 delta);
int model_rx_member(struct model *m, u32 conn, u32 pick);
int model_close(struct model *m, u32 conn, u32 new_head);
int model_check_conn(struct model *m, u32 conn);
int model_check(struct model *m);

#endif
