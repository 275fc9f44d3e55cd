// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the receive side's checks of an ooo request packet
 * (core/eun_rx_check.c, the functions rx/eun_rx.c and rx/eun_rx_place.c
 * call), at their edges: payloads of 0, MTU - 1, MTU and MTU + 1 bytes, a
 * frame one byte short of its headers, offsets that are not the index
 * times the MTU or run past the message, PSNs at both edges of the window
 * and across the 2^24 wrap, message numbers at the edges of the receive
 * queue and the hold queue, WRITE targets at the end of the MR, before
 * it, and with u64 sums that wrap, and a SEND walked over its SGEs.
 */
#include <kunit/test.h>

#include "eun/eun_psn.h"
#include "eun/eun_rx_check.h"

#define RXC_MTU		1024
/* BTH + RETH + EUNH, and BTH + EUNH: rxe's header lengths of the opcodes. */
#define RXC_WRITE_HDR	(12 + 16 + EUN_EXT_HDR_LEN)
#define RXC_SEND_HDR	(12 + EUN_EXT_HDR_LEN)
#define RXC_BUF		(RXC_WRITE_HDR + EUN_IMMDT_LEN + RXC_MTU + 8)
/*
 * Index 2^22 + K at MTU 1024 is K * 1024 modulo 2^32; from this K on that
 * is at least index * 256, so the codec takes the header.
 */
#define RXC_WRAP_K	1398102u

/* A frame: headers, EUNH packed from @eh, @len bytes of payload, @pad. */
static u32 rxc_frame(struct kunit *test, u8 *buf, struct eun_rxc_frame *f,
		     bool is_write, const struct eun_ext_hdr *eh, u32 len,
		     u32 pad)
{
	int n;

	memset(buf, 0, RXC_BUF);
	f->is_write = is_write;
	f->hdr_len = is_write ? RXC_WRITE_HDR : RXC_SEND_HDR;
	f->mtu = RXC_MTU;
	f->pad = pad;
	n = eun_ext_pack(eh, buf + f->hdr_len - EUN_EXT_HDR_LEN,
			 EUN_EXT_MAX_LEN);
	KUNIT_ASSERT_GT(test, n, 0);
	f->paylen = f->hdr_len - EUN_EXT_HDR_LEN + n + len + pad +
		    EUN_ICRC_LEN;
	return f->hdr_len - EUN_EXT_HDR_LEN + n;
}

/* Packet @index of a message of @msg_len bytes, with its flags. */
static struct eun_ext_hdr rxc_eh(u32 index, u32 msg_len, u8 flags)
{
	return (struct eun_ext_hdr) {
		.flags = flags | (index ? 0 : EUN_EXT_F_FIRST),
		.msg_seq = 7,
		.pkt_index = index,
		.offset = index * RXC_MTU,
		.msg_len = msg_len,
	};
}

static enum eun_rxc_verdict rxc_parse(struct kunit *test, bool is_write,
				      const struct eun_ext_hdr *eh, u32 len,
				      struct eun_rxc_pkt *p)
{
	static u8 buf[RXC_BUF];
	struct eun_rxc_frame f;
	u32 data_off = rxc_frame(test, buf, &f, is_write, eh, len, 0);
	enum eun_rxc_verdict v = eun_rxc_parse(&f, buf, p);

	if (v == EUN_RXC_OK) {
		KUNIT_EXPECT_EQ(test, p->data_off, data_off);
		KUNIT_EXPECT_EQ(test, p->len, len);
	}
	return v;
}

