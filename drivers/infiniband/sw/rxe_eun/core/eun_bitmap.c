// SPDX-License-Identifier: GPL-2.0
/*
 * Reorder bitmaps of rxe_eun: the interface of eun_bitmap.h over two
 * designs, the hybrid-dynamic (HD) bitmap of Eunomia (eun_bm_hd.c) and a
 * static circular baseline as in IRN and MP-RDMA (eun_bm_static.c). The
 * design is picked once, when the bitmaps are set up; this file checks the
 * arguments, finds a connection's metadata and counts the verdicts, so that
 * each design only keeps its own bits.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "eun/eun_bitmap.h"
#include "eun/eun_bm_impl.h"

static const char * const eun_bm_verdict_names[EUN_BM_VERDICT_COUNT] = {
	[EUN_BM_IN_ORDER]	= "in_order",
	[EUN_BM_OOO]		= "ooo",
	[EUN_BM_DUPLICATE]	= "duplicate",
	[EUN_BM_BEYOND_CAP]	= "beyond_cap",
	[EUN_BM_NO_MEMORY]	= "no_memory",
};

/**
 * eun_bm_default_params() - fill in the default configuration
 * @p: parameters to fill
 * @kind: HD or static
 *
 * Defaults: compact layout, linear growth (the paper's), 16-bit blocks, a
 * 256-bit cap, 256 static bits.
 */
void eun_bm_default_params(struct eun_bm_params *p, enum eun_bm_kind kind)
{
	*p = (struct eun_bm_params) {
		.kind = kind,
		.layout = EUN_BM_LAYOUT_COMPACT,
		.grow = EUN_BM_GROW_LINEAR,
		.block_bits = EUN_BM_DEF_BLOCK_BITS,
		.cap_bits = EUN_BM_DEF_CAP_BITS,
		.static_bits = EUN_BM_DEF_STATIC_BITS,
	};
}

/* The one place that looks at the kind: every other call goes through ops. */
static const struct eun_bm_ops *eun_bm_pick_ops(enum eun_bm_kind kind)
{
	switch (kind) {
	case EUN_BM_HD:
		return &eun_bm_hd_ops;
	case EUN_BM_STATIC:
		return &eun_bm_static_ops;
	default:
		return NULL;
	}
}

/**
 * eun_bm_init() - set up the bitmaps of one device over a controller
 * @bm: bitmaps to set up
 * @mc: emulated memory, set up by eun_mc_init(); the bitmaps assume they
 *	are its only user
 * @p: configuration, see &struct eun_bm_params for the limits
 *
 * Return: 0, or -EINVAL for a configuration out of range.
 */
int eun_bm_init(struct eun_bm *bm, struct eun_memctl *mc,
		const struct eun_bm_params *p)
{
	const struct eun_bm_ops *ops = eun_bm_pick_ops(p->kind);
	int err;

	/* Layout and growth are checked for both kinds, as they always were. */
	if (!ops || p->layout >= EUN_BM_LAYOUT_COUNT ||
	    p->grow >= EUN_BM_GROW_COUNT)
		return -EINVAL;
	err = ops->check(p);
	if (err)
		return err;
	memset(bm, 0, sizeof(*bm));
	bm->mc = mc;
	bm->p = *p;
	bm->ops = ops;
	ops->setup(bm);
	return 0;
}

static bool eun_bm_conn_ok(const struct eun_bm *bm, u32 conn)
{
	return conn < bm->mc->nconns;
}

/**
 * eun_bm_open() - a connection starts
 * @bm: bitmaps
 * @conn: connection index, below the controller's connection count
 * @first_psn: PSN of its first packet
 *
 * The static bitmap reserves its memory here, as IRN and MP-RDMA reserve it
 * per QP; the HD bitmap reserves nothing.
 *
 * Return: 0, -EINVAL for bad arguments, -EBUSY if the connection already
 * holds memory, -ENOSPC when the static bitmap does not fit.
 */
int eun_bm_open(struct eun_bm *bm, u32 conn, u32 first_psn)
{
	if (!eun_bm_conn_ok(bm, conn) || !eun_psn_valid(first_psn))
		return -EINVAL;
	if (eun_mc_meta_get(bm->mc, conn) != EUN_MC_NONE)
		return -EBUSY;
	return bm->ops->open(bm, conn, first_psn);
}

/**
 * eun_bm_rx() - classify one arriving data packet and update the bitmap
 * @bm: bitmaps
 * @conn: connection index
 * @expected: the receiver's expected PSN; for the very first packet of a
 *	connection, the first PSN the packet carries. While the connection
 *	holds a bitmap this must equal the bitmap's head.
 * @psn: the packet's PSN
 * @res: the answer; the caller moves its expected PSN to @res->head
 *
 * Return: 0 with @res filled, or -EINVAL (nothing changed) for a connection
 * out of range, a PSN wider than 24 bits, or @expected disagreeing with the
 * head of an existing bitmap.
 */
