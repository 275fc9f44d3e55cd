// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: unit tests of the pure parts (pattern, plan, checker,
 * order tracking, SRQ slots, wire format, options, report) of
 * tools/eun-verify. TAP on
 * stdout, then a closing "N passed, N failed" line; exit status 1 when
 * anything failed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ev_arrival.h"
#include "ev_compat.h"
#include "ev_opts.h"
#include "ev_pattern.h"
#include "ev_plan.h"
#include "ev_report.h"
#include "ev_series.h"
#include "ev_track.h"
#include "ev_wire.h"

static int n_pass, n_fail, n_test;

/* One TAP line per check; failures also print where. */
#define CHECK(cond, ...) ev_check(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

__printf(4, 5)
static int ev_check(int ok, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	n_test++;
	printf("%s %d - ", ok ? "ok" : "not ok", n_test);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!ok)
		printf("#   failed at %s:%d\n", file, line);
	ok ? n_pass++ : n_fail++;
	return ok;
}

static const size_t test_sizes[] = { 1, 2, 7, 8, 9, 15, 16, 17, 4096, 65537 };

static void test_pattern_roundtrip(void)
{
	struct ev_mismatch mm;
	size_t i, off;
	int bad;

	for (i = 0; i < ARRAY_SIZE(test_sizes); i++) {
		size_t len = test_sizes[i];
		uint8_t *b = malloc(len);

		ev_pattern_fill(b, len, 42, 3, 1000 + i);
		CHECK(!ev_pattern_check(b, len, 42, 3, 1000 + i, &mm) &&
		      mm.count == 0, "pattern: %zu-byte message checks clean",
		      len);
		bad = 0;
		for (off = 0; off < len; off++)
			bad |= b[off] != ev_pattern_byte(42, 3, 1000 + i, off);
		CHECK(!bad, "pattern: ev_pattern_byte agrees with fill at %zu bytes",
		      len);
		free(b);
	}
}

/* The checker must name the exact offset, both bytes and the count. */
static void test_pattern_corruption(void)
{
	static const size_t offs[] = { 0, 1, 7, 8, 4095, 4096, 65535, 65536 };
	const size_t len = 65537;
	uint8_t *b = malloc(len);
	struct ev_mismatch mm;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(offs); i++) {
		uint8_t want;

		ev_pattern_fill(b, len, 7, 0, 5);
		want = b[offs[i]];
		b[offs[i]] ^= 0x5a;
		CHECK(ev_pattern_check(b, len, 7, 0, 5, &mm) == -1 &&
		      mm.offset == offs[i] && mm.expected == want &&
		      mm.seen == (uint8_t)(want ^ 0x5a) && mm.count == 1,
		      "checker: flipped byte at offset %zu found there (got %zu, count %zu)",
		      offs[i], mm.offset, mm.count);
	}
	/* Two corruptions: the first is reported, both are counted. */
	ev_pattern_fill(b, len, 7, 0, 5);
	b[300] ^= 1;
	b[100] ^= 1;
	CHECK(ev_pattern_check(b, len, 7, 0, 5, &mm) == -1 && mm.offset == 100 &&
	      mm.count == 2, "checker: first of two bad bytes reported, both counted");
	/* Last byte of an odd-sized message lies in a partial word. */
	ev_pattern_fill(b, 13, 7, 0, 5);
	b[12] ^= 0x80;
	CHECK(ev_pattern_check(b, 13, 7, 0, 5, &mm) == -1 && mm.offset == 12,
	      "checker: bad byte in the partial last word found");
	free(b);
}

/* Wrong seed, QP or message number: nearly every byte must differ. */
static void test_pattern_keys(void)
{
	const size_t len = 4096;
	uint8_t *b = malloc(len);
	struct ev_mismatch mm;

	ev_pattern_fill(b, len, 1, 0, 0);
	ev_pattern_check(b, len, 2, 0, 0, &mm);
	CHECK(mm.count > len * 9 / 10, "pattern: other seed differs in %zu of %zu bytes",
	      mm.count, len);
	ev_pattern_check(b, len, 1, 1, 0, &mm);
	CHECK(mm.count > len * 9 / 10, "pattern: other QP differs in %zu bytes",
	      mm.count);
	ev_pattern_check(b, len, 1, 0, 1, &mm);
	CHECK(mm.count > len * 9 / 10,
	      "pattern: other message number differs in %zu bytes", mm.count);
	free(b);
}

static void test_poll_last_pkt(void)
{
	CHECK(ev_poll_last_pkt(4096, 1024) == 1024 &&
	      ev_poll_last_pkt(4097, 1024) == 1 &&
	      ev_poll_last_pkt(1, 4096) == 1 &&
	      ev_poll_last_pkt(65536, 4096) == 4096 &&
	      ev_poll_last_pkt(5000, 4096) == 904,
	      "poll: last packet length from size and MTU");
	CHECK(ev_poll_last_pkt(100, 0) == 100,
	      "poll: unknown MTU: the message is one packet");
}

/*
 * A slot holds message 9 (the old data); message 10 lands in it packet by
 * packet. Only the state of the last bytes and of the earlier packets
 * decides the verdict, whatever order the packets came in.
 */
static void test_poll_check(void)
{
	const size_t len = 65536, mtu = 1024;
	uint8_t *b = malloc(len), *want = malloc(len);
	struct ev_mismatch mm;
	enum ev_poll r;

	ev_pattern_fill(want, len, 5, 2, 10);
	ev_pattern_fill(b, len, 5, 2, 9);
	CHECK(ev_poll_check(b, len, mtu, 5, 2, 10, &mm) == EV_POLL_WAIT,
	      "poll: old data in the slot: wait");
	/* The last packet alone, as reordering may place it first. */
	memcpy(b + len - mtu, want + len - mtu, mtu);
	r = ev_poll_check(b, len, mtu, 5, 2, 10, &mm);
	CHECK(r == EV_POLL_EARLY && mm.offset == 0 &&
	      mm.count > (len - mtu) * 9 / 10 && mm.count <= len - mtu,
	      "poll: last packet before the rest is early (offset %zu, %zu bytes not in)",
	      mm.offset, mm.count);
	/* Every packet but one in the middle. */
	memcpy(b, want, len);
	ev_pattern_fill(b + 5 * mtu, mtu, 5, 2, 9);
	r = ev_poll_check(b, len, mtu, 5, 2, 10, &mm);
	CHECK(r == EV_POLL_EARLY && mm.offset >= 5 * mtu &&
	      mm.offset < 6 * mtu && mm.count <= mtu,
	      "poll: one earlier packet missing is early (offset %zu)",
	      mm.offset);
	/* A single old byte before the last packet is enough. */
	memcpy(b, want, len);
	b[len - mtu - 1] ^= 0xff;
	r = ev_poll_check(b, len, mtu, 5, 2, 10, &mm);
	CHECK(r == EV_POLL_EARLY && mm.offset == len - mtu - 1 && mm.count == 1,
	      "poll: the byte just before the last packet counts");
	memcpy(b, want, len);
	CHECK(ev_poll_check(b, len, mtu, 5, 2, 10, &mm) == EV_POLL_OK &&
	      mm.count == 0, "poll: whole message in: ok");
	/* One memcpy() may store the last packet tail first: not early. */
	ev_pattern_fill(b + len - mtu, mtu - 8, 5, 2, 9);
	CHECK(ev_poll_check(b, len, mtu, 5, 2, 10, &mm) == EV_POLL_OK,
	      "poll: last packet's own bytes are not judged");
	/* Seven of the last eight bytes are not enough to look further. */
	memcpy(b, want, len);
	b[len - 8] ^= 1;
	CHECK(ev_poll_check(b, len, mtu, 5, 2, 10, &mm) == EV_POLL_WAIT,
	      "poll: waits for all of the last %d bytes", EV_POLL_TAIL);
	/* A last packet of one byte: the watched bytes span two packets. */
	ev_pattern_fill(b, 4097, 5, 2, 9);
	ev_pattern_fill(want, 4097, 5, 2, 10);
	b[4096] = want[4096];
	CHECK(ev_poll_check(b, 4097, mtu, 5, 2, 10, &mm) == EV_POLL_WAIT,
	      "poll: 1-byte last packet alone: the watched bytes are not all in");
	memcpy(b + 3 * mtu, want + 3 * mtu, mtu + 1);
	CHECK(ev_poll_check(b, 4097, mtu, 5, 2, 10, &mm) == EV_POLL_EARLY &&
	      mm.offset == 0, "poll: 1-byte last packet, first packets missing: early");
	/* Messages of one packet are never early. */
	ev_pattern_fill(b, 5, 5, 2, 9);
	CHECK(ev_poll_check(b, 5, mtu, 5, 2, 10, &mm) == EV_POLL_WAIT,
	      "poll: 5-byte message not in: wait");
	ev_pattern_fill(b, 5, 5, 2, 10);
	CHECK(ev_poll_check(b, 5, mtu, 5, 2, 10, &mm) == EV_POLL_OK,
	      "poll: 5-byte message in: ok");
	free(b);
	free(want);
}

