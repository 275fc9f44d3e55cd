// SPDX-License-Identifier: GPL-2.0
/*
 * Reorder bitmaps of rxe_eun: the hybrid-dynamic (HD) bitmap of Eunomia
 * (section 3.3, Table 7) and a static circular baseline as in IRN and
 * MP-RDMA, both kept in the emulated memory of eun_memctl.c.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/bitops.h>
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "eun/eun_bitmap.h"

/**
 * DOC: HD bitmap layout and wrap-around contract
 *
 * Bits and PSNs. Bit d of a connection's bitmap stands for PSN head + d
 * (mod 2^24), where head is the first missing PSN. PSNs are compared only
 * through their signed 24-bit distance (eun_psn.h): a packet whose PSN is
 * before head is a duplicate, PSN == head is in order, head < PSN < head +
 * reach is tracked, and anything further is beyond the cap. No bit ever
 * stands for a PSN at or past head + cap, and the cap is at most 4096, far
 * below 2^23, so the wrap of the 24-bit space never makes two tracked PSNs
 * alias: a bitmap that starts at 0xfffff0 simply maps 0xffffff to bit 15
 * and 0x000000 to bit 16.
 *
 * Blocks. A bitmap is a list of blocks of @block_bits bits (16 by default,
 * one master block each). Blocks 0..ncirc-1 form the circular portion:
 * PSN head + d, d < creach, lives at bit (hpos + d) mod (ncirc * B) of that
 * portion, where hpos is the head's position (the paper's head block id and
 * index in one number). Blocks ncirc..ntotal-1, when present, form the
 * linear portion: bit l of it stands for tail + 1 + l, where tail = head +
 * creach - 1 is frozen while the linear portion exists, so appending a block
 * never remaps a bit. Without a linear portion creach is the whole circular
 * size and tail moves with head. Once head passes tail the circular portion
 * is all clear and the linear blocks are absorbed: the circular portion
 * becomes all ntotal blocks with hpos at the first linear bit. Consumed bits
 * are cleared as head moves, so the bits a wrap or a merge brings back into
 * use are zero. The reach (how far ahead a packet may be tracked) is the cap
 * minus the circular bits behind head that wait for the merge.
 *
 * Life cycle. Nothing exists for a connection until its first out-of-order
 * packet: then one block and a metadata run are taken from the controller,
 * with head the receiver's expected PSN (for the very first packet of a
 * connection, the caller passes the first PSN the packet carries). An
 * in-order arrival clears the run of received bits from head and reports
 * how far head moved. When head passes the highest tracked PSN the bitmap is
 * empty and everything is freed (garbage collection): an in-order
 * connection holds no emulated memory at all.
 *
 * Metadata (compact layout, words of 16 bits)::
 *
 *   w0..w3  head:24 | ncirc-1:8 | ntotal-1:8 | hpos:12 | creach-1:12
 *   w4      span-1:12  (span = highest tracked PSN - head + 1)
 *   w5      absolute index of block 0
 *   w6..    offset of block b (b >= 1) from block 0, mod 2^16
 *
 * The run holds exactly one offset per extra block: adding a block moves
 * the run to a new tail-first run one word longer. The paper layout keeps
 * the same words in a fixed 24-word (48-byte) run.
 *
 * Static bitmap: metadata w0..w3 = head:24 | hpos:12 | span:13 and w4 = the
 * first block of a run of static_bits / 16 blocks, held from open to close.
 */

#define HD_HDR_WORDS	6
#define HD_PAPER_WORDS	24
#define HD_W_SPAN	4
#define HD_W_BASE	5
#define SB_HDR_WORDS	5
#define SB_W_BASE	4

static const char * const eun_bm_verdict_names[EUN_BM_VERDICT_COUNT] = {
	[EUN_BM_IN_ORDER]	= "in_order",
	[EUN_BM_OOO]		= "ooo",
	[EUN_BM_DUPLICATE]	= "duplicate",
	[EUN_BM_BEYOND_CAP]	= "beyond_cap",
	[EUN_BM_NO_MEMORY]	= "no_memory",
};

