// SPDX-License-Identifier: GPL-2.0
/*
 * The static circular reorder bitmap, the baseline of IRN and MP-RDMA: one
 * fixed run of bits per connection in the emulated memory of eun_memctl.c,
 * reserved when the connection opens and kept until it closes.
 * eun_bitmap.c reaches it through eun_bm_static_ops.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/build_bug.h>
#include <linux/kernel.h>

#include "eun/eun_bm_impl.h"

/**
 * DOC: static bitmap layout
 *
 * Bit d of the bitmap stands for PSN head + d (mod 2^24), head being the
 * first missing PSN, at position (hpos + d) mod static_bits of one run of
 * static_bits / 16 blocks; PSNs are compared through their signed 24-bit
 * distance as in the HD bitmap, and static_bits is at most 4096, so no two
 * tracked PSNs alias across the wrap of the PSN space. The bits consumed as
 * head moves are cleared, so the circle is all clear behind head.
 *
 * Metadata: w0..w3 = head:24 | hpos:12 | span:13 and w4 = the first block
 * of the bit run; five words, held with the run from open to close (or from
 * the first packet of a connection that was never opened).
 */

#define ST_HDR_WORDS	5
#define ST_W_BASE	4

/* Static state words w0..w3, read as one little-endian u64. */
#define ST_HEAD		GENMASK_ULL(23, 0)
#define ST_HPOS		GENMASK_ULL(35, 24)
#define ST_SPAN		GENMASK_ULL(48, 36)

static_assert(EUN_FIELD_TOP(ST_HEAD) == EUN_PSN_MASK, "static head");
static_assert(EUN_FIELD_TOP(ST_HPOS) + 1 >= EUN_BM_MAX_BITS, "static hpos");
static_assert(EUN_FIELD_TOP(ST_SPAN) >= EUN_BM_MAX_BITS, "static span");

/* Unpacked static state of one connection. */
struct st_state {
	u32 meta;
	u32 head;
	u32 hpos;
	u32 span;	/* highest tracked PSN - head + 1, 0 when empty */
	u32 base;
};

static void st_load(const struct eun_bm *bm, u32 meta, struct st_state *s)
{
	u16 w[ST_HDR_WORDS];
	u64 v;

	eun_mc_read_words(bm->mc, meta, w, ST_HDR_WORDS);
	v = eun_bm_words_to_u64(w);
	s->meta = meta;
	s->head = FIELD_GET(ST_HEAD, v);
	s->hpos = FIELD_GET(ST_HPOS, v);
	s->span = FIELD_GET(ST_SPAN, v);
	s->base = w[ST_W_BASE];
}

/* Write state words [@from, @from + @n) back. */
static void st_store_words(struct eun_bm *bm, const struct st_state *s,
			   u32 from, u32 n)
{
	u16 w[ST_HDR_WORDS];

	eun_bm_u64_to_words(FIELD_PREP(ST_HEAD, s->head) | FIELD_PREP(ST_HPOS, s->hpos) |
		     FIELD_PREP(ST_SPAN, s->span), w);
	w[ST_W_BASE] = s->base;
	eun_mc_write_words(bm->mc, s->meta + from, w + from, n);
}

static void st_store(struct eun_bm *bm, const struct st_state *s)
{
	st_store_words(bm, s, 0, ST_HDR_WORDS);
}

/* The span field lives in words 2 and 3: all a mark may change. */
static void st_store_span(struct eun_bm *bm, const struct st_state *s)
{
	static_assert(!(ST_SPAN & GENMASK_ULL(31, 0)),
		      "static span in words 2..3");
	st_store_words(bm, s, 2, 2);
}

static int st_create(struct eun_bm *bm, u32 conn, u32 head, struct st_state *s)
{
	struct eun_memctl *mc = bm->mc;
	int meta, blk;

	meta = eun_mc_alloc(mc, ST_HDR_WORDS, EUN_MC_FROM_TAIL, EUN_MC_META);
	if (meta < 0)
		return meta;
	blk = eun_mc_alloc(mc, bm->static_words, EUN_MC_FROM_HEAD, EUN_MC_BITMAP);
	if (blk < 0) {
		eun_mc_free(mc, meta, ST_HDR_WORDS, EUN_MC_META);
		return blk;
	}
	eun_mc_zero(mc, blk, bm->static_words);
	*s = (struct st_state) { .meta = meta, .head = head, .base = blk };
	st_store(bm, s);
	eun_mc_meta_set(mc, conn, meta);
	bm->stats.creates++;
	return 0;
}

static void st_free(struct eun_bm *bm, u32 conn, const struct st_state *s)
{
	eun_mc_free(bm->mc, s->base, bm->static_words, EUN_MC_BITMAP);
	eun_mc_free(bm->mc, s->meta, ST_HDR_WORDS, EUN_MC_META);
	eun_mc_meta_set(bm->mc, conn, EUN_MC_NONE);
	bm->stats.frees++;
}

static u32 st_pos(const struct eun_bm *bm, const struct st_state *s, u32 d)
{
	return (s->hpos + d) % bm->p.static_bits;
}

/* The stretch of bits from PSN head + @d on (see &struct eun_bm_spot). */
static void st_locate(const struct eun_bm *bm, const struct st_state *s,
		      u32 d, struct eun_bm_spot *at)
{
	u32 pos = st_pos(bm, s, d);

	at->addr = s->base + pos / EUN_MC_BLOCK_BITS;
	at->bit = pos % EUN_MC_BLOCK_BITS;
	at->len = EUN_MC_BLOCK_BITS - at->bit;
}