static void cfg_default(struct ev_config *c)
{
	memset(c, 0, sizeof(*c));
	c->seed = 99;
	c->ops = 1u << EV_OP_WRITE;
	c->qps = 1;
	c->depth = 8;
	c->size_mode = EV_SIZE_FIXED;
	c->nsizes = 1;
	c->sizes[0] = 4096;
}

static int parse(const char *line, struct ev_opts *o, char *err, size_t n)
{
	char buf[512], *argv[32], *tok, *save = NULL;
	int argc = 0;

	snprintf(buf, sizeof(buf), "eun-verify %s", line);
	for (tok = strtok_r(buf, " ", &save); tok && argc < 31;
	     tok = strtok_r(NULL, " ", &save))
		argv[argc++] = tok;
	argv[argc] = NULL;
	return ev_opts_parse(o, argc, argv, err, n);
}

static void test_size_parse(void)
{
	static const char * const good[] = { "1", "4096", "4K", "1M",
		"1,100,4K,65537", "rand", "rand:1-64K", "0x10" };
	static const char * const bad[] = { "0", "2M", "1048577", "", "abc",
		"4,,", "1,2,3,4,5,6,7,8,9", "rand:5-2", "rand:0-4", "rand5",
		"-1", "4X" };
	struct ev_config c;
	char err[256];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(good); i++) {
		cfg_default(&c);
		CHECK(!ev_size_parse(good[i], &c, err, sizeof(err)) &&
		      !ev_config_check(&c, err, sizeof(err)),
		      "size: '%s' accepted", good[i]);
	}
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		cfg_default(&c);
		err[0] = 0;
		CHECK(ev_size_parse(bad[i], &c, err, sizeof(err)) && err[0],
		      "size: '%s' refused with a message", bad[i]);
	}
	cfg_default(&c);
	ev_size_parse("rand", &c, err, sizeof(err));
	CHECK(c.size_mode == EV_SIZE_RAND && c.sizes[0] == 1 &&
	      c.sizes[1] == EV_MAX_MSG, "size: rand means 1 byte to 1 MiB");
}

static void test_plan_sizes(void)
{
	struct ev_config c;
	struct ev_msg_plan mp, again;
	char err[128];
	uint64_t m;
	int odd = 0, small = 0, large = 0, inrange = 1, same = 1, cyc = 1;

	cfg_default(&c);
	ev_size_parse("rand", &c, err, sizeof(err));
	for (m = 0; m < 20000; m++) {
		ev_plan_msg(&c, 2, m, &mp);
		ev_plan_msg(&c, 2, m, &again);
		same &= mp.size == again.size && mp.op == again.op;
		inrange &= mp.size >= 1 && mp.size <= EV_MAX_MSG;
		odd += mp.size & 1;
		small += mp.size <= 16;
		large += mp.size >= 512 * 1024;
	}
	CHECK(inrange, "plan: random sizes within 1..1M");
	CHECK(same, "plan: same (seed, QP, message) gives the same plan");
	CHECK(odd > 2000, "plan: odd sizes appear (%d of 20000)", odd);
	CHECK(small > 1000 && large > 500,
	      "plan: log-uniform spread (%d tiny, %d >= 512K)", small, large);
	cfg_default(&c);
	ev_size_parse("1,3,5", &c, err, sizeof(err));
	for (m = 0; m < 30; m++) {
		ev_plan_msg(&c, 0, m, &mp);
		cyc &= mp.size == (uint32_t)(1 + 2 * (m % 3));
	}
	CHECK(cyc, "plan: a size list is cycled in order");
}

/*
 * The web-search CDF as the paper publishes it, written out again here
 * rather than taken from ev_plan.c: the sampler must reproduce these
 * numbers, not its own table.
 */
static const struct {
	uint32_t bytes;
	double cdf;
} ws_points[] = {
	{ 10000, 0.15 }, { 20000, 0.20 }, { 30000, 0.30 }, { 50000, 0.40 },
	{ 80000, 0.53 }, { 200000, 0.60 }, { 1000000, 0.70 },
	{ 2000000, 0.80 }, { 5000000, 0.90 }, { 10000000, 0.97 },
	/* Midpoints: the CDF is linear between points. */
	{ 5000, 0.075 }, { 600000, 0.65 }, { 20000000, 0.985 },
};

#define WS_DRAWS	200000

/* Fraction of @n sizes at or below @bytes. */
static double ws_frac(const uint32_t *v, size_t n, uint32_t bytes)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		k += v[i] <= bytes;
	return (double)k / (double)n;
}

/* PRNG values as ev_plan_msg() takes them, over 8 QPs. */
static void ws_draw(uint32_t *v, size_t n, uint64_t seed, uint32_t div)
{
	size_t i;

	for (i = 0; i < n; i++)
		v[i] = ev_size_websearch(div, ev_word(ev_key(seed, EV_DOM_SIZE,
							     (uint32_t)(i & 7),
							     i >> 3), 0));
}