/* Unpacked HD state of one connection; written back by hd_store(). */
struct hd_state {
	u32 conn;
	u32 meta;	/* first block of the metadata run */
	u32 meta_words;	/* length of the metadata run */
	u32 head;	/* first missing PSN */
	u32 ncirc;	/* blocks in the circular portion */
	u32 ntotal;	/* blocks in total */
	u32 hpos;	/* bit position of head in the circular portion */
	u32 creach;	/* PSNs from head the circular portion maps */
	u32 span;	/* highest tracked PSN - head + 1, >= 1 */
	u32 base;	/* master index of block 0 */
};

/* Unpacked static state of one connection. */
struct sb_state {
	u32 meta;
	u32 head;
	u32 hpos;
	u32 span;	/* highest tracked PSN - head + 1, 0 when empty */
	u32 base;
};

static u64 mc_read64(const struct eun_memctl *mc, u32 idx)
{
	return (u64)eun_mc_read(mc, idx) | (u64)eun_mc_read(mc, idx + 1) << 16 |
	       (u64)eun_mc_read(mc, idx + 2) << 32 |
	       (u64)eun_mc_read(mc, idx + 3) << 48;
}

static void mc_write64(struct eun_memctl *mc, u32 idx, u64 v)
{
	eun_mc_write(mc, idx, v & 0xffff);
	eun_mc_write(mc, idx + 1, (v >> 16) & 0xffff);
	eun_mc_write(mc, idx + 2, (v >> 32) & 0xffff);
	eun_mc_write(mc, idx + 3, v >> 48);
}

static void mc_clear(struct eun_memctl *mc, u32 start, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		eun_mc_write(mc, start + i, 0);
}

/* Bit @bit of the bit array that starts at master block @start. */
static bool mc_bit_test(const struct eun_memctl *mc, u32 start, u32 bit)
{
	return eun_mc_read(mc, start + bit / EUN_MC_BLOCK_BITS) &
	       BIT(bit % EUN_MC_BLOCK_BITS);
}

static void mc_bit_assign(struct eun_memctl *mc, u32 start, u32 bit, bool on)
{
	u32 idx = start + bit / EUN_MC_BLOCK_BITS;
	u16 v = eun_mc_read(mc, idx);

	if (on)
		v |= BIT(bit % EUN_MC_BLOCK_BITS);
	else
		v &= ~BIT(bit % EUN_MC_BLOCK_BITS);
	eun_mc_write(mc, idx, v);
}

static void bits_set(unsigned long *bits, u32 i)
{
	bits[i / BITS_PER_LONG] |= 1UL << (i % BITS_PER_LONG);
}

/* ---- HD bitmap ---------------------------------------------------------- */

static u32 hd_meta_words(const struct eun_bm *bm, u32 ntotal)
{
	if (bm->p.layout == EUN_BM_LAYOUT_PAPER)
		return max_t(u32, HD_PAPER_WORDS, HD_HDR_WORDS + bm->max_blocks - 1);
	return HD_HDR_WORDS + ntotal - 1;
}

static void hd_load(const struct eun_bm *bm, u32 conn, u32 meta,
		    struct hd_state *s)
{
	const struct eun_memctl *mc = bm->mc;
	u64 v = mc_read64(mc, meta);

	s->conn = conn;
	s->meta = meta;
	s->head = v & EUN_PSN_MASK;
	s->ncirc = ((v >> 24) & 0xff) + 1;
	s->ntotal = ((v >> 32) & 0xff) + 1;
	s->hpos = (v >> 40) & 0xfff;
	s->creach = ((v >> 52) & 0xfff) + 1;
	s->span = (eun_mc_read(mc, meta + HD_W_SPAN) & 0xfff) + 1;
	s->base = eun_mc_read(mc, meta + HD_W_BASE);
	s->meta_words = hd_meta_words(bm, s->ntotal);
}

