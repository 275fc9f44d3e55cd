// SPDX-License-Identifier: GPL-2.0
/* Reference model and invariant checks for the reorder bitmaps. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bitops.h>
#include <linux/bug.h>
#include <linux/kernel.h>

#include "eun/eun_sack.h"

#include "model.h"

static int fail(struct model *m, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m->err, sizeof(m->err), fmt, ap);
	va_end(ap);
	return -1;
}

static bool is_static(const struct model *m)
{
	return m->cfg.p.kind == EUN_BM_STATIC;
}

static u32 limit_bits(const struct model *m)
{
	return is_static(m) ? m->cfg.p.static_bits : m->cfg.p.cap_bits;
}

static int set_find(const struct model_conn *c, u32 psn)
{
	u32 i;

	for (i = 0; i < c->n; i++)
		if (c->set[i] == psn)
			return i;
	return -1;
}

static void set_del(struct model_conn *c, int i)
{
	c->set[i] = c->set[--c->n];
}

static void conn_open(struct model *m, u32 conn, u32 head)
{
	struct model_conn *c = &m->c[conn];

	c->head = head;
	c->n = 0;
	c->has_state = eun_bm_open(&m->bm, conn, head) == 0 && is_static(m);
}

/**
 * model_init() - set up a controller, bitmaps and the reference
 * @m: model
 * @cfg: configuration
 * @first_head: first expected PSN of every connection
 *
 * Return: 0, or the error of eun_mc_init()/eun_bm_init().
 */
int model_init(struct model *m, const struct model_cfg *cfg, u32 first_head)
{
	u32 i;
	int err;

	memset(m, 0, sizeof(*m));
	m->cfg = *cfg;
	err = eun_mc_init(&m->mc, cfg->nblocks, cfg->nconns);
	if (err)
		return err;
	err = eun_bm_init(&m->bm, &m->mc, &cfg->p);
	if (err) {
		eun_mc_destroy(&m->mc);
		return err;
	}
	m->c = calloc(cfg->nconns, sizeof(*m->c));
	for (i = 0; i < cfg->nconns; i++) {
		m->c[i].set = calloc(EUN_BM_MAX_BITS, sizeof(u32));
		conn_open(m, i, eun_psn_add(first_head, i * 1000));
	}
	return 0;
}

void model_fini(struct model *m)
{
	u32 i;

	for (i = 0; i < m->cfg.nconns; i++) {
		eun_bm_close(&m->bm, i);
		free(m->c[i].set);
	}
	free(m->c);
	eun_mc_destroy(&m->mc);
}

/* The answer the reference allows for a packet at distance d from head. */
static int check_verdict(struct model *m, u32 conn, s32 d, u32 psn,
			 const struct eun_bm_result *res,
			 const struct eun_bm_info *before, u32 fails_before)
{
	struct model_conn *c = &m->c[conn];
	enum eun_bm_verdict v = res->verdict;
	u32 adv = 0;
	int i;

	if (v == EUN_BM_NO_MEMORY) {
		if (m->mc.stats.failures == fails_before)
			return fail(m, "no_memory without an allocation failure");
		if (res->head != c->head)
			return fail(m, "no_memory moved head");
		return 0;
	}
	if (d < 0 || set_find(c, psn) >= 0) {
		if (v != EUN_BM_DUPLICATE)
			return fail(m, "psn %#x d=%d: %s, want duplicate", psn, d,
				    eun_bm_verdict_name(v));
	} else if (d == 0) {
		do {
			c->head = eun_psn_add(c->head, 1);
			adv++;
			i = set_find(c, c->head);
			if (i >= 0)
				set_del(c, i);
		} while (i >= 0);
		if (v != EUN_BM_IN_ORDER || res->advance != adv)
			return fail(m, "psn %#x: %s advance %u, want in_order %u",
				    psn, eun_bm_verdict_name(v), res->advance, adv);
	} else if ((u32)d >= limit_bits(m)) {
		if (v != EUN_BM_BEYOND_CAP)
			return fail(m, "psn %#x d=%d past the cap: %s", psn, d,
				    eun_bm_verdict_name(v));
	} else if (v == EUN_BM_BEYOND_CAP) {
		/* HD only: the flushed circular bits wait for the merge. */
		if (is_static(m) || !before->active || (u32)d < before->reach)
			return fail(m, "psn %#x d=%d within reach %u: beyond_cap",
				    psn, d, before->reach);
	} else if (v == EUN_BM_OOO) {
		c->set[c->n++] = psn;
	} else {
		return fail(m, "psn %#x d=%d: %s, want ooo", psn, d,
			    eun_bm_verdict_name(v));
	}
	if (res->head != c->head)
		return fail(m, "result head %#x, want %#x", res->head, c->head);
	return 0;
}