static void rxc_parse_lengths(struct kunit *test)
{
	struct eun_ext_hdr mid = rxc_eh(1, 3 * RXC_MTU, 0);
	struct eun_ext_hdr last = rxc_eh(2, 3 * RXC_MTU - 1, EUN_EXT_F_LAST);
	struct eun_rxc_pkt p;

	/* A middle packet carries exactly one MTU. */
	KUNIT_EXPECT_EQ(test, rxc_parse(test, true, &mid, RXC_MTU, &p),
			EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, rxc_parse(test, true, &mid, RXC_MTU - 1, &p),
			EUN_RXC_MALFORMED);
	KUNIT_EXPECT_EQ(test, rxc_parse(test, true, &mid, RXC_MTU + 1, &p),
			EUN_RXC_MALFORMED);
	KUNIT_EXPECT_EQ(test, rxc_parse(test, false, &mid, 0, &p),
			EUN_RXC_MALFORMED);
	/* The last one ends the message, not a byte short or beyond. */
	KUNIT_EXPECT_EQ(test, rxc_parse(test, false, &last, RXC_MTU - 1, &p),
			EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, rxc_parse(test, false, &last, RXC_MTU - 2, &p),
			EUN_RXC_MALFORMED);
	KUNIT_EXPECT_EQ(test, rxc_parse(test, false, &last, RXC_MTU, &p),
			EUN_RXC_MALFORMED);
}

static void rxc_parse_zero_and_single(struct kunit *test)
{
	struct eun_ext_hdr zero = rxc_eh(0, 0, EUN_EXT_F_LAST);
	struct eun_ext_hdr one = rxc_eh(0, RXC_MTU, EUN_EXT_F_LAST);
	struct eun_ext_hdr big = rxc_eh(0, RXC_MTU + 1, EUN_EXT_F_LAST);
	struct eun_rxc_pkt p;

	KUNIT_EXPECT_EQ(test, rxc_parse(test, true, &zero, 0, &p), EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, rxc_parse(test, true, &zero, 1, &p),
			EUN_RXC_MALFORMED);
	KUNIT_EXPECT_EQ(test, rxc_parse(test, false, &one, RXC_MTU, &p),
			EUN_RXC_OK);
	/* One packet cannot carry MTU + 1 bytes. */
	KUNIT_EXPECT_EQ(test, rxc_parse(test, false, &big, RXC_MTU + 1, &p),
			EUN_RXC_MALFORMED);
}

static void rxc_parse_offsets(struct kunit *test)
{
	struct eun_ext_hdr eh = rxc_eh(1, 3 * RXC_MTU, 0);
	struct eun_rxc_pkt p;

	eh.offset = RXC_MTU + 1;
	KUNIT_EXPECT_EQ(test, rxc_parse(test, true, &eh, RXC_MTU, &p),
			EUN_RXC_MALFORMED);
	/*
	 * Index times MTU past 2^32: the offset it equals modulo 2^32 (and
	 * the codec allows) is not the packet's place.
	 */
	eh = rxc_eh(0, EUN_MAX_MSG_LEN, 0);
	eh.flags = 0;
	eh.pkt_index = (1 << 22) + RXC_WRAP_K;
	eh.offset = RXC_WRAP_K * RXC_MTU;
	KUNIT_EXPECT_EQ(test, rxc_parse(test, true, &eh, RXC_MTU, &p),
			EUN_RXC_MALFORMED);
	/* A last packet whose offset is right but runs past the message. */
	eh = rxc_eh(1, RXC_MTU + 10, EUN_EXT_F_LAST);
	KUNIT_EXPECT_EQ(test, rxc_parse(test, true, &eh, 11, &p),
			EUN_RXC_MALFORMED);
	KUNIT_EXPECT_EQ(test, rxc_parse(test, true, &eh, 10, &p), EUN_RXC_OK);
}