static void hd_store(struct eun_bm *bm, const struct hd_state *s)
{
	u64 v = (u64)s->head | (u64)(s->ncirc - 1) << 24 |
		(u64)(s->ntotal - 1) << 32 | (u64)s->hpos << 40 |
		(u64)(s->creach - 1) << 52;

	mc_write64(bm->mc, s->meta, v);
	eun_mc_write(bm->mc, s->meta + HD_W_SPAN, s->span - 1);
	eun_mc_write(bm->mc, s->meta + HD_W_BASE, s->base);
}

static u32 hd_circ_bits(const struct eun_bm *bm, const struct hd_state *s)
{
	return s->ncirc * bm->p.block_bits;
}

static u32 hd_reach(const struct eun_bm *bm, const struct hd_state *s)
{
	return s->creach + (bm->max_blocks - s->ncirc) * bm->p.block_bits;
}

static u32 hd_block_addr(const struct eun_bm *bm, const struct hd_state *s,
			 u32 b)
{
	if (b == 0)
		return s->base;
	return (s->base + eun_mc_read(bm->mc, s->meta + HD_HDR_WORDS + b - 1)) &
	       0xffff;
}

/*
 * Where the bit for PSN head + @d lives: the first master block of its
 * bitmap block and the bit inside that block. @d must be below the bits
 * the blocks present can map.
 */
static void hd_locate(const struct eun_bm *bm, const struct hd_state *s,
		      u32 d, u32 *start, u32 *bit)
{
	u32 bb = bm->p.block_bits, b;

	if (d < s->creach) {
		u32 pos = (s->hpos + d) % hd_circ_bits(bm, s);

		b = pos / bb;
		*bit = pos % bb;
	} else {
		u32 l = d - s->creach;

		b = s->ncirc + l / bb;
		*bit = l % bb;
	}
	*start = hd_block_addr(bm, s, b);
}

static bool hd_test(const struct eun_bm *bm, const struct hd_state *s, u32 d)
{
	u32 start, bit;

	hd_locate(bm, s, d, &start, &bit);
	return mc_bit_test(bm->mc, start, bit);
}

static void hd_assign(struct eun_bm *bm, const struct hd_state *s, u32 d,
		      bool on)
{
	u32 start, bit;

	hd_locate(bm, s, d, &start, &bit);
	mc_bit_assign(bm->mc, start, bit, on);
}

/* Garbage collection: give every block of the connection back. */
static void hd_free(struct eun_bm *bm, const struct hd_state *s)
{
	u32 b;

	for (b = 0; b < s->ntotal; b++)
		eun_mc_free(bm->mc, hd_block_addr(bm, s, b), bm->block_words,
			    EUN_MC_BITMAP);
	eun_mc_free(bm->mc, s->meta, s->meta_words, EUN_MC_META);
	eun_mc_meta_set(bm->mc, s->conn, EUN_MC_NONE);
	bm->stats.frees++;
}

/* First out-of-order packet: one circular block and a metadata run. */
static int hd_create(struct eun_bm *bm, u32 conn, u32 head, struct hd_state *s)
{
	struct eun_memctl *mc = bm->mc;
	int meta, blk;

	meta = eun_mc_alloc(mc, hd_meta_words(bm, 1), EUN_MC_FROM_TAIL,
			    EUN_MC_META);
	if (meta < 0)
		return meta;
	blk = eun_mc_alloc(mc, bm->block_words, EUN_MC_FROM_HEAD, EUN_MC_BITMAP);
	if (blk < 0) {
		eun_mc_free(mc, meta, hd_meta_words(bm, 1), EUN_MC_META);
		return blk;
	}
	mc_clear(mc, blk, bm->block_words);

	*s = (struct hd_state) {
		.conn = conn, .meta = meta, .meta_words = hd_meta_words(bm, 1),
		.head = head, .ncirc = 1, .ntotal = 1, .hpos = 0,
		.creach = bm->p.block_bits, .span = 1, .base = blk,
	};
	eun_mc_meta_set(mc, conn, meta);
	bm->stats.creates++;
	return 0;
}

