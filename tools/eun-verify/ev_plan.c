// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: run configuration and the per-message plan.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ev_pattern.h"
#include "ev_plan.h"

static const char * const ev_op_names[EV_OP_COUNT] = {
	[EV_OP_SEND]		= "send",
	[EV_OP_WRITE]		= "write",
	[EV_OP_WRITE_IMM]	= "write_imm",
	[EV_OP_READ]		= "read",
	[EV_OP_CAS]		= "cas",
	[EV_OP_FAA]		= "faa",
	[EV_OP_AWRITE]		= "awrite",
};

const char *ev_op_name(enum ev_op op)
{
	return op < EV_OP_COUNT ? ev_op_names[op] : "?";
}

/**
 * ev_op_parse() - parse an operation list such as "write,read" or "mix"
 * @name: comma-separated names; "mix" means every RC operation
 * @mask: receives the bit mask of enum ev_op
 *
 * Return: 0, or -1 on an unknown name.
 */
int ev_op_parse(const char *name, uint32_t *mask)
{
	char buf[128], *tok, *save = NULL;
	uint32_t m = 0;
	int i;

	if (!name || strlen(name) >= sizeof(buf) || !*name)
		return -1;
	memcpy(buf, name, strlen(name) + 1);
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (!strcmp(tok, "mix") || !strcmp(tok, "all")) {
			m |= EV_OPS_ALL;
			continue;
		}
		for (i = 0; i < EV_OP_COUNT; i++)
			if (!strcmp(tok, ev_op_names[i]))
				break;
		if (i == EV_OP_COUNT)
			return -1;
		m |= 1u << i;
	}
	if (!m)
		return -1;
	*mask = m;
	return 0;
}

/* The peer learns of these from a receive completion carrying the number. */
int ev_op_notifies(enum ev_op op)
{
	return op == EV_OP_SEND || op == EV_OP_WRITE_IMM;
}

int ev_op_is_atomic(enum ev_op op)
{
	return op == EV_OP_CAS || op == EV_OP_FAA || op == EV_OP_AWRITE;
}

/* Uses the peer's slot for message % slots (written or read remotely). */
int ev_op_uses_slot(enum ev_op op)
{
	return op == EV_OP_WRITE || op == EV_OP_WRITE_IMM || op == EV_OP_READ;
}

