// SPDX-License-Identifier: GPL-2.0
/*
 * Codec of the rxe_eun out-of-order wire format: the extension header EUNH
 * of EUN_WRITE/EUN_SEND and the EUN_ACK payload. Pure byte work, no skb.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/build_bug.h>
#include <linux/string.h>

#include "eun/eun_wire.h"

/**
 * DOC: wire codec contract
 *
 * Every field is big-endian and read byte by byte, so neither the
 * alignment of @buf nor the host's byte order matters. Parsing looks at
 * no byte at or past @len, whatever the bytes say, and writes its result
 * only on success. Reserved bits must be zero and the version must be
 * EUN_WIRE_VERSION, so every accepted byte string has exactly one meaning
 * and packing the parsed struct gives back the very same bytes; packing a
 * valid struct and parsing it gives back the same struct. Errors sort by
 * kind: -EMSGSIZE (too short), -EBADMSG (EUN_ACK longer than it says),
 * -EPROTO (version, reserved bits, flags or kind inconsistent), -ERANGE (a
 * field outside its range); pack refuses an invalid struct with -EINVAL.
 *
 * First byte of both headers::
 *
 *   bits 7-6  version (1)
 *   bits 5-3  reserved, zero
 *   bits 2-0  EUNH: IMM LAST FIRST    EUN_ACK: DUP, kind (2 bits)
 *
 * The path byte of EUNH and the path and late fields of EUN_ACK take any
 * value (late any 24-bit one), so they keep the round trip exact too.
 */

#define EUN_WIRE_VER_MASK	GENMASK(7, 6)
#define EUN_WIRE_RSVD_MASK	GENMASK(5, 3)
#define EUN_EXT_RSVD_MASK	GENMASK(5, 4)
#define EUN_EXT_FLAGS_MASK	GENMASK(3, 0)
#define EUN_ACK_DUP		BIT(2)
#define EUN_ACK_KIND_MASK	GENMASK(1, 0)

static_assert(EUN_EXT_F_ALL == EUN_EXT_FLAGS_MASK, "EUNH flags fill bits 3-0");
static_assert(EUN_ACK_KIND_COUNT <= 4 && EUN_ACK_KIND_MASK == 3, "kind fits 2 bits");
static_assert(EUN_SACK_MAX_WORDS <= 0xff, "word count fits one byte");
static_assert(EUN_SACK_MAX_BITS < EUN_PSN_HALF, "SACK far below PSN wrap");
static_assert(GENMASK(23, 0) == EUN_ACK_LATE_MAX, "late fills 24 bits");

/* EUNH byte offsets. */
enum {
	EUN_EXT_O_VFLAGS = 0,
	EUN_EXT_O_MSG_SEQ = 1,		/* 24 bits */
	EUN_EXT_O_PATH = 4,		/* opaque to the codec */
	EUN_EXT_O_PKT_INDEX = 5,	/* 24 bits */
	EUN_EXT_O_OFFSET = 8,
	EUN_EXT_O_MSG_LEN = 12,
	EUN_EXT_O_IMM = EUN_EXT_HDR_LEN,
};

/* EUN_ACK byte offsets. */
enum {
	EUN_ACK_O_VKIND = 0,
	EUN_ACK_O_REASON = 1,
	EUN_ACK_O_EPSN = 2,		/* 24 bits */
	EUN_ACK_O_NWORDS = 5,
	EUN_ACK_O_NACK_PSN = 6,		/* 24 bits */
	EUN_ACK_O_DUP_PSN = 9,		/* 24 bits */
	EUN_ACK_O_PATH = 12,
	EUN_ACK_O_LATE = 13,		/* 24 bits */
	EUN_ACK_O_SACK = EUN_ACK_FIXED_LEN,
};

static_assert(EUN_ACK_O_LATE + 3 == EUN_ACK_FIXED_LEN, "SACK words follow late");

static void put_be24(u8 *p, u32 v)
{
	p[0] = v >> 16;
	p[1] = v >> 8;
	p[2] = v;
}

static void put_be32(u8 *p, u32 v)
{
	p[0] = v >> 24;
	put_be24(p + 1, v);
}

static void put_be64(u8 *p, u64 v)
{
	put_be32(p, v >> 32);
	put_be32(p + 4, (u32)v);
}

static u32 get_be24(const u8 *p)
{
	return (u32)p[0] << 16 | (u32)p[1] << 8 | p[2];
}

static u32 get_be32(const u8 *p)
{
	return (u32)p[0] << 24 | get_be24(p + 1);
}

static u64 get_be64(const u8 *p)
{
	return (u64)get_be32(p) << 32 | get_be32(p + 4);
}