/* Compact layout: move the metadata run to one that fits @words. */
static int hd_move_meta(struct eun_bm *bm, struct hd_state *s, u32 words)
{
	struct eun_memctl *mc = bm->mc;
	int nm;
	u32 i;

	nm = eun_mc_alloc(mc, words, EUN_MC_FROM_TAIL, EUN_MC_META);
	if (nm < 0)
		return nm;
	for (i = 0; i < s->meta_words; i++)
		eun_mc_write(mc, nm + i, eun_mc_read(mc, s->meta + i));
	eun_mc_free(mc, s->meta, s->meta_words, EUN_MC_META);
	s->meta = nm;
	s->meta_words = words;
	eun_mc_meta_set(mc, s->conn, nm);
	bm->stats.moves++;
	return 0;
}

/* Append one linear block past the tail. */
static int hd_grow(struct eun_bm *bm, struct hd_state *s)
{
	struct eun_memctl *mc = bm->mc;
	u32 words = hd_meta_words(bm, s->ntotal + 1);
	int blk, err;

	if (WARN_ON_ONCE(s->ntotal >= bm->max_blocks))
		return -ENOSPC;
	blk = eun_mc_alloc(mc, bm->block_words, EUN_MC_FROM_HEAD, EUN_MC_BITMAP);
	if (blk < 0)
		return blk;
	if (words > s->meta_words) {
		err = hd_move_meta(bm, s, words);
		if (err) {
			eun_mc_free(mc, blk, bm->block_words, EUN_MC_BITMAP);
			return err;
		}
	}
	mc_clear(mc, blk, bm->block_words);
	eun_mc_write(mc, s->meta + HD_HDR_WORDS + s->ntotal - 1,
		     (blk - s->base) & 0xffff);
	s->ntotal++;
	bm->stats.grows++;
	return 0;
}

/* Track PSN head + @d, 0 < @d < reach; grows the linear portion if needed. */
static enum eun_bm_verdict hd_mark(struct eun_bm *bm, struct hd_state *s, u32 d)
{
	if (d >= s->creach) {
		u32 b = s->ncirc + (d - s->creach) / bm->p.block_bits;

		while (b >= s->ntotal)
			if (hd_grow(bm, s))
				return EUN_BM_NO_MEMORY;
	}
	if (hd_test(bm, s, d))
		return EUN_BM_DUPLICATE;
	hd_assign(bm, s, d, true);
	s->span = max(s->span, d + 1);
	return EUN_BM_OOO;
}

/* Move head by one PSN; absorb the linear portion once the circle is empty. */
static void hd_step(struct eun_bm *bm, struct hd_state *s)
{
	s->head = eun_psn_add(s->head, 1);
	s->hpos = (s->hpos + 1) % hd_circ_bits(bm, s);
	s->span--;
	if (s->ntotal == s->ncirc)
		return;
	if (--s->creach > 0)
		return;
	s->hpos = s->ncirc * bm->p.block_bits;
	s->ncirc = s->ntotal;
	s->creach = hd_circ_bits(bm, s);
	bm->stats.merges++;
}

/*
 * The packet at head arrived: consume it and the run of received PSNs after
 * it. Return how far head moved; *@freed tells whether the bitmap emptied
 * and was garbage-collected (then @s must not be stored).
 */
static u32 hd_flush(struct eun_bm *bm, struct hd_state *s, bool *freed)
{
	u32 adv = 0;

	*freed = false;
	do {
		hd_assign(bm, s, 0, false);
		hd_step(bm, s);
		adv++;
		if (s->span == 0) {
			hd_free(bm, s);
			*freed = true;
			break;
		}
	} while (hd_test(bm, s, 0));
	return adv;
}

