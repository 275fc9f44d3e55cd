// SPDX-License-Identifier: GPL-2.0
/*
 * The memory experiment of Eunomia (section 4, Fig 9/10), on the emulated
 * memory: 20 concurrent connections, 0-100% of them facing reordering,
 * reorder degree 10-100% (the share of their packets that arrive late, each
 * by up to -d packets of its connection). For every mix, the average bytes
 * per connection actually allocated in the emulated memory, sampled after
 * every tick: by HD bitmap blocks, by HD bitmaps with their metadata
 * (compact layout), and by a static 256-bit bitmap per connection. The
 * extended table adds the HD total with the paper's 48-byte metadata run
 * and the packets dropped.
 *
 *   memexp [-s seed] [-t ticks] [-d max_disp] [-b blocks] -o memory.csv
 *          [-x memory-layouts.csv]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "traffic.h"

#define NCONNS 20

struct mix_result {
	double bitmap_bytes;	/* per connection, averaged over ticks */
	double total_bytes;
	u64 drops;
};

struct opts {
	u64 seed;
	u32 ticks;
	u32 max_disp;
	u32 nblocks;
};

static int run_mix(const struct opts *o, enum eun_bm_kind kind,
		   enum eun_bm_layout layout, u32 ooo_conns, u32 degree,
		   struct mix_result *out)
{
	struct traffic_cfg tc = {
		.nconns = NCONNS, .ooo_conns = ooo_conns, .degree_pct = degree,
		.max_disp = o->max_disp, .retx_delay = 2 * o->max_disp,
		.first_psn = 0xffff00, .seed = o->seed,
	};
	struct eun_bm_params p;
	struct eun_memctl mc;
	struct eun_bm bm;
	struct traffic t;
	double bitmap = 0, total = 0;
	u32 i;
	int err = -1;

	eun_bm_default_params(&p, kind);
	p.layout = layout;
	if (eun_mc_init(&mc, o->nblocks, NCONNS))
		return -1;
	if (eun_bm_init(&bm, &mc, &p) || traffic_init(&t, &tc))
		goto out_mc;
	for (i = 0; i < NCONNS; i++)
		if (eun_bm_open(&bm, i, tc.first_psn))
			goto out;
	for (i = 0; i < o->ticks; i++) {
		if (traffic_tick(&t, &bm))
			goto out;
		bitmap += mc.stats.in_use[EUN_MC_BITMAP];
		total += mc.stats.in_use[EUN_MC_BITMAP] + mc.stats.in_use[EUN_MC_META];
	}
	out->bitmap_bytes = bitmap * EUN_MC_BLOCK_BYTES / o->ticks / NCONNS;
	out->total_bytes = total * EUN_MC_BLOCK_BYTES / o->ticks / NCONNS;
	out->drops = t.verdicts[EUN_BM_BEYOND_CAP] + t.verdicts[EUN_BM_NO_MEMORY];
	err = 0;
out:
	for (i = 0; i < NCONNS; i++)
		eun_bm_close(&bm, i);
	traffic_fini(&t);
out_mc:
	eun_mc_destroy(&mc);
	return err;
}

int main(int argc, char **argv)
{
	struct opts o = { .seed = 1, .ticks = 4000, .max_disp = 64, .nblocks = 1024 };
	const char *csv = NULL, *xcsv = NULL;
	FILE *f, *x = NULL;
	u32 pct, deg;
	int opt;

	while ((opt = getopt(argc, argv, "s:t:d:b:o:x:")) != -1) {
		switch (opt) {
		case 's':
			o.seed = strtoull(optarg, NULL, 0);
			break;
		case 't':
			o.ticks = strtoul(optarg, NULL, 0);
			break;
		case 'd':
			o.max_disp = strtoul(optarg, NULL, 0);
			break;
		case 'b':
			o.nblocks = strtoul(optarg, NULL, 0);
			break;
		case 'o':
			csv = optarg;
			break;
		case 'x':
			xcsv = optarg;
			break;
		default:
			goto usage;
		}
	}
	if (!csv || !o.ticks || !o.max_disp || o.max_disp > 4096 || !o.nblocks)
		goto usage;
	f = fopen(csv, "w");
	if (xcsv)
		x = fopen(xcsv, "w");
	if (!f || (xcsv && !x)) {
		perror("memexp: open output");
		return 1;
	}
	fprintf(f, "ooo_conn_pct,ooo_degree_pct,hd_bitmap_bytes,hd_total_bytes,static_total_bytes\n");
	if (x)
		fprintf(x, "ooo_conn_pct,ooo_degree_pct,hd_bitmap_bytes,hd_total_bytes,hd_paper_total_bytes,static_total_bytes,hd_drops,static_drops\n");
	printf("memexp: seed %llu, %u ticks, max displacement %u, %u blocks\n",
	       (unsigned long long)o.seed, o.ticks, o.max_disp, o.nblocks);
	for (pct = 0; pct <= 100; pct += 10) {
		for (deg = 10; deg <= 100; deg += 10) {
			u32 ooo = (NCONNS * pct + 50) / 100;
			struct mix_result hd, paper, st;

			if (run_mix(&o, EUN_BM_HD, EUN_BM_LAYOUT_COMPACT, ooo, deg, &hd) ||
			    run_mix(&o, EUN_BM_HD, EUN_BM_LAYOUT_PAPER, ooo, deg, &paper) ||
			    run_mix(&o, EUN_BM_STATIC, EUN_BM_LAYOUT_COMPACT, ooo, deg, &st)) {
				fprintf(stderr, "memexp: run failed at %u%% / %u%%\n", pct, deg);
				return 1;
			}
			fprintf(f, "%u,%u,%.2f,%.2f,%.2f\n", pct, deg, hd.bitmap_bytes,
				hd.total_bytes, st.total_bytes);
			if (x)
				fprintf(x, "%u,%u,%.2f,%.2f,%.2f,%.2f,%llu,%llu\n", pct, deg,
					hd.bitmap_bytes, hd.total_bytes, paper.total_bytes,
					st.total_bytes, (unsigned long long)hd.drops,
					(unsigned long long)st.drops);
		}
	}
	fclose(f);
	if (x)
		fclose(x);
	return 0;
usage:
	fprintf(stderr,
		"usage: %s [-s seed] [-t ticks] [-d max_disp 1..4096] [-b blocks] -o csv [-x csv]\n",
		argv[0]);
	return 2;
}
