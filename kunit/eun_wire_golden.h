/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The golden packets of Documentation/wire-format.rst, in one place: for
 * each, the header values, the paragraph that describes it, and the bytes
 * from BTH to the first payload byte.
 *
 * Three readers keep the three in step:
 * - the KUnit suite eun_wire (kunit/eun_wire_test.c) packs the values with
 *   the module's codec and compares with the bytes, parses the bytes back,
 *   and checks the values obey what the receiver requires;
 * - tools/testing/harness/wire_golden packs the values with the same codec
 *   (core/eun_wire.c built in userspace), fails if they differ from the
 *   bytes, and prints the document's section;
 * - tools/testing/harness/wire-golden.sh (make harness-check) fails when
 *   the section of wire-format.rst differs from that output.
 *
 * BTH, RETH and AETH are stock headers; eun_golden_pack() writes them
 * field by field as IB lays them out. EUNH and the EUN_ACK payload come
 * from eun_ext_pack() and eun_ack_pack().
 */
#ifndef EUN_WIRE_GOLDEN_H
#define EUN_WIRE_GOLDEN_H

#include <linux/errno.h>
#include <linux/string.h>
#include <linux/types.h>

#include "eun/eun_wire.h"

#define EUN_GOLDEN_BTH_LEN	12
#define EUN_GOLDEN_RETH_LEN	16
#define EUN_GOLDEN_AETH_LEN	4
#define EUN_GOLDEN_MAX_LEN	(EUN_GOLDEN_BTH_LEN + EUN_GOLDEN_AETH_LEN + \
				 EUN_ACK_MAX_LEN)

/* Shared by every example. */
#define EUN_GOLDEN_QPN		0x11
#define EUN_GOLDEN_PKEY		0xffff
#define EUN_GOLDEN_MTU		1024
#define EUN_GOLDEN_MSN		7
/* AETH syndrome of an EUN_ACK other than an RNR NACK: ACK, no credit count. */
#define EUN_GOLDEN_AETH_ACK	0x1f

/* BTH flags byte: solicited event (bit 7). AckReq is bit 7 of the PSN word. */
#define EUN_GOLDEN_BTH_SE	0x80
#define EUN_GOLDEN_BTH_ACKREQ	0x80

/**
 * struct eun_golden - one example packet
 * @name: short name (KUnit case description)
 * @text: the document's paragraph before the bytes, line by line
 * @opcode: RC opcode, EUN_OP_RC_*
 * @se: BTH solicited event
 * @ack_req: BTH AckReq
 * @psn: BTH PSN
 * @va: RETH virtual address (EUN_WRITE)
 * @rkey: RETH rkey (EUN_WRITE)
 * @dma_len: RETH DMA length (EUN_WRITE)
 * @syndrome: AETH syndrome (EUN_ACK)
 * @msn: AETH MSN (EUN_ACK)
 * @ext: EUNH (EUN_WRITE, EUN_SEND)
 * @ack: EUN_ACK payload (EUN_ACK)
 * @len: bytes of @bytes used
 * @bytes: the packet from BTH on, ICRC and payload left out
 */
struct eun_golden {
	const char *name;
	const char *text;
	u8 opcode;
	bool se;
	bool ack_req;
	u32 psn;
	u64 va;
	u32 rkey;
	u32 dma_len;
	u8 syndrome;
	u32 msn;
	struct eun_ext_hdr ext;
	struct eun_ack_info ack;
	size_t len;
	u8 bytes[EUN_GOLDEN_MAX_LEN];
};

enum {
	EUN_GOLDEN_SEND_MIDDLE,
	EUN_GOLDEN_WRITE_IMM,
	EUN_GOLDEN_SEND_ZERO,
	EUN_GOLDEN_ACK,
	EUN_GOLDEN_SACK,
	EUN_GOLDEN_NACK_CAP,
	EUN_GOLDEN_COUNT
};

