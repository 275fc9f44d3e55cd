// SPDX-License-Identifier: GPL-2.0
/*
 * Reference model of the wire format: the rules of
 * Documentation/wire-format.rst ("Validation"), checked in the documented
 * order on raw bytes, without the codec's helpers.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "wire_model.h"

static u32 be(const u8 *p, int n)
{
	u32 v = 0;

	while (n--)
		v = v << 8 | *p++;
	return v;
}

int wire_model_ext(const u8 *b, size_t len)
{
	u32 fl, idx, off, mlen;

	if (len < 16)
		return -EMSGSIZE;
	/* b[4], the sender's virtual path, takes any value. */
	if (b[0] >> 6 != 1 || (b[0] & 0x30))
		return -EPROTO;
	fl = b[0] & 15;
	idx = be(b + 5, 3);
	off = be(b + 8, 4);
	mlen = be(b + 12, 4);
	/* IMM (4) or INV (8): a word follows; LAST only, not both. */
	if ((fl & 12) && !(fl & 2))
		return -EPROTO;
	if ((fl & 12) == 12)
		return -EPROTO;
	if (!!(fl & 1) != (idx == 0))
		return -EPROTO;
	if ((fl & 1) && off)
		return -EPROTO;
	if (mlen == 0 && !(fl & 2))
		return -EPROTO;
	if (mlen > 0x80000000u || (mlen && off >= mlen) ||
	    (unsigned long long)idx * 256 > off)
		return -ERANGE;
	if (fl & 12)
		return len < 20 ? -EMSGSIZE : 20;
	return 16;
}

int wire_model_ack(const u8 *b, size_t len)
{
	u32 kind, reason, words, epsn, npsn, dpsn, dup;

	/* b[12] (path) and b[13..15] (late) take any value. */
	if (len < 16)
		return -EMSGSIZE;
	if (b[0] >> 6 != 1 || (b[0] & 0x38) || (b[0] & 3) == 3)
		return -EPROTO;
	words = b[5];
	if (words > 64)
		return -ERANGE;
	if (len != 16 + 8 * words)
		return len < 16 + 8 * words ? -EMSGSIZE : -EBADMSG;
	kind = b[0] & 3;
	dup = b[0] & 4;
	reason = b[1];
	epsn = be(b + 2, 3);
	npsn = be(b + 6, 3);
	dpsn = be(b + 9, 3);
	if (reason > 6)
		return -ERANGE;
	if ((kind == 2) != (reason != 0) || (kind != 2 && npsn) ||
	    (kind == 0 && words) || (kind == 1 && !words) || (!dup && dpsn))
		return -EPROTO;
	/* "before" in 24-bit serial arithmetic: distance of 2^23 or more. */
	if (kind == 2 && ((epsn - npsn) & 0xffffff) &&
	    ((npsn - epsn) & 0xffffff) >= 0x800000)
		return -ERANGE;
	if (dup && dpsn == epsn)
		return -ERANGE;
	return (int)len;
}

int wire_check_ext_bytes(const u8 *buf, size_t len, char *err)
{
	struct eun_ext_hdr h;
	u8 out[EUN_EXT_MAX_LEN];
	int want = wire_model_ext(buf, len);
	int got = eun_ext_parse(buf, len, &h);

	if (got != want) {
		snprintf(err, 160, "eun_ext_parse gave %d, model %d (len %zu)",
			 got, want, len);
		return -1;
	}
	if (got < 0)
		return 0;
	if (eun_ext_pack(&h, out, sizeof(out)) != got ||
	    memcmp(out, buf, got)) {
		snprintf(err, 160, "eun_ext_pack of an accepted header differs");
		return -1;
	}
	return 0;
}

int wire_check_ack_bytes(const u8 *buf, size_t len, char *err)
{
	struct eun_ack_info a;
	u8 out[EUN_ACK_MAX_LEN];
	int want = wire_model_ack(buf, len);
	int got = eun_ack_parse(buf, len, &a);

	if (got != want) {
		snprintf(err, 160, "eun_ack_parse gave %d, model %d (len %zu)",
			 got, want, len);
		return -1;
	}
	if (got < 0)
		return 0;
	if (eun_ack_len(&a) != (size_t)got ||
	    eun_ack_pack(&a, out, sizeof(out)) != got || memcmp(out, buf, got)) {
		snprintf(err, 160, "eun_ack_pack of an accepted payload differs");
		return -1;
	}
	return 0;
}
