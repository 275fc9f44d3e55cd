/* SPDX-License-Identifier: GPL-2.0 */
/* Small seeded PRNG (xorshift64*) so every run can be replayed from its seed. */
#ifndef EUN_RNG_H
#define EUN_RNG_H

#include <linux/types.h>

struct rng {
	u64 s;
};

static inline void rng_seed(struct rng *r, u64 seed)
{
	r->s = seed ? seed : 0x9e3779b97f4a7c15ULL;
}

static inline u64 rng_next(struct rng *r)
{
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 0x2545f4914f6cdd1dULL;
}

/* Uniform in [0, n), n > 0. */
static inline u32 rng_below(struct rng *r, u32 n)
{
	return (u32)((rng_next(r) >> 32) % n);
}

/* True with probability pct / 100. */
static inline bool rng_pct(struct rng *r, u32 pct)
{
	return rng_below(r, 100) < pct;
}

#endif
