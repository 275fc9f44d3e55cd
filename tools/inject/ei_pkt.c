// SPDX-License-Identifier: GPL-2.0
/*
 * Builders of the hostile packets (Documentation/wire-format.rst has the
 * format they break, Documentation/testing.rst what each must do).
 *
 * Malformed ooo headers go at the target's expected PSN: a receiver that
 * took one for data would be visibly wrong there. Well-formed packets go
 * far outside the receive window (2^20 PSNs ahead or behind), where a
 * correct receiver drops them whatever else they say: in the window a
 * forged packet with the right PSN is indistinguishable from the peer's.
 */

#include <string.h>

#include "ei_icrc.h"
#include "ei_pkt.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define EI_PSN_MASK	0xffffffu
#define EI_FAR		0x100000u	/* far outside any receive window */

#define OP_EUN_WRITE	0x18
#define OP_EUN_SEND	0x19
#define OP_EUN_ACK	0x1a
#define OP_UD_SEND_ONLY	0x64

#define BTH_LEN		12
#define RETH_LEN	16
#define AETH_LEN	4
#define EUNH_LEN	16
#define ACK_LEN		16

#define EUNH_F		0x01
#define EUNH_L		0x02
#define EUNH_I		0x04
#define EUN_VER		(1u << 6)

enum ack_kind { ACK_ACK, ACK_SACK, ACK_NACK };

static void put24(uint8_t *p, uint32_t v)
{
	p[0] = v >> 16;
	p[1] = v >> 8;
	p[2] = v;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24;
	put24(p + 1, v);
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, v >> 32);
	put32(p + 4, v);
}

static uint32_t psn_add(uint32_t psn, uint32_t n)
{
	return (psn + n) & EI_PSN_MASK;
}

/* BTH: P_Key default, TVer 0, no padding; AckReq set, to draw answers. */
static int bth(uint8_t *p, uint8_t opcode, uint32_t dqpn, uint32_t psn)
{
	memset(p, 0, BTH_LEN);
	p[0] = opcode;
	p[2] = 0xff;
	p[3] = 0xff;
	put24(p + 5, dqpn);
	p[8] = 0x80;
	put24(p + 9, psn);
	return BTH_LEN;
}

static int reth(uint8_t *p, uint64_t va, uint32_t rkey, uint32_t len)
{
	put64(p, va);
	put32(p + 8, rkey);
	put32(p + 12, len);
	return RETH_LEN;
}

/* EUNH with its first byte whole, so that a kind can break any bit of it. */
static int eunh(uint8_t *p, uint8_t b0, uint32_t seq, uint32_t index,
		uint32_t offset, uint32_t msg_len)
{
	p[0] = b0;
	put24(p + 1, seq);
	p[4] = 0;			/* path byte: any value is valid */
	put24(p + 5, index);
	put32(p + 8, offset);
	put32(p + 12, msg_len);
	return EUNH_LEN;
}

/* A SEND packet: BTH, EUNH, @len zero bytes, room for the ICRC. */
static int send_pkt(const struct ei_target *t, uint32_t psn, uint8_t b0,
		    uint32_t index, uint32_t msg_len, uint32_t len,
		    uint8_t *buf)
{
	int n = bth(buf, OP_EUN_SEND, t->dqpn, psn);

	n += eunh(buf + n, b0, 0, index, index * t->mtu, msg_len);
	memset(buf + n, 0, len + EI_ICRC_LEN);
	return n + len + EI_ICRC_LEN;
}

/* A WRITE packet of @len bytes at @va, index @index of @msg_len. */
static int write_pkt(const struct ei_target *t, uint32_t psn, uint8_t b0,
		     uint32_t index, uint32_t msg_len, uint32_t len,
		     uint64_t va, uint32_t rkey, uint8_t *buf)
{
	int n = bth(buf, OP_EUN_WRITE, t->dqpn, psn);

	n += reth(buf + n, va, rkey, msg_len);
	n += eunh(buf + n, b0, 0, index, index * t->mtu, msg_len);
	memset(buf + n, 0x5a, len + EI_ICRC_LEN);
	return n + len + EI_ICRC_LEN;
}