static void set_result(struct eun_bm_result *res, enum eun_bm_verdict v,
		       u32 advance, u32 head)
{
	res->verdict = v;
	res->advance = advance;
	res->head = head;
}

/* A connection without a bitmap: in order costs no memory at all. */
static int hd_rx_fresh(struct eun_bm *bm, u32 conn, u32 expected, u32 psn,
		       struct eun_bm_result *res)
{
	s32 d = eun_psn_diff(expected, psn);
	struct hd_state s;
	enum eun_bm_verdict v;

	if (d < 0) {
		set_result(res, EUN_BM_DUPLICATE, 0, expected);
		return 0;
	}
	if (d == 0) {
		set_result(res, EUN_BM_IN_ORDER, 1, eun_psn_add(expected, 1));
		return 0;
	}
	if (d >= (s32)bm->p.cap_bits) {
		set_result(res, EUN_BM_BEYOND_CAP, 0, expected);
		return 0;
	}
	if (hd_create(bm, conn, expected, &s)) {
		set_result(res, EUN_BM_NO_MEMORY, 0, expected);
		return 0;
	}
	v = hd_mark(bm, &s, d);
	if (v != EUN_BM_OOO) {
		/* Nothing tracked: give the fresh bitmap back at once. */
		hd_free(bm, &s);
		set_result(res, v, 0, expected);
		return 0;
	}
	hd_store(bm, &s);
	set_result(res, v, 0, expected);
	return 0;
}

static int hd_rx(struct eun_bm *bm, u32 conn, u32 expected, u32 psn,
		 struct eun_bm_result *res)
{
	u32 meta = eun_mc_meta_get(bm->mc, conn);
	struct hd_state s;
	bool freed;
	s32 d;

	if (meta == EUN_MC_NONE)
		return hd_rx_fresh(bm, conn, expected, psn, res);

	hd_load(bm, conn, meta, &s);
	if (s.head != expected)
		return -EINVAL;
	d = eun_psn_diff(s.head, psn);
	if (d < 0) {
		set_result(res, EUN_BM_DUPLICATE, 0, s.head);
		return 0;
	}
	if (d == 0) {
		u32 adv = hd_flush(bm, &s, &freed);

		if (!freed)
			hd_store(bm, &s);
		set_result(res, EUN_BM_IN_ORDER, adv, s.head);
		return 0;
	}
	if (d >= (s32)hd_reach(bm, &s)) {
		set_result(res, EUN_BM_BEYOND_CAP, 0, s.head);
		return 0;
	}
	set_result(res, hd_mark(bm, &s, d), 0, s.head);
	hd_store(bm, &s);
	return 0;
}

/* ---- static bitmap ------------------------------------------------------ */

static void sb_load(const struct eun_bm *bm, u32 meta, struct sb_state *s)
{
	u64 v = mc_read64(bm->mc, meta);

	s->meta = meta;
	s->head = v & EUN_PSN_MASK;
	s->hpos = (v >> 24) & 0xfff;
	s->span = (v >> 36) & 0x1fff;
	s->base = eun_mc_read(bm->mc, meta + SB_W_BASE);
}

static void sb_store(struct eun_bm *bm, const struct sb_state *s)
{
	u64 v = (u64)s->head | (u64)s->hpos << 24 | (u64)s->span << 36;

	mc_write64(bm->mc, s->meta, v);
	eun_mc_write(bm->mc, s->meta + SB_W_BASE, s->base);
}