static u8 eun_wire_first_byte(u8 low)
{
	return FIELD_PREP(EUN_WIRE_VER_MASK, EUN_WIRE_VERSION) | low;
}

/* Version and reserved bits (@rsvd) of the first byte of either header. */
static int eun_wire_check_first_byte(u8 b, u8 rsvd)
{
	if (FIELD_GET(EUN_WIRE_VER_MASK, b) != EUN_WIRE_VERSION)
		return -EPROTO;
	if (b & rsvd)
		return -EPROTO;
	return 0;
}

/* IMMDT or IETH, one 32-bit word, follows EUNH. */
static bool eun_ext_has_word(const struct eun_ext_hdr *h)
{
	return h->flags & (EUN_EXT_F_IMM | EUN_EXT_F_INV);
}

/* Flag rules of EUNH that do not depend on the numbers. */
static int eun_ext_check_flags(const struct eun_ext_hdr *h)
{
	bool first = h->flags & EUN_EXT_F_FIRST;

	if (eun_ext_has_word(h) && !(h->flags & EUN_EXT_F_LAST))
		return -EPROTO;
	if ((h->flags & EUN_EXT_F_IMM) && (h->flags & EUN_EXT_F_INV))
		return -EPROTO;
	if (first != !h->pkt_index)
		return -EPROTO;
	if (first && h->offset != 0)
		return -EPROTO;
	if (h->msg_len == 0 && !(h->flags & EUN_EXT_F_LAST))
		return -EPROTO;
	return 0;
}

/*
 * Numeric rules. Every non-last packet carries at least EUN_MIN_MTU bytes,
 * so pkt_index <= offset / EUN_MIN_MTU, which also keeps pkt_index below
 * 2^23, within half the PSN space.
 */
static int eun_ext_check_range(const struct eun_ext_hdr *h)
{
	if (h->msg_len > EUN_MAX_MSG_LEN)
		return -ERANGE;
	if (h->offset >= h->msg_len && h->msg_len != 0)
		return -ERANGE;
	if ((u64)h->pkt_index * EUN_MIN_MTU > h->offset)
		return -ERANGE;
	return 0;
}

static int eun_ext_check(const struct eun_ext_hdr *h)
{
	int err = eun_ext_check_flags(h);

	return err ? err : eun_ext_check_range(h);
}

size_t eun_ext_len(const struct eun_ext_hdr *h)
{
	return eun_ext_has_word(h) ? EUN_EXT_MAX_LEN : EUN_EXT_HDR_LEN;
}

int eun_ext_pack(const struct eun_ext_hdr *h, void *buf, size_t len)
{
	size_t need = eun_ext_len(h);
	u8 *p = buf;

	if (h->flags & ~EUN_EXT_F_ALL || !eun_psn_valid(h->msg_seq) ||
	    !eun_psn_valid(h->pkt_index) || eun_ext_check(h))
		return -EINVAL;
	if (!eun_ext_has_word(h) && h->imm != 0)
		return -EINVAL;
	if (len < need)
		return -EMSGSIZE;
	p[EUN_EXT_O_VFLAGS] = eun_wire_first_byte(h->flags);
	put_be24(p + EUN_EXT_O_MSG_SEQ, h->msg_seq);
	p[EUN_EXT_O_PATH] = h->path;
	put_be24(p + EUN_EXT_O_PKT_INDEX, h->pkt_index);
	put_be32(p + EUN_EXT_O_OFFSET, h->offset);
	put_be32(p + EUN_EXT_O_MSG_LEN, h->msg_len);
	if (eun_ext_has_word(h))
		put_be32(p + EUN_EXT_O_IMM, h->imm);
	return need;
}

int eun_ext_parse(const void *buf, size_t len, struct eun_ext_hdr *h)
{
	const u8 *p = buf;
	struct eun_ext_hdr t = {};
	int err;

	if (len < EUN_EXT_HDR_LEN)
		return -EMSGSIZE;
	err = eun_wire_check_first_byte(p[EUN_EXT_O_VFLAGS], EUN_EXT_RSVD_MASK);
	if (err)
		return err;
	t.flags = FIELD_GET(EUN_EXT_FLAGS_MASK, p[EUN_EXT_O_VFLAGS]);
	t.msg_seq = get_be24(p + EUN_EXT_O_MSG_SEQ);
	t.path = p[EUN_EXT_O_PATH];
	t.pkt_index = get_be24(p + EUN_EXT_O_PKT_INDEX);
	t.offset = get_be32(p + EUN_EXT_O_OFFSET);
	t.msg_len = get_be32(p + EUN_EXT_O_MSG_LEN);
	err = eun_ext_check(&t);
	if (err)
		return err;
	if (eun_ext_has_word(&t)) {
		if (len < EUN_EXT_MAX_LEN)
			return -EMSGSIZE;
		t.imm = get_be32(p + EUN_EXT_O_IMM);
	}
	*h = t;
	return eun_ext_len(&t);
}

