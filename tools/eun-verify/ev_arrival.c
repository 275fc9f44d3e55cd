// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: open-loop arrivals (see ev_arrival.h).
 */
#include <math.h>

#include "ev_arrival.h"
#include "ev_pattern.h"

/* Mean of min(max(k, lo), hi) over the integers k of [a, b]. */
static double ev_clamped_mean(double a, double b, double lo, double hi)
{
	double n = b - a + 1, below, above, mid_lo, mid_hi, sum = 0;

	below = lo > a ? fmin(lo, b + 1) - a : 0;
	above = hi < b ? b - fmax(hi, a - 1) : 0;
	sum += below * lo + above * hi;
	mid_lo = fmax(a, lo);
	mid_hi = fmin(b, hi);
	if (mid_hi >= mid_lo)
		sum += (mid_hi - mid_lo + 1) * (mid_lo + mid_hi) / 2;
	return sum / n;
}

/* ev_size_rand(): a power of two 2^e, e uniform, then uniform above it. */
static double ev_size_rand_mean(uint32_t lo, uint32_t hi)
{
	int elo = 31 - __builtin_clz(lo), ehi = 31 - __builtin_clz(hi), e;
	double sum = 0;

	for (e = elo; e <= ehi; e++)
		sum += ev_clamped_mean(ldexp(1, e), ldexp(1, e + 1) - 1, lo, hi);
	return sum / (ehi - elo + 1);
}

static double ev_size_mean_data(const struct ev_config *cfg)
{
	double sum = 0;
	uint32_t i;

	switch (cfg->size_mode) {
	case EV_SIZE_FIXED:
		return cfg->sizes[0];
	case EV_SIZE_LIST:
		for (i = 0; i < cfg->nsizes; i++)
			sum += cfg->sizes[i];
		return sum / cfg->nsizes;
	case EV_SIZE_WEBSEARCH:
		return ev_websearch_mean(cfg->sizes[0]);
	default:
		return ev_size_rand_mean(cfg->sizes[0], cfg->sizes[1]);
	}
}

/**
 * ev_size_mean() - mean payload bytes of the plan's messages
 * @cfg: the configuration
 *
 * A mix picks its operations uniformly; an atomic carries 8 bytes.
 *
 * Return: the mean over the size distribution and the operations.
 */
double ev_size_mean(const struct ev_config *cfg)
{
	uint32_t atomics = EV_OPS_ATOMIC;
	int n = __builtin_popcount(cfg->ops);
	int na = __builtin_popcount(cfg->ops & atomics);

	if (!n)
		return 0;
	return ((n - na) * ev_size_mean_data(cfg) + na * 8.0) / n;
}

/**
 * ev_arrival_mean_gap_ns() - mean time between one QP's arrivals
 * @cfg: the configuration (QPs, sizes, operations)
 * @offered: payload bytes a second offered over all QPs, at least 1
 *
 * Return: nanoseconds, so that the QPs together offer @offered.
 */
double ev_arrival_mean_gap_ns(const struct ev_config *cfg, uint64_t offered)
{
	return cfg->qps * ev_size_mean(cfg) / (double)offered * 1e9;
}

/**
 * ev_arrival_gap_ns() - time from one arrival of a QP to its next
 * @seed: the run's seed
 * @qp: QP index
 * @msg: number of the message that arrives at the end of the gap
 * @mean_ns: mean gap, from ev_arrival_mean_gap_ns()
 *
 * Exponential, so that each QP's arrivals are a Poisson process and the
 * QPs' together one too. u is in (0, 1]: the top 53 bits of the
 * message's PRNG value, plus one, over 2^53.
 *
 * Return: the gap in nanoseconds, 0 when it rounds to nothing.
 */
uint64_t ev_arrival_gap_ns(uint64_t seed, uint32_t qp, uint64_t msg,
			   double mean_ns)
{
	uint64_t r = ev_word(ev_key(seed, EV_DOM_ARRIVAL, qp, msg), 0);
	double u = ((r >> 11) + 1) * 0x1p-53;

	return (uint64_t)(-log(u) * mean_ns);
}