int eun_bm_rx(struct eun_bm *bm, u32 conn, u32 expected, u32 psn,
	      struct eun_bm_result *res)
{
	int err;

	if (!eun_bm_conn_ok(bm, conn) || !eun_psn_valid(expected) ||
	    !eun_psn_valid(psn))
		return -EINVAL;
	err = bm->ops->rx(bm, conn, eun_mc_meta_get(bm->mc, conn), expected,
			  psn, res);
	if (!err)
		bm->stats.verdicts[res->verdict]++;
	return err;
}

/**
 * eun_bm_close() - a connection ends (QP destroyed or in error)
 * @bm: bitmaps
 * @conn: connection index
 *
 * Frees all memory of the connection, tracked bits included. Closing a
 * connection without memory, or out of range, does nothing.
 */
void eun_bm_close(struct eun_bm *bm, u32 conn)
{
	u32 meta = eun_mc_meta_get(bm->mc, conn);

	if (meta == EUN_MC_NONE)
		return;
	bm->ops->close(bm, conn, meta);
}

/**
 * eun_bm_get_info() - read the state of one connection
 * @bm: bitmaps
 * @conn: connection index
 * @info: filled in; all zero when the connection holds no memory
 *
 * Return: 0, or -EINVAL for a connection out of range.
 */
int eun_bm_get_info(const struct eun_bm *bm, u32 conn, struct eun_bm_info *info)
{
	u32 meta = eun_mc_meta_get(bm->mc, conn);

	memset(info, 0, sizeof(*info));
	if (!eun_bm_conn_ok(bm, conn))
		return -EINVAL;
	if (meta == EUN_MC_NONE)
		return 0;
	info->active = true;
	bm->ops->info(bm, conn, meta, info);
	return 0;
}

/*
 * Copy up to @nbits bits from distance @dst->first on into @dst, cleared
 * already; return how many the span holds from there, copied or not.
 */
static int eun_bm_sack_copy(const struct eun_bm *bm, u32 conn, u32 *head,
			    const struct eun_bm_sack_dst *dst, u32 nbits)
{
	struct eun_bm_info info;
	u32 n;
	int err;

	err = eun_bm_get_info(bm, conn, &info);
	if (err)
		return err;
	if (!info.active)
		return 0;
	*head = info.head;
	if (info.span <= dst->first)
		return 0;
	n = info.span - dst->first;
	bm->ops->sack(bm, conn, eun_mc_meta_get(bm->mc, conn), dst,
		      min(n, nbits));
	return n;
}

/**
 * eun_bm_sack() - copy the received bits after the head, for a SACK
 * @bm: bitmaps
 * @conn: connection index
 * @head: set to the first missing PSN when the connection holds memory
 * @bits: bit i set when PSN *@head + i has been received; cleared first
 * @nbits: bits in @bits
 *
 * Return: the number of meaningful bits (at most @nbits; 0 when nothing is
 * tracked beyond the head), or -EINVAL for a connection out of range.
 */
int eun_bm_sack(const struct eun_bm *bm, u32 conn, u32 *head,
		unsigned long *bits, u32 nbits)
{
	const struct eun_bm_sack_dst dst = { .first = 0, .bits = bits };
	int n;

	memset(bits, 0, BITS_TO_LONGS(nbits) * sizeof(*bits));
	n = eun_bm_sack_copy(bm, conn, head, &dst, nbits);
	return n > (int)nbits ? (int)nbits : n;
}

/**
 * eun_bm_sack_words() - the received bits after the head, as SACK words
 * @bm: bitmaps
 * @conn: connection index
 * @head: set to the first missing PSN when the connection holds memory
 * @words: bit i (bit i % 64 of word i / 64) set when PSN *@head + 1 + i
 *	has been received, for i < @nbits; the words holding @nbits bits are
 *	cleared first
 * @nbits: bits in @words
 *
 * The layout of an EUN_ACK's SACK, written in place: no second copy of up
 * to EUN_BM_MAX_BITS bits on the caller's stack.
 *
 * Return: how many PSNs after the head the bitmap spans, up to the last
 * received one (0 when none); more than @nbits when @words could not take
 * them all. -EINVAL for a connection out of range.
 */
int eun_bm_sack_words(const struct eun_bm *bm, u32 conn, u32 *head,
		      u64 *words, u32 nbits)
{
	const struct eun_bm_sack_dst dst = { .first = 1, .words = words };

	memset(words, 0, (nbits + 63) / 64 * sizeof(*words));
	return eun_bm_sack_copy(bm, conn, head, &dst, nbits);
}

/**
 * eun_bm_verdict_name() - printable name of a verdict
 * @v: verdict
 *
 * Return: a static string, "unknown" for a value out of range.
 */
const char *eun_bm_verdict_name(enum eun_bm_verdict v)
{
	if (v >= EUN_BM_VERDICT_COUNT || !eun_bm_verdict_names[v])
		return "unknown";
	return eun_bm_verdict_names[v];
}