/*
 * An EUN_ACK without its SACK words: all that the rules look at. Parsing
 * checks it before it writes the caller's struct, so that the words (up to
 * 512 bytes) are never held twice on the stack.
 */
struct eun_ack_fixed {
	enum eun_ack_kind kind;
	enum eun_nack_reason reason;
	u32 epsn;
	u32 nack_psn;
	u32 dup_psn;
	bool dup;
	unsigned int sack_words;
	u8 path;
	u32 late;
};

static void eun_ack_fixed_get(const struct eun_ack_info *a,
			      struct eun_ack_fixed *f)
{
	f->kind = a->kind;
	f->reason = a->reason;
	f->epsn = a->epsn;
	f->nack_psn = a->nack_psn;
	f->dup_psn = a->dup_psn;
	f->dup = a->dup;
	f->sack_words = a->sack_words;
	f->path = a->path;
	f->late = a->late;
}

static void eun_ack_fixed_put(const struct eun_ack_fixed *f,
			      struct eun_ack_info *a)
{
	a->kind = f->kind;
	a->reason = f->reason;
	a->epsn = f->epsn;
	a->nack_psn = f->nack_psn;
	a->dup_psn = f->dup_psn;
	a->dup = f->dup;
	a->sack_words = f->sack_words;
	a->path = f->path;
	a->late = f->late;
}

/* Rules tying the fields of an EUN_ACK to its kind. */
static int eun_ack_check_kind(const struct eun_ack_fixed *a)
{
	bool nack = a->kind == EUN_ACK_KIND_NACK;

	if (nack == (a->reason == EUN_NACK_NONE))
		return -EPROTO;
	if (!nack && a->nack_psn != 0)
		return -EPROTO;
	if (a->kind == EUN_ACK_KIND_ACK && a->sack_words != 0)
		return -EPROTO;
	if (a->kind == EUN_ACK_KIND_SACK && a->sack_words == 0)
		return -EPROTO;
	if (!a->dup && a->dup_psn != 0)
		return -EPROTO;
	return 0;
}

/*
 * PSN rules: a refused PSN cannot be one that already arrived in order,
 * and epsn itself has not arrived, so it cannot be a duplicate.
 */
static int eun_ack_check_psns(const struct eun_ack_fixed *a)
{
	if (a->kind == EUN_ACK_KIND_NACK && eun_psn_before(a->nack_psn, a->epsn))
		return -ERANGE;
	if (a->dup && a->dup_psn == a->epsn)
		return -ERANGE;
	return 0;
}

static int eun_ack_check(const struct eun_ack_fixed *a)
{
	int err = eun_ack_check_kind(a);

	return err ? err : eun_ack_check_psns(a);
}

size_t eun_ack_len(const struct eun_ack_info *a)
{
	return EUN_ACK_FIXED_LEN + (size_t)a->sack_words * sizeof(u64);
}

/* Fields a struct can hold but the wire cannot. */
static bool eun_ack_representable(const struct eun_ack_info *a)
{
	unsigned int i;

	if ((unsigned int)a->kind >= EUN_ACK_KIND_COUNT ||
	    (unsigned int)a->reason >= EUN_NACK_REASON_COUNT ||
	    a->sack_words > EUN_SACK_MAX_WORDS)
		return false;
	if (!eun_psn_valid(a->epsn) || !eun_psn_valid(a->nack_psn) ||
	    !eun_psn_valid(a->dup_psn) || a->late > EUN_ACK_LATE_MAX)
		return false;
	for (i = a->sack_words; i < EUN_SACK_MAX_WORDS; i++)
		if (a->sack[i])
			return false;
	return true;
}

int eun_ack_pack(const struct eun_ack_info *a, void *buf, size_t len)
{
	struct eun_ack_fixed f;
	size_t need;
	unsigned int i;
	u8 *p = buf;

	eun_ack_fixed_get(a, &f);
	if (!eun_ack_representable(a) || eun_ack_check(&f))
		return -EINVAL;
	need = eun_ack_len(a);
	if (len < need)
		return -EMSGSIZE;
	p[EUN_ACK_O_VKIND] = eun_wire_first_byte((a->dup ? EUN_ACK_DUP : 0) |
						  FIELD_PREP(EUN_ACK_KIND_MASK, a->kind));
	p[EUN_ACK_O_REASON] = a->reason;
	put_be24(p + EUN_ACK_O_EPSN, a->epsn);
	p[EUN_ACK_O_NWORDS] = a->sack_words;
	put_be24(p + EUN_ACK_O_NACK_PSN, a->nack_psn);
	put_be24(p + EUN_ACK_O_DUP_PSN, a->dup_psn);
	p[EUN_ACK_O_PATH] = a->path;
	put_be24(p + EUN_ACK_O_LATE, a->late);
	for (i = 0; i < a->sack_words; i++)
		put_be64(p + EUN_ACK_O_SACK + i * sizeof(u64), a->sack[i]);
	return need;
}

