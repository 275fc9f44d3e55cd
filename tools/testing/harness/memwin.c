// SPDX-License-Identifier: GPL-2.0
/*
 * Peak emulated memory of one connection reordered across its in-flight
 * window, the case the bed's "delay 5ms reorder 25% 50%" makes: each packet
 * goes straight through with probability -p percent (-p + 50 right after
 * one that did: a rough stand-in for netem's correlation), else arrives a
 * fixed delay later.
 * The sender sends one PSN per tick while fewer than -w are unacknowledged
 * (the receiver's expected PSN stands in for the ACK). Prints, per delay
 * from a sixteenth of the window to the window less one, the peak blocks in use of the HD bitmap with 16-,
 * 32- and 64-bit blocks (compact layout, cap 256) and of a static 256-bit
 * bitmap, as CSV. With -l, that many packets per thousand are lost and
 * arrive again, resent, two windows' time after they were due: holes that
 * keep overlapping, as on a lossy path. -g picks how the HD bitmap grows:
 * insert (the module's default) or linear (the paper's frozen tail).
 *
 *   memwin [-s seed] [-w window] [-p pass_pct] [-l loss_permille]
 *          [-n packets] [-g insert|linear]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/kernel.h>

#include "eun/eun_bitmap.h"
#include "rng.h"

#define MEMWIN_BLOCKS	1024

struct memwin_opts {
	u64 seed;
	u32 window;
	u32 pass_pct;
	u32 loss_permille;
	u32 packets;
	enum eun_bm_grow grow;
};

/* Arrival tick of every PSN in flight, indexed by PSN mod window. */
struct memwin_flight {
	u64 *arrive;
	u32 window;
};

static int memwin_run(const struct memwin_opts *o, enum eun_bm_kind kind,
		      u32 block_bits, u32 delay, u32 *peak)
{
	struct memwin_flight f = { .window = o->window };
	u32 next = 0, head = 0, psn, guard;
	struct eun_bm_params p;
	struct eun_mc_stats st;
	struct eun_memctl mc;
	struct eun_bm bm;
	bool passed = false;
	struct rng r;
	u64 t;
	int err = -1;

	eun_bm_default_params(&p, kind);
	if (kind == EUN_BM_HD)
		p.block_bits = block_bits;
	p.grow = o->grow;
	f.arrive = calloc(o->window, sizeof(*f.arrive));
	if (!f.arrive || eun_mc_init(&mc, MEMWIN_BLOCKS, 1))
		goto out_free;
	if (eun_bm_init(&bm, &mc, &p) || eun_bm_open(&bm, 0, 0))
		goto out_mc;
	rng_seed(&r, o->seed);
	/* Every packet is in after packets + delay ticks; bound the loop. */
	guard = 4 * (o->packets + delay + 2 * o->window);
	for (t = 0; head < o->packets && t < guard; t++) {
		if (next < o->packets && next - head < o->window) {
			passed = rng_pct(&r, passed ? o->pass_pct + 50 : o->pass_pct);
			f.arrive[next % o->window] = t + (passed ? 0 : delay);
			if (rng_below(&r, 1000) < o->loss_permille)
				f.arrive[next % o->window] += 2 * o->window;
			next++;
		}
		for (psn = head; psn != next; psn++) {
			struct eun_bm_result res;

			if (f.arrive[psn % o->window] != t)
				continue;
			if (eun_bm_rx(&bm, 0, head, psn, &res) ||
			    eun_bm_must_drop(res.verdict)) {
				fprintf(stderr, "memwin: PSN %u not tracked\n", psn);
				goto out_close;
			}
			head = res.head;
		}
	}
	if (head != o->packets) {
		fprintf(stderr, "memwin: stuck at PSN %u of %u\n", head, o->packets);
		goto out_close;
	}
	eun_mc_get_stats(&mc, &st);
	*peak = st.peak;
	err = 0;
out_close:
	eun_bm_close(&bm, 0);
out_mc:
	eun_mc_destroy(&mc);
out_free:
	free(f.arrive);
	return err;
}

int main(int argc, char **argv)
{
	static const u32 hd_blocks[] = { 16, 32, 64 };
	struct memwin_opts o = {
		.seed = 1, .window = 128, .pass_pct = 25, .packets = 20000,
		.grow = EUN_BM_GROW_INSERT,
	};
	u32 delays[6], d, i, peak;
	int c;

	while ((c = getopt(argc, argv, "s:w:p:l:n:g:")) != -1) {
		switch (c) {
		case 's':
			o.seed = strtoull(optarg, NULL, 0);
			break;
		case 'w':
			o.window = strtoul(optarg, NULL, 0);
			break;
		case 'p':
			o.pass_pct = strtoul(optarg, NULL, 0);
			break;
		case 'l':
			o.loss_permille = strtoul(optarg, NULL, 0);
			break;
		case 'n':
			o.packets = strtoul(optarg, NULL, 0);
			break;
		case 'g':
			if (!strcmp(optarg, "insert")) {
				o.grow = EUN_BM_GROW_INSERT;
				break;
			}
			if (!strcmp(optarg, "linear")) {
				o.grow = EUN_BM_GROW_LINEAR;
				break;
			}
			fprintf(stderr, "memwin: -g %s: not insert or linear\n",
				optarg);
			return 2;
		default:
			fprintf(stderr,
				"usage: memwin [-s seed] [-w window] [-p pass_pct] [-l loss_permille] [-n packets] [-g insert|linear]\n");
			return 2;
		}
	}
	if (o.window < 16 || o.window > 128 || o.pass_pct > 50 || o.loss_permille > 100 ||
	    !o.packets || o.packets > 1000000) {
		fprintf(stderr,
			"memwin: need window 16..128 (half the cap), pass_pct <= 50, loss <= 100, 1..1000000 packets\n");
		return 2;
	}

	printf("delay,hd16_peak,hd32_peak,hd64_peak,static_peak\n");
	delays[0] = o.window / 16;
	delays[1] = o.window / 8;
	delays[2] = o.window / 4;
	delays[3] = o.window / 2;
	delays[4] = o.window * 3 / 4;
	delays[5] = o.window - 1;
	for (d = 0; d < ARRAY_SIZE(delays); d++) {
		u32 delay = delays[d];

		printf("%u", delay);
		for (i = 0; i < ARRAY_SIZE(hd_blocks); i++) {
			if (memwin_run(&o, EUN_BM_HD, hd_blocks[i], delay, &peak))
				return 1;
			printf(",%u", peak);
		}
		if (memwin_run(&o, EUN_BM_STATIC, 0, delay, &peak))
			return 1;
		printf(",%u\n", peak);
	}
	return 0;
}
