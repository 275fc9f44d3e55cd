/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the reorder bitmaps: what eun_bitmap.c asks of one bitmap design,
 * and the helpers both designs share. Only eun_bitmap.c, eun_bm_hd.c and
 * eun_bm_static.c include this; everyone else uses eun_bitmap.h.
 */
#ifndef EUN_BM_IMPL_H
#define EUN_BM_IMPL_H

#include <linux/types.h>
#include <linux/bitops.h>
#include <linux/kernel.h>

#include "eun/eun_bm_types.h"
#include "eun/eun_bitops.h"
#include "eun/eun_memctl.h"

/**
 * struct eun_bm_sack_dst - where a copy of the received bits goes
 * @first: distance from head of the PSN that bit 0 stands for
 * @bits: a bitmap of longs (eun_bm_sack()), or NULL
 * @words: when @bits is NULL, 64-bit words, bit i in bit i % 64 of word
 *	i / 64 (eun_bm_sack_words()): the layout of a SACK, fixed whatever
 *	the size of a long
 */
struct eun_bm_sack_dst {
	u32 first;
	unsigned long *bits;
	u64 *words;
};

/**
 * struct eun_bm_ops - one bitmap design, picked once by eun_bm_init()
 * @check: whether the parameters this design reads are in range; 0 or
 *	-EINVAL (the kind, layout and growth were checked already)
 * @setup: derive the design's geometry in @bm from the checked @bm->p
 * @open: a connection without memory starts at @first_psn
 * @rx: classify one packet; @meta is the connection's metadata run or
 *	%EUN_MC_NONE; the arguments were checked; see eun_bm_rx()
 * @close: free the memory of a connection whose metadata run is @meta
 * @info: fill in @info (already zeroed, @info->active set) for the
 *	connection whose metadata run is @meta
 * @sack: for the connection whose metadata run is @meta, set bit d - first
 *	of @dst when PSN head + d, first <= d < first + @n, was received
 *	(first is @dst->first); first + @n is at most the span; @dst is
 *	cleared already
 *
 * The per-connection calls are made only for connections in range; those
 * given a @meta only when the connection holds memory.
 */
struct eun_bm_ops {
	int (*check)(const struct eun_bm_params *p);
	void (*setup)(struct eun_bm *bm);
	int (*open)(struct eun_bm *bm, u32 conn, u32 first_psn);
	int (*rx)(struct eun_bm *bm, u32 conn, u32 meta, u32 expected, u32 psn,
		  struct eun_bm_result *res);
	void (*close)(struct eun_bm *bm, u32 conn, u32 meta);
	void (*info)(const struct eun_bm *bm, u32 conn, u32 meta,
		     struct eun_bm_info *info);
	void (*sack)(const struct eun_bm *bm, u32 conn, u32 meta,
		     const struct eun_bm_sack_dst *dst, u32 n);
};

/* The hybrid-dynamic bitmap, eun_bm_hd.c. */
extern const struct eun_bm_ops eun_bm_hd_ops;
/* The static circular bitmap, eun_bm_static.c. */
extern const struct eun_bm_ops eun_bm_static_ops;

/* Largest value a field of mask @m holds; a constant expression. */
#define EUN_FIELD_TOP(m)	((m) >> (__builtin_ffsll(m) - 1))

/**
 * struct eun_bm_spot - where the bits for PSN head + d onwards live
 * @addr: the emulated 16-bit block
 * @bit: the bit in it
 * @len: how many consecutive distances from d map to the following bits of
 *	that block
 *
 * A stretch ends at the end of the 16-bit block, at the wrap of a circular
 * bitmap (always at a block end) and, in the HD bitmap, where the linear
 * portion starts.
 */
struct eun_bm_spot {
	u32 addr;
	u32 bit;
	u32 len;
};

/* The state words w0..w3 of both designs are read as one little-endian u64. */
static inline u64 eun_bm_words_to_u64(const u16 *w)
{
	return (u64)w[0] | (u64)w[1] << 16 | (u64)w[2] << 32 | (u64)w[3] << 48;
}

static inline void eun_bm_u64_to_words(u64 v, u16 *w)
{
	w[0] = v;
	w[1] = v >> 16;
	w[2] = v >> 32;
	w[3] = v >> 48;
}

/* Set bit @d + i of @dst for every set bit i of @v. */
static inline void eun_bm_bits_put(const struct eun_bm_sack_dst *dst, u32 d,
				   u32 v)
{
	while (v) {
		u32 i = d + eun_word_first(v);

		if (dst->bits)
			dst->bits[i / BITS_PER_LONG] |= 1UL << (i % BITS_PER_LONG);
		else
			dst->words[i / 64] |= 1ULL << (i % 64);
		v &= v - 1;
	}
}

/*
 * Clear the set bits of stretch @at from its first bit on, at most @max;
 * return how many there were in a row.
 */
static inline u32 eun_bm_spot_take(struct eun_memctl *mc,
				   const struct eun_bm_spot *at, u32 max)
{
	u16 w = eun_mc_read(mc, at->addr);
	u32 n = min3(eun_ones16(w, at->bit), at->len, max);

	if (n)
		eun_mc_write(mc, at->addr, w & ~eun_mask16(at->bit, n));
	return n;
}

/* The first @n bits of stretch @at, as the low bits of a value. */
static inline u32 eun_bm_spot_bits(const struct eun_memctl *mc,
				   const struct eun_bm_spot *at, u32 n)
{
	return (eun_mc_read(mc, at->addr) >> at->bit) & eun_mask16(0, n);
}

static inline void eun_bm_set_result(struct eun_bm_result *res,
				     enum eun_bm_verdict v, u32 advance,
				     u32 head)
{
	res->verdict = v;
	res->advance = advance;
	res->head = head;
}

/*
 * A packet for a connection without a bitmap: a duplicate, the next one
 * in order, or one at least @cap_bits past @expected needs none. Return
 * true with the verdict in @res for those; false when the packet needs a
 * bitmap, @d then its distance from @expected.
 */
static inline bool eun_bm_rx_untracked(u32 cap_bits, u32 expected, u32 psn,
				       struct eun_bm_result *res, s32 *d)
{
	*d = eun_psn_diff(expected, psn);
	if (*d < 0)
		eun_bm_set_result(res, EUN_BM_DUPLICATE, 0, expected);
	else if (*d == 0)
		eun_bm_set_result(res, EUN_BM_IN_ORDER, 1, eun_psn_add(expected, 1));
	else if (*d >= (s32)cap_bits)
		eun_bm_set_result(res, EUN_BM_BEYOND_CAP, 0, expected);
	else
		return false;
	return true;
}

#endif /* EUN_BM_IMPL_H */
