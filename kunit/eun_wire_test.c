// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the out-of-order wire codec: the golden packets of
 * Documentation/wire-format.rst (kunit/eun_wire_golden.h, the one copy the
 * document is checked against) packed, parsed and checked for meaning,
 * round trips including the 24-bit PSN wrap, the virtual path and late
 * fields at their bounds, every malformed input class with its error code,
 * and the SACK bit helpers.
 */
#include <kunit/test.h>
#include <linux/string.h>

#include "eun/eun_bm_types.h"
#include "eun/eun_wire.h"

#include "eun_wire_golden.h"

#define BTH_LEN		EUN_GOLDEN_BTH_LEN
#define RETH_LEN	EUN_GOLDEN_RETH_LEN
#define AETH_LEN	EUN_GOLDEN_AETH_LEN

static void golden_desc(const struct eun_golden *g, char *desc)
{
	strscpy(desc, g->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(golden, eun_goldens, golden_desc);

static u32 get_be(const u8 *p, unsigned int bytes)
{
	u32 v = 0;

	while (bytes--)
		v = v << 8 | *p++;
	return v;
}

/*
 * The example's values, packed by the codec (EUNH, EUN_ACK) and the stock
 * header writer of eun_wire_golden.h, give exactly the recorded bytes, and
 * nothing past them is written.
 */
static void eun_wire_golden_pack(struct kunit *test)
{
	const struct eun_golden *g = test->param_value;
	u8 out[EUN_GOLDEN_MAX_LEN + 8];
	size_t i;

	memset(out, 0xa5, sizeof(out));
	KUNIT_ASSERT_EQ(test, eun_golden_pack(g, out, g->len), (int)g->len);
	KUNIT_EXPECT_MEMEQ(test, out, g->bytes, g->len);
	for (i = g->len; i < sizeof(out); i++)
		KUNIT_EXPECT_EQ(test, out[i], 0xa5);
	/* One byte less does not fit. */
	KUNIT_EXPECT_LT(test, eun_golden_pack(g, out, g->len - 1), 0);
}

/* The recorded bytes parse to the example's values, field by field. */
static void eun_wire_golden_parse(struct kunit *test)
{
	const struct eun_golden *g = test->param_value;
	size_t at = eun_golden_ooo_at(g), n = g->len - at;
	const u8 *b = g->bytes;
	struct eun_ack_info a;
	struct eun_ext_hdr h;

	/* BTH: opcode, SE, P_Key, QP, AckReq, PSN at their stock places */
	KUNIT_EXPECT_EQ(test, b[0], g->opcode);
	KUNIT_EXPECT_EQ(test, !!(b[1] & EUN_GOLDEN_BTH_SE), g->se);
	KUNIT_EXPECT_EQ(test, get_be(b + 2, 2), EUN_GOLDEN_PKEY);
	KUNIT_EXPECT_EQ(test, get_be(b + 5, 3), EUN_GOLDEN_QPN);
	KUNIT_EXPECT_EQ(test, !!(b[8] & EUN_GOLDEN_BTH_ACKREQ), g->ack_req);
	KUNIT_EXPECT_EQ(test, get_be(b + 9, 3), g->psn);
	if (eun_golden_is_ack(g)) {
		KUNIT_EXPECT_EQ(test, b[12], g->syndrome);
		KUNIT_EXPECT_EQ(test, get_be(b + 13, 3), g->msn);
		KUNIT_EXPECT_EQ(test, eun_ack_len(&g->ack), n);
		KUNIT_ASSERT_EQ(test, eun_ack_parse(b + at, n, &a), (int)n);
		KUNIT_EXPECT_TRUE(test, eun_golden_ack_eq(&a, &g->ack));
		KUNIT_EXPECT_EQ(test, b[at + 12], g->ack.path);
		KUNIT_EXPECT_EQ(test, get_be(b + at + 13, 3), g->ack.late);
		return;
	}
	if (g->opcode == EUN_OP_RC_WRITE) {
		KUNIT_EXPECT_EQ(test, (u64)get_be(b + 12, 4) << 32 | get_be(b + 16, 4),
				g->va);
		KUNIT_EXPECT_EQ(test, get_be(b + 20, 4), g->rkey);
		KUNIT_EXPECT_EQ(test, get_be(b + 24, 4), g->dma_len);
	}
	KUNIT_EXPECT_EQ(test, eun_ext_len(&g->ext), n);
	KUNIT_ASSERT_EQ(test, eun_ext_parse(b + at, n, &h), (int)n);
	KUNIT_EXPECT_TRUE(test, eun_golden_ext_eq(&h, &g->ext));
	KUNIT_EXPECT_EQ(test, get_be(b + at + 1, 3), g->ext.msg_seq);
	KUNIT_EXPECT_EQ(test, b[at + 4], g->ext.path);
	KUNIT_EXPECT_EQ(test, get_be(b + at + 5, 3), g->ext.pkt_index);
	KUNIT_EXPECT_EQ(test, get_be(b + at + 8, 4), g->ext.offset);
	KUNIT_EXPECT_EQ(test, get_be(b + at + 12, 4), g->ext.msg_len);
}

/*
 * The examples are packets the module sends and accepts: an EUN_WRITE's
 * RETH holds the message's address and length in every packet; a data
 * packet's offset is its index times the path MTU (eun_rx_check_lengths()),
 * and the last one's index follows from the length; the AckReq of a last
 * packet is set; an EUN_ACK's BTH PSN is epsn - 1 and its AETH an ACK.
 */
static void eun_wire_golden_meaning(struct kunit *test)
{
	const struct eun_golden *g = test->param_value;
	const struct eun_ext_hdr *e = &g->ext;
	u32 npkts;

	if (eun_golden_is_ack(g)) {
		KUNIT_EXPECT_EQ(test, eun_psn_add(g->psn, 1), g->ack.epsn);
		KUNIT_EXPECT_EQ(test, g->syndrome, EUN_GOLDEN_AETH_ACK);
		KUNIT_EXPECT_EQ(test, g->msn, EUN_GOLDEN_MSN);
		return;
	}
	KUNIT_EXPECT_EQ(test, (u64)e->offset, (u64)e->pkt_index * EUN_GOLDEN_MTU);
	if (g->opcode == EUN_OP_RC_WRITE) {
		KUNIT_EXPECT_EQ(test, g->dma_len, e->msg_len);
		KUNIT_EXPECT_NE(test, g->va, 0);
	} else {
		KUNIT_EXPECT_EQ(test, g->va, 0);
		KUNIT_EXPECT_EQ(test, g->rkey, 0);
		KUNIT_EXPECT_EQ(test, g->dma_len, 0);
	}
	if (e->flags & EUN_EXT_F_LAST) {
		npkts = max_t(u32, 1, DIV_ROUND_UP(e->msg_len, EUN_GOLDEN_MTU));
		KUNIT_EXPECT_EQ(test, e->pkt_index, npkts - 1);
		KUNIT_EXPECT_TRUE(test, g->ack_req);
	} else {
		KUNIT_EXPECT_LE(test, (u64)e->offset + EUN_GOLDEN_MTU, (u64)e->msg_len);
	}
	KUNIT_EXPECT_EQ(test, g->syndrome, 0);
	KUNIT_EXPECT_EQ(test, g->msn, 0);
}

static const struct eun_ext_hdr ext_valid[] = {
	{ .flags = EUN_EXT_F_FIRST, .msg_len = 4096 },
	{ .flags = EUN_EXT_F_FIRST | EUN_EXT_F_LAST | EUN_EXT_F_IMM,
	  .msg_seq = 0xffffff, .path = 0xff, .msg_len = 1, .imm = 0xffffffff },
	{ .flags = EUN_EXT_F_LAST, .msg_seq = 0, .path = 0x3f,
	  .pkt_index = 0x7fffff, .offset = EUN_MAX_MSG_LEN - 256,
	  .msg_len = EUN_MAX_MSG_LEN },
	{ .flags = 0, .msg_seq = 0x800000, .path = 0xc0, .pkt_index = 12,
	  .offset = 3072, .msg_len = 3073 },
	{ .flags = EUN_EXT_F_LAST | EUN_EXT_F_IMM, .msg_seq = 1,
	  .pkt_index = 1, .offset = 4096, .msg_len = 8192 },
	/* SEND with invalidate: the rkey rides where IMMDT would. */
	{ .flags = EUN_EXT_F_LAST | EUN_EXT_F_INV, .msg_seq = 7,
	  .pkt_index = 2, .offset = 8192, .msg_len = 8200, .imm = 0x12345678 },
	{ .flags = EUN_EXT_F_FIRST | EUN_EXT_F_LAST | EUN_EXT_F_INV,
	  .msg_len = 0, .imm = 0xffffffff },
};

static void ext_valid_desc(const struct eun_ext_hdr *h, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "flags %#x seq %#x path %#x index %u",
		 h->flags, h->msg_seq, h->path, h->pkt_index);
}

KUNIT_ARRAY_PARAM(ext_valid, ext_valid, ext_valid_desc);

static void eun_wire_ext_round_trip(struct kunit *test)
{
	const struct eun_ext_hdr *h = test->param_value;
	size_t n = eun_ext_len(h);
	struct eun_ext_hdr back;
	u8 buf[EUN_EXT_MAX_LEN];

	KUNIT_ASSERT_EQ(test, eun_ext_pack(h, buf, n), (int)n);
	KUNIT_ASSERT_EQ(test, eun_ext_parse(buf, n, &back), (int)n);
	KUNIT_EXPECT_TRUE(test, eun_golden_ext_eq(&back, h));
	/* One byte less never fits, either way. */
	KUNIT_EXPECT_EQ(test, eun_ext_pack(h, buf, n - 1), -EMSGSIZE);
	KUNIT_EXPECT_EQ(test, eun_ext_parse(buf, n - 1, &back), -EMSGSIZE);
}

/* A malformed input: golden @base with byte @at set to @val, cut at @len. */
struct bad_case {
	const char *name;
	const u8 *base;
	size_t base_len;
	size_t len;
	int at;			/* -1: no change */
	u8 val;
	int err;
};

#define ext_mid		(eun_goldens[EUN_GOLDEN_SEND_MIDDLE].bytes + BTH_LEN)
#define ext_imm		(eun_goldens[EUN_GOLDEN_WRITE_IMM].bytes + BTH_LEN + RETH_LEN)
#define ext_zero	(eun_goldens[EUN_GOLDEN_SEND_ZERO].bytes + BTH_LEN)

#define EXT_BAD(n, b, l, a, v, e) { n, b, EUN_EXT_MAX_LEN, l, a, v, e }

static const struct bad_case ext_bad[] = {
	EXT_BAD("empty", ext_mid, 0, -1, 0, -EMSGSIZE),
	EXT_BAD("one byte short", ext_mid, 15, -1, 0, -EMSGSIZE),
	EXT_BAD("IMMDT cut", ext_imm, 19, -1, 0, -EMSGSIZE),
	EXT_BAD("IMMDT missing", ext_imm, 16, -1, 0, -EMSGSIZE),
	EXT_BAD("version 0", ext_mid, 16, 0, 0x00, -EPROTO),
	EXT_BAD("version 2", ext_mid, 16, 0, 0x80, -EPROTO),
	EXT_BAD("version 3", ext_mid, 16, 0, 0xc0, -EPROTO),
	EXT_BAD("reserved flag bit 4", ext_mid, 16, 0, 0x50, -EPROTO),
	EXT_BAD("reserved flag bit 5", ext_mid, 16, 0, 0x60, -EPROTO),
	EXT_BAD("IMM without LAST", ext_mid, 20, 0, 0x44, -EPROTO),
	EXT_BAD("INV without LAST", ext_mid, 20, 0, 0x48, -EPROTO),
	EXT_BAD("IMM and INV", ext_imm, 20, 0, 0x4e, -EPROTO),
	EXT_BAD("IETH cut", ext_imm, 19, 0, 0x4a, -EMSGSIZE),
	EXT_BAD("FIRST with index 3", ext_mid, 16, 0, 0x41, -EPROTO),
	EXT_BAD("index 0 without FIRST", ext_mid, 16, 7, 0x00, -EPROTO),
	EXT_BAD("FIRST with offset 1", ext_zero, 16, 11, 0x01, -EPROTO),
	EXT_BAD("zero length, not LAST", ext_zero, 16, 0, 0x41, -EPROTO),
	EXT_BAD("offset past length", ext_mid, 16, 9, 0x01, -ERANGE),
	EXT_BAD("offset at length", ext_imm, 20, 15, 0x00, -ERANGE),
	EXT_BAD("length over 2^31", ext_mid, 16, 12, 0x80, -ERANGE),
	EXT_BAD("index too large for offset", ext_mid, 16, 7, 0x0d, -ERANGE),
	EXT_BAD("index at offset / 256", ext_mid, 16, 7, 0x0c, 16),
	EXT_BAD("payload after EUNH", ext_mid, 20, -1, 0, 16),
	EXT_BAD("path byte 0", ext_mid, 16, 4, 0x00, 16),
	EXT_BAD("path byte 0xff", ext_mid, 16, 4, 0xff, 16),
};

static void bad_desc(const struct bad_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(ext_bad, ext_bad, bad_desc);

/* Copies the case into a buffer of exactly @len bytes (KASAN-checked). */
static u8 *bad_bytes(struct kunit *test, const struct bad_case *t)
{
	u8 *buf = kunit_kzalloc(test, t->len + 1, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	memcpy(buf, t->base, min(t->len, t->base_len));
	if (t->at >= 0)
		buf[t->at] = t->val;
	return buf;
}

static void eun_wire_ext_malformed(struct kunit *test)
{
	const struct bad_case *t = test->param_value;
	struct eun_ext_hdr h, untouched;
	u8 *buf = bad_bytes(test, t);

	memset(&h, 0xa5, sizeof(h));
	memcpy(&untouched, &h, sizeof(h));
	KUNIT_EXPECT_EQ(test, eun_ext_parse(buf, t->len, &h), t->err);
	if (t->err < 0)
		KUNIT_EXPECT_MEMEQ(test, &h, &untouched, sizeof(h));
}

/*
 * The path byte is the sender's business: every value parses, comes back
 * in @path and packs to the same bytes, whatever the other fields are.
 */
static void eun_wire_ext_any_path(struct kunit *test)
{
	static const u8 *const bases[] = { ext_mid, ext_imm, ext_zero };
	u8 buf[EUN_EXT_MAX_LEN], out[EUN_EXT_MAX_LEN];
	struct eun_ext_hdr h;
	unsigned int b, v;
	int n;

	for (b = 0; b < ARRAY_SIZE(bases); b++) {
		for (v = 0; v <= 0xff; v++) {
			memcpy(buf, bases[b], sizeof(buf));
			buf[4] = v;
			n = eun_ext_parse(buf, sizeof(buf), &h);
			KUNIT_ASSERT_GT(test, n, 0);
			KUNIT_EXPECT_EQ(test, h.path, v);
			KUNIT_ASSERT_EQ(test, eun_ext_pack(&h, out, sizeof(out)), n);
			KUNIT_EXPECT_MEMEQ(test, out, buf, n);
		}
	}
}

static void eun_wire_ext_pack_refuses(struct kunit *test)
{
	const struct eun_ext_hdr good = eun_goldens[EUN_GOLDEN_SEND_MIDDLE].ext;
	struct eun_ext_hdr h;
	u8 buf[EUN_EXT_MAX_LEN], before[EUN_EXT_MAX_LEN];

	memset(buf, 0x5a, sizeof(buf));
	memcpy(before, buf, sizeof(buf));
	h = good;
	h.flags |= 0x10;
	KUNIT_EXPECT_EQ(test, eun_ext_pack(&h, buf, sizeof(buf)), -EINVAL);
	h = good;
	h.flags |= EUN_EXT_F_INV;	/* not the last packet */
	KUNIT_EXPECT_EQ(test, eun_ext_pack(&h, buf, sizeof(buf)), -EINVAL);
	h = good;
	h.msg_seq = 1U << 24;
	KUNIT_EXPECT_EQ(test, eun_ext_pack(&h, buf, sizeof(buf)), -EINVAL);
	h = good;
	h.imm = 1;
	KUNIT_EXPECT_EQ(test, eun_ext_pack(&h, buf, sizeof(buf)), -EINVAL);
	h = good;
	h.pkt_index = 0;
	KUNIT_EXPECT_EQ(test, eun_ext_pack(&h, buf, sizeof(buf)), -EINVAL);
	h = good;
	h.offset = h.msg_len;
	KUNIT_EXPECT_EQ(test, eun_ext_pack(&h, buf, sizeof(buf)), -EINVAL);
	h = good;
	h.pkt_index = 1U << 24;
	h.offset = 0xffffffff;
	h.msg_len = 0xffffffff;
	KUNIT_EXPECT_EQ(test, eun_ext_pack(&h, buf, sizeof(buf)), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_ext_pack(&good, buf, EUN_EXT_HDR_LEN - 1), -EMSGSIZE);
	KUNIT_EXPECT_MEMEQ(test, buf, before, sizeof(buf));
}

static const struct eun_ack_info ack_valid[] = {
	{ .kind = EUN_ACK_KIND_ACK, .epsn = 0 },
	{ .kind = EUN_ACK_KIND_ACK, .epsn = 0xffffff, .dup = true, .dup_psn = 0 },
	{ .kind = EUN_ACK_KIND_ACK, .epsn = 5, .path = 0xff,
	  .late = EUN_ACK_LATE_MAX },
	{ .kind = EUN_ACK_KIND_SACK, .epsn = 0xffff80, .sack_words = 4,
	  .sack = { 1, 0, 0, 1ULL << 63 }, .path = 0x80, .late = 0x123456 },
	{ .kind = EUN_ACK_KIND_SACK, .epsn = 7, .sack_words = 3,
	  .sack = { ~0ULL, 0x8000000000000001ULL, 0 } },
	/* As far as the largest reorder bitmap reaches: 4096 PSNs. */
	{ .kind = EUN_ACK_KIND_SACK, .epsn = 0xfffff0, .sack_words = 64,
	  .sack = { [0] = 1, [4] = 1, [63] = 1ULL << 63 } },
	{ .kind = EUN_ACK_KIND_NACK, .reason = EUN_NACK_CAP, .epsn = 0x100,
	  .nack_psn = 0x1100, .sack_words = 63, .sack = { [62] = 1ULL << 62 } },
	{ .kind = EUN_ACK_KIND_NACK, .reason = EUN_NACK_NOMEM, .epsn = 0xfffff0,
	  .nack_psn = 0x10, .path = 0x3f, .late = 1 },
	{ .kind = EUN_ACK_KIND_NACK, .reason = EUN_NACK_INVALID, .epsn = 42,
	  .nack_psn = 42, .dup = true, .dup_psn = 41 },
	{ .kind = EUN_ACK_KIND_NACK, .reason = EUN_NACK_ACCESS, .epsn = 1,
	  .nack_psn = 2, .sack_words = 1, .sack = { 1 } },
	{ .kind = EUN_ACK_KIND_NACK, .reason = EUN_NACK_RNR, .epsn = 0x7fffff,
	  .nack_psn = 0xfffffe },
	/* What a go-back-N QP answers an ooo request with. */
	{ .kind = EUN_ACK_KIND_NACK, .reason = EUN_NACK_MODE, .epsn = 0x10,
	  .nack_psn = 0x10, .path = 0xff },
};

static void ack_valid_desc(const struct eun_ack_info *a, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE,
		 "kind %d reason %d epsn %#x words %u path %#x late %#x",
		 a->kind, a->reason, a->epsn, a->sack_words, a->path, a->late);
}

KUNIT_ARRAY_PARAM(ack_valid, ack_valid, ack_valid_desc);

static void eun_wire_ack_round_trip(struct kunit *test)
{
	const struct eun_ack_info *a = test->param_value;
	size_t n = eun_ack_len(a);
	struct eun_ack_info back;
	u8 buf[EUN_ACK_MAX_LEN + 1] = {};

	KUNIT_ASSERT_EQ(test, eun_ack_pack(a, buf, n), (int)n);
	KUNIT_ASSERT_EQ(test, eun_ack_parse(buf, n, &back), (int)n);
	KUNIT_EXPECT_TRUE(test, eun_golden_ack_eq(&back, a));
	KUNIT_EXPECT_EQ(test, eun_ack_pack(a, buf, n - 1), -EMSGSIZE);
	KUNIT_EXPECT_EQ(test, eun_ack_parse(buf, n - 1, &back), -EMSGSIZE);
	KUNIT_EXPECT_EQ(test, eun_ack_parse(buf, n + 1, &back), -EBADMSG);
}

#define ack_plain	(eun_goldens[EUN_GOLDEN_ACK].bytes + BTH_LEN + AETH_LEN)
#define ack_sack	(eun_goldens[EUN_GOLDEN_SACK].bytes + BTH_LEN + AETH_LEN)
#define ack_nack	(eun_goldens[EUN_GOLDEN_NACK_CAP].bytes + BTH_LEN + AETH_LEN)

#define ACK_BAD(n, b, l, a, v, e) { n, b, EUN_ACK_MAX_LEN, l, a, v, e }

static const struct bad_case ack_bad[] = {
	ACK_BAD("empty", ack_plain, 0, -1, 0, -EMSGSIZE),
	ACK_BAD("fixed part short", ack_plain, 11, -1, 0, -EMSGSIZE),
	ACK_BAD("fixed part one byte short", ack_plain, 15, -1, 0, -EMSGSIZE),
	ACK_BAD("last SACK word short", ack_sack, 31, -1, 0, -EMSGSIZE),
	ACK_BAD("word count 3 for 2 words", ack_sack, 32, 5, 3, -EMSGSIZE),
	ACK_BAD("trailing byte", ack_sack, 33, -1, 0, -EBADMSG),
	ACK_BAD("word count 1 for 2 words", ack_sack, 32, 5, 1, -EBADMSG),
	ACK_BAD("version 0", ack_plain, 16, 0, 0x00, -EPROTO),
	ACK_BAD("version 3", ack_plain, 16, 0, 0xc0, -EPROTO),
	ACK_BAD("reserved bit 3", ack_plain, 16, 0, 0x48, -EPROTO),
	ACK_BAD("kind 3", ack_plain, 16, 0, 0x43, -EPROTO),
	ACK_BAD("word count 65", ack_sack, 16 + 65 * 8, 5, 65, -ERANGE),
	ACK_BAD("word count 255", ack_sack, 32, 5, 0xff, -ERANGE),
	ACK_BAD("reason 7", ack_nack, 24, 1, 7, -ERANGE),
	ACK_BAD("reason 255", ack_nack, 24, 1, 0xff, -ERANGE),
	ACK_BAD("ACK with a reason", ack_plain, 16, 1, 1, -EPROTO),
	ACK_BAD("ACK with a SACK word", ack_plain, 24, 5, 1, -EPROTO),
	ACK_BAD("ACK with a NACK PSN", ack_plain, 16, 8, 1, -EPROTO),
	ACK_BAD("SACK with a reason", ack_sack, 32, 1, 1, -EPROTO),
	ACK_BAD("SACK with a NACK PSN", ack_sack, 32, 8, 1, -EPROTO),
	ACK_BAD("SACK without words", ack_sack, 16, 5, 0, -EPROTO),
	ACK_BAD("NACK without a reason", ack_nack, 24, 1, 0, -EPROTO),
	ACK_BAD("duplicate PSN without DUP", ack_sack, 32, 0, 0x41, -EPROTO),
	ACK_BAD("duplicate PSN is epsn", ack_sack, 32, 11, 0xfe, -ERANGE),
	ACK_BAD("NACK PSN before epsn", ack_nack, 24, 7, 0x00, -ERANGE),
	ACK_BAD("NACK PSN 2^23 away", ack_nack, 24, 6, 0x80, -ERANGE),
	ACK_BAD("NACK PSN is epsn", ack_nack, 24, 7, 0x01, 24),
	ACK_BAD("NACK PSN just under 2^23 ahead", ack_nack, 24, 6, 0x7f, 24),
	ACK_BAD("ACK path byte 0xff", ack_plain, 16, 12, 0xff, 16),
	ACK_BAD("SACK late top byte 0xff", ack_sack, 32, 13, 0xff, 32),
	ACK_BAD("NACK late low byte 0xff", ack_nack, 24, 15, 0xff, 24),
};

KUNIT_ARRAY_PARAM(ack_bad, ack_bad, bad_desc);

static void eun_wire_ack_malformed(struct kunit *test)
{
	const struct bad_case *t = test->param_value;
	struct eun_ack_info a, untouched;
	u8 *buf = bad_bytes(test, t);

	memset(&a, 0xa5, sizeof(a));
	memcpy(&untouched, &a, sizeof(a));
	KUNIT_EXPECT_EQ(test, eun_ack_parse(buf, t->len, &a), t->err);
	if (t->err < 0)
		KUNIT_EXPECT_MEMEQ(test, &a, &untouched, sizeof(a));
}

static void eun_wire_ack_pack_refuses(struct kunit *test)
{
	const struct eun_ack_info *good = &eun_goldens[EUN_GOLDEN_SACK].ack;
	const size_t size = EUN_ACK_MAX_LEN;
	u8 *buf = kunit_kzalloc(test, size, GFP_KERNEL);
	u8 *before = kunit_kzalloc(test, size, GFP_KERNEL);
	struct eun_ack_info a;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, before);
	memset(buf, 0x5a, size);
	memcpy(before, buf, size);
	a = *good;
	a.kind = EUN_ACK_KIND_COUNT;
	KUNIT_EXPECT_EQ(test, eun_ack_pack(&a, buf, size), -EINVAL);
	a = *good;
	a.reason = EUN_NACK_REASON_COUNT;
	KUNIT_EXPECT_EQ(test, eun_ack_pack(&a, buf, size), -EINVAL);
	a = *good;
	a.epsn = 1U << 24;
	KUNIT_EXPECT_EQ(test, eun_ack_pack(&a, buf, size), -EINVAL);
	a = *good;
	a.sack_words = EUN_SACK_MAX_WORDS + 1;
	KUNIT_EXPECT_EQ(test, eun_ack_pack(&a, buf, size), -EINVAL);
	a = *good;
	a.sack[3] = 1;	/* a set bit past sack_words would be lost */
	KUNIT_EXPECT_EQ(test, eun_ack_pack(&a, buf, size), -EINVAL);
	a = *good;
	a.kind = EUN_ACK_KIND_ACK;
	KUNIT_EXPECT_EQ(test, eun_ack_pack(&a, buf, size), -EINVAL);
	a = *good;
	a.dup_psn = a.epsn;
	KUNIT_EXPECT_EQ(test, eun_ack_pack(&a, buf, size), -EINVAL);
	a = *good;
	a.late = EUN_ACK_LATE_MAX + 1;	/* the glue must saturate first */
	KUNIT_EXPECT_EQ(test, eun_ack_pack(&a, buf, size), -EINVAL);
	a.late = U32_MAX;
	KUNIT_EXPECT_EQ(test, eun_ack_pack(&a, buf, size), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_ack_pack(good, buf, eun_ack_len(good) - 1),
			-EMSGSIZE);
	KUNIT_EXPECT_MEMEQ(test, buf, before, size);
}

/*
 * path and late sit after the fixed PSN fields, in every kind: the largest
 * late (0xffffff) and any path go out big-endian at bytes 12-15 and come
 * back; one more than the largest late is refused.
 */
static void eun_wire_ack_path_late(struct kunit *test)
{
	static const int which[] = {
		EUN_GOLDEN_ACK, EUN_GOLDEN_SACK, EUN_GOLDEN_NACK_CAP
	};
	static const u8 fixed_tail[] = { 0xa7, 0xff, 0xff, 0xff };
	struct eun_ack_info a, back;
	u8 buf[EUN_ACK_MAX_LEN];
	unsigned int k;
	int n;

	for (k = 0; k < ARRAY_SIZE(which); k++) {
		a = eun_goldens[which[k]].ack;
		a.path = 0xa7;
		a.late = EUN_ACK_LATE_MAX;
		n = eun_ack_pack(&a, buf, sizeof(buf));
		KUNIT_ASSERT_EQ(test, n, (int)eun_ack_len(&a));
		KUNIT_EXPECT_MEMEQ(test, buf + 12, fixed_tail, sizeof(fixed_tail));
		KUNIT_ASSERT_EQ(test, eun_ack_parse(buf, n, &back), n);
		KUNIT_EXPECT_TRUE(test, eun_golden_ack_eq(&back, &a));
		a.late = EUN_ACK_LATE_MAX + 1;
		KUNIT_EXPECT_EQ(test, eun_ack_pack(&a, buf, sizeof(buf)), -EINVAL);
	}
}

struct sack_case {
	const char *name;
	u32 epsn;
	u32 psn;
	int err;
	unsigned int words;	/* sack_words after the set */
	unsigned int word;	/* where the bit lands */
	u64 bit;
};

static const struct sack_case sack_cases[] = {
	{ "first bit", 100, 101, 0, 1, 0, 1ULL << 0 },
	{ "last bit of word 0", 100, 164, 0, 1, 0, 1ULL << 63 },
	{ "first bit of word 1", 100, 165, 0, 2, 1, 1ULL << 0 },
	{ "last bit of the bitmap", 100, 100 + EUN_SACK_MAX_BITS, 0,
	  EUN_SACK_MAX_WORDS, EUN_SACK_MAX_WORDS - 1, 1ULL << 63 },
	{ "across the wrap", 0xffffff, 0x000000, 0, 1, 0, 1ULL << 0 },
	{ "far across the wrap", 0xffffc0, 0x000041, 0, 3, 2, 1ULL << 0 },
	{ "epsn itself", 100, 100, -ERANGE },
	{ "before epsn", 0x000002, 0xffffff, -ERANGE },
	{ "farthest PSN a reorder bitmap tracks", 100,
	  100 + EUN_BM_MAX_BITS - 1, 0, 64, 63, 1ULL << 62 },
	{ "one past the bitmap", 100, 101 + EUN_SACK_MAX_BITS, -ERANGE },
	{ "not a PSN", 100, (1U << 24) | 101, -ERANGE },
};

static void sack_desc(const struct sack_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(sack, sack_cases, sack_desc);

static void eun_wire_sack_bits(struct kunit *test)
{
	const struct sack_case *t = test->param_value;
	struct eun_ack_info a = { .kind = EUN_ACK_KIND_SACK, .epsn = t->epsn };
	unsigned int i;

	KUNIT_ASSERT_EQ(test, eun_sack_set(&a, t->psn), t->err);
	if (t->err) {
		KUNIT_EXPECT_EQ(test, a.sack_words, 0);
		KUNIT_EXPECT_FALSE(test, eun_sack_test(&a, t->psn));
		return;
	}
	KUNIT_EXPECT_EQ(test, a.sack_words, t->words);
	for (i = 0; i < EUN_SACK_MAX_WORDS; i++)
		KUNIT_EXPECT_EQ(test, a.sack[i], i == t->word ? t->bit : 0);
	KUNIT_EXPECT_TRUE(test, eun_sack_test(&a, t->psn));
	KUNIT_EXPECT_FALSE(test, eun_sack_test(&a, eun_psn_add(t->psn, 1)));
	KUNIT_EXPECT_FALSE(test, eun_sack_test(&a, t->epsn));
}

static void eun_wire_sack_trim(struct kunit *test)
{
	struct eun_ack_info a = { .kind = EUN_ACK_KIND_SACK, .epsn = 0xfffff0 };
	u8 buf[EUN_ACK_MAX_LEN];

	KUNIT_ASSERT_EQ(test, eun_sack_set(&a, 0xfffff1), 0);
	KUNIT_ASSERT_EQ(test, eun_sack_set(&a, 0x0000e0), 0);	/* word 3 */
	KUNIT_EXPECT_EQ(test, a.sack_words, 4);
	a.sack[3] = 0;	/* as if that PSN had been cleared again */
	eun_sack_trim(&a);
	KUNIT_EXPECT_EQ(test, a.sack_words, 1);
	KUNIT_EXPECT_EQ(test, eun_ack_pack(&a, buf, sizeof(buf)),
			EUN_ACK_FIXED_LEN + 8);
	/* A bit beyond the trimmed words is not tested as set. */
	a.sack[2] = 1;
	KUNIT_EXPECT_FALSE(test, eun_sack_test(&a, eun_psn_add(a.epsn, 129)));
	a.sack[2] = 0;
	a.sack[0] = 0;
	eun_sack_trim(&a);
	KUNIT_EXPECT_EQ(test, a.sack_words, 0);
	/* An empty SACK must go out as an ACK. */
	KUNIT_EXPECT_EQ(test, eun_ack_pack(&a, buf, sizeof(buf)), -EINVAL);
	a.kind = EUN_ACK_KIND_ACK;
	KUNIT_EXPECT_EQ(test, eun_ack_pack(&a, buf, sizeof(buf)), EUN_ACK_FIXED_LEN);
}

/*
 * The any-order mark of a READ request sits in BTH resv8a alone: the
 * destination QP, the PSN and the rest stay as they were, and a stock
 * request (resv8a 0) reads unmarked.
 */
static void eun_wire_read_any_order(struct kunit *test)
{
	/* RDMA_READ_REQUEST, pkey 0xffff, QP 0x123456, AckReq, PSN 0xabcdef. */
	static const u8 stock[12] = { 0x0c, 0x00, 0xff, 0xff, 0x00, 0x12, 0x34,
				      0x56, 0x80, 0xab, 0xcd, 0xef };
	u8 bth[12];

	memcpy(bth, stock, sizeof(bth));
	KUNIT_EXPECT_FALSE(test, eun_wire_any_order(bth));
	eun_wire_set_any_order(bth);
	KUNIT_EXPECT_TRUE(test, eun_wire_any_order(bth));
	KUNIT_EXPECT_EQ(test, bth[4], 0x01);
	bth[4] = 0;
	KUNIT_EXPECT_MEMEQ(test, bth, stock, sizeof(bth));
	/* Other reserved bits a peer might set say nothing. */
	bth[4] = 0xfe;
	KUNIT_EXPECT_FALSE(test, eun_wire_any_order(bth));
}

/*
 * The after-ooo mark of a READ or atomic request is bit 1 of resv8a, apart
 * from the any-order mark: either may be set without the other.
 */
static void eun_wire_after_ooo_mark(struct kunit *test)
{
	/* RDMA_READ_REQUEST, pkey 0xffff, QP 0x123456, AckReq, PSN 0xabcdef. */
	static const u8 stock[12] = { 0x0c, 0x00, 0xff, 0xff, 0x00, 0x12, 0x34,
				      0x56, 0x80, 0xab, 0xcd, 0xef };
	u8 bth[12];

	memcpy(bth, stock, sizeof(bth));
	KUNIT_EXPECT_FALSE(test, eun_wire_after_ooo(bth));
	eun_wire_set_after_ooo(bth);
	KUNIT_EXPECT_TRUE(test, eun_wire_after_ooo(bth));
	KUNIT_EXPECT_FALSE(test, eun_wire_any_order(bth));
	KUNIT_EXPECT_EQ(test, bth[4], 0x02);
	eun_wire_set_any_order(bth);
	KUNIT_EXPECT_TRUE(test, eun_wire_after_ooo(bth));
	KUNIT_EXPECT_EQ(test, bth[4], 0x03);
	bth[4] = 0;
	KUNIT_EXPECT_MEMEQ(test, bth, stock, sizeof(bth));
	bth[4] = 0xfd;
	KUNIT_EXPECT_FALSE(test, eun_wire_after_ooo(bth));
}

static void eun_wire_sizes(struct kunit *test)
{
	/* IPv6 40 + UDP 8 + BTH + RETH + EUNH + IMMDT + ICRC 4. */
	KUNIT_EXPECT_EQ(test, 40 + 8 + BTH_LEN + RETH_LEN + EUN_EXT_MAX_LEN + 4, 100);
	KUNIT_EXPECT_EQ(test, 80 + EUN_EXTRA_HDR_ROOM, 100);
	KUNIT_EXPECT_EQ(test, EUN_ACK_FIXED_LEN, 16);
	KUNIT_EXPECT_EQ(test, EUN_ACK_MAX_LEN, 16 + 64 * 8);
	/* Bit i is distance i + 1: as far as the largest bitmap tracks. */
	KUNIT_EXPECT_EQ(test, EUN_SACK_MAX_BITS, EUN_BM_MAX_BITS);
}

static struct kunit_case eun_wire_cases[] = {
	KUNIT_CASE_PARAM(eun_wire_golden_pack, golden_gen_params),
	KUNIT_CASE_PARAM(eun_wire_golden_parse, golden_gen_params),
	KUNIT_CASE_PARAM(eun_wire_golden_meaning, golden_gen_params),
	KUNIT_CASE_PARAM(eun_wire_ext_round_trip, ext_valid_gen_params),
	KUNIT_CASE_PARAM(eun_wire_ext_malformed, ext_bad_gen_params),
	KUNIT_CASE(eun_wire_ext_any_path),
	KUNIT_CASE(eun_wire_ext_pack_refuses),
	KUNIT_CASE_PARAM(eun_wire_ack_round_trip, ack_valid_gen_params),
	KUNIT_CASE_PARAM(eun_wire_ack_malformed, ack_bad_gen_params),
	KUNIT_CASE(eun_wire_ack_pack_refuses),
	KUNIT_CASE(eun_wire_ack_path_late),
	KUNIT_CASE_PARAM(eun_wire_sack_bits, sack_gen_params),
	KUNIT_CASE(eun_wire_sack_trim),
	KUNIT_CASE(eun_wire_read_any_order),
	KUNIT_CASE(eun_wire_after_ooo_mark),
	KUNIT_CASE(eun_wire_sizes),
	{}
};

static struct kunit_suite eun_wire_suite = {
	.name = "eun_wire",
	.test_cases = eun_wire_cases,
};

kunit_test_suite(eun_wire_suite);
