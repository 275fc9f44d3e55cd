/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Wire format of the out-of-order ("ooo") RC packets of rxe_eun: the
 * Eunomia extension header (EUNH) carried by EUN_WRITE and EUN_SEND, and the
 * payload of EUN_ACK (ACK, SACK, NACK). A pure byte codec, free of skb and
 * ib types; Documentation/wire-format.rst is the specification. Its golden
 * packets (kunit/eun_wire_golden.h) are packed by this codec in the KUnit
 * suite and in make harness-check, which compares them with the document.
 */
#ifndef EUN_WIRE_H
#define EUN_WIRE_H

#include <linux/types.h>

#include "eun/eun_psn.h"

/*
 * RC opcodes of the ooo format, taken from values free in the RC opcode
 * space of rxe 6.12 (0x15, 0x18-0x1b, 0x1e, 0x1f), so that a stock peer or
 * a go-back-N QP drops them as unknown instead of misparsing them.
 */
#define EUN_OP_RC_WRITE			0x18	/* BTH RETH EUNH [IMMDT] payload */
#define EUN_OP_RC_SEND			0x19	/* BTH EUNH [IMMDT|IETH] payload */
#define EUN_OP_RC_ACK			0x1a	/* BTH AETH EUN_ACK payload */
#define EUN_OP_RC_READ_RESPONSE		0x1b	/* planned, not sent yet */

/*
 * BTH byte 4 is reserved (resv8a): stock rxe sends it as 0, never reads it,
 * and the ICRC leaves it out. A tracking requester sets bit 0 of it in a
 * READ request whose responses it places in any order, so that the
 * responder may send them over several paths; and bit 1 in a READ or
 * atomic request it sent while WRITE or SEND packets were unacknowledged,
 * so that the responder executes it only once every earlier PSN is in
 * (those packets may come after it). A tracking responder sets bit 2 in
 * the READ responses it sends to such a requester: it answers a
 * re-request for any part of the READ, so that each run of missing
 * packets may be asked for alone (rxe's own moves the READ's start to
 * each re-request's and refuses one below it).
 */
#define EUN_BTH_RESV8A_OFFSET		4
#define EUN_BTH_ANY_ORDER		0x01
#define EUN_BTH_AFTER_OOO		0x02
#define EUN_BTH_ANY_PART		0x04

static inline bool eun_wire_any_order(const u8 *bth)
{
	return bth[EUN_BTH_RESV8A_OFFSET] & EUN_BTH_ANY_ORDER;
}

static inline void eun_wire_set_any_order(u8 *bth)
{
	bth[EUN_BTH_RESV8A_OFFSET] |= EUN_BTH_ANY_ORDER;
}

static inline bool eun_wire_after_ooo(const u8 *bth)
{
	return bth[EUN_BTH_RESV8A_OFFSET] & EUN_BTH_AFTER_OOO;
}

static inline void eun_wire_set_after_ooo(u8 *bth)
{
	bth[EUN_BTH_RESV8A_OFFSET] |= EUN_BTH_AFTER_OOO;
}

static inline bool eun_wire_any_part(const u8 *bth)
{
	return bth[EUN_BTH_RESV8A_OFFSET] & EUN_BTH_ANY_PART;
}

static inline void eun_wire_set_any_part(u8 *bth)
{
	bth[EUN_BTH_RESV8A_OFFSET] |= EUN_BTH_ANY_PART;
}

/* Version carried in the top bits of the first byte of EUNH and EUN_ACK. */
#define EUN_WIRE_VERSION		1

/* Fixed header sizes, in bytes. */
#define EUN_EXT_HDR_LEN			16
#define EUN_IMMDT_LEN			4
#define EUN_EXT_MAX_LEN			(EUN_EXT_HDR_LEN + EUN_IMMDT_LEN)
#define EUN_ACK_FIXED_LEN		16