static int sb_create(struct eun_bm *bm, u32 conn, u32 head, struct sb_state *s)
{
	struct eun_memctl *mc = bm->mc;
	int meta, blk;

	meta = eun_mc_alloc(mc, SB_HDR_WORDS, EUN_MC_FROM_TAIL, EUN_MC_META);
	if (meta < 0)
		return meta;
	blk = eun_mc_alloc(mc, bm->static_words, EUN_MC_FROM_HEAD, EUN_MC_BITMAP);
	if (blk < 0) {
		eun_mc_free(mc, meta, SB_HDR_WORDS, EUN_MC_META);
		return blk;
	}
	mc_clear(mc, blk, bm->static_words);
	*s = (struct sb_state) { .meta = meta, .head = head, .base = blk };
	sb_store(bm, s);
	eun_mc_meta_set(mc, conn, meta);
	bm->stats.creates++;
	return 0;
}

static void sb_free(struct eun_bm *bm, u32 conn, const struct sb_state *s)
{
	eun_mc_free(bm->mc, s->base, bm->static_words, EUN_MC_BITMAP);
	eun_mc_free(bm->mc, s->meta, SB_HDR_WORDS, EUN_MC_META);
	eun_mc_meta_set(bm->mc, conn, EUN_MC_NONE);
	bm->stats.frees++;
}

static u32 sb_pos(const struct eun_bm *bm, const struct sb_state *s, u32 d)
{
	return (s->hpos + d) % bm->p.static_bits;
}

static u32 sb_flush(struct eun_bm *bm, struct sb_state *s)
{
	u32 adv = 0;

	do {
		mc_bit_assign(bm->mc, s->base, s->hpos, false);
		s->head = eun_psn_add(s->head, 1);
		s->hpos = sb_pos(bm, s, 1);
		s->span = s->span ? s->span - 1 : 0;
		adv++;
	} while (s->span && mc_bit_test(bm->mc, s->base, s->hpos));
	return adv;
}

static int sb_rx(struct eun_bm *bm, u32 conn, u32 expected, u32 psn,
		 struct eun_bm_result *res)
{
	u32 meta = eun_mc_meta_get(bm->mc, conn);
	struct sb_state s;
	s32 d;

	if (meta == EUN_MC_NONE) {
		/* Not opened: the static bitmap is created on first use. */
		if (sb_create(bm, conn, expected, &s)) {
			set_result(res, EUN_BM_NO_MEMORY, 0, expected);
			return 0;
		}
	} else {
		sb_load(bm, meta, &s);
		if (s.head != expected)
			return -EINVAL;
	}

	d = eun_psn_diff(s.head, psn);
	if (d < 0) {
		set_result(res, EUN_BM_DUPLICATE, 0, s.head);
	} else if (d == 0) {
		u32 adv = sb_flush(bm, &s);

		set_result(res, EUN_BM_IN_ORDER, adv, s.head);
	} else if (d >= (s32)bm->p.static_bits) {
		set_result(res, EUN_BM_BEYOND_CAP, 0, s.head);
	} else if (mc_bit_test(bm->mc, s.base, sb_pos(bm, &s, d))) {
		set_result(res, EUN_BM_DUPLICATE, 0, s.head);
	} else {
		mc_bit_assign(bm->mc, s.base, sb_pos(bm, &s, d), true);
		s.span = max_t(u32, s.span, d + 1);
		set_result(res, EUN_BM_OOO, 0, s.head);
	}
	sb_store(bm, &s);
	return 0;
}

/* ---- interface ---------------------------------------------------------- */

/**
 * eun_bm_default_params() - fill in the default configuration
 * @p: parameters to fill
 * @kind: HD or static
 *
 * Defaults: compact layout, 16-bit blocks, a 256-bit cap, 256 static bits.
 */
void eun_bm_default_params(struct eun_bm_params *p, enum eun_bm_kind kind)
{
	*p = (struct eun_bm_params) {
		.kind = kind,
		.layout = EUN_BM_LAYOUT_COMPACT,
		.block_bits = EUN_BM_DEF_BLOCK_BITS,
		.cap_bits = EUN_BM_DEF_CAP_BITS,
		.static_bits = EUN_BM_DEF_STATIC_BITS,
	};
}