/*
 * Length of the run of received PSNs from head + 1 on, at most @max; its
 * bits are cleared, so that the circle reads zero when it comes round.
 */
static u32 st_take_run(struct eun_bm *bm, const struct st_state *s, u32 max)
{
	struct eun_bm_spot at;
	u32 got = 0, n;

	while (got < max) {
		st_locate(bm, s, got + 1, &at);
		n = eun_bm_spot_take(bm->mc, &at, max - got);
		got += n;
		if (n < at.len)
			break;
	}
	return got;
}

/*
 * The packet at head arrived: head moves past it and the run after it. The
 * head's own bit is never set (only PSNs after head are marked), so there
 * is nothing to clear for it.
 */
static u32 st_flush(struct eun_bm *bm, struct st_state *s)
{
	u32 adv = 1 + (s->span ? st_take_run(bm, s, s->span - 1) : 0);

	s->head = eun_psn_add(s->head, adv);
	s->hpos = st_pos(bm, s, adv);
	s->span = s->span > adv ? s->span - adv : 0;
	return adv;
}

/* Track PSN head + @d, 0 < @d < static_bits. */
static enum eun_bm_verdict st_mark(struct eun_bm *bm, struct st_state *s,
				   u32 d)
{
	struct eun_bm_spot at;
	u16 w;

	st_locate(bm, s, d, &at);
	w = eun_mc_read(bm->mc, at.addr);
	if (w & BIT(at.bit))
		return EUN_BM_DUPLICATE;
	eun_mc_write(bm->mc, at.addr, w | BIT(at.bit));
	if (d + 1 > s->span) {
		s->span = d + 1;
		st_store_span(bm, s);
	}
	return EUN_BM_OOO;
}

/*
 * A connection without its bitmap: never opened, or opened when the memory
 * was full. In order it goes on without one, as go-back-N would; the
 * first packet out of order tries to reserve it again.
 */
static int st_rx_fresh(struct eun_bm *bm, u32 conn, u32 expected, u32 psn,
		       struct eun_bm_result *res)
{
	struct st_state s;
	s32 d;

	if (eun_bm_rx_untracked(bm->p.static_bits, expected, psn, res, &d))
		return 0;
	if (st_create(bm, conn, expected, &s)) {
		eun_bm_set_result(res, EUN_BM_NO_MEMORY, 0, expected);
		return 0;
	}
	eun_bm_set_result(res, st_mark(bm, &s, d), 0, s.head);
	return 0;
}

static int st_rx(struct eun_bm *bm, u32 conn, u32 meta, u32 expected, u32 psn,
		 struct eun_bm_result *res)
{
	struct st_state s;
	s32 d;

	if (meta == EUN_MC_NONE)
		return st_rx_fresh(bm, conn, expected, psn, res);

	st_load(bm, meta, &s);
	if (s.head != expected)
		return -EINVAL;
	d = eun_psn_diff(s.head, psn);
	if (d < 0) {
		eun_bm_set_result(res, EUN_BM_DUPLICATE, 0, s.head);
	} else if (d == 0) {
		u32 adv = st_flush(bm, &s);

		st_store(bm, &s);
		eun_bm_set_result(res, EUN_BM_IN_ORDER, adv, s.head);
	} else if (d >= (s32)bm->p.static_bits) {
		eun_bm_set_result(res, EUN_BM_BEYOND_CAP, 0, s.head);
	} else {
		eun_bm_set_result(res, st_mark(bm, &s, d), 0, s.head);
	}
	return 0;
}

/* Received bits of PSNs head + first on into @dst, a stretch at a time. */
static void st_sack(const struct eun_bm *bm, u32 conn, u32 meta,
		    const struct eun_bm_sack_dst *dst, u32 n)
{
	struct eun_bm_spot at;
	struct st_state s;
	u32 i, len;

	st_load(bm, meta, &s);
	for (i = 0; i < n; i += len) {
		st_locate(bm, &s, dst->first + i, &at);
		len = min(at.len, n - i);
		eun_bm_bits_put(dst, i, eun_bm_spot_bits(bm->mc, &at, len));
	}
}

/* Whole 16-bit words, within the 12-bit hpos field. */
static int st_check(const struct eun_bm_params *p)
{
	return p->static_bits && p->static_bits % EUN_MC_BLOCK_BITS == 0 &&
	       p->static_bits <= EUN_BM_MAX_BITS ? 0 : -EINVAL;
}

static void st_setup(struct eun_bm *bm)
{
	bm->static_words = bm->p.static_bits / EUN_MC_BLOCK_BITS;
}

/* The memory is reserved per connection up front, as IRN and MP-RDMA do. */
static int st_open(struct eun_bm *bm, u32 conn, u32 first_psn)
{
	struct st_state s;

	return st_create(bm, conn, first_psn, &s);
}

static void st_close(struct eun_bm *bm, u32 conn, u32 meta)
{
	struct st_state s;

	st_load(bm, meta, &s);
	st_free(bm, conn, &s);
}

static void st_info(const struct eun_bm *bm, u32 conn, u32 meta,
		    struct eun_bm_info *info)
{
	struct st_state s;

	st_load(bm, meta, &s);
	info->head = s.head;
	info->span = s.span;
	info->circ_bits = bm->p.static_bits;
	info->total_bits = bm->p.static_bits;
	info->reach = bm->p.static_bits;
	info->meta_blocks = ST_HDR_WORDS;
}

const struct eun_bm_ops eun_bm_static_ops = {
	.check = st_check,
	.setup = st_setup,
	.open = st_open,
	.rx = st_rx,
	.close = st_close,
	.info = st_info,
	.sack = st_sack,
};
