// SPDX-License-Identifier: GPL-2.0
/*
 * Model-based random test of the reorder bitmaps and the memory controller.
 *
 *   randtest [-s seed] [-n ops]
 *
 * Runs segments of a few thousand operations, each with a fresh random
 * configuration (HD or static, layout, block size, cap, memory size,
 * connections, a first PSN often just below the 2^24 wrap) and a random
 * reorder window, and compares every answer with the reference model.
 * The word-wide bit operations are first checked against bit loops.
 * Prints the seed first: rerun with -s to replay a failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bug.h>
#include <linux/slab.h>

#include "model.h"
#include "args.h"
#include "rng.h"
#include "wordops.h"

#define SEGMENT_OPS	5000

static const u32 block_choices[] = { 16, 16, 32, 64 };
static const u32 cap_choices[] = { 64, 128, 256, 512, 1024 };
static const u32 static_choices[] = { 64, 128, 256 };
static const u32 nblocks_choices[] = { 40, 96, 256, 1024 };

#define PICK(r, a) ((a)[rng_below(r, sizeof(a) / sizeof((a)[0]))])

static void random_cfg(struct rng *r, struct model_cfg *cfg, u32 *head)
{
	struct eun_bm_params *p = &cfg->p;

	eun_bm_default_params(p, rng_pct(r, 30) ? EUN_BM_STATIC : EUN_BM_HD);
	p->layout = rng_pct(r, 25) ? EUN_BM_LAYOUT_PAPER : EUN_BM_LAYOUT_COMPACT;
	p->grow = rng_pct(r, 50) ? EUN_BM_GROW_INSERT : EUN_BM_GROW_LINEAR;
	p->block_bits = PICK(r, block_choices);
	do
		p->cap_bits = PICK(r, cap_choices);
	while (p->cap_bits < p->block_bits);
	p->static_bits = PICK(r, static_choices);
	cfg->nblocks = PICK(r, nblocks_choices);
	cfg->nconns = 1 + rng_below(r, 8);
	*head = rng_pct(r, 50) ? EUN_PSN_MASK - rng_below(r, 600) :
				 rng_below(r, EUN_PSN_MASK + 1);
}

static s32 random_delta(struct rng *r, u32 window)
{
	u32 k = rng_below(r, 100);

	if (k < 25)
		return 0;
	if (k < 30)
		return -(s32)(1 + rng_below(r, 40));
	if (k < 33)
		return (s32)rng_below(r, EUN_PSN_MASK + 1) - (s32)EUN_PSN_HALF;
	return 1 + rng_below(r, window);
}

static struct eun_bm_stats total;

static void add_stats(const struct eun_bm_stats *st)
{
	int v;

	for (v = 0; v < EUN_BM_VERDICT_COUNT; v++)
		total.verdicts[v] += st->verdicts[v];
	total.creates += st->creates;
	total.grows += st->grows;
	total.merges += st->merges;
	total.moves += st->moves;
	total.frees += st->frees;
}

static int run_segment(struct rng *r, u64 seg)
{
	struct model_cfg cfg;
	struct model m;
	u32 head, window, i;
	int err;

	random_cfg(r, &cfg, &head);
	err = model_init(&m, &cfg, head);
	if (err) {
		fprintf(stderr, "segment %llu: init failed: %d\n",
			(unsigned long long)seg, err);
		return -1;
	}
	window = 1 + rng_below(r, (rng_pct(r, 50) ? cfg.p.cap_bits : 48) + 32);
	for (i = 0; i < SEGMENT_OPS && !err; i++) {
		u32 conn = rng_below(r, cfg.nconns);
		u32 k = rng_below(r, 1000);

		if (k < 5)
			err = model_close(&m, conn, (u32)rng_next(r));
		else if (k < 60)
			err = model_rx_member(&m, conn, (u32)rng_next(r));
		else
			err = model_rx(&m, conn, random_delta(r, window));
		if (!err && i % 64 == 63)
			err = model_check(&m);
	}
	if (!err)
		err = model_check(&m);
	if (err)
		fprintf(stderr,
			"segment %llu op %u: %s\n  kind %d layout %d grow %d block %u cap %u static %u nblocks %u nconns %u window %u\n",
			(unsigned long long)seg, i, m.err, cfg.p.kind, cfg.p.layout,
			cfg.p.grow,
			cfg.p.block_bits, cfg.p.cap_bits, cfg.p.static_bits,
			cfg.nblocks, cfg.nconns, window);
	add_stats(&m.bm.stats);
	model_fini(&m);
	return err;
}

int main(int argc, char **argv)
{
	u64 seed, ops = 2000000, seg;
	struct rng r;
	int v;

	if (harness_args(argc, argv, "randtest", "operations", &seed, &ops))
		return 2;
	rng_seed(&r, seed);
	if (wordops_check(&r, 20000)) {
		printf("randtest: FAIL (replay: -s %llu)\n", (unsigned long long)seed);
		return 1;
	}
	for (seg = 0; seg * SEGMENT_OPS < ops; seg++)
		if (run_segment(&r, seg)) {
			printf("randtest: FAIL (replay: -s %llu)\n",
			       (unsigned long long)seed);
			return 1;
		}
	if (eun_shim_live_allocs) {
		printf("randtest: FAIL: %ld allocations leaked\n", eun_shim_live_allocs);
		return 1;
	}
	for (v = 0; v < EUN_BM_VERDICT_COUNT; v++)
		printf("  %-11s %llu\n", eun_bm_verdict_name(v),
		       (unsigned long long)total.verdicts[v]);
	printf("  creates %llu grows %llu merges %llu moves %llu frees %llu\n",
	       (unsigned long long)total.creates, (unsigned long long)total.grows,
	       (unsigned long long)total.merges, (unsigned long long)total.moves,
	       (unsigned long long)total.frees);
	printf("randtest: PASS: %llu operations in %llu configurations\n",
	       (unsigned long long)(seg * SEGMENT_OPS), (unsigned long long)seg);
	return 0;
}