static const struct eun_golden eun_goldens[EUN_GOLDEN_COUNT] = {
	[EUN_GOLDEN_SEND_MIDDLE] = {
		.name = "SEND middle",
		.text = "A middle packet (index 3 of 10) of a 10000-byte SEND into receive\n"
			"WQE 0x102, PSN 0x2a, sent on virtual path 3 of generation 1 (path\n"
			"byte 0x43)",
		.opcode = EUN_OP_RC_SEND, .psn = 0x2a,
		.ext = { .flags = 0, .msg_seq = 0x102, .path = 0x43,
			 .pkt_index = 3, .offset = 3 * EUN_GOLDEN_MTU,
			 .msg_len = 10000 },
		.len = 28,
		.bytes = {
			0x19, 0x00, 0xff, 0xff, 0x00, 0x00, 0x00, 0x11,
			0x00, 0x00, 0x00, 0x2a,
			0x40, 0x00, 0x01, 0x02, 0x43, 0x00, 0x00, 0x03,
			0x00, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x27, 0x10 },
	},
	[EUN_GOLDEN_WRITE_IMM] = {
		.name = "WRITE last with immediate across the PSN wrap",
		.text = "The last packet (index 9) of a 9300-byte WRITE with immediate\n"
			"0xdeadbeef, receive WQE 0xffffff, whose first PSN 0xfffffa lies before\n"
			"the PSN wrap, so its own PSN is 0x000003; AckReq set; message address\n"
			"0x7f0000001000, rkey 0x1234; path byte 0x85 (path 5, generation 2).\n"
			"RETH carries the message's address and length, the same in every\n"
			"packet of it",
		.opcode = EUN_OP_RC_WRITE, .ack_req = true, .psn = 0x000003,
		.va = 0x7f0000001000ULL, .rkey = 0x1234, .dma_len = 9300,
		.ext = { .flags = EUN_EXT_F_LAST | EUN_EXT_F_IMM,
			 .msg_seq = 0xffffff, .path = 0x85, .pkt_index = 9,
			 .offset = 9 * EUN_GOLDEN_MTU, .msg_len = 9300,
			 .imm = 0xdeadbeef },
		.len = 48,
		.bytes = {
			0x18, 0x00, 0xff, 0xff, 0x00, 0x00, 0x00, 0x11,
			0x80, 0x00, 0x00, 0x03,
			0x00, 0x00, 0x7f, 0x00, 0x00, 0x00, 0x10, 0x00,
			0x00, 0x00, 0x12, 0x34, 0x00, 0x00, 0x24, 0x54,
			0x46, 0xff, 0xff, 0xff, 0x85, 0x00, 0x00, 0x09,
			0x00, 0x00, 0x24, 0x00, 0x00, 0x00, 0x24, 0x54,
			0xde, 0xad, 0xbe, 0xef },
	},
	[EUN_GOLDEN_SEND_ZERO] = {
		.name = "zero-length SEND only",
		.text = "A zero-length SEND into receive WQE 5, PSN 0x40, AckReq set",
		.opcode = EUN_OP_RC_SEND, .ack_req = true, .psn = 0x40,
		.ext = { .flags = EUN_EXT_F_FIRST | EUN_EXT_F_LAST,
			 .msg_seq = 5 },
		.len = 28,
		.bytes = {
			0x19, 0x00, 0xff, 0xff, 0x00, 0x00, 0x00, 0x11,
			0x80, 0x00, 0x00, 0x40,
			0x43, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00,
			0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00 },
	},
	[EUN_GOLDEN_ACK] = {
		.name = "plain ACK",
		.text = "A plain ACK up to PSN 0x123455 (epsn 0x123456), MSN 7, answering\n"
			"a packet that came in order (late 0) on path byte 0x01",
		.opcode = EUN_OP_RC_ACK, .psn = 0x123455,
		.syndrome = EUN_GOLDEN_AETH_ACK, .msn = EUN_GOLDEN_MSN,
		.ack = { .kind = EUN_ACK_KIND_ACK, .epsn = 0x123456,
			 .path = 0x01 },
		.len = 32,
		.bytes = {
			0x1a, 0x00, 0xff, 0xff, 0x00, 0x00, 0x00, 0x11,
			0x00, 0x12, 0x34, 0x55,
			0x1f, 0x00, 0x00, 0x07,
			0x40, 0x00, 0x12, 0x34, 0x56, 0x00, 0x00, 0x00,
			0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00 },
	},
	[EUN_GOLDEN_SACK] = {
		.name = "SACK across the PSN wrap with a duplicate",
		.text = "A SACK across the wrap: epsn 0xfffffe, PSNs 0x000000 (bit 1) and\n"
			"0x000041 (bit 66) arrived, and a duplicate of 0xfffff0 was seen; it\n"
			"answers 0x000000, which came on path byte 0x05 after 0x000041\n"
			"(late 1)",
		.opcode = EUN_OP_RC_ACK, .psn = 0xfffffd,
		.syndrome = EUN_GOLDEN_AETH_ACK, .msn = EUN_GOLDEN_MSN,
		.ack = { .kind = EUN_ACK_KIND_SACK, .epsn = 0xfffffe,
			 .dup = true, .dup_psn = 0xfffff0, .sack_words = 2,
			 .sack = { 0x2, 0x4 }, .path = 0x05, .late = 1 },
		.len = 48,
		.bytes = {
			0x1a, 0x00, 0xff, 0xff, 0x00, 0x00, 0x00, 0x11,
			0x00, 0xff, 0xff, 0xfd,
			0x1f, 0x00, 0x00, 0x07,
			0x45, 0x00, 0xff, 0xff, 0xfe, 0x02, 0x00, 0x00,
			0x00, 0xff, 0xff, 0xf0, 0x05, 0x00, 0x00, 0x01,
			0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02,
			0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04 },
	},
	[EUN_GOLDEN_NACK_CAP] = {
		.name = "NACK CAP with one SACK word",
		.text = "A NACK CAP: epsn 0x100, PSN 0x101 arrived, PSN 0x300 is too far ahead\n"
			"to be tracked; it came on path byte 0x3f with no higher PSN before\n"
			"it (late 0)",
		.opcode = EUN_OP_RC_ACK, .psn = 0xff,
		.syndrome = EUN_GOLDEN_AETH_ACK, .msn = EUN_GOLDEN_MSN,
		.ack = { .kind = EUN_ACK_KIND_NACK, .reason = EUN_NACK_CAP,
			 .epsn = 0x100, .nack_psn = 0x300, .sack_words = 1,
			 .sack = { 0x1 }, .path = 0x3f },
		.len = 40,
		.bytes = {
			0x1a, 0x00, 0xff, 0xff, 0x00, 0x00, 0x00, 0x11,
			0x00, 0x00, 0x00, 0xff,
			0x1f, 0x00, 0x00, 0x07,
			0x42, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00, 0x03,
			0x00, 0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x00,
			0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01 },
	},
};