/* DIV 1: the sizes follow the published CDF. */
static void test_websearch_cdf(void)
{
	uint32_t *v = calloc(WS_DRAWS, sizeof(*v));
	uint32_t lo = UINT32_MAX, hi = 0;
	double f, sum = 0, mean;
	size_t i;

	ws_draw(v, WS_DRAWS, 12345, 1);
	for (i = 0; i < WS_DRAWS; i++) {
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
		sum += v[i];
	}
	CHECK(lo >= 1 && hi <= EV_WEBSEARCH_MAX,
	      "websearch: %d sizes within 1..%u (seen %u..%u)", WS_DRAWS,
	      EV_WEBSEARCH_MAX, lo, hi);
	for (i = 0; i < ARRAY_SIZE(ws_points); i++) {
		f = ws_frac(v, WS_DRAWS, ws_points[i].bytes);
		CHECK(f > ws_points[i].cdf - 0.01 && f < ws_points[i].cdf + 0.01,
		      "websearch: fraction <= %u bytes is %.4f, CDF %.3f",
		      ws_points[i].bytes, f, ws_points[i].cdf);
	}
	/* Mean of the linear CDF: sum of (CDF step) x (segment middle). */
	mean = 0.15 * 5000 + 0.05 * 15000 + 0.10 * 25000 + 0.10 * 40000 +
	       0.13 * 65000 + 0.07 * 140000 + 0.10 * 600000 +
	       0.10 * 1500000 + 0.10 * 3500000 + 0.07 * 7500000 +
	       0.03 * 20000000;
	CHECK(sum / WS_DRAWS > mean * 0.97 && sum / WS_DRAWS < mean * 1.03,
	      "websearch: mean size %.0f within 3%% of the CDF's %.0f",
	      sum / WS_DRAWS, mean);
	free(v);
}

/* The ends and the points of the CDF, from chosen PRNG values. */
static void test_websearch_points(void)
{
	static const uint32_t pct[] = { 15, 20, 30, 40, 53, 60, 70, 80, 90, 97 };
	static const uint32_t bytes[] = { 10000, 20000, 30000, 50000, 80000,
		200000, 1000000, 2000000, 5000000, 10000000 };
	uint64_t u;
	size_t i;
	int ok = 1;

	CHECK(ev_size_websearch(1, 0) == 1 && ev_size_websearch(100, 0) == 1,
	      "websearch: fraction 0 gives the 1-byte floor");
	CHECK(ev_size_websearch(1, ~0ull) >= EV_WEBSEARCH_MAX - 10 &&
	      ev_size_websearch(1, ~0ull) < EV_WEBSEARCH_MAX,
	      "websearch: the top fraction gives just under %u bytes (%u)",
	      EV_WEBSEARCH_MAX, ev_size_websearch(1, ~0ull));
	CHECK(ev_size_websearch(EV_WEBSEARCH_MIN_DIV, ~0ull) <= EV_MAX_MSG &&
	      ev_size_websearch(EV_WEBSEARCH_MAX, ~0ull) == 1,
	      "websearch: the largest size divided stays within the limit");
	/* The first fraction at or past each point lands on its bytes. */
	for (i = 0; i < ARRAY_SIZE(pct); i++) {
		u = ((uint64_t)pct[i] << 32) / 100;
		u += u * 100 < (uint64_t)pct[i] << 32;
		ok &= ev_size_websearch(1, u << 32) == bytes[i];
		ok &= ev_size_websearch(1, (u - 1) << 32) < bytes[i];
		ok &= ev_size_websearch(100, u << 32) == bytes[i] / 100;
	}
	CHECK(ok, "websearch: each CDF point maps to its bytes, DIV rounds up");
	CHECK(ev_size_websearch(100, (uint64_t)1 << 32) == 1 &&
	      ev_size_websearch(3, (uint64_t)300000 << 32) ==
	      (ev_size_websearch(1, (uint64_t)300000 << 32) + 2) / 3,
	      "websearch: sizes divided by DIV are rounded up");
}

/* DIV 100 through the option parser and the plan, as the tool runs it. */
static void test_websearch_plan(void)
{
	uint32_t *v = calloc(WS_DRAWS, sizeof(*v)), lo = UINT32_MAX, hi = 0;
	struct ev_msg_plan mp, again;
	struct ev_config c, d;
	char err[256], sizes[64], ops[64];
	int same = 1, differ = 0;
	size_t i;
	double f;

	cfg_default(&c);
	CHECK(!ev_size_parse("websearch:100", &c, err, sizeof(err)) &&
	      !ev_config_check(&c, err, sizeof(err)) &&
	      c.size_mode == EV_SIZE_WEBSEARCH && c.sizes[0] == 100,
	      "websearch: websearch:100 accepted");
	c.qps = 8;
	d = c;
	d.seed = c.seed + 1;
	for (i = 0; i < WS_DRAWS; i++) {
		ev_plan_msg(&c, (uint32_t)(i & 7), i >> 3, &mp);
		ev_plan_msg(&c, (uint32_t)(i & 7), i >> 3, &again);
		v[i] = mp.size;
		same &= mp.size == again.size;
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
		ev_plan_msg(&d, (uint32_t)(i & 7), i >> 3, &again);
		differ += mp.size != again.size;
	}
	CHECK(same, "websearch: same seed, QP and message give the same size");
	CHECK(differ > WS_DRAWS * 9 / 10,
	      "websearch: another seed gives other sizes (%d of %d differ)",
	      differ, WS_DRAWS);
	CHECK(lo >= 1 && hi <= 300000, "websearch:100: sizes within 1..300000 (%u..%u)",
	      lo, hi);
	f = ws_frac(v, WS_DRAWS, 100);
	CHECK(f > 0.14 && f < 0.16, "websearch:100: fraction <= 100 bytes is %.4f",
	      f);
	f = ws_frac(v, WS_DRAWS, 10000);
	CHECK(f > 0.69 && f < 0.71, "websearch:100: fraction <= 10000 bytes is %.4f",
	      f);
	CHECK(ev_size_max(&c) == 300000 && hi <= ev_size_max(&c),
	      "websearch:100: buffers sized for 300000 bytes");
	ev_size_parse("websearch:29", &c, err, sizeof(err));
	CHECK(ev_size_max(&c) == 1034483 && ev_size_max(&c) <= EV_MAX_MSG,
	      "websearch:29: buffers sized for %u bytes, within the limit",
	      ev_size_max(&c));
	ev_size_parse("websearch:30000000", &c, err, sizeof(err));
	c.ops = EV_OPS_ALL;
	CHECK(ev_size_max(&c) == 8, "websearch: 1-byte sizes still leave room for atomics");
	ev_size_parse("websearch:100", &c, err, sizeof(err));
	ev_config_describe(&c, ops, sizeof(ops), sizes, sizeof(sizes));
	CHECK(!strcmp(sizes, "websearch:100"), "websearch: reported as '%s'", sizes);
	free(v);
}