/* Size with an optional K/M suffix (powers of two). */
static int ev_parse_bytes(const char *s, uint32_t *out)
{
	unsigned long long v;
	char *end;

	errno = 0;
	if (!*s || *s == '-')
		return -1;
	v = strtoull(s, &end, 0);
	if (errno || end == s)
		return -1;
	if (*end == 'k' || *end == 'K') {
		v <<= 10;
		end++;
	} else if (*end == 'm' || *end == 'M') {
		v <<= 20;
		end++;
	}
	if (*end || v == 0 || v > EV_MAX_MSG)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

static int ev_size_parse_rand(const char *arg, struct ev_config *cfg)
{
	char buf[64], *dash;

	cfg->size_mode = EV_SIZE_RAND;
	cfg->nsizes = 2;
	cfg->sizes[0] = 1;
	cfg->sizes[1] = EV_MAX_MSG;
	if (!*arg)
		return 0;
	if (*arg != ':' || strlen(arg + 1) >= sizeof(buf))
		return -1;
	memcpy(buf, arg + 1, strlen(arg + 1) + 1);
	dash = strchr(buf, '-');
	if (!dash)
		return -1;
	*dash = 0;
	if (ev_parse_bytes(buf, &cfg->sizes[0]) ||
	    ev_parse_bytes(dash + 1, &cfg->sizes[1]))
		return -1;
	return cfg->sizes[0] <= cfg->sizes[1] ? 0 : -1;
}

/*
 * "websearch" or "websearch:DIV", DIV a plain decimal. A DIV too small
 * for the message limit is refused rather than raised behind the user's
 * back: sizes scaled other than asked would skew the experiment.
 */
static int ev_size_parse_websearch(const char *spec, const char *arg,
				   struct ev_config *cfg, char *err,
				   size_t errlen)
{
	unsigned long long div = 1;
	char *end;

	if (*arg) {
		errno = 0;
		if (*arg != ':' || !isdigit((unsigned char)arg[1]))
			goto bad;
		div = strtoull(arg + 1, &end, 10);
		if (errno || *end || div < 1 || div > EV_WEBSEARCH_MAX)
			goto bad;
	}
	if (div < EV_WEBSEARCH_MIN_DIV) {
		snprintf(err, errlen,
			 "size '%s': the largest web-search flow, %u bytes / DIV %llu, is over the %u-byte message limit: the smallest DIV allowed is %u (websearch:%u)",
			 spec, EV_WEBSEARCH_MAX, div, EV_MAX_MSG,
			 EV_WEBSEARCH_MIN_DIV, EV_WEBSEARCH_MIN_DIV);
		return -1;
	}
	cfg->size_mode = EV_SIZE_WEBSEARCH;
	cfg->nsizes = 1;
	cfg->sizes[0] = (uint32_t)div;
	return 0;
bad:
	snprintf(err, errlen,
		 "bad size '%s': want websearch:DIV, DIV an integer from %u to %u",
		 spec, EV_WEBSEARCH_MIN_DIV, EV_WEBSEARCH_MAX);
	return -1;
}

/**
 * ev_size_parse() - parse --size
 * @spec: "4096", "1,100,4K,65537", "rand" / "rand:MIN-MAX" or
 *	"websearch:DIV"
 * @cfg: receives size_mode, nsizes and sizes
 * @err: message on failure
 * @errlen: size of @err
 *
 * Return: 0, or -1 with @err set.
 */
int ev_size_parse(const char *spec, struct ev_config *cfg, char *err,
		  size_t errlen)
{
	char buf[256], *tok, *save = NULL;
	uint32_t n = 0;

	if (!strncmp(spec, "rand", 4)) {
		if (!ev_size_parse_rand(spec + 4, cfg))
			return 0;
		snprintf(err, errlen,
			 "bad size '%s': want rand or rand:MIN-MAX, 1 <= MIN <= MAX <= 1M",
			 spec);
		return -1;
	}
	if (!strncmp(spec, "websearch", 9))
		return ev_size_parse_websearch(spec, spec + 9, cfg, err, errlen);
	/* strtok would skip empty entries: "4,,8" must be refused. */
	if (strlen(spec) >= sizeof(buf) || !*spec || strstr(spec, ",,") ||
	    spec[0] == ',' || spec[strlen(spec) - 1] == ',')
		goto bad;
	memcpy(buf, spec, strlen(spec) + 1);
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (n == EV_MAX_SIZES) {
			snprintf(err, errlen, "size list '%s' longer than %d",
				 spec, EV_MAX_SIZES);
			return -1;
		}
		if (ev_parse_bytes(tok, &cfg->sizes[n++]))
			goto bad;
	}
	if (!n)
		goto bad;
	cfg->nsizes = n;
	cfg->size_mode = n == 1 ? EV_SIZE_FIXED : EV_SIZE_LIST;
	return 0;
bad:
	snprintf(err, errlen,
		 "bad size '%s': want N, N,N,... (up to %d), rand[:MIN-MAX] or websearch:DIV; 1 <= N <= 1M, K/M suffixes allowed",
		 spec, EV_MAX_SIZES);
	return -1;
}

/* Largest payload any message of this run can carry. */
uint32_t ev_size_max(const struct ev_config *cfg)
{
	uint32_t i, m = 0;

	if (cfg->ops & EV_OPS_ATOMIC)
		m = 8;
	if (!(cfg->ops & ~EV_OPS_ATOMIC))
		return m;
	if (cfg->size_mode == EV_SIZE_RAND)
		return cfg->sizes[1] > m ? cfg->sizes[1] : m;
	if (cfg->size_mode == EV_SIZE_WEBSEARCH) {
		i = ev_websearch_max(cfg->sizes[0]);
		return i > m ? i : m;
	}
	for (i = 0; i < cfg->nsizes; i++)
		if (cfg->sizes[i] > m)
			m = cfg->sizes[i];
	return m;
}

/* sizes[0] of websearch is the divisor, not a size. */
static int ev_config_check_sizes(const struct ev_config *cfg, char *err,
				 size_t errlen)
{
	uint32_t i;

	if (cfg->size_mode >= EV_SIZE_MODE_COUNT || cfg->nsizes < 1 ||
	    cfg->nsizes > EV_MAX_SIZES ||
	    (cfg->size_mode == EV_SIZE_RAND &&
	     (cfg->nsizes != 2 || cfg->sizes[0] > cfg->sizes[1])) ||
	    (cfg->size_mode == EV_SIZE_WEBSEARCH && cfg->nsizes != 1)) {
		snprintf(err, errlen, "inconsistent size specification");
		return -1;
	}
	if (cfg->size_mode == EV_SIZE_WEBSEARCH) {
		if (cfg->sizes[0] >= EV_WEBSEARCH_MIN_DIV &&
		    cfg->sizes[0] <= EV_WEBSEARCH_MAX)
			return 0;
		snprintf(err, errlen, "websearch DIV %u out of range %u..%u",
			 cfg->sizes[0], EV_WEBSEARCH_MIN_DIV, EV_WEBSEARCH_MAX);
		return -1;
	}
	for (i = 0; i < cfg->nsizes; i++) {
		if (cfg->sizes[i] < 1 || cfg->sizes[i] > EV_MAX_MSG) {
			snprintf(err, errlen, "size %u out of range 1..%u",
				 cfg->sizes[i], EV_MAX_MSG);
			return -1;
		}
	}
	return 0;
}