static void rxc_parse_frame_short(struct kunit *test)
{
	static u8 buf[RXC_BUF];
	struct eun_ext_hdr eh = rxc_eh(0, 8, EUN_EXT_F_LAST | EUN_EXT_F_IMM);
	struct eun_rxc_frame f;
	struct eun_rxc_pkt p;

	eh.imm = 0xabcd;
	rxc_frame(test, buf, &f, false, &eh, 8, 3);
	KUNIT_EXPECT_EQ(test, eun_rxc_parse(&f, buf, &p), EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, p.eh.imm, 0xabcdu);
	KUNIT_EXPECT_EQ(test, p.data_off, RXC_SEND_HDR + EUN_IMMDT_LEN);
	/* Without its payload the last packet is short of the message. */
	f.paylen -= 8;
	KUNIT_EXPECT_EQ(test, eun_rxc_parse(&f, buf, &p), EUN_RXC_MALFORMED);
	/* Headers, pad and ICRC and no room for IMMDT: short. */
	f.paylen = f.hdr_len + f.pad + EUN_ICRC_LEN;
	KUNIT_EXPECT_EQ(test, eun_rxc_parse(&f, buf, &p), EUN_RXC_MALFORMED);
	/* One byte short of the headers. */
	f.paylen--;
	KUNIT_EXPECT_EQ(test, eun_rxc_parse(&f, buf, &p), EUN_RXC_MALFORMED);
	f.paylen = 0;
	KUNIT_EXPECT_EQ(test, eun_rxc_parse(&f, buf, &p), EUN_RXC_MALFORMED);
	f.paylen = 200;
	f.pad = U32_MAX;
	KUNIT_EXPECT_EQ(test, eun_rxc_parse(&f, buf, &p), EUN_RXC_MALFORMED);
}

static void rxc_parse_invalidate(struct kunit *test)
{
	struct eun_ext_hdr eh = rxc_eh(0, 8, EUN_EXT_F_LAST | EUN_EXT_F_INV);
	struct eun_rxc_pkt p;

	eh.imm = 0x1234;
	KUNIT_EXPECT_EQ(test, rxc_parse(test, false, &eh, 8, &p), EUN_RXC_OK);
	/* Only a SEND invalidates. */
	KUNIT_EXPECT_EQ(test, rxc_parse(test, true, &eh, 8, &p),
			EUN_RXC_MALFORMED);
}

static void rxc_psn_window(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, eun_rxc_psn(100, 99, 16), EUN_RXC_DUPLICATE);
	KUNIT_EXPECT_EQ(test, eun_rxc_psn(100, 100, 16), EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, eun_rxc_psn(100, 115, 16), EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, eun_rxc_psn(100, 116, 16), EUN_RXC_OUTSIDE);
	/* Across the wrap. */
	KUNIT_EXPECT_EQ(test, eun_rxc_psn(0xfffffe, 1, 4), EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, eun_rxc_psn(0xfffffe, 2, 4), EUN_RXC_OUTSIDE);
	KUNIT_EXPECT_EQ(test, eun_rxc_psn(1, 0xffffff, 4), EUN_RXC_DUPLICATE);
	/* Half the PSN space ahead reads as behind. */
	KUNIT_EXPECT_EQ(test, eun_rxc_psn(0, EUN_PSN_HALF, EUN_PSN_MASK),
			EUN_RXC_DUPLICATE);
	KUNIT_EXPECT_EQ(test, eun_rxc_psn(0, EUN_PSN_HALF - 1, EUN_PSN_MASK),
			EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, eun_rxc_psn(5, 5, 0), EUN_RXC_OUTSIDE);
}

static void rxc_recv_slot_edges(struct kunit *test)
{
	struct eun_rxc_recv r = {
		.msg_seq = 0, .head_seq = 0xffffff, .hq_cap = 4, .posted = 2,
	};
	u32 ahead = 99;

	KUNIT_EXPECT_EQ(test, eun_rxc_recv_slot(&r, &ahead), EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, ahead, 1u);
	r.msg_seq = 1;			/* the third WQE, two posted */
	KUNIT_EXPECT_EQ(test, eun_rxc_recv_slot(&r, &ahead), EUN_RXC_RNR);
	r.posted = 100;			/* the hold queue keeps four */
	r.msg_seq = 2;
	KUNIT_EXPECT_EQ(test, eun_rxc_recv_slot(&r, &ahead), EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, ahead, 3u);
	r.msg_seq = 3;
	KUNIT_EXPECT_EQ(test, eun_rxc_recv_slot(&r, &ahead), EUN_RXC_RNR);
	r.msg_seq = 0xfffffe;		/* already completed */
	KUNIT_EXPECT_EQ(test, eun_rxc_recv_slot(&r, &ahead), EUN_RXC_RNR);
	r.posted = 0;
	r.msg_seq = 0xffffff;
	KUNIT_EXPECT_EQ(test, eun_rxc_recv_slot(&r, &ahead), EUN_RXC_RNR);
}

