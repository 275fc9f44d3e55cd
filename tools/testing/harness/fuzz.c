// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the input picks a configuration and then a stream of
 * packet arrivals and connection restarts; every answer is checked against
 * the reference model (model.c). A mismatch, a kernel warning, a leak or a
 * sanitizer report aborts.
 *
 * Input: 7 bytes of configuration, then 3 bytes per operation:
 *   op[7]   1: delta is a full signed 16-bit value, 0: delta = b1 - 8
 *   op[6:5] 0, 1: deliver head + delta; 2: duplicate of a tracked PSN;
 *           3: close and reopen at a PSN near the wrap
 *   op[2:0] connection (mod the configured count)
 */
#include <stdio.h>
#include <stdlib.h>

#include <linux/bug.h>
#include <linux/slab.h>

#include "model.h"

static const u32 blocks[] = { 16, 16, 32, 64 };
static const u32 caps[] = { 64, 128, 256, 512 };
static const u32 statics[] = { 64, 128, 256, 512 };
static const u32 nblocks[] = { 24, 48, 128, 1024 };

static void cfg_from(const u8 *d, struct model_cfg *cfg, u32 *head)
{
	struct eun_bm_params *p = &cfg->p;

	eun_bm_default_params(p, d[0] & 1 ? EUN_BM_STATIC : EUN_BM_HD);
	p->layout = d[0] & 2 ? EUN_BM_LAYOUT_PAPER : EUN_BM_LAYOUT_COMPACT;
	p->grow = d[0] & 0x40 ? EUN_BM_GROW_INSERT : EUN_BM_GROW_LINEAR;
	p->block_bits = blocks[(d[0] >> 2) & 3];
	p->cap_bits = caps[d[1] & 3];
	if (p->cap_bits < p->block_bits)
		p->cap_bits = p->block_bits;
	p->static_bits = statics[(d[1] >> 2) & 3];
	cfg->nblocks = nblocks[d[2] & 3];
	cfg->nconns = 1 + (d[3] & 7);
	*head = (d[4] | d[5] << 8 | d[6] << 16) & EUN_PSN_MASK;
}

static void die(struct model *m, size_t at)
{
	fprintf(stderr, "fuzz: mismatch at input byte %zu: %s\n", at, m->err);
	abort();
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct model_cfg cfg;
	struct model m;
	size_t i;
	u32 head;
	int err = 0;

	if (size < 7)
		return 0;
	cfg_from(data, &cfg, &head);
	if (model_init(&m, &cfg, head))
		abort();
	for (i = 7; i + 3 <= size && !err; i += 3) {
		u8 op = data[i], b1 = data[i + 1], b2 = data[i + 2];
		u32 conn = (op & 7) % cfg.nconns;
		s32 delta = op & 0x80 ? (s16)(b1 | b2 << 8) : (s32)b1 - 8;

		switch ((op >> 5) & 3) {
		case 2:
			err = model_rx_member(&m, conn, b1);
			break;
		case 3:
			err = model_close(&m, conn, EUN_PSN_MASK - b1);
			break;
		default:
			err = model_rx(&m, conn, delta);
			break;
		}
	}
	if (!err)
		err = model_check(&m);
	if (err)
		die(&m, i);
	model_fini(&m);
	if (eun_shim_live_allocs) {
		fprintf(stderr, "fuzz: %ld allocations leaked\n", eun_shim_live_allocs);
		abort();
	}
	return 0;
}