/**
 * ev_config_check() - refuse configurations the tool cannot run
 *
 * Also applied by the server to what a client sent, so it checks ranges
 * a hostile or buggy peer could get wrong.
 */
int ev_config_check(const struct ev_config *cfg, char *err, size_t errlen)
{
	if (!cfg->ops || (cfg->ops & ~EV_OPS_ALL)) {
		snprintf(err, errlen, "no valid operation selected");
		return -1;
	}
	if (cfg->uc && (cfg->ops & ~EV_OPS_UC)) {
		snprintf(err, errlen,
			 "UC QPs support only send, write and write_imm");
		return -1;
	}
	if (cfg->write_poll &&
	    (cfg->uc || cfg->ops != (1u << EV_OP_WRITE))) {
		snprintf(err, errlen,
			 "--write-poll needs RC QPs and --op write alone");
		return -1;
	}
	if (cfg->qps < 1 || cfg->qps > EV_MAX_QPS) {
		snprintf(err, errlen, "qps %u out of range 1..%d", cfg->qps,
			 EV_MAX_QPS);
		return -1;
	}
	if (cfg->depth < 1 || cfg->depth > EV_MAX_DEPTH) {
		snprintf(err, errlen, "depth %u out of range 1..%d",
			 cfg->depth, EV_MAX_DEPTH);
		return -1;
	}
	return ev_config_check_sizes(cfg, err, errlen);
}

/*
 * Log-uniform between lo and hi: as many 1..2-byte messages as 512K..1M ones,
 * with the low bits random so odd sizes appear at every scale.
 */
static uint32_t ev_size_rand(uint32_t lo, uint32_t hi, uint64_t r)
{
	int elo = 31 - __builtin_clz(lo), ehi = 31 - __builtin_clz(hi);
	int e = elo + (int)((r & 0xffffffff) % (uint32_t)(ehi - elo + 1));
	uint64_t base = 1ull << e, v;

	v = base + ((r >> 32) % base);
	if (v < lo)
		v = lo;
	if (v > hi)
		v = hi;
	return (uint32_t)v;
}

/*
 * DOC: web-search flow sizes
 * The flow-size distribution of the web-search cluster in DCTCP
 * (Alizadeh et al., SIGCOMM 2010), as the paper publishes it: a CDF of
 * (bytes, cumulative percent) points, taken as linear between points.
 * Percent steps are all the paper gives, and they keep the inverse in
 * integers: both ends draw every size, and must draw the same one.
 */
struct ev_cdf_point {
	uint32_t bytes;
	uint32_t pct;
};

static const struct ev_cdf_point ev_websearch_cdf[] = {
	{ 0, 0 },		{ 10000, 15 },		{ 20000, 20 },
	{ 30000, 30 },		{ 50000, 40 },		{ 80000, 53 },
	{ 200000, 60 },		{ 1000000, 70 },	{ 2000000, 80 },
	{ 5000000, 90 },	{ 10000000, 97 },	{ EV_WEBSEARCH_MAX, 100 },
};

/* Largest size a DIV can give: sizing of slots and buffers. */
uint32_t ev_websearch_max(uint32_t div)
{
	return (uint32_t)(((uint64_t)EV_WEBSEARCH_MAX + div - 1) / div);
}

/*
 * Mean of the linear CDF divided by @div: each segment adds its
 * probability times its middle; the rounding up adds half a byte on
 * average.
 */
double ev_websearch_mean(uint32_t div)
{
	const struct ev_cdf_point *lo, *hi;
	double sum = 0;
	size_t i;

	for (i = 1; i < sizeof(ev_websearch_cdf) / sizeof(ev_websearch_cdf[0]); i++) {
		lo = &ev_websearch_cdf[i - 1];
		hi = &ev_websearch_cdf[i];
		sum += (hi->pct - lo->pct) / 100.0 *
		       ((double)lo->bytes + hi->bytes) / 2;
	}
	return sum / div + 0.5;
}

/**
 * ev_size_websearch() - one web-search flow size, scaled down
 * @div: divisor, at least 1
 * @r: the message's PRNG value (EV_DOM_SIZE)
 *
 * The high 32 bits of @r are a uniform fraction u of 2^32; x = 100 u is
 * u in percent of 2^32, so the CDF's points compare with x as pct << 32.
 * Between two points the bytes grow in proportion; no segment's bytes
 * step times percent step reaches 2^32 (at most 20 MB x 3), so the
 * product below stays within 64 bits.
 *
 * Return: the drawn size divided by @div, rounded up, at least 1 byte:
 * 1..ev_websearch_max(@div).
 */