static void rxc_recv_target_edges(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, eun_rxc_recv_target(4096, 4096, 2, 2),
			EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, eun_rxc_recv_target(4097, 4096, 2, 2),
			EUN_RXC_INVALID);
	KUNIT_EXPECT_EQ(test, eun_rxc_recv_target(0, 0, 0, 2), EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, eun_rxc_recv_target(1, U32_MAX, 3, 2),
			EUN_RXC_INVALID);
}

static void rxc_write_target_steps(struct kunit *test)
{
	struct eun_rxc_write w = {
		.reth_va = 0x10000, .reth_len = 3000, .msg_len = 3000,
		.offset = 2048, .len = 952, .remote_write = true,
	};
	u64 va = 0;

	KUNIT_EXPECT_EQ(test, eun_rxc_write_target(&w, &va), EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, va, 0x10000ULL + 2048);
	w.reth_len = 2999;
	KUNIT_EXPECT_EQ(test, eun_rxc_write_target(&w, &va), EUN_RXC_INVALID);
	w.reth_len = 3000;
	w.remote_write = false;
	KUNIT_EXPECT_EQ(test, eun_rxc_write_target(&w, &va), EUN_RXC_ACCESS);
	/* Zero bytes need no rkey, even without a valid address. */
	w = (struct eun_rxc_write) { .reth_va = U64_MAX, .remote_write = true };
	KUNIT_EXPECT_EQ(test, eun_rxc_write_target(&w, &va), EUN_RXC_EMPTY);
	/* The address may wrap: the range check judges it. */
	w = (struct eun_rxc_write) {
		.reth_va = U64_MAX - 99, .reth_len = 4096, .msg_len = 4096,
		.offset = 1024, .len = 1024, .remote_write = true,
	};
	KUNIT_EXPECT_EQ(test, eun_rxc_write_target(&w, &va), EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, va, 924ULL);
}

static void rxc_range_edges(struct kunit *test)
{
	struct eun_rxc_mr mr = {
		.kind = EUN_RXC_MR_RANGE, .iova = 0x1000, .length = 0x2000,
	};

	KUNIT_EXPECT_EQ(test, eun_rxc_range(&mr, 0x1000, 0x2000), EUN_RXC_OK);
	/* Ends exactly at the MR's end; one byte more, one before its start. */
	KUNIT_EXPECT_EQ(test, eun_rxc_range(&mr, 0x2c00, 0x400), EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, eun_rxc_range(&mr, 0x2c00, 0x401),
			EUN_RXC_ACCESS);
	KUNIT_EXPECT_EQ(test, eun_rxc_range(&mr, 0x3000, 0), EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, eun_rxc_range(&mr, 0x3001, 0), EUN_RXC_ACCESS);
	KUNIT_EXPECT_EQ(test, eun_rxc_range(&mr, 0xfff, 1), EUN_RXC_ACCESS);
	/* va + len wraps past 2^64 and lands inside: still outside. */
	KUNIT_EXPECT_EQ(test, eun_rxc_range(&mr, U64_MAX - 0x10, 0x1100),
			EUN_RXC_ACCESS);
	/* An MR at the top of the space: its end does not wrap the test. */
	mr.iova = U64_MAX - 0xfff;
	mr.length = 0x1000;
	KUNIT_EXPECT_EQ(test, eun_rxc_range(&mr, U64_MAX, 1), EUN_RXC_OK);
	KUNIT_EXPECT_EQ(test, eun_rxc_range(&mr, U64_MAX, 2), EUN_RXC_ACCESS);
	KUNIT_EXPECT_EQ(test, eun_rxc_range(&mr, U64_MAX - 0xfff, 0x1001),
			EUN_RXC_ACCESS);
	mr.kind = EUN_RXC_MR_ANY;
	KUNIT_EXPECT_EQ(test, eun_rxc_range(&mr, 0, U32_MAX), EUN_RXC_OK);
	mr.kind = EUN_RXC_MR_NONE;
	KUNIT_EXPECT_EQ(test, eun_rxc_range(&mr, U64_MAX, 1), EUN_RXC_ACCESS);
}