static void test_websearch_refused(void)
{
	static const char * const bad[] = { "websearch:0", "websearch:x",
		"websearch:", "websearch:-5", "websearch:+50", "websearch:29K",
		"websearch:100x", "websearch:30000001", "websearch100",
		"websearch:99999999999999999999" };
	static const char * const small[] = { "websearch", "websearch:1",
		"websearch:28" };
	struct ev_opts o;
	struct ev_config c;
	char err[256], line[64];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		cfg_default(&c);
		err[0] = 0;
		CHECK(ev_size_parse(bad[i], &c, err, sizeof(err)) && err[0] &&
		      c.size_mode == EV_SIZE_FIXED,
		      "websearch: '%s' refused (%s)", bad[i], err);
	}
	/* No DIV below 29 fits 1 MiB, plain websearch (DIV 1) included. */
	CHECK(EV_WEBSEARCH_MIN_DIV == 29 && EV_MAX_MSG == 1u << 20,
	      "websearch: smallest DIV is %u for a %u-byte limit",
	      EV_WEBSEARCH_MIN_DIV, EV_MAX_MSG);
	for (i = 0; i < ARRAY_SIZE(small); i++) {
		snprintf(line, sizeof(line), "-c h -S %s", small[i]);
		err[0] = 0;
		CHECK(parse(line, &o, err, sizeof(err)) == -1 &&
		      strstr(err, "smallest DIV allowed is 29") &&
		      strstr(err, "websearch:29"),
		      "websearch: '%s' refused naming the smallest DIV (%s)",
		      small[i], err);
	}
	CHECK(!parse("-c h -S websearch:29 -q 8 -D 1", &o, err, sizeof(err)) &&
	      o.cfg.size_mode == EV_SIZE_WEBSEARCH && o.cfg.sizes[0] == 29 &&
	      o.cfg.qps == 8 && o.cfg.depth == 1,
	      "websearch: the flow workload line parsed");
	/* The server applies the same bounds to what a client sent. */
	cfg_default(&c);
	c.size_mode = EV_SIZE_WEBSEARCH;
	c.sizes[0] = 28;
	CHECK(ev_config_check(&c, err, sizeof(err)) && strstr(err, "29"),
	      "websearch: config with DIV 28 refused (%s)", err);
	c.sizes[0] = 0;
	CHECK(ev_config_check(&c, err, sizeof(err)),
	      "websearch: config with DIV 0 refused");
	c.sizes[0] = 100;
	c.nsizes = 2;
	CHECK(ev_config_check(&c, err, sizeof(err)),
	      "websearch: config with two sizes refused");
}

static void test_plan_mix(void)
{
	uint32_t seen = 0, counts[EV_OP_COUNT] = { 0 };
	struct ev_msg_plan mp;
	struct ev_config c;
	uint64_t m;
	int ok = 1;

	cfg_default(&c);
	c.ops = EV_OPS_ALL;
	for (m = 0; m < 6000; m++) {
		ev_plan_msg(&c, 1, m, &mp);
		seen |= 1u << mp.op;
		counts[mp.op]++;
		if (ev_op_is_atomic(mp.op))
			ok &= mp.size == 8 && mp.word < EV_ATOMIC_WORDS;
	}
	CHECK(seen == EV_OPS_ALL, "plan: a mix draws every operation");
	CHECK(counts[EV_OP_READ] > 800 && counts[EV_OP_READ] < 1200,
	      "plan: mix roughly even (%u reads of 6000)", counts[EV_OP_READ]);
	CHECK(ok, "plan: atomics are 8 bytes on a valid word");
	c.ops = (1u << EV_OP_SEND) | (1u << EV_OP_READ);
	seen = 0;
	for (m = 0; m < 1000; m++) {
		ev_plan_msg(&c, 1, m, &mp);
		seen |= 1u << mp.op;
	}
	CHECK(seen == c.ops, "plan: a two-op mix draws only those two");
}

static void test_atomic_model(void)
{
	struct ev_atomic_model am, bm;
	struct ev_msg_plan mp = { 0 };
	uint64_t cmp = 0, old, before;
	uint32_t ops;
	struct ev_config c;
	uint64_t m;
	int misses = 0, n = 0;

	ev_atomic_init(&am, 5, 0);
	ev_atomic_init(&bm, 6, 0);
	CHECK(memcmp(&am, &bm, sizeof(am)),
	      "atomic: initial words depend on the pattern seed");
	mp.op = EV_OP_FAA;
	mp.word = 3;
	mp.operand = 10;
	before = am.word[3];
	old = ev_atomic_apply(&am, &mp, &cmp);
	CHECK(old == before && am.word[3] == before + 10,
	      "atomic: FAA returns the old word and adds");
	mp.op = EV_OP_CAS;
	mp.operand = 777;
	mp.cas_miss = 0;
	old = ev_atomic_apply(&am, &mp, &cmp);
	CHECK(old == before + 10 && cmp == old && am.word[3] == 777,
	      "atomic: CAS with the right compare swaps");
	mp.cas_miss = 1;
	mp.operand = 888;
	old = ev_atomic_apply(&am, &mp, &cmp);
	CHECK(old == 777 && cmp != old && am.word[3] == 777,
	      "atomic: CAS with a wrong compare leaves the word");
	mp.op = EV_OP_AWRITE;
	mp.operand = 999;
	old = ev_atomic_apply(&am, &mp, &cmp);
	CHECK(old == 777 && am.word[3] == 999, "atomic: ATOMIC WRITE sets the word");
	CHECK(ev_op_is_atomic(EV_OP_AWRITE) && !ev_op_uses_slot(EV_OP_AWRITE),
	      "atomic: ATOMIC WRITE is an atomic on a word, not a slot");
	CHECK(!ev_op_parse("awrite,cas", &ops) &&
	      ops == ((1u << EV_OP_AWRITE) | (1u << EV_OP_CAS)) &&
	      !ev_op_parse("mix", &ops) && (ops & (1u << EV_OP_AWRITE)),
	      "atomic: 'awrite' parses, and 'mix' holds it");
	cfg_default(&c);
	c.ops = 1u << EV_OP_CAS;
	for (m = 0; m < 4000; m++, n++) {
		ev_plan_msg(&c, 0, m, &mp);
		misses += mp.cas_miss;
	}
	CHECK(misses > 800 && misses < 1200, "atomic: about one CAS in four misses (%d of %d)",
	      misses, n);
}

static void test_config_check(void)
{
	struct ev_config c;
	char err[256];

	cfg_default(&c);
	CHECK(!ev_config_check(&c, err, sizeof(err)), "config: default accepted");
	c.uc = 1;
	c.ops = 1u << EV_OP_READ;
	CHECK(ev_config_check(&c, err, sizeof(err)) && strstr(err, "UC"),
	      "config: UC with read refused (%s)", err);
	cfg_default(&c);
	c.depth = 0;
	CHECK(ev_config_check(&c, err, sizeof(err)), "config: depth 0 refused");
	cfg_default(&c);
	c.qps = EV_MAX_QPS + 1;
	CHECK(ev_config_check(&c, err, sizeof(err)), "config: too many QPs refused");
	cfg_default(&c);
	c.ops = 1u << 7;
	CHECK(ev_config_check(&c, err, sizeof(err)), "config: unknown op bit refused");
	cfg_default(&c);
	c.size_mode = EV_SIZE_RAND;
	c.nsizes = 2;
	c.sizes[0] = 9;
	c.sizes[1] = 3;
	CHECK(ev_config_check(&c, err, sizeof(err)), "config: rand MIN > MAX refused");
	cfg_default(&c);
	c.sizes[0] = EV_MAX_MSG + 1;
	CHECK(ev_config_check(&c, err, sizeof(err)), "config: size over 1M refused");
	cfg_default(&c);
	c.write_poll = 1;
	CHECK(!ev_config_check(&c, err, sizeof(err)),
	      "config: write_poll with write accepted");
	c.ops |= 1u << EV_OP_WRITE_IMM;
	CHECK(ev_config_check(&c, err, sizeof(err)) && strstr(err, "write-poll"),
	      "config: write_poll with another op refused (%s)", err);
	cfg_default(&c);
	c.write_poll = 1;
	c.uc = 1;
	CHECK(ev_config_check(&c, err, sizeof(err)),
	      "config: write_poll on UC refused");
}