uint32_t ev_size_websearch(uint32_t div, uint64_t r)
{
	const struct ev_cdf_point *lo, *hi;
	uint64_t x = (r >> 32) * 100, base, span, bytes;
	size_t i;

	/* x < 100 << 32: the last point stops the walk. */
	for (i = 1; x >= (uint64_t)ev_websearch_cdf[i].pct << 32; i++)
		;
	lo = &ev_websearch_cdf[i - 1];
	hi = &ev_websearch_cdf[i];
	base = (uint64_t)lo->pct << 32;
	span = (uint64_t)(hi->pct - lo->pct) << 32;
	bytes = lo->bytes + (hi->bytes - lo->bytes) * (x - base) / span;
	bytes = (bytes + div - 1) / div;
	return bytes ? (uint32_t)bytes : 1;
}

static enum ev_op ev_plan_op(const struct ev_config *cfg, uint32_t qp,
			     uint64_t msg)
{
	uint32_t n = __builtin_popcount(cfg->ops), pick, i;

	if (n == 1)
		return (enum ev_op)__builtin_ctz(cfg->ops);
	pick = ev_word(ev_key(cfg->seed, EV_DOM_OP, qp, msg), 0) % n;
	for (i = 0; i < EV_OP_COUNT; i++)
		if ((cfg->ops & (1u << i)) && pick-- == 0)
			return (enum ev_op)i;
	return EV_OP_SEND;	/* not reached: pick < popcount */
}

/**
 * ev_plan_msg() - operation, size and operands of one message
 * @cfg: the agreed configuration
 * @qp: QP index
 * @msg: message number on that QP, from 0
 * @mp: result
 */
void ev_plan_msg(const struct ev_config *cfg, uint32_t qp, uint64_t msg,
		 struct ev_msg_plan *mp)
{
	uint64_t r;

	memset(mp, 0, sizeof(*mp));
	mp->op = ev_plan_op(cfg, qp, msg);
	if (ev_op_is_atomic(mp->op)) {
		r = ev_key(cfg->seed, EV_DOM_ATOMIC, qp, msg);
		mp->size = 8;
		mp->operand = ev_word(r, 0);
		/* One CAS in four must fail: proves a miss leaves the word. */
		mp->cas_miss = mp->op == EV_OP_CAS && (ev_word(r, 1) & 3) == 0;
		mp->word = (uint32_t)(msg % EV_ATOMIC_WORDS);
		return;
	}
	switch (cfg->size_mode) {
	case EV_SIZE_FIXED:
		mp->size = cfg->sizes[0];
		break;
	case EV_SIZE_LIST:
		mp->size = cfg->sizes[msg % cfg->nsizes];
		break;
	case EV_SIZE_WEBSEARCH:
		r = ev_word(ev_key(cfg->seed, EV_DOM_SIZE, qp, msg), 0);
		mp->size = ev_size_websearch(cfg->sizes[0], r);
		break;
	default:
		r = ev_word(ev_key(cfg->seed, EV_DOM_SIZE, qp, msg), 0);
		mp->size = ev_size_rand(cfg->sizes[0], cfg->sizes[1], r);
		break;
	}
}

/* Initial word values come from the pattern seed, like payload bytes. */
void ev_atomic_init(struct ev_atomic_model *am, uint64_t pattern_seed,
		    uint32_t qp)
{
	uint64_t key = ev_key(pattern_seed, EV_DOM_ATOMIC_INIT, qp, 0);
	int i;

	for (i = 0; i < EV_ATOMIC_WORDS; i++)
		am->word[i] = ev_word(key, i);
}

/**
 * ev_atomic_apply() - advance the model by one atomic message
 * @am: model
 * @mp: the message (CAS, FAA or ATOMIC WRITE)
 * @compare: for CAS, receives the compare value to post
 *
 * Return: the word before the op: what a CAS or FAA must return (an
 * ATOMIC WRITE returns nothing).
 */
uint64_t ev_atomic_apply(struct ev_atomic_model *am,
			 const struct ev_msg_plan *mp, uint64_t *compare)
{
	uint64_t *w = &am->word[mp->word % EV_ATOMIC_WORDS];
	uint64_t old = *w;

	if (mp->op == EV_OP_FAA) {
		*w = old + mp->operand;
		return old;
	}
	if (mp->op == EV_OP_AWRITE) {
		*w = mp->operand;
		return old;
	}
	/* x ^ 1 differs from x, so a miss is certain. */
	*compare = mp->cas_miss ? old ^ 1 : old;
	if (!mp->cas_miss)
		*w = mp->operand;
	return old;
}
