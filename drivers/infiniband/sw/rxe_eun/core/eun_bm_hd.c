// SPDX-License-Identifier: GPL-2.0
/*
 * The hybrid-dynamic (HD) reorder bitmap of Eunomia (section 3.3, Table 7),
 * kept in the emulated memory of eun_memctl.c: nothing until a connection
 * reorders, then blocks taken and given back as the reordering needs.
 * eun_bitmap.c reaches it through eun_bm_hd_ops.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/build_bug.h>
#include <linux/bug.h>
#include <linux/kernel.h>

#include "eun/eun_bm_impl.h"

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
 * That is the paper's growth (EUN_BM_GROW_LINEAR). With EUN_BM_GROW_INSERT
 * there is never a linear portion: a new block goes into the circle at
 * index hpos / B, before the head's block, hpos moves on by B, and the bits
 * of the head's block below hpos (the wrapped far end) move to the new
 * block, where their positions now fall (hd_insert_block()).
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
 * The run holds exactly one offset per extra block: adding blocks grows the
 * run in place when the blocks after it are free, else moves it once to a
 * tail-first run of the new length. The paper layout keeps the same words
 * in a fixed 24-word (48-byte) run. Field widths are tied to
 * EUN_BM_MAX_BITS and EUN_BM_MAX_BLOCKS by static_asserts.
 *
 * Word-wide access. A 16-bit emulated block never straddles two bitmap
 * blocks (block_bits is a multiple of 16), the circular portion wraps at a
 * block end, and only the start of the linear portion can fall inside a
 * 16-bit block; so a flush counts and clears the run after head a 16-bit
 * block at a time, and moves head, hpos and creach in one step.
 */

#define HD_HDR_WORDS	6
#define HD_PAPER_WORDS	24
#define HD_W_SPAN	4
#define HD_W_BASE	5

/* HD state words w0..w3, read as one little-endian u64. */
#define HD_HEAD		GENMASK_ULL(23, 0)
#define HD_NCIRC	GENMASK_ULL(31, 24)	/* ncirc - 1 */
#define HD_NTOTAL	GENMASK_ULL(39, 32)	/* ntotal - 1 */
#define HD_HPOS		GENMASK_ULL(51, 40)
#define HD_CREACH	GENMASK_ULL(63, 52)	/* creach - 1 */
/* HD word w4. */
#define HD_SPAN		GENMASK(11, 0)		/* span - 1 */

static_assert(EUN_FIELD_TOP(HD_HEAD) == EUN_PSN_MASK, "head is a PSN");
static_assert(EUN_FIELD_TOP(HD_NCIRC) + 1 >= EUN_BM_MAX_BLOCKS, "ncirc");
static_assert(EUN_FIELD_TOP(HD_NTOTAL) + 1 >= EUN_BM_MAX_BLOCKS, "ntotal");
static_assert(EUN_FIELD_TOP(HD_HPOS) + 1 >= EUN_BM_MAX_BITS, "hpos");
static_assert(EUN_FIELD_TOP(HD_CREACH) + 1 >= EUN_BM_MAX_BITS, "creach");
static_assert(EUN_FIELD_TOP(HD_SPAN) + 1 >= EUN_BM_MAX_BITS, "span");

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

static u32 hd_meta_words(const struct eun_bm *bm, u32 ntotal)
{
	if (bm->p.layout == EUN_BM_LAYOUT_PAPER)
		return max_t(u32, HD_PAPER_WORDS, HD_HDR_WORDS + bm->max_blocks - 1);
	return HD_HDR_WORDS + ntotal - 1;
}

static void hd_load(const struct eun_bm *bm, u32 conn, u32 meta,
		    struct hd_state *s)
{
	u16 w[HD_HDR_WORDS];
	u64 v;

	/* The state is small and read on every packet: one run access. */
	eun_mc_read_words(bm->mc, meta, w, HD_HDR_WORDS);
	v = eun_bm_words_to_u64(w);
	s->conn = conn;
	s->meta = meta;
	s->head = FIELD_GET(HD_HEAD, v);
	s->ncirc = FIELD_GET(HD_NCIRC, v) + 1;
	s->ntotal = FIELD_GET(HD_NTOTAL, v) + 1;
	s->hpos = FIELD_GET(HD_HPOS, v);
	s->creach = FIELD_GET(HD_CREACH, v) + 1;
	s->span = FIELD_GET(HD_SPAN, w[HD_W_SPAN]) + 1;
	s->base = w[HD_W_BASE];
	s->meta_words = hd_meta_words(bm, s->ntotal);
}