static void test_op_parse(void)
{
	uint32_t m = 0;

	CHECK(!ev_op_parse("write,read", &m) &&
	      m == ((1u << EV_OP_WRITE) | (1u << EV_OP_READ)), "ops: list parsed");
	CHECK(!ev_op_parse("mix", &m) && m == EV_OPS_ALL, "ops: mix is all");
	CHECK(ev_op_parse("write,bogus", &m), "ops: unknown name refused");
	CHECK(ev_op_parse("", &m), "ops: empty refused");
}

static void test_imm(void)
{
	uint32_t imm = ev_imm_ctrl(EV_CTRL_MARK, 12345);

	CHECK(ev_imm_is_ctrl(imm) && ev_imm_ctrl_type(imm) == EV_CTRL_MARK &&
	      ev_imm_widen(imm & 0x0fffffff, EV_IMM_CTRL_BITS, 12000) == 12345,
	      "imm: control round trip");
	CHECK(!ev_imm_is_ctrl(ev_imm_data(1ull << 40 | 5)),
	      "imm: data never looks like control");
	CHECK(ev_imm_widen(ev_imm_data((1ull << 31) + 3), EV_IMM_DATA_BITS,
			   (1ull << 31) - 10) == (1ull << 31) + 3,
	      "imm: widen across the 2^31 wrap");
	CHECK(ev_imm_widen(ev_imm_data(100), EV_IMM_DATA_BITS, 110) == 100,
	      "imm: widen slightly behind the reference");
	CHECK(ev_imm_widen(0x7ffffff0, EV_IMM_DATA_BITS, 3) == 0x7ffffff0,
	      "imm: widen never goes below zero");
}

static void test_ring(void)
{
	struct ev_ring r;
	int ok;

	ev_ring_init(&r, 4);
	ev_ring_push(&r, 10);
	ev_ring_push(&r, 11);
	ev_ring_push(&r, 12);
	CHECK(ev_ring_complete(&r, 10) == EV_ORDER_OK, "ring: oldest completes");
	CHECK(ev_ring_complete(&r, 12) == EV_ORDER_EARLY &&
	      ev_ring_oldest(&r) == 11, "ring: out-of-order completion caught, ring kept");
	CHECK(ev_ring_complete(&r, 10) == EV_ORDER_UNKNOWN,
	      "ring: duplicate completion caught");
	ok = ev_ring_complete(&r, 11) == EV_ORDER_OK &&
	     ev_ring_complete(&r, 12) == EV_ORDER_OK && r.count == 0;
	ev_ring_push(&r, 13);
	ev_ring_push(&r, 14);
	ev_ring_push(&r, 15);
	ev_ring_push(&r, 16);
	CHECK(ok && ev_ring_push(&r, 17) == -1, "ring: wraps and refuses overflow");
	CHECK(ev_seq_classify(5, 5) == EV_SEQ_OK &&
	      ev_seq_classify(5, 7) == EV_SEQ_GAP &&
	      ev_seq_classify(5, 4) == EV_SEQ_OLD, "seq: in order, gap, old");
	ev_ring_free(&r);
}

/* wr_id <-> slot: only our tag with a slot in range maps back. */
static void test_srq_wrid(void)
{
	static const uint32_t slots[] = { 0, 1, 47, 383 };
	uint32_t slot, i;
	int ok = 1;

	for (i = 0; i < ARRAY_SIZE(slots); i++) {
		slot = UINT32_MAX;
		ok &= !ev_srq_slot(ev_srq_wrid(slots[i]), 384, &slot) &&
		      slot == slots[i];
	}
	CHECK(ok, "srq: wr_id of a slot maps back to that slot");
	slot = 7;
	CHECK(ev_srq_slot(ev_srq_wrid(384), 384, &slot) == -1 && slot == 7,
	      "srq: a slot beyond the SRQ is refused, slot untouched");
	CHECK(ev_srq_slot(5, 384, &slot) == -1 &&
	      ev_srq_slot(EV_WRID_CTRL | 5, 384, &slot) == -1,
	      "srq: a per-QP or control wr_id is no SRQ slot");
	CHECK(ev_srq_slot(EV_WRID_SRQ | (1ull << 32), 384, &slot) == -1 &&
	      ev_srq_slot(EV_WRID_SRQ | EV_WRID_CTRL | 3, 384, &slot) == -1,
	      "srq: high bits beside the tag are refused, not truncated");
	CHECK(ev_srq_wrid(3) != 3 && !(ev_srq_wrid(3) & EV_WRID_CTRL),
	      "srq: the tag tells SRQ receives from the rest");
}

/* The book: a slot is taken once per post, in any order across slots. */
static void test_srq_book(void)
{
	static const uint32_t order[] = { 3, 0, 2, 1 };
	struct ev_srq_book b;
	uint32_t slot, i;
	int ok = 1;

	CHECK(!ev_srq_book_init(&b, 4) && b.outstanding == 0,
	      "srq book: starts empty");
	for (i = 0; i < 4; i++)
		ok &= !ev_srq_book_post(&b, i);
	CHECK(ok && b.outstanding == 4, "srq book: four slots posted");
	CHECK(ev_srq_book_post(&b, 2) == -1 && ev_srq_book_post(&b, 4) == -1 &&
	      b.outstanding == 4,
	      "srq book: a slot on the SRQ or beyond it is not posted");
	CHECK(ev_srq_book_take(&b, ev_srq_wrid(2), &slot) == EV_SRQ_OK &&
	      slot == 2 && b.outstanding == 3, "srq book: slot 2 taken");
	CHECK(ev_srq_book_take(&b, ev_srq_wrid(2), &slot) == EV_SRQ_TAKEN &&
	      slot == 2 && b.outstanding == 3,
	      "srq book: slot 2 taken again is a duplicate");
	CHECK(ev_srq_book_take(&b, 1, &slot) == EV_SRQ_BAD_ID &&
	      ev_srq_book_take(&b, ev_srq_wrid(4), &slot) == EV_SRQ_BAD_ID &&
	      b.outstanding == 3, "srq book: a wr_id never posted is refused");
	ok = !ev_srq_book_post(&b, 2);
	for (i = 0; i < ARRAY_SIZE(order); i++)
		ok &= ev_srq_book_take(&b, ev_srq_wrid(order[i]), &slot) ==
		      EV_SRQ_OK && slot == order[i];
	CHECK(ok && b.outstanding == 0,
	      "srq book: reposted, then taken out of posting order");
	ev_srq_book_free(&b);
}