/**
 * model_rx() - deliver the packet at @delta from the expected PSN
 * @m: model
 * @conn: connection
 * @delta: signed distance from the expected PSN (wraps mod 2^24)
 *
 * Return: 0, or -1 with m->err describing the mismatch.
 */
int model_rx(struct model *m, u32 conn, s32 delta)
{
	struct model_conn *c = &m->c[conn];
	u32 psn = (c->head + (u32)delta) & EUN_PSN_MASK;
	u32 fails = m->mc.stats.failures;
	struct eun_bm_info before;
	struct eun_bm_result res;
	int err;

	eun_bm_get_info(&m->bm, conn, &before);
	err = eun_bm_rx(&m->bm, conn, c->head, psn, &res);
	if (err)
		return fail(m, "eun_bm_rx: %d", err);
	m->ops++;
	m->verdicts[res.verdict]++;
	/* A static bitmap missing at open is reserved by the first ooo packet. */
	if (is_static(m) && res.verdict == EUN_BM_OOO)
		c->has_state = true;
	err = check_verdict(m, conn, eun_psn_diff(c->head, psn), psn, &res,
			    &before, fails);
	if (err)
		return err;
	return model_check_conn(m, conn);
}

/**
 * model_rx_member() - deliver again a PSN the reference holds (a duplicate)
 * @m: model
 * @conn: connection
 * @pick: which member (mod the set size); plain model_rx() when empty
 *
 * Return: as model_rx().
 */
int model_rx_member(struct model *m, u32 conn, u32 pick)
{
	struct model_conn *c = &m->c[conn];

	if (!c->n)
		return model_rx(m, conn, -(s32)(pick % 4) - 1);
	return model_rx(m, conn, eun_psn_diff(c->head, c->set[pick % c->n]));
}

/**
 * model_close() - close a connection and open it again at @new_head
 * @m: model
 * @conn: connection
 * @new_head: first PSN of the new connection
 *
 * Return: 0, or -1 with m->err set.
 */
int model_close(struct model *m, u32 conn, u32 new_head)
{
	eun_bm_close(&m->bm, conn);
	if (eun_mc_meta_get(&m->mc, conn) != EUN_MC_NONE)
		return fail(m, "close left metadata");
	conn_open(m, conn, new_head & EUN_PSN_MASK);
	return model_check_conn(m, conn);
}

/*
 * The SACK eun_sack_fill() builds for a packet of @words words: every PSN
 * of the set within its reach and nothing else, and how many PSNs lie
 * past the reach up to the last one of the set.
 */
static int check_sack(struct model *m, u32 conn, u32 span, unsigned int words)
{
	static struct eun_ack_info a;
	const struct model_conn *c = &m->c[conn];
	u32 reach = words * EUN_SACK_WORD_BITS, marked = 0, in_reach = 0, i;
	u32 cut, want_cut = span > reach + 1 ? span - 1 - reach : 0;

	memset(&a, 0xa5, sizeof(a));
	a.kind = EUN_ACK_KIND_SACK;
	a.epsn = c->head;
	cut = eun_sack_fill(&m->bm, conn, &a, words);
	if (cut != want_cut)
		return fail(m, "conn %u %u-word SACK: %u PSNs cut, want %u", conn,
			    words, cut, want_cut);
	for (i = 0; i < c->n; i++) {
		u32 d = eun_psn_dist(c->head, c->set[i]);

		if (d > reach)
			continue;
		in_reach++;
		if (!eun_sack_test(&a, c->set[i]))
			return fail(m, "conn %u %u-word SACK misses %#x", conn,
				    words, c->set[i]);
	}
	for (i = 0; i < EUN_SACK_MAX_WORDS; i++)
		marked += __builtin_popcountll(a.sack[i]);
	if (marked != in_reach || (a.sack_words && !a.sack[a.sack_words - 1]))
		return fail(m, "conn %u %u-word SACK: %u marks in %u words, want %u",
			    conn, words, marked, a.sack_words, in_reach);
	return 0;
}