/* An EUN_ACK with @nwords SACK words of ones; the BTH PSN is epsn - 1. */
static int ack_pkt(const struct ei_target *t, uint8_t b0, uint8_t reason,
		   uint32_t nack_psn, uint8_t nwords, uint8_t *buf)
{
	uint32_t epsn = t->una;
	int n = bth(buf, OP_EUN_ACK, t->dqpn, psn_add(epsn, EI_PSN_MASK));
	unsigned int w;

	buf[n++] = reason == 4 ? 0x20 : 0x1f;	/* RNR NAK, or an ACK */
	put24(buf + n, 0);			/* MSN */
	n += 3;
	buf[n] = b0;
	buf[n + 1] = reason;
	put24(buf + n + 2, epsn);
	buf[n + 5] = nwords;
	put24(buf + n + 6, nack_psn);
	put24(buf + n + 9, 0);			/* dup_psn */
	buf[n + 12] = 0xff;			/* path: nothing to report */
	put24(buf + n + 13, 0);			/* late */
	n += ACK_LEN;
	for (w = 0; w < nwords; w++, n += 8)
		put64(buf + n, ~0ull);
	memset(buf + n, 0, EI_ICRC_LEN);
	return n + EI_ICRC_LEN;
}

/* rxe reads the opcode's fixed header (28 bytes for EUN_SEND) first. */
static int k_trunc_hdr(const struct ei_target *t, unsigned int i, uint8_t *b)
{
	int n = bth(b, OP_EUN_SEND, t->dqpn, t->epsn);

	memset(b + n, 0, 8 + EI_ICRC_LEN);
	b[n] = EUN_VER | EUNH_F | EUNH_L;
	return n + 8 + EI_ICRC_LEN;
}

/* IMM flagged, IMMDT missing: EUNH needs 20 bytes and has 16. */
static int k_trunc_imm(const struct ei_target *t, unsigned int i, uint8_t *b)
{
	return send_pkt(t, t->epsn, EUN_VER | EUNH_F | EUNH_L | EUNH_I, 0, 0,
			0, b);
}

static int k_bad_version(const struct ei_target *t, unsigned int i,
			 uint8_t *b)
{
	static const uint8_t ver[] = { 0x00, 0x80, 0xc0 };

	return send_pkt(t, t->epsn, ver[i % 3] | EUNH_F | EUNH_L, 0, 64, 64,
			b);
}

/* Bits 0x10 and 0x20 (0x08 may become a flag: IETH for SEND with invalidate). */
static int k_reserved(const struct ei_target *t, unsigned int i, uint8_t *b)
{
	uint8_t rsv = 0x10 << (i % 2);

	return send_pkt(t, t->epsn, EUN_VER | rsv | EUNH_F | EUNH_L, 0, 64, 64,
			b);
}

/* Flags that contradict the other fields, one case per packet in turn. */
static int k_bad_flags(const struct ei_target *t, unsigned int i, uint8_t *b)
{
	switch (i % 4) {
	case 0:		/* IMM without LAST */
		return send_pkt(t, t->epsn, EUN_VER | EUNH_F | EUNH_I, 0,
				2 * t->mtu, t->mtu, b);
	case 1:		/* FIRST at index 1 */
		return send_pkt(t, t->epsn, EUN_VER | EUNH_F, 1, 3 * t->mtu,
				t->mtu, b);
	case 2:		/* index 0 without FIRST */
		return send_pkt(t, t->epsn, EUN_VER | EUNH_L, 0, 64, 64, b);
	default:	/* msg_len 0 without LAST */
		return send_pkt(t, t->epsn, EUN_VER | EUNH_F, 0, 0, 0, b);
	}
}

/* A first packet of 2 MTUs with no payload: every but the last is full. */
static int k_zero_len(const struct ei_target *t, unsigned int i, uint8_t *b)
{
	return send_pkt(t, t->epsn, EUN_VER | EUNH_F, 0, 2 * t->mtu, 0, b);
}

/* The largest datagram the link carries: a payload over the path MTU. */
static int k_max_len(const struct ei_target *t, unsigned int i, uint8_t *b)
{
	uint32_t len = t->max_len - BTH_LEN - RETH_LEN - EUNH_LEN -
		       EI_ICRC_LEN;

	len &= ~3u;
	return write_pkt(t, t->epsn, EUN_VER | EUNH_F | EUNH_L, 0, len, len,
			 0x1000, t->rkey, b);
}

/* Well-formed zero-length WRITEs: they need no rkey, only a PSN. */
static int k_psn_far(const struct ei_target *t, unsigned int i, uint8_t *b)
{
	return write_pkt(t, psn_add(t->epsn, EI_FAR + i),
			 EUN_VER | EUNH_F | EUNH_L, 0, 0, 0, 0, 0, b);
}

