// SPDX-License-Identifier: GPL-2.0
/*
 * Random test of the out-of-order wire codec against the reference model.
 *
 *   wiretest [-s seed] [-n rounds]
 *
 * Each round builds a random valid EUNH (a random message cut at a random
 * MTU, any path byte) and a random EUN_ACK (SACK bits set through
 * eun_sack_set() and mirrored in a plain bool array, epsn often just below
 * the 2^24 wrap, any path, late often at its 24-bit ends),
 * checks pack -> parse is the identity and the SACK helpers agree with the
 * array, then mutates the packed bytes (bit flips, byte stores, 3-byte
 * splices, cuts, extensions) and checks every parse answer against the model, and that an
 * accepted mutant packs back to the same bytes. Prints the seed first.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "rng.h"
#include "wire_model.h"

#define MUTANTS		8

static const u32 mtus[] = { 256, 512, 1024, 2048, 4096 };

static char errbuf[160];
static u64 accepted_mutants, refused_mutants;

static u32 random_psn(struct rng *r)
{
	return rng_pct(r, 50) ? EUN_PSN_MASK - rng_below(r, 300) :
				rng_below(r, EUN_PSN_MASK + 1);
}

static u32 random_msg_len(struct rng *r)
{
	switch (rng_below(r, 5)) {
	case 0:
		return rng_below(r, 2);
	case 1:
		return EUN_MAX_MSG_LEN - rng_below(r, 5000);
	case 2:
		return rng_below(r, 1U << 16);
	default:
		return (u32)rng_next(r) & (EUN_MAX_MSG_LEN - 1);
	}
}

static void random_ext(struct rng *r, struct eun_ext_hdr *h)
{
	u32 mtu = mtus[rng_below(r, 5)];
	u32 npkts;

	memset(h, 0, sizeof(*h));
	h->msg_len = random_msg_len(r);
	npkts = h->msg_len ? (u32)(((u64)h->msg_len + mtu - 1) / mtu) : 1;
	h->pkt_index = rng_pct(r, 20) ? npkts - 1 : rng_below(r, npkts);
	h->offset = h->pkt_index * mtu;
	h->msg_seq = random_psn(r);
	h->path = (u8)rng_next(r);
	h->flags = (h->pkt_index == 0 ? EUN_EXT_F_FIRST : 0) |
		   (h->pkt_index == npkts - 1 ? EUN_EXT_F_LAST : 0);
	if ((h->flags & EUN_EXT_F_LAST) && rng_pct(r, 50)) {
		h->flags |= EUN_EXT_F_IMM;
		h->imm = (u32)rng_next(r);
	}
}

static bool ext_same(const struct eun_ext_hdr *a, const struct eun_ext_hdr *b)
{
	return a->flags == b->flags && a->msg_seq == b->msg_seq &&
	       a->path == b->path && a->pkt_index == b->pkt_index &&
	       a->offset == b->offset && a->msg_len == b->msg_len &&
	       a->imm == b->imm;
}

static bool ack_same(const struct eun_ack_info *a, const struct eun_ack_info *b)
{
	return a->kind == b->kind && a->reason == b->reason &&
	       a->epsn == b->epsn && a->nack_psn == b->nack_psn &&
	       a->dup_psn == b->dup_psn && a->dup == b->dup &&
	       a->sack_words == b->sack_words &&
	       !memcmp(a->sack, b->sack, sizeof(a->sack)) &&
	       a->path == b->path && a->late == b->late;
}

/*
 * Copy 3 bytes (a PSN field, or parts of two) over another place, so that
 * fields become equal to each other (dup_psn == epsn, offset == msg_len
 * ...), which independent random bytes almost never do.
 */
static void splice(struct rng *r, u8 *buf, size_t n)
{
	size_t from = rng_below(r, n - 2), to = rng_below(r, n - 2);

	memmove(buf + to, buf + from, 3);
}