static int eun_bm_check_params(const struct eun_bm_params *p)
{
	if (p->kind >= EUN_BM_KIND_COUNT || p->layout >= EUN_BM_LAYOUT_COUNT)
		return -EINVAL;
	if (p->kind == EUN_BM_STATIC)
		return p->static_bits && p->static_bits % EUN_MC_BLOCK_BITS == 0 &&
		       p->static_bits <= EUN_BM_MAX_BITS ? 0 : -EINVAL;
	if (!p->block_bits || p->block_bits % EUN_MC_BLOCK_BITS)
		return -EINVAL;
	if (!p->cap_bits || p->cap_bits % p->block_bits ||
	    p->cap_bits > EUN_BM_MAX_BITS ||
	    p->cap_bits / p->block_bits > EUN_BM_MAX_BLOCKS)
		return -EINVAL;
	return 0;
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
	int err = eun_bm_check_params(p);

	if (err)
		return err;
	memset(bm, 0, sizeof(*bm));
	bm->mc = mc;
	bm->p = *p;
	bm->block_words = p->block_bits / EUN_MC_BLOCK_BITS;
	bm->max_blocks = p->cap_bits / p->block_bits;
	bm->static_words = p->static_bits / EUN_MC_BLOCK_BITS;
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
	struct sb_state s;

	if (!eun_bm_conn_ok(bm, conn) || !eun_psn_valid(first_psn))
		return -EINVAL;
	if (eun_mc_meta_get(bm->mc, conn) != EUN_MC_NONE)
		return -EBUSY;
	if (bm->p.kind != EUN_BM_STATIC)
		return 0;
	return sb_create(bm, conn, first_psn, &s);
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
	if (bm->p.kind == EUN_BM_STATIC)
		err = sb_rx(bm, conn, expected, psn, res);
	else
		err = hd_rx(bm, conn, expected, psn, res);
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
	if (bm->p.kind == EUN_BM_STATIC) {
		struct sb_state s;

		sb_load(bm, meta, &s);
		sb_free(bm, conn, &s);
	} else {
		struct hd_state s;

		hd_load(bm, conn, meta, &s);
		hd_free(bm, &s);
	}
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
	if (bm->p.kind == EUN_BM_STATIC) {
		struct sb_state s;

		sb_load(bm, meta, &s);
		info->head = s.head;
		info->span = s.span;
		info->circ_bits = bm->p.static_bits;
		info->total_bits = bm->p.static_bits;
		info->reach = bm->p.static_bits;
		info->meta_blocks = SB_HDR_WORDS;
	} else {
		struct hd_state s;

		hd_load(bm, conn, meta, &s);
		info->head = s.head;
		info->span = s.span;
		info->circ_bits = hd_circ_bits(bm, &s);
		info->total_bits = s.ntotal * bm->p.block_bits;
		info->reach = hd_reach(bm, &s);
		info->meta_blocks = s.meta_words;
	}
	return 0;
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
	struct eun_bm_info info;
	u32 meta, n, d;
	int err;

	err = eun_bm_get_info(bm, conn, &info);
	if (err)
		return err;
	memset(bits, 0, BITS_TO_LONGS(nbits) * sizeof(*bits));
	if (!info.active)
		return 0;
	*head = info.head;
	n = min(info.span, nbits);
	meta = eun_mc_meta_get(bm->mc, conn);
	if (bm->p.kind == EUN_BM_STATIC) {
		struct sb_state s;

		sb_load(bm, meta, &s);
		for (d = 0; d < n; d++)
			if (mc_bit_test(bm->mc, s.base, sb_pos(bm, &s, d)))
				bits_set(bits, d);
	} else {
		struct hd_state s;

		hd_load(bm, conn, meta, &s);
		for (d = 0; d < n; d++)
			if (hd_test(bm, &s, d))
				bits_set(bits, d);
	}
	return n;
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