static int k_psn_behind(const struct ei_target *t, unsigned int i,
			uint8_t *b)
{
	return write_pkt(t, psn_add(t->epsn, -(EI_FAR + i)),
			 EUN_VER | EUNH_F | EUNH_L, 0, 0, 0, 0, 0, b);
}

/* RC opcodes no rxe knows: 0x15, 0x1b (planned), 0x1e, 0x1f. */
static int k_unknown_op(const struct ei_target *t, unsigned int i,
			uint8_t *b)
{
	static const uint8_t op[] = { 0x15, 0x1b, 0x1e, 0x1f };
	int n = bth(b, op[i % 4], t->dqpn, t->epsn);

	memset(b + n, 0, 32 + EI_ICRC_LEN);
	return n + 32 + EI_ICRC_LEN;
}

/* A UD SEND (DETH, payload) to an RC QP. */
static int k_wrong_class(const struct ei_target *t, unsigned int i,
			 uint8_t *b)
{
	int n = bth(b, OP_UD_SEND_ONLY, t->dqpn, t->epsn);

	memset(b + n, 0, 8 + 32 + EI_ICRC_LEN);
	return n + 8 + 32 + EI_ICRC_LEN;
}

/*
 * A SACK of the 256 PSNs after the target's oldest unacknowledged one:
 * twice the default max_inflight, so that some of them were never sent
 * however many are in flight (64 were not always: a sender with more
 * than 64 in flight took the SACK as a real one).
 */
static int k_sack_unsent(const struct ei_target *t, unsigned int i,
			 uint8_t *b)
{
	return ack_pkt(t, EUN_VER | ACK_SACK, 0, 0, 4, b);
}

/* A plain ACK whose BTH PSN is not epsn - 1. */
static int k_ack_bad_psn(const struct ei_target *t, unsigned int i,
			 uint8_t *b)
{
	int n = ack_pkt(t, EUN_VER | ACK_ACK, 0, 0, 0, b);

	put24(b + 9, psn_add(t->una, 5 + i));
	return n;
}

/* A SACK whose word count says 2 and carries 1. */
static int k_ack_short(const struct ei_target *t, unsigned int i, uint8_t *b)
{
	int n = ack_pkt(t, EUN_VER | ACK_SACK, 0, 0, 1, b);

	b[BTH_LEN + AETH_LEN + 5] = 2;
	return n;
}

/* NACKs naming the target's next PSN, which it never sent. */
static int nack(const struct ei_target *t, uint8_t reason, uint8_t *b)
{
	return ack_pkt(t, EUN_VER | ACK_NACK, reason, t->una, 0, b);
}

static int k_nack_cap(const struct ei_target *t, unsigned int i, uint8_t *b)
{
	return nack(t, 1, b);
}

static int k_nack_nomem(const struct ei_target *t, unsigned int i,
			uint8_t *b)
{
	return nack(t, 2, b);
}

static int k_nack_invalid(const struct ei_target *t, unsigned int i,
			  uint8_t *b)
{
	return nack(t, 3, b);
}

static int k_nack_rnr(const struct ei_target *t, unsigned int i, uint8_t *b)
{
	return nack(t, 4, b);
}

static int k_nack_access(const struct ei_target *t, unsigned int i,
			 uint8_t *b)
{
	return nack(t, 5, b);
}

static int k_nack_mode(const struct ei_target *t, unsigned int i, uint8_t *b)
{
	return nack(t, 6, b);
}

/* Far-ahead WRITEs and SENDs whose target is wrong as well as their PSN. */
static int k_bad_rkey(const struct ei_target *t, unsigned int i, uint8_t *b)
{
	return write_pkt(t, psn_add(t->epsn, EI_FAR + i),
			 EUN_VER | EUNH_F | EUNH_L, 0, 64, 64, 0x1000,
			 t->rkey ^ 0x5a5a5a00, b);
}

static int k_bad_range(const struct ei_target *t, unsigned int i, uint8_t *b)
{
	return write_pkt(t, psn_add(t->epsn, EI_FAR + i),
			 EUN_VER | EUNH_F | EUNH_L, 0, 64, 64,
			 0xfffffffffffff000ull, t->rkey, b);
}

/* The last packet (index 2) of a 3-packet WRITE, without the others. */
static int k_write_last(const struct ei_target *t, unsigned int i,
			uint8_t *b)
{
	return write_pkt(t, psn_add(t->epsn, EI_FAR + i), EUN_VER | EUNH_L, 2,
			 2 * t->mtu + 64, 64, 0, t->rkey, b);
}