/* The SRQ holds what the QPs' own queues would, within max_srq_wr. */
static void test_srq_size(void)
{
	uint32_t n = 0;

	CHECK(!ev_srq_size(48, 8, 16384, &n) && n == 384,
	      "srq size: 8 QPs x 48 receives = 384");
	CHECK(!ev_srq_size(48, 8, 384, &n) && n == 384,
	      "srq size: exactly the device's limit fits");
	n = 5;
	CHECK(ev_srq_size(48, 8, 383, &n) == -1 && n == 5,
	      "srq size: one beyond the device's limit refused");
	CHECK(ev_srq_size(2 * EV_MAX_DEPTH + 16, EV_MAX_QPS, 1u << 20, &n) ==
	      -1, "srq size: 1024 QPs at depth 512 beyond 2^20 refused");
	CHECK(ev_srq_size(0x10001, 0x10000, 1u << 20, &n) == -1 &&
	      ev_srq_size(0x10001, 0xffff, UINT32_MAX, &n) == 0 &&
	      n == 0xffffffffu,
	      "srq size: the product does not wrap at 2^32");
	CHECK(ev_srq_size(0, 8, 16384, &n) == -1 &&
	      ev_srq_size(32, 8, 0, &n) == -1,
	      "srq size: none to share, or no SRQ on the device, refused");
}

static void test_hist(void)
{
	struct ev_hist *h = calloc(1, sizeof(*h)), *g = calloc(1, sizeof(*g));
	uint64_t v, p50, p99;

	for (v = 1; v <= 100000; v++)
		ev_hist_add(h, v);
	p50 = ev_hist_pct(h, 50);
	p99 = ev_hist_pct(h, 99);
	CHECK(p50 >= 50000 && p50 <= 50000 * 33 / 32 + 1,
	      "hist: p50 of 1..100000 is %llu (within 1/32 above 50000)",
	      (unsigned long long)p50);
	CHECK(p99 >= 99000 && p99 <= 100000, "hist: p99 is %llu",
	      (unsigned long long)p99);
	CHECK(ev_hist_pct(h, 100) == 100000 && h->max == 100000,
	      "hist: p100 is the exact max");
	ev_hist_add(g, 7);
	CHECK(ev_hist_pct(g, 50) == 7 && ev_hist_pct(g, 99) == 7,
	      "hist: single sample is every percentile");
	ev_hist_merge(g, h);
	CHECK(g->n == 100001 && g->min == 1, "hist: merge adds counts");
	free(h);
	free(g);
}

static void test_hist_mean(void)
{
	struct ev_hist *h = calloc(1, sizeof(*h)), *g = calloc(1, sizeof(*g));
	uint64_t v;

	CHECK(ev_hist_mean(h) == 0, "mean: empty histogram gives 0");
	for (v = 1; v <= 100000; v++)
		ev_hist_add(h, v);
	CHECK(ev_hist_mean(h) == 50000.5, "mean: of 1..100000 is %.1f, exact",
	      ev_hist_mean(h));
	/* One bucket holds all three: only the exact sum tells them apart. */
	ev_hist_add(g, 1000000);
	ev_hist_add(g, 1000001);
	ev_hist_add(g, 1000003);
	CHECK(ev_hist_mean(g) == 3000004.0 / 3,
	      "mean: exact, not from the buckets (%.3f)", ev_hist_mean(g));
	/* A total is weighted by messages, not a mean of the QPs' means. */
	memset(g, 0, sizeof(*g));
	ev_hist_add(g, 10);
	ev_hist_merge(g, h);
	CHECK(ev_hist_mean(g) == (5000050000.0 + 10) / 100001,
	      "mean: merged histograms weigh every sample alike");
	free(h);
	free(g);
}

/* The report as ev_report_print() writes it; the caller frees it. */
static char *report_text(const struct ev_report *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ev_report_print(f, r);
	fclose(f);
	return buf;
}

/* lat_mean_us per QP and in total, after the keys scripts already read. */
static void test_report_mean(void)
{
	struct ev_stats *st = calloc(2, sizeof(*st));
	struct ev_report r = { 0 };
	struct ev_opts o;
	char err[256], *buf;

	parse("-c h -S websearch:100 -q 2 -D 1 --json", &o, err, sizeof(err));
	ev_hist_add(&st[0].lat, 10000);
	ev_hist_add(&st[0].lat, 20000);
	ev_hist_add(&st[1].lat, 30000);
	CHECK(ev_stats_lat_mean_us(&st[0]) == 15.0 &&
	      ev_stats_lat_mean_us(&st[1]) == 30.0,
	      "mean: per QP in microseconds");
	r.opts = &o;
	r.nqps = 2;
	r.qp = st;
	r.error = "";
	buf = report_text(&r);
	CHECK(strstr(buf, "\"size\":\"websearch:100\"") != NULL,
	      "report: size shown as websearch:100");
	CHECK(strstr(buf, "\"lat_max_us\":20.0,\"polled_messages\":0,\"early_last_bytes\":0,\"lat_mean_us\":15.0}") &&
	      strstr(buf, "\"lat_max_us\":30.0,\"polled_messages\":0,\"early_last_bytes\":0,\"lat_mean_us\":30.0}") &&
	      strstr(buf, "\"total\":{\"messages\":0,"),
	      "report: lat_mean_us per QP, existing keys in place");
	CHECK(strstr(strstr(buf, "\"total\":"), "\"lat_mean_us\":20.0}") != NULL,
	      "report: total mean over all messages (20.0)");
	free(buf);
	o.json = 0;
	buf = report_text(&r);
	CHECK(strstr(buf, "mean_us\n") && strstr(buf, "    20.0\n"),
	      "report: table has a mean_us column");
	free(buf);
	free(st);
}

/* "srq" says the run asked for one, with its size and the receives. */
static void test_report_srq(void)
{
	struct ev_stats *st = calloc(2, sizeof(*st));
	struct ev_report r = { 0 };
	struct ev_opts o;
	char err[256], *buf;

	parse("-s --srq --json", &o, err, sizeof(err));
	st[0].srq_recvs = 3;
	st[1].srq_recvs = 4;
	r.opts = &o;
	r.nqps = 2;
	r.qp = st;
	r.error = "";
	r.srq_wqes = 96;
	buf = report_text(&r);
	CHECK(strstr(buf, "\"write_poll\":0,\"srq\":1,\"srq_wqes\":96,\"srq_receives\":7,\"setup\"") != NULL,
	      "report: srq, its size and the receives of all QPs");
	free(buf);
	o.json = 0;
	buf = report_text(&r);
	CHECK(strstr(buf, "\nsrq: 96 receives shared by 2 QPs, 7 taken\n") != NULL,
	      "report: table has an srq line");
	free(buf);
	parse("-s --json", &o, err, sizeof(err));
	r.srq_wqes = 0;
	st[0].srq_recvs = st[1].srq_recvs = 0;
	buf = report_text(&r);
	CHECK(strstr(buf, "\"srq\":0,\"srq_wqes\":0,\"srq_receives\":0,") != NULL,
	      "report: srq 0 without --srq");
	free(buf);
	free(st);
}

