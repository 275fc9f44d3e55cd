// SPDX-License-Identifier: GPL-2.0
/*
 * Workload for instruction counts: 4 connections, all facing the chosen
 * reorder level, into HD or static bitmaps of one cap. Run it under
 * valgrind --tool=callgrind --toggle-collect=eun_bm_rx (bench-insn.sh) so
 * only the bitmap code is counted; it prints the number of eun_bm_rx()
 * calls to divide by.
 *
 *   bench -k hd|static -c cap [-b hd_block_bits] [-g insert|linear]
 *         -l inorder|light|heavy|deep [-t ticks] [-s seed]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/kernel.h>

#include "traffic.h"

#define NCONNS 4

struct level {
	const char *name;
	u32 degree_pct;
	u32 max_disp;
};

static const struct level levels[] = {
	{ "inorder", 0, 1 },
	{ "light", 10, 8 },
	{ "heavy", 50, 48 },
	/* Held back by up to half the cap: bitmaps as large as the cap allows. */
	{ "deep", 50, 0 },
};

int main(int argc, char **argv)
{
	const struct level *lv = NULL;
	struct eun_bm_params p;
	struct traffic_cfg tc = { .nconns = NCONNS, .ooo_conns = NCONNS,
				  .first_psn = 0xfff000, .seed = 1 };
	struct eun_memctl mc;
	struct eun_bm bm;
	struct traffic t;
	u32 cap = 256, ticks = 5000, block_bits = EUN_BM_DEF_BLOCK_BITS, i;
	int kind = -1, grow = EUN_BM_GROW_INSERT, opt;

	while ((opt = getopt(argc, argv, "k:c:b:g:l:t:s:")) != -1) {
		switch (opt) {
		case 'k':
			kind = !strcmp(optarg, "hd") ? EUN_BM_HD :
			       !strcmp(optarg, "static") ? EUN_BM_STATIC : -1;
			break;
		case 'c':
			cap = strtoul(optarg, NULL, 0);
			break;
		case 'b':
			block_bits = strtoul(optarg, NULL, 0);
			break;
		case 'g':
			grow = !strcmp(optarg, "insert") ? EUN_BM_GROW_INSERT :
			       !strcmp(optarg, "linear") ? EUN_BM_GROW_LINEAR : -1;
			break;
		case 't':
			ticks = strtoul(optarg, NULL, 0);
			break;
		case 's':
			tc.seed = strtoull(optarg, NULL, 0);
			break;
		case 'l':
			for (i = 0; i < ARRAY_SIZE(levels); i++)
				if (!strcmp(optarg, levels[i].name))
					lv = &levels[i];
			break;
		default:
			goto usage;
		}
	}
	if (kind < 0 || grow < 0 || !lv || !ticks)
		goto usage;
	tc.degree_pct = lv->degree_pct;
	tc.max_disp = lv->max_disp ? lv->max_disp : cap / 2;
	tc.retx_delay = 2 * tc.max_disp;
	eun_bm_default_params(&p, kind);
	p.cap_bits = cap;
	p.static_bits = cap;
	if (kind == EUN_BM_HD)
		p.block_bits = block_bits;
	p.grow = grow;
	if (eun_mc_init(&mc, EUN_MC_MAX_BLOCKS, NCONNS) || eun_bm_init(&bm, &mc, &p)) {
		fprintf(stderr, "bench: bad configuration (cap %u, blocks of %u bits)\n",
			cap, block_bits);
		return 2;
	}
	if (traffic_init(&t, &tc))
		return 1;
	for (i = 0; i < NCONNS; i++)
		if (eun_bm_open(&bm, i, tc.first_psn))
			return 1;
	for (i = 0; i < ticks; i++)
		if (traffic_tick(&t, &bm))
			return 1;
	printf("rx_calls %llu in_order %llu ooo %llu dup %llu beyond_cap %llu no_memory %llu\n",
	       (unsigned long long)t.rx_calls,
	       (unsigned long long)t.verdicts[EUN_BM_IN_ORDER],
	       (unsigned long long)t.verdicts[EUN_BM_OOO],
	       (unsigned long long)t.verdicts[EUN_BM_DUPLICATE],
	       (unsigned long long)t.verdicts[EUN_BM_BEYOND_CAP],
	       (unsigned long long)t.verdicts[EUN_BM_NO_MEMORY]);
	traffic_fini(&t);
	eun_mc_destroy(&mc);
	return 0;
usage:
	fprintf(stderr, "usage: %s -k hd|static -c cap [-b hd_block_bits] [-g insert|linear] -l inorder|light|heavy|deep [-t ticks] [-s seed]\n",
		argv[0]);
	return 2;
}