static inline bool eun_golden_is_ack(const struct eun_golden *g)
{
	return g->opcode == EUN_OP_RC_ACK;
}

/* Where EUNH or the EUN_ACK payload starts in @g->bytes. */
static inline size_t eun_golden_ooo_at(const struct eun_golden *g)
{
	if (eun_golden_is_ack(g))
		return EUN_GOLDEN_BTH_LEN + EUN_GOLDEN_AETH_LEN;
	if (g->opcode == EUN_OP_RC_WRITE)
		return EUN_GOLDEN_BTH_LEN + EUN_GOLDEN_RETH_LEN;
	return EUN_GOLDEN_BTH_LEN;
}

static inline void eun_golden_put(u8 *p, u64 v, unsigned int bytes)
{
	while (bytes--) {
		p[bytes] = (u8)v;
		v >>= 8;
	}
}

/**
 * eun_golden_pack() - write an example's headers from its values
 * @g: the example
 * @buf: destination
 * @len: room at @buf
 *
 * Return: bytes written, or the error of eun_ext_pack() / eun_ack_pack()
 * (-EMSGSIZE if @len is short for the stock headers).
 */
static inline int eun_golden_pack(const struct eun_golden *g, u8 *buf,
				  size_t len)
{
	size_t at = eun_golden_ooo_at(g);
	int n;

	if (len < at)
		return -EMSGSIZE;
	/* BTH: opcode, SE M PadCnt TVer, P_Key, reserved, DestQP, A, PSN */
	buf[0] = g->opcode;
	buf[1] = g->se ? EUN_GOLDEN_BTH_SE : 0;
	eun_golden_put(buf + 2, EUN_GOLDEN_PKEY, 2);
	eun_golden_put(buf + 4, EUN_GOLDEN_QPN, 4);
	eun_golden_put(buf + 8, g->psn, 4);
	if (g->ack_req)
		buf[8] |= EUN_GOLDEN_BTH_ACKREQ;
	if (eun_golden_is_ack(g)) {
		/* AETH: syndrome, MSN */
		buf[12] = g->syndrome;
		eun_golden_put(buf + 13, g->msn, 3);
		n = eun_ack_pack(&g->ack, buf + at, len - at);
	} else {
		if (g->opcode == EUN_OP_RC_WRITE) {
			/* RETH: virtual address, rkey, DMA length */
			eun_golden_put(buf + 12, g->va, 8);
			eun_golden_put(buf + 20, g->rkey, 4);
			eun_golden_put(buf + 24, g->dma_len, 4);
		}
		n = eun_ext_pack(&g->ext, buf + at, len - at);
	}
	return n < 0 ? n : (int)at + n;
}

/* Field by field: the structs have padding that struct copies may skip. */
static inline bool eun_golden_ext_eq(const struct eun_ext_hdr *a,
				     const struct eun_ext_hdr *b)
{
	return a->flags == b->flags && a->msg_seq == b->msg_seq &&
	       a->path == b->path && a->pkt_index == b->pkt_index &&
	       a->offset == b->offset && a->msg_len == b->msg_len &&
	       a->imm == b->imm;
}

static inline bool eun_golden_ack_eq(const struct eun_ack_info *a,
				     const struct eun_ack_info *b)
{
	return a->kind == b->kind && a->reason == b->reason &&
	       a->epsn == b->epsn && a->nack_psn == b->nack_psn &&
	       a->dup_psn == b->dup_psn && a->dup == b->dup &&
	       a->sack_words == b->sack_words &&
	       !memcmp(a->sack, b->sack, sizeof(a->sack)) &&
	       a->path == b->path && a->late == b->late;
}

#endif /* EUN_WIRE_GOLDEN_H */