/* RETH length other than EUNH msg_len. */
static int k_reth_len(const struct ei_target *t, unsigned int i, uint8_t *b)
{
	int n = write_pkt(t, psn_add(t->epsn, EI_FAR + i),
			  EUN_VER | EUNH_F | EUNH_L, 0, 64, 64, 0, t->rkey, b);

	put32(b + BTH_LEN + 12, 128);
	return n;
}

/* A SEND into a receive WQE 2^23 messages ahead: never posted. */
static int k_send_unposted(const struct ei_target *t, unsigned int i,
			   uint8_t *b)
{
	int n = send_pkt(t, psn_add(t->epsn, EI_FAR + i),
			 EUN_VER | EUNH_F | EUNH_L, 0, 64, 64, b);

	put24(b + BTH_LEN + 1, 0x800000);
	return n;
}

const struct ei_kind ei_kinds[] = {
	{ "trunc-hdr", "rxe_eun_rcv_drop",
	  "EUN_SEND shorter than BTH + EUNH", k_trunc_hdr },
	{ "trunc-imm", "rxe_eun_rx_malformed",
	  "EUNH with IMM and no IMMDT", k_trunc_imm },
	{ "bad-version", "rxe_eun_rx_malformed",
	  "EUNH version 0, 2, 3", k_bad_version },
	{ "reserved", "rxe_eun_rx_malformed",
	  "EUNH reserved bits set", k_reserved },
	{ "bad-flags", "rxe_eun_rx_malformed",
	  "EUNH flags against index, offset, length", k_bad_flags },
	{ "zero-len", "rxe_eun_rx_malformed",
	  "first packet of 2 MTUs, no payload", k_zero_len },
	{ "max-len", "rxe_eun_rx_malformed",
	  "largest datagram, payload over the MTU", k_max_len },
	{ "psn-far", "rxe_eun_psn_drop",
	  "zero-length WRITE 2^20 PSNs ahead", k_psn_far },
	{ "psn-behind", "rxe_eun_psn_duplicate",
	  "zero-length WRITE 2^20 PSNs behind", k_psn_behind },
	{ "unknown-op", "rxe_eun_rcv_drop_opcode",
	  "RC opcodes 0x15, 0x1b, 0x1e, 0x1f", k_unknown_op },
	{ "wrong-class", "rxe_eun_rcv_drop",
	  "UD SEND to an RC QP", k_wrong_class },
	{ "sack-unsent", "rxe_eun_ack_bad",
	  "SACK of 256 PSNs, past any window sent", k_sack_unsent },
	{ "ack-bad-psn", "rxe_eun_ack_bad",
	  "ACK whose BTH PSN is not epsn - 1", k_ack_bad_psn },
	{ "ack-short", "rxe_eun_ack_bad",
	  "SACK shorter than its word count", k_ack_short },
	{ "nack-cap", "rxe_eun_ack_bad",
	  "NACK CAP of a PSN never sent", k_nack_cap },
	{ "nack-nomem", "rxe_eun_ack_bad",
	  "NACK NOMEM of a PSN never sent", k_nack_nomem },
	{ "nack-invalid", "rxe_eun_ack_bad",
	  "NACK INVALID of a PSN never sent", k_nack_invalid },
	{ "nack-rnr", "rxe_eun_ack_bad",
	  "NACK RNR of a PSN never sent", k_nack_rnr },
	{ "nack-access", "rxe_eun_ack_bad",
	  "NACK ACCESS of a PSN never sent", k_nack_access },
	{ "nack-mode", "rxe_eun_ack_bad",
	  "NACK MODE of a PSN never sent", k_nack_mode },
	{ "bad-rkey", "rxe_eun_psn_drop",
	  "WRITE 2^20 PSNs ahead, rkey not the target's", k_bad_rkey },
	{ "bad-range", "rxe_eun_psn_drop",
	  "WRITE 2^20 PSNs ahead, address outside the MR", k_bad_range },
	{ "write-last", "rxe_eun_psn_drop",
	  "last packet alone of a 3-packet WRITE, 2^20 ahead", k_write_last },
	{ "reth-len", "rxe_eun_psn_drop",
	  "WRITE 2^20 ahead, RETH length not msg_len", k_reth_len },
	{ "send-unposted", "rxe_eun_psn_drop",
	  "SEND 2^20 ahead into a WQE never posted", k_send_unposted },
};

const unsigned int ei_nkinds = ARRAY_SIZE(ei_kinds);

const struct ei_kind *ei_kind_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < ei_nkinds; i++)
		if (!strcmp(ei_kinds[i].name, name))
			return &ei_kinds[i];
	return NULL;
}