/* Mutate a copy of @good and check each parse against the model. */
static int mutate(struct rng *r, const u8 *good, size_t n, size_t room, bool ack)
{
	u8 buf[EUN_ACK_MAX_LEN + 8];
	size_t len;
	int i, k;

	for (i = 0; i < MUTANTS; i++) {
		memcpy(buf, good, n);
		memset(buf + n, (int)rng_below(r, 2) * 0xff, sizeof(buf) - n);
		len = n;
		for (k = 1 + rng_below(r, 3); k > 0; k--) {
			u32 what = rng_below(r, 10);

			if (what < 4)
				buf[rng_below(r, n)] ^= 1U << rng_below(r, 8);
			else if (what < 6)
				buf[rng_below(r, n)] = (u8)rng_next(r);
			else if (what < 8)
				splice(r, buf, n);
			else
				len = rng_below(r, room + 1);
		}
		if ((ack ? wire_check_ack_bytes : wire_check_ext_bytes)(buf, len, errbuf))
			return -1;
		if ((ack ? wire_model_ack : wire_model_ext)(buf, len) >= 0)
			accepted_mutants++;
		else
			refused_mutants++;
	}
	return 0;
}

static int ext_round(struct rng *r)
{
	struct eun_ext_hdr h, back;
	u8 buf[EUN_EXT_MAX_LEN];
	int n;

	random_ext(r, &h);
	n = eun_ext_pack(&h, buf, sizeof(buf));
	if (n != (int)eun_ext_len(&h) || wire_model_ext(buf, n) != n ||
	    eun_ext_parse(buf, n, &back) != n || !ext_same(&h, &back)) {
		snprintf(errbuf, sizeof(errbuf),
			 "EUNH round trip: flags %#x index %u offset %u len %u: pack %d",
			 h.flags, h.pkt_index, h.offset, h.msg_len, n);
		return -1;
	}
	return mutate(r, buf, n, 40, false);
}

/*
 * SACK bits through the helpers, mirrored in @model; half the SACKs stay
 * within a few words of epsn, as most do, the rest reach the far end.
 */
static int sack_fill(struct rng *r, struct eun_ack_info *a, bool *model)
{
	u32 i, nset = rng_below(r, 40);
	u32 reach = rng_below(r, 2) ? 4 * EUN_SACK_WORD_BITS : EUN_SACK_MAX_BITS;

	memset(model, 0, EUN_SACK_MAX_BITS * sizeof(*model));
	for (i = 0; i < nset; i++) {
		u32 d = rng_below(r, reach + 3);
		int err = eun_sack_set(a, eun_psn_add(a->epsn, d));

		if (err != (d >= 1 && d <= EUN_SACK_MAX_BITS ? 0 : -ERANGE))
			return -1;
		if (!err)
			model[d - 1] = true;
	}
	for (i = 0; i < EUN_SACK_MAX_BITS + 3; i++) {
		bool want = i >= 1 && i <= EUN_SACK_MAX_BITS && model[i - 1];

		if (eun_sack_test(a, eun_psn_add(a->epsn, i)) != want)
			return -1;
	}
	return 0;
}

static u32 model_words(const bool *model)
{
	int i;

	for (i = EUN_SACK_MAX_BITS - 1; i >= 0; i--)
		if (model[i])
			return i / EUN_SACK_WORD_BITS + 1;
	return 0;
}

/* How late a packet was: mostly small, often at the 24-bit ends. */
static u32 random_late(struct rng *r)
{
	switch (rng_below(r, 4)) {
	case 0:
		return 0;
	case 1:
		return EUN_ACK_LATE_MAX - rng_below(r, 2);
	case 2:
		return rng_below(r, 64);
	default:
		return rng_below(r, EUN_ACK_LATE_MAX + 1);
	}
}