static void test_wire(void)
{
	struct ev_wire_req req = { 0 }, back;
	struct ev_wire_rep rep = { 0 }, rback;
	struct ev_qp_addr a = { 0 }, ab;
	uint8_t buf[128];
	char err[256];
	size_t n;

	cfg_default(&req.cfg);
	req.cfg.seed = 0x0123456789abcdefULL;
	req.cfg.ops = EV_OPS_ALL;
	req.cfg.qps = 17;
	req.cfg.uc = 1;
	req.cfg.sizes[7] = 65537;
	req.qp_index = 16;
	n = ev_wire_req_pack(&req, buf, sizeof(buf));
	CHECK(n == EV_WIRE_REQ_LEN && n <= 56,
	      "wire: request fits rdma_cm private data (%zu bytes)", n);
	CHECK(!ev_wire_req_unpack(&back, buf, n) &&
	      !memcmp(&back.cfg, &req.cfg, sizeof(req.cfg)) &&
	      back.qp_index == 16, "wire: request round trip");
	req.cfg.ops = 1u << EV_OP_WRITE;
	req.cfg.uc = 0;
	req.cfg.write_poll = 1;
	n = ev_wire_req_pack(&req, buf, sizeof(buf));
	CHECK(!ev_wire_req_unpack(&back, buf, n) && back.cfg.write_poll == 1 &&
	      back.cfg.uc == 0, "wire: write_poll flag round trip");
	cfg_default(&req.cfg);
	ev_size_parse("websearch:100", &req.cfg, err, sizeof(err));
	n = ev_wire_req_pack(&req, buf, sizeof(buf));
	CHECK(!ev_wire_req_unpack(&back, buf, n) &&
	      !memcmp(&back.cfg, &req.cfg, sizeof(req.cfg)) &&
	      !ev_config_check(&back.cfg, err, sizeof(err)),
	      "wire: websearch:100 round trip, accepted by the server");
	buf[0] ^= 1;
	CHECK(ev_wire_req_unpack(&back, buf, n), "wire: bad magic refused");
	CHECK(ev_wire_req_unpack(&back, buf, n - 1), "wire: short request refused");
	rep.rkey = 0xdeadbeef;
	rep.slot_addr = 0x7fff00001000ULL;
	rep.atomic_addr = rep.slot_addr + 4096;
	rep.nslots = 32;
	rep.slot_size = 65600;
	n = ev_wire_rep_pack(&rep, buf, sizeof(buf));
	CHECK(!ev_wire_rep_unpack(&rback, buf, n) &&
	      !memcmp(&rep, &rback, sizeof(rep)), "wire: reply round trip");
	a.qpn = 0x11;
	a.psn = 0xabcdef;
	a.gid[15] = 9;
	ev_wire_addr_pack(&a, buf);
	ev_wire_addr_unpack(&ab, buf);
	CHECK(!memcmp(&a, &ab, sizeof(a)), "wire: QP address round trip");
}

static void test_opts(void)
{
	static const char * const bad[] = { "", "-c", "-s -q 0", "-s -q 1025",
		"-s -D 0", "-c h -o read --uc --tcp", "-c h --uc", "-s -S 0", "-s -T 0",
		"-s -n -5", "-s --bogus", "-s extra", "-s -p 70000",
		"-s -b 1X", "-s -u 0", "-s -u 32", "-c h --write-poll -o send",
		"-c h --write-poll --tcp --uc", "-c h --psn 1",
		"-c h --tcp --psn 16777216", "-s --retry 8", "-s --rnr-retry -1",
		"-s --interval 100", "-c h --interval 0", "-c h --interval 60001",
		"-s --srq=1", "-c h --srq 4", "-s --block=1", "-c h --block 2",
		"-s --offered 1M", "-c h --offered 0", "-c h --offered -1",
		"-c h --offered 2X", "-s --stop-file f", "-c h --stop-file" };
	struct ev_opts o;
	char err[256];
	size_t i;

	CHECK(!parse("-c 10.0.0.1 -o mix -S rand:1-64K -q 4 -n 500 --seed 7", &o,
		     err, sizeof(err)) && o.role == EV_ROLE_CLIENT &&
	      o.cfg.ops == EV_OPS_ALL && o.cfg.qps == 4 && o.iters == 500 &&
	      o.cfg.seed == 7 && o.seed_set, "opts: full client line parsed");
	CHECK(!parse("-s", &o, err, sizeof(err)) && o.iters == EV_DEFAULT_ITERS &&
	      o.port == EV_DEFAULT_PORT && !o.block, "opts: defaults applied");
	CHECK(!parse("-s --block", &o, err, sizeof(err)) && o.block &&
	      !parse("-c h -o write --block", &o, err, sizeof(err)) && o.block,
	      "opts: --block on either side");
	CHECK(!parse("-c h -b 8M -t 2.5", &o, err, sizeof(err)) &&
	      o.bytes == 8u << 20 && o.seconds == 2.5 && o.iters == 0,
	      "opts: byte and time bounds");
	CHECK(!parse("-c h -u 20", &o, err, sizeof(err)) && o.ack_timeout == 20 &&
	      !parse("-s", &o, err, sizeof(err)) &&
	      o.ack_timeout == EV_DEFAULT_ACK_TIMEOUT, "opts: ACK timeout");
	CHECK(!parse("-c h --tcp --uc -o mix", &o, err, sizeof(err)) &&
	      o.cfg.ops == EV_OPS_UC, "opts: mix on UC narrows to UC ops");
	CHECK(!parse("-c h --write-poll -S 64K", &o, err, sizeof(err)) &&
	      o.cfg.write_poll && !o.allow_early,
	      "opts: --write-poll on the client");
	CHECK(!parse("-s --allow-early", &o, err, sizeof(err)) && o.allow_early,
	      "opts: --allow-early on the server");
	CHECK(!parse("-c h --tcp --psn 16777215 --retry 0 --rnr-retry 3", &o,
		     err, sizeof(err)) && o.psn == 0xffffff && o.retry_cnt == 0 &&
	      o.rnr_retry == 3, "opts: --psn, --retry, --rnr-retry");
	CHECK(!parse("-c h --interval 250", &o, err, sizeof(err)) &&
	      o.interval_ms == 250, "opts: --interval on the client");
	CHECK(!parse("-s --srq", &o, err, sizeof(err)) && o.srq &&
	      o.role == EV_ROLE_SERVER, "opts: --srq on the server");
	CHECK(!parse("-c h --srq -q 8 -o send", &o, err, sizeof(err)) &&
	      o.srq && o.cfg.qps == 8, "opts: --srq on the client");
	CHECK(!parse("-c h --tcp --uc --srq -o send", &o, err, sizeof(err)) &&
	      o.srq && o.cfg.uc, "opts: --srq with UC QPs");
	CHECK(!parse("-s", &o, err, sizeof(err)) && !o.srq,
	      "opts: no SRQ by default");
	CHECK(!parse("-c h --offered 2M", &o, err, sizeof(err)) &&
	      o.offered == 2u << 20 && !parse("-c h", &o, err, sizeof(err)) &&
	      !o.offered, "opts: --offered on the client, closed loop without");
	CHECK(!parse("-c h -t 9 --stop-file /run/x", &o, err, sizeof(err)) &&
	      o.stop_file && !strcmp(o.stop_file, "/run/x") && o.seconds == 9 &&
	      !o.iters, "opts: --stop-file beside a time bound");
	CHECK(!parse("-c h --stop-file f", &o, err, sizeof(err)) &&
	      o.iters == EV_DEFAULT_ITERS,
	      "opts: a stop file alone is no bound: the default count stays");
	CHECK(!parse("-s", &o, err, sizeof(err)) && o.psn == -1 &&
	      o.retry_cnt == 7 && o.rnr_retry == 7,
	      "opts: PSN from the clock, retries 7 by default");
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		err[0] = 0;
		CHECK(parse(bad[i], &o, err, sizeof(err)) == -1 && err[0],
		      "opts: '%s' refused (%s)", bad[i], err);
	}
}

