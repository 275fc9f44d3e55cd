// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the completion hold queue and the held last packet
 * pool: the input bytes are the choices of the reference model (hq_model.c):
 * 8 bytes seed the PRNG that lays out the message streams, the next few pick
 * the configuration, then one arrival (or a contradicting packet, another
 * owner's slot taken or given back, or a QP reset) per two or three bytes,
 * the clock moving with each. When the input runs
 * out, the missing packets arrive in order. A model mismatch, a kernel
 * warning, a leak or a sanitizer report aborts.
 */
#include <stdio.h>
#include <stdlib.h>

#include <linux/bug.h>
#include <linux/slab.h>

#include "hq_model.h"

/* Bounds one input's run time; the stream itself holds 2048 packets. */
#define HQ_FUZZ_MAX_STEPS	20000

static struct hqm m;

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct hqm_src s = { .d = data + 8, .n = size - 8 };
	struct hqm_src gen;
	struct hqm_cfg cfg;
	struct rng r;
	u64 seed = 0;
	u32 i;
	int err;

	if (size < 12)
		return 0;
	for (i = 0; i < 8; i++)
		seed |= (u64)data[i] << (8 * i);
	rng_seed(&r, seed);
	gen = (struct hqm_src){ .r = &r };
	hqm_random_cfg(&cfg, &s);
	err = hqm_init(&m, &cfg, &gen);
	for (i = 0; !err && i < HQ_FUZZ_MAX_STEPS && !hqm_src_done(&s); i++)
		err = hqm_step(&m, &s);
	if (!err)
		err = hqm_finish(&m);
	if (err || eun_shim_warnings) {
		fprintf(stderr, "hq_fuzz: %s\n", m.err);
		abort();
	}
	hqm_fini(&m);
	if (eun_shim_live_allocs) {
		fprintf(stderr, "hq_fuzz: %ld allocations leaked\n", eun_shim_live_allocs);
		abort();
	}
	return 0;
}