static void hd_store(struct eun_bm *bm, const struct hd_state *s)
{
	u16 w[HD_HDR_WORDS];

	eun_bm_u64_to_words(FIELD_PREP(HD_HEAD, s->head) |
		     FIELD_PREP(HD_NCIRC, s->ncirc - 1) |
		     FIELD_PREP(HD_NTOTAL, s->ntotal - 1) |
		     FIELD_PREP(HD_HPOS, s->hpos) |
		     FIELD_PREP(HD_CREACH, s->creach - 1), w);
	w[HD_W_SPAN] = FIELD_PREP(HD_SPAN, s->span - 1);
	w[HD_W_BASE] = s->base;
	eun_mc_write_words(bm->mc, s->meta, w, HD_HDR_WORDS);
}

/* A mark that did not grow the bitmap changed at most the span word. */
static void hd_store_mark(struct eun_bm *bm, const struct hd_state *s,
			  const struct hd_state *was)
{
	if (s->ntotal != was->ntotal)
		hd_store(bm, s);
	else if (s->span != was->span)
		eun_mc_write(bm->mc, s->meta + HD_W_SPAN,
			     FIELD_PREP(HD_SPAN, s->span - 1));
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

/* The stretch of bits from PSN head + @d on; @d below the bits present. */
static void hd_locate(const struct eun_bm *bm, const struct hd_state *s,
		      u32 d, struct eun_bm_spot *at)
{
	u32 bb = bm->p.block_bits, pos, b, left;

	if (d < s->creach) {
		pos = (s->hpos + d) % hd_circ_bits(bm, s);
		b = pos / bb;
		left = s->creach - d;
	} else {
		pos = d - s->creach;
		b = s->ncirc + pos / bb;
		left = EUN_MC_BLOCK_BITS;
	}
	pos %= bb;
	at->addr = hd_block_addr(bm, s, b) + pos / EUN_MC_BLOCK_BITS;
	at->bit = pos % EUN_MC_BLOCK_BITS;
	at->len = min(EUN_MC_BLOCK_BITS - at->bit, left);
}

/* Give back the bitmap blocks, a run of adjacent ones per call. */
static void hd_free_blocks(struct eun_bm *bm, const struct hd_state *s,
			   u32 from)
{
	u32 bw = bm->block_words, b, run, n = 0;

	for (b = from; b < s->ntotal; b++) {
		u32 addr = hd_block_addr(bm, s, b);

		if (n && addr == run + n) {
			n += bw;
			continue;
		}
		if (n)
			eun_mc_free(bm->mc, run, n, EUN_MC_BITMAP);
		run = addr;
		n = bw;
	}
	if (n)
		eun_mc_free(bm->mc, run, n, EUN_MC_BITMAP);
}

/* Garbage collection: give every block of the connection back. */
static void hd_free(struct eun_bm *bm, const struct hd_state *s)
{
	hd_free_blocks(bm, s, 0);
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
	eun_mc_zero(mc, blk, bm->block_words);

	*s = (struct hd_state) {
		.conn = conn, .meta = meta, .meta_words = hd_meta_words(bm, 1),
		.head = head, .ncirc = 1, .ntotal = 1, .hpos = 0,
		.creach = bm->p.block_bits, .span = 1, .base = blk,
	};
	eun_mc_meta_set(mc, conn, meta);
	bm->stats.creates++;
	return 0;
}

/*
 * Compact layout: make the metadata run @words long, in place when the
 * blocks after or before it are free, else moved to a new run found
 * tail-first (holding both runs for the copy).
 */
static int hd_move_meta(struct eun_bm *bm, struct hd_state *s, u32 words)
{
	struct eun_memctl *mc = bm->mc;
	u32 add = words - s->meta_words;
	int nm;

	if (!eun_mc_extend(mc, s->meta, s->meta_words, add, EUN_MC_META)) {
		s->meta_words = words;
		return 0;
	}
	nm = eun_mc_extend_down(mc, s->meta, s->meta_words, add, EUN_MC_META);
	if (nm < 0) {
		nm = eun_mc_alloc(mc, words, EUN_MC_FROM_TAIL, EUN_MC_META);
		if (nm < 0)
			return nm;
		eun_mc_copy(mc, nm, s->meta, s->meta_words);
		eun_mc_free(mc, s->meta, s->meta_words, EUN_MC_META);
		bm->stats.moves++;
	}
	s->meta = nm;
	s->meta_words = words;
	eun_mc_meta_set(mc, s->conn, nm);
	return 0;
}

/* A cleared block from the head, with room in the run for its offset. */
static int hd_new_block(struct eun_bm *bm, struct hd_state *s)
{
	struct eun_memctl *mc = bm->mc;
	u32 words = hd_meta_words(bm, s->ntotal + 1);
	int blk, err;

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
	eun_mc_zero(mc, blk, bm->block_words);
	return blk;
}

/* Record @addr as block @b >= 1: its offset from block 0. */
static void hd_set_offset(struct eun_bm *bm, const struct hd_state *s, u32 b,
			  u32 addr)
{
	eun_mc_write(bm->mc, s->meta + HD_HDR_WORDS + b - 1,
		     (addr - s->base) & 0xffff);
}

/* Take one cleared block from the head and record it as block ntotal. */
static int hd_add_block(struct eun_bm *bm, struct hd_state *s)
{
	int blk = hd_new_block(bm, s);

	if (blk < 0)
		return blk;
	hd_set_offset(bm, s, s->ntotal, blk);
	s->ntotal++;
	return 0;
}

/* Give back the metadata words past what @s->ntotal blocks need. */
static void hd_trim_meta(struct eun_bm *bm, struct hd_state *s)
{
	u32 words = hd_meta_words(bm, s->ntotal);

	if (words < s->meta_words)
		eun_mc_free(bm->mc, s->meta + words, s->meta_words - words,
			    EUN_MC_META);
	s->meta_words = words;
}

/* Undo a partial grow: drop blocks @keep.. and trim the metadata run. */
static void hd_shrink(struct eun_bm *bm, struct hd_state *s, u32 keep)
{
	hd_free_blocks(bm, s, keep);
	s->ntotal = keep;
	hd_trim_meta(bm, s);
}

/*
 * Append linear blocks past the tail until there are @need: all of them or
 * none. The compact run grows a word per block; growing it one block at a
 * time would move it once per block, so it is moved once, to its final size.
 */
static int hd_grow_linear(struct eun_bm *bm, struct hd_state *s, u32 need)
{
	u32 keep = s->ntotal;
	int err;

	err = hd_add_block(bm, s);
	if (!err && hd_meta_words(bm, need) > s->meta_words)
		err = hd_move_meta(bm, s, hd_meta_words(bm, need));
	while (!err && s->ntotal < need)
		err = hd_add_block(bm, s);
	if (err) {
		if (s->ntotal > keep)
			hd_shrink(bm, s, keep);
		return err;
	}
	bm->stats.grows += need - keep;
	return 0;
}

/* Move the first @n bits of the block at @src to the cleared one at @dst. */
static void hd_move_bits(struct eun_memctl *mc, u32 dst, u32 src, u32 n)
{
	u32 i, full = n / EUN_MC_BLOCK_BITS;
	u16 w, m;

	for (i = 0; i < full; i++) {
		eun_mc_write(mc, dst + i, eun_mc_read(mc, src + i));
		eun_mc_write(mc, src + i, 0);
	}
	if (n % EUN_MC_BLOCK_BITS) {
		m = eun_mask16(0, n % EUN_MC_BLOCK_BITS);
		w = eun_mc_read(mc, src + full);
		eun_mc_write(mc, dst + full, w & m);
		eun_mc_write(mc, src + full, w & ~m);
	}
}

/*
 * Put the cleared block @blk into the circle at index h, just before the
 * head's block, which moves up one place with every block after it. With
 * hpos one block further on, PSN head + d keeps its bit for every d the
 * circle mapped, except the far end that wrapped into the head's block
 * behind hpos: those bits keep their position, which is now in @blk, so
 * they move there. The new distances land behind hpos, on cleared bits.
 */
static void hd_insert_block(struct eun_bm *bm, struct hd_state *s, u32 blk)
{
	u32 bb = bm->p.block_bits, h = s->hpos / bb, base, b;

	hd_move_bits(bm->mc, blk, hd_block_addr(bm, s, h), s->hpos % bb);
	/* From the end: each offset is read before its word is written. */
	base = h ? s->base : blk;
	for (b = s->ntotal; b-- > h;)
		eun_mc_write(bm->mc, s->meta + HD_HDR_WORDS + b,
			     (hd_block_addr(bm, s, b) - base) & 0xffff);
	if (h)
		hd_set_offset(bm, s, h, blk);
	s->base = base;
	s->ncirc++;
	s->ntotal++;
	s->hpos += bb;
	s->creach += bb;
}

/*
 * Insert blocks into the circle until there are @need. A partial grow
 * keeps the blocks it got: the circle is whole after every insertion.
 */
static int hd_grow_insert(struct eun_bm *bm, struct hd_state *s, u32 need)
{
	int err = 0, blk;

	if (hd_meta_words(bm, need) > s->meta_words)
		err = hd_move_meta(bm, s, hd_meta_words(bm, need));
	while (!err && s->ntotal < need) {
		blk = hd_new_block(bm, s);
		if (blk < 0) {
			err = blk;
			break;
		}
		hd_insert_block(bm, s, blk);
		bm->stats.grows++;
	}
	hd_trim_meta(bm, s);
	return err;
}

/* Grow to @need blocks, the configured way. */
static int hd_grow(struct eun_bm *bm, struct hd_state *s, u32 need)
{
	if (WARN_ON_ONCE(need > bm->max_blocks))
		return -ENOSPC;
	if (bm->p.grow == EUN_BM_GROW_INSERT && s->ntotal == s->ncirc)
		return hd_grow_insert(bm, s, need);
	return hd_grow_linear(bm, s, need);
}

/* Track PSN head + @d, 0 < @d < reach; grows the linear portion if needed. */
static enum eun_bm_verdict hd_mark(struct eun_bm *bm, struct hd_state *s, u32 d)
{
	struct eun_bm_spot at;
	u16 w;

	if (d >= s->creach) {
		u32 need = s->ncirc + (d - s->creach) / bm->p.block_bits + 1;

		if (need > s->ntotal && hd_grow(bm, s, need))
			return EUN_BM_NO_MEMORY;
	}
	hd_locate(bm, s, d, &at);
	w = eun_mc_read(bm->mc, at.addr);
	if (w & BIT(at.bit))
		return EUN_BM_DUPLICATE;
	eun_mc_write(bm->mc, at.addr, w | BIT(at.bit));
	s->span = max(s->span, d + 1);
	return EUN_BM_OOO;
}

/*
 * Length of the run of received PSNs from head + 1 on, at most @max; its
 * bits are cleared, a 16-bit block at a time, so that the bits a wrap or a
 * merge brings back into use read zero.
 */
static u32 hd_take_run(struct eun_bm *bm, const struct hd_state *s, u32 max)
{
	struct eun_bm_spot at;
	u32 got = 0, n;

	while (got < max) {
		hd_locate(bm, s, got + 1, &at);
		n = eun_bm_spot_take(bm->mc, &at, max - got);
		got += n;
		if (n < at.len)
			break;
	}
	return got;
}

/* Move head by @adv PSNs; absorb the linear portion once it passes the tail. */
static void hd_advance(struct eun_bm *bm, struct hd_state *s, u32 adv)
{
	s->head = eun_psn_add(s->head, adv);
	s->span -= adv;
	if (s->ntotal != s->ncirc) {
		if (adv < s->creach) {
			s->creach -= adv;
		} else {
			/* The circle is all clear: it takes the linear blocks. */
			adv -= s->creach;
			s->hpos = s->ncirc * bm->p.block_bits;
			s->ncirc = s->ntotal;
			s->creach = hd_circ_bits(bm, s);
			bm->stats.merges++;
		}
	}
	s->hpos = (s->hpos + adv) % hd_circ_bits(bm, s);
}

/*
 * The packet at head arrived: consume it and the run of received PSNs after
 * it. Return how far head moved; *@freed tells whether the bitmap emptied
 * and was garbage-collected (then @s must not be stored).
 */
static u32 hd_flush(struct eun_bm *bm, struct hd_state *s, bool *freed)
{
	u32 adv = 1 + hd_take_run(bm, s, s->span - 1);

	*freed = adv == s->span;
	if (*freed) {
		hd_free(bm, s);
		s->head = eun_psn_add(s->head, adv);
		return adv;
	}
	hd_advance(bm, s, adv);
	return adv;
}

/* A connection without a bitmap: in order costs no memory at all. */
static int hd_rx_fresh(struct eun_bm *bm, u32 conn, u32 expected, u32 psn,
		       struct eun_bm_result *res)
{
	struct hd_state s;
	enum eun_bm_verdict v;
	s32 d;

	if (eun_bm_rx_untracked(bm->p.cap_bits, expected, psn, res, &d))
		return 0;
	if (hd_create(bm, conn, expected, &s)) {
		eun_bm_set_result(res, EUN_BM_NO_MEMORY, 0, expected);
		return 0;
	}
	v = hd_mark(bm, &s, d);
	if (v != EUN_BM_OOO) {
		/* Nothing tracked: give the fresh bitmap back at once. */
		hd_free(bm, &s);
		eun_bm_set_result(res, v, 0, expected);
		return 0;
	}
	hd_store(bm, &s);
	eun_bm_set_result(res, v, 0, expected);
	return 0;
}

static int hd_rx(struct eun_bm *bm, u32 conn, u32 meta, u32 expected, u32 psn,
		 struct eun_bm_result *res)
{
	struct hd_state s, was;
	enum eun_bm_verdict v;
	bool freed;
	s32 d;

	if (meta == EUN_MC_NONE)
		return hd_rx_fresh(bm, conn, expected, psn, res);

	hd_load(bm, conn, meta, &s);
	if (s.head != expected)
		return -EINVAL;
	d = eun_psn_diff(s.head, psn);
	if (d < 0) {
		eun_bm_set_result(res, EUN_BM_DUPLICATE, 0, s.head);
		return 0;
	}
	if (d == 0) {
		u32 adv = hd_flush(bm, &s, &freed);

		if (!freed)
			hd_store(bm, &s);
		eun_bm_set_result(res, EUN_BM_IN_ORDER, adv, s.head);
		return 0;
	}
	if (d >= (s32)hd_reach(bm, &s)) {
		eun_bm_set_result(res, EUN_BM_BEYOND_CAP, 0, s.head);
		return 0;
	}
	/*
	 * Duplicates and refusals leave the state as it was, but for the
	 * blocks a partial insert kept.
	 */
	was = s;
	v = hd_mark(bm, &s, d);
	if (v == EUN_BM_OOO || s.ntotal != was.ntotal)
		hd_store_mark(bm, &s, &was);
	eun_bm_set_result(res, v, 0, s.head);
	return 0;
}

/* Received bits of PSNs head + first on into @dst, a stretch at a time. */
static void hd_sack(const struct eun_bm *bm, u32 conn, u32 meta,
		    const struct eun_bm_sack_dst *dst, u32 n)
{
	struct eun_bm_spot at;
	struct hd_state s;
	u32 i, len;

	hd_load(bm, conn, meta, &s);
	for (i = 0; i < n; i += len) {
		hd_locate(bm, &s, dst->first + i, &at);
		len = min(at.len, n - i);
		eun_bm_bits_put(dst, i, eun_bm_spot_bits(bm->mc, &at, len));
	}
}

/* Blocks of whole 16-bit words, a cap of whole blocks within the fields. */
static int hd_check(const struct eun_bm_params *p)
{
	if (!p->block_bits || p->block_bits % EUN_MC_BLOCK_BITS)
		return -EINVAL;
	if (!p->cap_bits || p->cap_bits % p->block_bits ||
	    p->cap_bits > EUN_BM_MAX_BITS ||
	    p->cap_bits / p->block_bits > EUN_BM_MAX_BLOCKS)
		return -EINVAL;
	return 0;
}

static void hd_setup(struct eun_bm *bm)
{
	bm->block_words = bm->p.block_bits / EUN_MC_BLOCK_BITS;
	bm->max_blocks = bm->p.cap_bits / bm->p.block_bits;
}

/* Nothing is reserved until the first out-of-order packet. */
static int hd_open(struct eun_bm *bm, u32 conn, u32 first_psn)
{
	return 0;
}

static void hd_close(struct eun_bm *bm, u32 conn, u32 meta)
{
	struct hd_state s;

	hd_load(bm, conn, meta, &s);
	hd_free(bm, &s);
}

static void hd_info(const struct eun_bm *bm, u32 conn, u32 meta,
		    struct eun_bm_info *info)
{
	struct hd_state s;

	hd_load(bm, conn, meta, &s);
	info->head = s.head;
	info->span = s.span;
	info->circ_bits = hd_circ_bits(bm, &s);
	info->total_bits = s.ntotal * bm->p.block_bits;
	info->reach = hd_reach(bm, &s);
	info->meta_blocks = s.meta_words;
}

const struct eun_bm_ops eun_bm_hd_ops = {
	.check = hd_check,
	.setup = hd_setup,
	.open = hd_open,
	.rx = hd_rx,
	.close = hd_close,
	.info = hd_info,
	.sack = hd_sack,
};