/**
 * model_check_conn() - compare one connection with the reference
 * @m: model
 * @conn: connection
 *
 * Return: 0, or -1 with m->err set.
 */
int model_check_conn(struct model *m, u32 conn)
{
	static unsigned long bits[BITS_TO_LONGS(EUN_BM_MAX_BITS)];
	struct model_conn *c = &m->c[conn];
	struct eun_bm_info info;
	u32 span = 0, i, head = ~0U;
	int n;

	for (i = 0; i < c->n; i++)
		span = max_t(u32, span, eun_psn_dist(c->head, c->set[i]) + 1);
	eun_bm_get_info(&m->bm, conn, &info);
	if (is_static(m) ? info.active != c->has_state : info.active != (c->n > 0))
		return fail(m, "conn %u active %d with %u tracked", conn,
			    info.active, c->n);
	if (!info.active)
		return 0;
	if (info.head != c->head || info.span != span)
		return fail(m, "conn %u head %#x span %u, want %#x %u", conn,
			    info.head, info.span, c->head, span);
	if (info.reach > limit_bits(m) || info.total_bits > limit_bits(m))
		return fail(m, "conn %u reach %u bits %u past the cap", conn,
			    info.reach, info.total_bits);
	n = eun_bm_sack(&m->bm, conn, &head, bits, EUN_BM_MAX_BITS);
	if (n != (int)span || head != c->head)
		return fail(m, "sack %d bits at %#x, want %u", n, head, span);
	for (i = 0; i < span; i++) {
		bool want = set_find(c, eun_psn_add(c->head, i)) >= 0;
		bool got = bits[i / BITS_PER_LONG] >> (i % BITS_PER_LONG) & 1;

		if (want != got)
			return fail(m, "conn %u sack bit %u is %d", conn, i, got);
	}
	/* As one EUN_ACK carries them: cut at 2 words, and whole. */
	if (check_sack(m, conn, span, 2))
		return -1;
	return check_sack(m, conn, span, EUN_SACK_MAX_WORDS);
}

/**
 * model_check() - every connection, and the controller's accounting
 * @m: model
 *
 * Return: 0, or -1 with m->err set.
 */
int model_check(struct model *m)
{
	u32 i, bitmap = 0, meta = 0, active = 0, used = 0;
	struct eun_bm_info info;

	for (i = 0; i < m->cfg.nconns; i++) {
		if (model_check_conn(m, i))
			return -1;
		eun_bm_get_info(&m->bm, i, &info);
		bitmap += info.total_bits / EUN_MC_BLOCK_BITS;
		meta += info.meta_blocks;
		active += info.active;
	}
	for (i = 0; i < m->mc.nblocks; i++)
		used += eun_mc_is_used(&m->mc, i);
	if (bitmap != m->mc.stats.in_use[EUN_MC_BITMAP] ||
	    meta != m->mc.stats.in_use[EUN_MC_META] || used != bitmap + meta)
		return fail(m, "accounting: bitmap %u/%u meta %u/%u used %u",
			    bitmap, m->mc.stats.in_use[EUN_MC_BITMAP], meta,
			    m->mc.stats.in_use[EUN_MC_META], used);
	if (active != m->mc.stats.conns)
		return fail(m, "%u active, controller counts %u", active,
			    m->mc.stats.conns);
	if (eun_shim_warnings)
		return fail(m, "%lu kernel warnings", eun_shim_warnings);
	return 0;
}