/*
 * SACK bitmap: bit i stands for PSN epsn + 1 + i. 64 words reach as far as
 * the largest reorder bitmap tracks past its head (EUN_BM_MAX_BITS, 4096),
 * so that no PSN the receiver holds goes unreported for want of room in
 * the format; how many words one EUN_ACK carries is bounded by the path
 * MTU instead (eun_sack_words_fit()).
 */
#define EUN_SACK_WORD_BITS		64
#define EUN_SACK_MAX_WORDS		64
#define EUN_SACK_MAX_BITS		(EUN_SACK_MAX_WORDS * EUN_SACK_WORD_BITS)
#define EUN_ACK_MAX_LEN			(EUN_ACK_FIXED_LEN + \
					 EUN_SACK_MAX_WORDS * sizeof(u64))

/* Largest RDMA message (IB: 2^31 bytes) and smallest IB path MTU. */
#define EUN_MAX_MSG_LEN			(1U << 31)
#define EUN_MIN_MTU			256

/*
 * Bytes the ooo format adds to the largest stock header: EUNH and IMMDT
 * next to a RETH. The glue raises rxe's RXE_MAX_HDR_LENGTH (80: IPv6, UDP,
 * BTH, RETH, ICRC) by this much, to 100.
 */
#define EUN_EXTRA_HDR_ROOM		(EUN_EXT_HDR_LEN + EUN_IMMDT_LEN)

/* Largest "late" an EUN_ACK can carry (24 bits); the glue saturates to it. */
#define EUN_ACK_LATE_MAX		0xffffff

/* Flags of EUNH (low bits of its first byte). */
#define EUN_EXT_F_FIRST			0x01	/* first packet of the message */
#define EUN_EXT_F_LAST			0x02	/* last packet of the message */
#define EUN_EXT_F_IMM			0x04	/* IMMDT follows EUNH (LAST only) */
#define EUN_EXT_F_INV			0x08	/* IETH follows EUNH (LAST only) */
#define EUN_EXT_F_ALL			(EUN_EXT_F_FIRST | EUN_EXT_F_LAST | \
					 EUN_EXT_F_IMM | EUN_EXT_F_INV)

/**
 * struct eun_ext_hdr - Eunomia extension header, host order
 * @flags: EUN_EXT_F_* bits; no other bit may be set
 * @msg_seq: 24-bit message sequence number, equal on every packet of a
 *	message: the receive WQE sequence number for SEND and WRITE with
 *	immediate, the sender's count of WRITE messages for plain WRITE
 * @path: the sender's virtual path (UDP source port) of this packet, bits
 *	5-0 its index, bits 7-6 its generation; any value is valid, the
 *	codec does not interpret it and the receiver only echoes it in
 *	EUN_ACK, so the sender can tell which path reorders
 * @pkt_index: packet's index inside its message (first PSN = PSN - index)
 * @offset: byte offset of this packet's payload inside the message
 * @msg_len: total length of the message in bytes
 * @imm: immediate data with EUN_EXT_F_IMM, the rkey to invalidate (IETH)
 *	with EUN_EXT_F_INV, host order; on the wire only with one of them
 *
 * A valid header obeys: FIRST iff @pkt_index is 0; FIRST implies @offset 0;
 * IMM and INV imply LAST and exclude each other; @msg_len at most
 * EUN_MAX_MSG_LEN; @offset below @msg_len, except the single packet of a
 * zero-length message (FIRST and LAST, everything 0); @offset at least
 * @pkt_index * EUN_MIN_MTU; @imm is 0 without IMM or INV.
 */
struct eun_ext_hdr {
	u8 flags;
	u32 msg_seq;
	u8 path;
	u32 pkt_index;
	u32 offset;
	u32 msg_len;
	u32 imm;
};

/**
 * enum eun_ack_kind - what an EUN_ACK says
 * @EUN_ACK_KIND_ACK: every PSN before epsn arrived, nothing after it
 * @EUN_ACK_KIND_SACK: as ACK, plus a bitmap of PSNs arrived after epsn
 * @EUN_ACK_KIND_NACK: as SACK (bitmap optional), and nack_psn was refused
 * @EUN_ACK_KIND_COUNT: number of kinds
 */