static int random_ack(struct rng *r, struct eun_ack_info *a)
{
	bool model[EUN_SACK_MAX_BITS];

	memset(a, 0, sizeof(*a));
	a->epsn = random_psn(r);
	if (sack_fill(r, a, model)) {
		snprintf(errbuf, sizeof(errbuf), "SACK helpers disagree with the model, epsn %#x",
			 a->epsn);
		return -1;
	}
	eun_sack_trim(a);
	if (a->sack_words != model_words(model)) {
		snprintf(errbuf, sizeof(errbuf), "eun_sack_trim left %u words, model %u",
			 a->sack_words, model_words(model));
		return -1;
	}
	a->kind = rng_pct(r, 30) ? EUN_ACK_KIND_NACK :
		  a->sack_words ? EUN_ACK_KIND_SACK : EUN_ACK_KIND_ACK;
	if (a->kind == EUN_ACK_KIND_NACK) {
		a->reason = 1 + rng_below(r, EUN_NACK_REASON_COUNT - 1);
		a->nack_psn = eun_psn_add(a->epsn, rng_below(r, EUN_PSN_HALF));
	}
	if (rng_pct(r, 30)) {
		a->dup = true;
		a->dup_psn = eun_psn_add(a->epsn, 1 + rng_below(r, EUN_PSN_MASK));
	}
	a->path = (u8)rng_next(r);
	a->late = random_late(r);
	return 0;
}

/* A late past 24 bits cannot go on the wire: pack refuses, writes nothing. */
static int ack_late_refused(struct rng *r, const struct eun_ack_info *good)
{
	struct eun_ack_info a = *good;
	u8 buf[EUN_ACK_MAX_LEN], before[EUN_ACK_MAX_LEN];

	a.late = EUN_ACK_LATE_MAX + 1 + rng_below(r, 1U << 31);
	memset(buf, 0x5a, sizeof(buf));
	memcpy(before, buf, sizeof(buf));
	if (eun_ack_pack(&a, buf, sizeof(buf)) != -EINVAL ||
	    memcmp(buf, before, sizeof(buf))) {
		snprintf(errbuf, sizeof(errbuf),
			 "EUN_ACK late %#x: pack did not refuse it cleanly", a.late);
		return -1;
	}
	return 0;
}

static int ack_round(struct rng *r)
{
	struct eun_ack_info a, back;
	u8 buf[EUN_ACK_MAX_LEN];
	int n;

	if (random_ack(r, &a))
		return -1;
	n = eun_ack_pack(&a, buf, sizeof(buf));
	if (n != (int)eun_ack_len(&a) || wire_model_ack(buf, n) != n ||
	    eun_ack_parse(buf, n, &back) != n || !ack_same(&a, &back)) {
		snprintf(errbuf, sizeof(errbuf),
			 "EUN_ACK round trip: kind %d reason %d epsn %#x words %u path %#x late %#x: pack %d",
			 a.kind, a.reason, a.epsn, a.sack_words, a.path, a.late, n);
		return -1;
	}
	if (rng_pct(r, 5) && ack_late_refused(r, &a))
		return -1;
	return mutate(r, buf, n, EUN_ACK_MAX_LEN + 8, true);
}

int main(int argc, char **argv)
{
	u64 seed, rounds = 200000, i;
	struct rng r;

	if (harness_args(argc, argv, "wiretest", "rounds", &seed, &rounds))
		return 2;
	rng_seed(&r, seed);
	for (i = 0; i < rounds; i++) {
		if (ext_round(&r) || ack_round(&r)) {
			printf("wiretest: FAIL at round %llu: %s (replay: -s %llu)\n",
			       (unsigned long long)i, errbuf, (unsigned long long)seed);
			return 1;
		}
	}
	printf("wiretest: PASS: %llu EUNH and %llu EUN_ACK round trips, ",
	       (unsigned long long)rounds, (unsigned long long)rounds);
	printf("%llu mutants accepted, %llu refused\n",
	       (unsigned long long)accepted_mutants,
	       (unsigned long long)refused_mutants);
	return 0;
}