/* First byte, word count and length: everything before the fields. */
static int eun_ack_parse_frame(const u8 *p, size_t len, unsigned int *nwords)
{
	size_t need;
	int err;

	if (len < EUN_ACK_FIXED_LEN)
		return -EMSGSIZE;
	err = eun_wire_check_first_byte(p[EUN_ACK_O_VKIND], EUN_WIRE_RSVD_MASK);
	if (err)
		return err;
	if (FIELD_GET(EUN_ACK_KIND_MASK, p[EUN_ACK_O_VKIND]) >= EUN_ACK_KIND_COUNT)
		return -EPROTO;
	*nwords = p[EUN_ACK_O_NWORDS];
	if (*nwords > EUN_SACK_MAX_WORDS)
		return -ERANGE;
	need = EUN_ACK_FIXED_LEN + *nwords * sizeof(u64);
	if (len < need)
		return -EMSGSIZE;
	if (len > need)
		return -EBADMSG;
	return 0;
}

int eun_ack_parse(const void *buf, size_t len, struct eun_ack_info *a)
{
	struct eun_ack_fixed t;
	unsigned int i, nwords;
	const u8 *p = buf;
	int err;

	err = eun_ack_parse_frame(p, len, &nwords);
	if (err)
		return err;
	if (p[EUN_ACK_O_REASON] >= EUN_NACK_REASON_COUNT)
		return -ERANGE;
	t.kind = FIELD_GET(EUN_ACK_KIND_MASK, p[EUN_ACK_O_VKIND]);
	t.dup = p[EUN_ACK_O_VKIND] & EUN_ACK_DUP;
	t.reason = p[EUN_ACK_O_REASON];
	t.epsn = get_be24(p + EUN_ACK_O_EPSN);
	t.sack_words = nwords;
	t.nack_psn = get_be24(p + EUN_ACK_O_NACK_PSN);
	t.dup_psn = get_be24(p + EUN_ACK_O_DUP_PSN);
	t.path = p[EUN_ACK_O_PATH];
	t.late = get_be24(p + EUN_ACK_O_LATE);
	err = eun_ack_check(&t);
	if (err)
		return err;
	eun_ack_fixed_put(&t, a);
	for (i = 0; i < nwords; i++)
		a->sack[i] = get_be64(p + EUN_ACK_O_SACK + i * sizeof(u64));
	memset(a->sack + nwords, 0,
	       (EUN_SACK_MAX_WORDS - nwords) * sizeof(a->sack[0]));
	return len;
}

unsigned int eun_sack_words_fit(u32 room)
{
	u32 words;

	if (room < EUN_ACK_FIXED_LEN)
		return 0;
	words = (room - EUN_ACK_FIXED_LEN) / sizeof(u64);
	return words < EUN_SACK_MAX_WORDS ? words : EUN_SACK_MAX_WORDS;
}

/* Bit index of @psn in the SACK bitmap, or -1 if outside its reach. */
static int eun_sack_bit(const struct eun_ack_info *a, u32 psn)
{
	u32 d = eun_psn_dist(a->epsn, psn);

	if (d == 0 || d > EUN_SACK_MAX_BITS)
		return -1;
	return d - 1;
}

int eun_sack_set(struct eun_ack_info *a, u32 psn)
{
	int bit = eun_sack_bit(a, psn);
	unsigned int w;

	if (bit < 0 || !eun_psn_valid(psn))
		return -ERANGE;
	w = bit / EUN_SACK_WORD_BITS;
	a->sack[w] |= 1ULL << (bit % EUN_SACK_WORD_BITS);
	if (a->sack_words <= w)
		a->sack_words = w + 1;
	return 0;
}

bool eun_sack_test(const struct eun_ack_info *a, u32 psn)
{
	int bit = eun_sack_bit(a, psn);
	unsigned int w;

	if (bit < 0 || !eun_psn_valid(psn))
		return false;
	w = bit / EUN_SACK_WORD_BITS;
	if (w >= a->sack_words)
		return false;
	return a->sack[w] >> (bit % EUN_SACK_WORD_BITS) & 1;
}

void eun_sack_trim(struct eun_ack_info *a)
{
	if (a->sack_words > EUN_SACK_MAX_WORDS)
		a->sack_words = EUN_SACK_MAX_WORDS;
	while (a->sack_words > 0 && a->sack[a->sack_words - 1] == 0)
		a->sack_words--;
}