enum eun_ack_kind {
	EUN_ACK_KIND_ACK,
	EUN_ACK_KIND_SACK,
	EUN_ACK_KIND_NACK,
	EUN_ACK_KIND_COUNT
};

/**
 * enum eun_nack_reason - why a packet was refused
 * @EUN_NACK_NONE: not a NACK (ACK and SACK carry this)
 * @EUN_NACK_CAP: beyond what the receiver's reorder bitmap can track
 * @EUN_NACK_NOMEM: the emulated on-chip memory is exhausted
 * @EUN_NACK_INVALID: invalid request (RETH length not the message's, SEND
 *	longer than its receive WQE); the sender's WQE fails
 * @EUN_NACK_RNR: no receive WQE posted yet for the message
 * @EUN_NACK_ACCESS: remote access error (rkey, access right, range)
 * @EUN_NACK_MODE: the receiving QP does not track (it runs go-back-N): the
 *	sender must send stock-format packets from now on
 * @EUN_NACK_REASON_COUNT: number of reasons (sizes name tables)
 */
enum eun_nack_reason {
	EUN_NACK_NONE,
	EUN_NACK_CAP,
	EUN_NACK_NOMEM,
	EUN_NACK_INVALID,
	EUN_NACK_RNR,
	EUN_NACK_ACCESS,
	EUN_NACK_MODE,
	EUN_NACK_REASON_COUNT
};

/**
 * struct eun_ack_info - payload of an EUN_ACK, host order
 * @kind: ACK, SACK or NACK
 * @reason: EUN_NACK_NONE unless @kind is NACK, then anything else
 * @epsn: cumulative expected PSN: every PSN before it has arrived
 * @nack_psn: the refused PSN (NACK only, else 0), not before @epsn
 * @dup_psn: a duplicate that arrived (only with @dup, else 0), not @epsn
 * @dup: a duplicate was seen since the last acknowledgment
 * @sack_words: 64-bit words of @sack on the wire: 0 for ACK, at least 1 for
 *	SACK, any for NACK; at most EUN_SACK_MAX_WORDS
 * @sack: SACK bitmap, bit i (bit i % 64 of word i / 64) is PSN epsn + 1 + i;
 *	words from @sack_words on are 0
 * @path: EUNH path byte of the packet this acknowledgment reports on, echoed
 *	as is (any value); 0xff, a path no sender uses, when there is nothing
 *	to report
 * @late: how late that packet arrived: how many higher PSNs had arrived
 *	before it, as the receiver counted; at most EUN_ACK_LATE_MAX, 0 when
 *	in order or nothing to report
 *
 * Each SACK repeats the whole picture from @epsn, so losing one loses no
 * information. @path and @late are valid in every kind: together they let
 * the sender prune the virtual paths that reorder.
 */
struct eun_ack_info {
	enum eun_ack_kind kind;
	enum eun_nack_reason reason;
	u32 epsn;
	u32 nack_psn;
	u32 dup_psn;
	bool dup;
	unsigned int sack_words;
	u64 sack[EUN_SACK_MAX_WORDS];
	u8 path;
	u32 late;
};

/**
 * eun_ext_len() - bytes EUNH (with IMMDT if flagged) takes on the wire
 * @h: header
 *
 * Return: EUN_EXT_HDR_LEN, plus EUN_IMMDT_LEN with EUN_EXT_F_IMM.
 */
size_t eun_ext_len(const struct eun_ext_hdr *h);

/**
 * eun_ext_pack() - write EUNH (and IMMDT) in network order
 * @h: header to write, must be valid (see struct eun_ext_hdr)
 * @buf: destination
 * @len: room at @buf
 *
 * Return: bytes written, -EINVAL for an invalid @h, -EMSGSIZE if @len is
 * too small. Nothing is written on error.
 */