/* The plan's mean size, against the mean of many messages it plans. */
static void check_size_mean(const char *spec, uint32_t ops, double tol)
{
	struct ev_msg_plan mp;
	struct ev_config c;
	double sum = 0, want;
	char err[256];
	size_t i;

	cfg_default(&c);
	c.ops = ops;
	c.qps = 8;
	if (!CHECK(!ev_size_parse(spec, &c, err, sizeof(err)),
		   "arrival: size '%s' parsed (%s)", spec, err))
		return;
	for (i = 0; i < WS_DRAWS; i++) {
		ev_plan_msg(&c, (uint32_t)(i & 7), i >> 3, &mp);
		sum += mp.size;
	}
	want = ev_size_mean(&c);
	CHECK(sum / WS_DRAWS > want * (1 - tol) &&
	      sum / WS_DRAWS < want * (1 + tol),
	      "arrival: '%s' planned mean %.1f within %.1f%% of %.1f", spec,
	      sum / WS_DRAWS, tol * 100, want);
}

static void test_size_mean(void)
{
	uint32_t w = 1u << EV_OP_WRITE, faa = 1u << EV_OP_FAA;
	struct ev_config c;
	char err[256];

	check_size_mean("4096", w, 1e-9);
	check_size_mean("1,3,8", w, 1e-3);
	check_size_mean("rand:1-64K", w, 0.01);
	check_size_mean("rand:100-5000", w, 0.01);
	check_size_mean("websearch:100", w, 0.02);
	check_size_mean("websearch:1000", w, 0.02);
	check_size_mean("4096", w | faa, 0.01);
	cfg_default(&c);
	c.ops = faa;
	CHECK(ev_size_mean(&c) == 8, "arrival: an atomic's mean is 8 bytes");
	cfg_default(&c);
	c.qps = 8;
	CHECK(!ev_size_parse("1000", &c, err, sizeof(err)) &&
	      ev_arrival_mean_gap_ns(&c, 8000) == 1e9,
	      "arrival: 8 QPs of 1000 bytes at 8000 B/s: one a second each");
}

/* Exponential gaps: their mean, their tail, repeatable, per QP. */
static void test_arrival_gaps(void)
{
	const double mean = 1e6;
	double sum = 0, tail = 0;
	uint64_t g, min = UINT64_MAX;
	int same = 1, differ = 0;
	size_t i;

	for (i = 0; i < WS_DRAWS; i++) {
		g = ev_arrival_gap_ns(42, (uint32_t)(i & 7), i >> 3, mean);
		sum += g;
		tail += g > mean;
		min = g < min ? g : min;
		same &= g == ev_arrival_gap_ns(42, (uint32_t)(i & 7), i >> 3, mean);
		differ += g != ev_arrival_gap_ns(43, (uint32_t)(i & 7), i >> 3, mean);
	}
	CHECK(sum / WS_DRAWS > mean * 0.99 && sum / WS_DRAWS < mean * 1.01,
	      "arrival: mean gap %.0f ns within 1%% of %.0f", sum / WS_DRAWS, mean);
	CHECK(tail / WS_DRAWS > 0.3629 && tail / WS_DRAWS < 0.3729,
	      "arrival: %.4f of the gaps over the mean, e^-1 for an exponential",
	      tail / WS_DRAWS);
	CHECK(min < mean / 1000, "arrival: gaps near 0 occur (shortest %llu ns)",
	      (unsigned long long)min);
	CHECK(same && differ > WS_DRAWS * 99 / 100,
	      "arrival: a seed repeats its gaps, another draws others (%d of %d)",
	      differ, WS_DRAWS);
	CHECK(ev_arrival_gap_ns(1, 0, 0, 0) == 0,
	      "arrival: a mean of 0 gives no gap");
}

/* Bytes land in the interval of their completion, counted from t0. */
static void test_series(void)
{
	static struct ev_series s;
	const uint64_t ms = 1000000, t0 = 5000 * ms;

	ev_series_init(&s, 100);
	ev_series_add(&s, t0, 1000);
	CHECK(s.n == 0, "series: nothing counted before the first post");
	ev_series_start(&s, t0, 1700000000.25);
	ev_series_start(&s, t0 + 7 * ms, 1.0);
	CHECK(s.t0 == t0 && s.t0_unix == 1700000000.25,
	      "series: the first post starts it, later ones do not");
	ev_series_add(&s, t0, 100000);
	ev_series_add(&s, t0 + 99 * ms, 100000);
	ev_series_add(&s, t0 + 100 * ms, 50000);
	ev_series_add(&s, t0 + 350 * ms, 25000);
	CHECK(s.n == 4 && s.bytes[0] == 200000 && s.bytes[1] == 50000 &&
	      s.bytes[2] == 0 && s.bytes[3] == 25000,
	      "series: bytes in the interval of their completion");
	CHECK(ev_series_mbps(&s, 0) == 2.0 && ev_series_mbps(&s, 1) == 0.5 &&
	      ev_series_mbps(&s, 2) == 0 && ev_series_mbps(&s, 4) == 0,
	      "series: MB/s per interval, 0 past the end");
	ev_series_add(&s, t0 + (uint64_t)EV_SERIES_MAX * 100 * ms, 1);
	CHECK(s.n == 4, "series: a completion past the last interval is not kept");
	ev_series_add(&s, t0 + ((uint64_t)EV_SERIES_MAX * 100 - 1) * ms, 7);
	CHECK(s.n == EV_SERIES_MAX && s.bytes[EV_SERIES_MAX - 1] == 7,
	      "series: the last interval is kept");
	ev_series_init(&s, 0);
	ev_series_start(&s, t0, 0);
	ev_series_add(&s, t0, 9);
	CHECK(s.n == 0 && ev_series_mbps(&s, 0) == 0,
	      "series: none without an interval");
}

int main(void)
{
	test_pattern_roundtrip();
	test_pattern_corruption();
	test_pattern_keys();
	test_poll_last_pkt();
	test_poll_check();
	test_size_parse();
	test_plan_sizes();
	test_websearch_cdf();
	test_websearch_points();
	test_websearch_plan();
	test_websearch_refused();
	test_plan_mix();
	test_atomic_model();
	test_config_check();
	test_op_parse();
	test_imm();
	test_ring();
	test_srq_wrid();
	test_srq_book();
	test_srq_size();
	test_hist();
	test_hist_mean();
	test_report_mean();
	test_report_srq();
	test_wire();
	test_opts();
	test_series();
	test_size_mean();
	test_arrival_gaps();
	printf("1..%d\n", n_test);
	printf("%d passed, %d failed\n", n_pass, n_fail);
	return n_fail ? 1 : 0;
}