/* Walk @nsge SGEs as eun_rx_place_recv() does; return bytes left. */
static u32 rxc_walk(const u32 *sge, u32 nsge, u32 offset, u32 len,
		    u32 *first_sge, u32 *first_at)
{
	u32 i, n, at;

	*first_sge = U32_MAX;
	for (i = 0; i < nsge && len; i++) {
		n = eun_rxc_sge_take(sge[i], &offset, len, &at);
		if (!n)
			continue;
		if (*first_sge == U32_MAX) {
			*first_sge = i;
			*first_at = at;
		}
		len -= n;
	}
	return len;
}

static void rxc_sge_walk(struct kunit *test)
{
	static const u32 sge[] = { 100, 0, 50, 1000 };
	u32 first, at;

	KUNIT_EXPECT_EQ(test, rxc_walk(sge, 4, 120, 30, &first, &at), 0u);
	KUNIT_EXPECT_EQ(test, first, 2u);
	KUNIT_EXPECT_EQ(test, at, 20u);
	/* At an SGE's end exactly: the next one, from its start. */
	KUNIT_EXPECT_EQ(test, rxc_walk(sge, 4, 100, 1050, &first, &at), 0u);
	KUNIT_EXPECT_EQ(test, first, 2u);
	KUNIT_EXPECT_EQ(test, at, 0u);
	KUNIT_EXPECT_EQ(test, rxc_walk(sge, 4, 100, 1051, &first, &at), 1u);
	KUNIT_EXPECT_EQ(test, rxc_walk(sge, 4, 1150, 1, &first, &at), 1u);
	KUNIT_EXPECT_EQ(test, first, U32_MAX);
	KUNIT_EXPECT_EQ(test, rxc_walk(sge, 4, 1149, 1, &first, &at), 0u);
	KUNIT_EXPECT_EQ(test, at, 999u);
}

static void rxc_nack_reasons(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, eun_rxc_nack_reason(EUN_RXC_OUTSIDE),
			EUN_NACK_CAP);
	KUNIT_EXPECT_EQ(test, eun_rxc_nack_reason(EUN_RXC_RNR), EUN_NACK_RNR);
	KUNIT_EXPECT_EQ(test, eun_rxc_nack_reason(EUN_RXC_INVALID),
			EUN_NACK_INVALID);
	KUNIT_EXPECT_EQ(test, eun_rxc_nack_reason(EUN_RXC_ACCESS),
			EUN_NACK_ACCESS);
	KUNIT_EXPECT_EQ(test, eun_rxc_nack_reason(EUN_RXC_MALFORMED),
			EUN_NACK_NONE);
	KUNIT_EXPECT_STREQ(test, eun_rxc_verdict_name(EUN_RXC_EMPTY), "empty");
	KUNIT_EXPECT_STREQ(test, eun_rxc_verdict_name(EUN_RXC_VERDICT_COUNT),
			   "?");
}

static struct kunit_case eun_rx_check_cases[] = {
	KUNIT_CASE(rxc_parse_lengths),
	KUNIT_CASE(rxc_parse_zero_and_single),
	KUNIT_CASE(rxc_parse_offsets),
	KUNIT_CASE(rxc_parse_frame_short),
	KUNIT_CASE(rxc_parse_invalidate),
	KUNIT_CASE(rxc_psn_window),
	KUNIT_CASE(rxc_recv_slot_edges),
	KUNIT_CASE(rxc_recv_target_edges),
	KUNIT_CASE(rxc_write_target_steps),
	KUNIT_CASE(rxc_range_edges),
	KUNIT_CASE(rxc_sge_walk),
	KUNIT_CASE(rxc_nack_reasons),
	{}
};

static struct kunit_suite eun_rx_check_suite = {
	.name = "eun_rx_check",
	.test_cases = eun_rx_check_cases,
};

kunit_test_suite(eun_rx_check_suite);