int eun_ext_pack(const struct eun_ext_hdr *h, void *buf, size_t len);

/**
 * eun_ext_parse() - read and validate EUNH (and IMMDT)
 * @buf: bytes starting at EUNH; the payload may follow
 * @len: bytes available at @buf
 * @h: result, written only on success
 *
 * Return: bytes consumed (EUN_EXT_HDR_LEN or EUN_EXT_MAX_LEN); -EMSGSIZE if
 * @len is short; -EPROTO for a wrong version, a reserved bit set or
 * inconsistent flags; -ERANGE for a field out of range.
 */
int eun_ext_parse(const void *buf, size_t len, struct eun_ext_hdr *h);

/**
 * eun_ack_len() - bytes the EUN_ACK payload of @a takes on the wire
 * @a: acknowledgment
 *
 * Return: EUN_ACK_FIXED_LEN + 8 * @a->sack_words.
 */
size_t eun_ack_len(const struct eun_ack_info *a);

/**
 * eun_ack_pack() - write an EUN_ACK payload in network order
 * @a: acknowledgment, must be valid (see struct eun_ack_info)
 * @buf: destination
 * @len: room at @buf
 *
 * Return: bytes written, -EINVAL for an invalid @a (@late over
 * EUN_ACK_LATE_MAX included), -EMSGSIZE if @len is too small. Nothing is
 * written on error.
 */
int eun_ack_pack(const struct eun_ack_info *a, void *buf, size_t len);

/**
 * eun_ack_parse() - read and validate an EUN_ACK payload
 * @buf: the payload (after BTH and AETH)
 * @len: its exact length (the packet's payload length)
 * @a: result, written only on success
 *
 * Return: bytes consumed (== @len); -EMSGSIZE if @len is shorter than the
 * header says; -EBADMSG if longer; -EPROTO for a wrong version, a reserved
 * bit set or fields inconsistent with the kind; -ERANGE for a reason, word
 * count or PSN out of range.
 */
int eun_ack_parse(const void *buf, size_t len, struct eun_ack_info *a);

/**
 * eun_sack_words_fit() - SACK words an EUN_ACK may carry in @room bytes
 * @room: most payload bytes the packet may take (the QP's path MTU, so that
 *	the EUN_ACK is one packet wherever a data packet of the QP is)
 *
 * Return: (@room - EUN_ACK_FIXED_LEN) / 8, at most EUN_SACK_MAX_WORDS; 0
 * if not even the fixed part fits. 30 words (1920 PSNs) at the smallest
 * IB MTU of 256 bytes, 62 at 512, all 64 from 1024 on.
 */
unsigned int eun_sack_words_fit(u32 room);

/**
 * eun_sack_set() - mark @psn as arrived in the SACK bitmap of @a
 * @a: acknowledgment; @sack_words grows to cover @psn
 * @psn: PSN after @a->epsn, at most EUN_SACK_MAX_BITS past it
 *
 * Return: 0, or -ERANGE if @psn is not in (epsn, epsn + EUN_SACK_MAX_BITS].
 */
int eun_sack_set(struct eun_ack_info *a, u32 psn);

/**
 * eun_sack_test() - whether the SACK bitmap of @a marks @psn
 * @a: acknowledgment
 * @psn: any PSN
 *
 * Return: true if @psn lies in the first @a->sack_words words and its bit is
 * set; false otherwise (including @psn at or before epsn).
 */
bool eun_sack_test(const struct eun_ack_info *a, u32 psn);

/**
 * eun_sack_trim() - drop trailing all-zero SACK words
 * @a: acknowledgment
 *
 * Leaves @a->sack_words at the last non-zero word (0 if none), so that the
 * packet is as short as possible. The kind is left alone: a SACK that trims
 * to 0 words must be sent as an ACK (or eun_ack_pack() refuses it).
 */
void eun_sack_trim(struct eun_ack_info *a);

#endif /* EUN_WIRE_H */
