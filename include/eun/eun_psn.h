/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 24-bit packet sequence numbers (PSNs), wrap-safe.
 *
 * RoCEv2 carries a 24-bit PSN that wraps from 0xffffff to 0. Two PSNs are
 * compared through their signed distance in that 24-bit space: b is "after"
 * a when (b - a) mod 2^24 lies in [1, 2^23). Distances of 2^23 or more
 * count as "before", which is the usual serial-number rule (RFC 1982).
 * Every comparison of PSNs in rxe_eun goes through these helpers.
 */
#ifndef EUN_PSN_H
#define EUN_PSN_H

#include <linux/types.h>

#define EUN_PSN_BITS	24
#define EUN_PSN_MASK	((1U << EUN_PSN_BITS) - 1)
/* Half the PSN space: distances at or above it are read as negative. */
#define EUN_PSN_HALF	(1U << (EUN_PSN_BITS - 1))

/**
 * eun_psn_valid() - whether a value fits in 24 bits
 * @psn: value to check
 *
 * Return: true if @psn is a valid PSN.
 */
static inline bool eun_psn_valid(u32 psn)
{
	return (psn & ~EUN_PSN_MASK) == 0;
}

/**
 * eun_psn_add() - advance a PSN with wrap-around
 * @psn: start PSN
 * @n: distance to add (may be larger than the PSN space)
 *
 * Return: (@psn + @n) mod 2^24.
 */
static inline u32 eun_psn_add(u32 psn, u32 n)
{
	return (psn + n) & EUN_PSN_MASK;
}

/**
 * eun_psn_dist() - forward distance from @from to @to
 * @from: reference PSN
 * @to: other PSN
 *
 * Return: (@to - @from) mod 2^24, in [0, 2^24).
 */
static inline u32 eun_psn_dist(u32 from, u32 to)
{
	return (to - from) & EUN_PSN_MASK;
}

/**
 * eun_psn_diff() - signed distance from @from to @to
 * @from: reference PSN
 * @to: other PSN
 *
 * Return: the distance in [-2^23, 2^23): negative when @to is before @from.
 */
static inline s32 eun_psn_diff(u32 from, u32 to)
{
	u32 d = eun_psn_dist(from, to);

	return d < EUN_PSN_HALF ? (s32)d : (s32)d - (s32)(1U << EUN_PSN_BITS);
}

/**
 * eun_psn_before() - whether @a comes strictly before @b
 * @a: first PSN
 * @b: second PSN
 *
 * Return: true if @a precedes @b in the wrapping 24-bit order.
 */
static inline bool eun_psn_before(u32 a, u32 b)
{
	return eun_psn_diff(b, a) < 0;
}

/**
 * eun_psn_after() - whether @a comes strictly after @b
 * @a: first PSN
 * @b: second PSN
 *
 * Return: true if @a follows @b in the wrapping 24-bit order.
 */
static inline bool eun_psn_after(u32 a, u32 b)
{
	return eun_psn_diff(b, a) > 0;
}

#endif /* EUN_PSN_H */
