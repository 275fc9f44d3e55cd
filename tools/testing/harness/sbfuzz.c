// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the sender scoreboard and the reorder window: the
 * input picks a capacity and a first PSN, then a stream of transmissions
 * and, above all, arbitrary ACKs (stale, past nxt, with SACK bits
 * anywhere); every answer and the whole state after every step are checked
 * against the reference model (sbmodel.c). A mismatch, a kernel warning, a
 * leak or a sanitizer report aborts.
 *
 * Input: 3 bytes of configuration, then 4 bytes per operation:
 *   op[7:5] time step: 0, or 1 << (2 * op[7:5]) ns
 *   op[4:0] kind (mod 16): 0-3 send; 4-8 ACK; 9 loss check; 10 resend;
 *           11 NACK mark; 12 timeout; 13 duplicate report; 14 widen;
 *           15 reset, or with b2 odd the probe of una alone
 *   b1..b3  arguments (see do_op())
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bug.h>
#include <linux/slab.h>

#include "sbmodel.h"

static const u32 caps[] = { 16, 32, 64, 128, 256, 1024, 4096, 16384 };

#define SACK_WORDS	(EUN_SB_MAX_SACK_BITS / 64 + 1)

static u64 sack[SACK_WORDS];

/*
 * ACK: b1 is the epsn as a signed offset from una (0x80: a PSN that is
 * neither near una nor nxt), b2 the SACK length in bytes (x 8 bits, 0xff:
 * the longest plus one), b3 the repeated bit pattern; op bit 4 clips the
 * bits to PSNs before nxt, so that most ACKs are valid.
 */
static int do_ack(struct sbm *m, u8 op, u8 b1, u8 b2, u8 b3)
{
	u32 una = sbm_psn(m, m->una), nxt = sbm_psn(m, m->nxt), bits, i, room;
	u32 epsn = b1 == 0x80 ? (nxt + 0x400000 + b3) & EUN_PSN_MASK :
				(una + (s8)b1) & EUN_PSN_MASK;
	s32 back = eun_psn_diff(nxt, epsn);

	bits = b2 == 0xff ? EUN_SB_MAX_SACK_BITS + 1 : b2 * 8u;
	room = back < 0 ? (u32)(-back - 1) : 0;
	memset(sack, 0, sizeof(sack));
	for (i = 0; i < bits && i < EUN_SB_MAX_SACK_BITS; i++) {
		if ((op & 0x10) && i >= room)
			break;
		if ((b3 >> (i % 8)) & 1)
			sack[i / 64] |= 1ULL << (i % 64);
	}
	return sbm_ack(m, epsn, sack, bits);
}

static int do_op(struct sbm *m, const u8 *d)
{
	u8 op = d[0], b1 = d[1], b2 = d[2], b3 = d[3];
	u32 near = (sbm_psn(m, m->una) + (s8)b1) & EUN_PSN_MASK;

	if (op >> 5)
		m->now += 1ULL << (2 * (op >> 5));
	switch (op & 15) {
	case 0 ... 3:
		return sbm_send(m);
	case 4 ... 8:
		return do_ack(m, op, b1, b2, b3);
	case 9:
		return sbm_detect(m);
	case 10:
		return sbm_retransmit(m);
	case 11:
		return sbm_mark_lost(m, near, b2 % (EUN_SB_CAUSE_COUNT + 1));
	case 12:
		return sbm_timeout(m);
	case 13:
		return sbm_dup(m, (sbm_psn(m, m->nxt) - 1 - (b1 | b2 << 8)) & EUN_PSN_MASK);
	case 14:
		return sbm_widen(m);
	default:
		if (b2 & 1)
			return sbm_probe_una(m);
		return sbm_reset(m, (EUN_PSN_MASK - b1) & EUN_PSN_MASK);
	}
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct sbm m;
	size_t i;
	u32 first;
	int err = 0;

	if (size < 3)
		return 0;
	first = (EUN_PSN_MASK - data[1] - (data[2] << 8)) & EUN_PSN_MASK;
	if (sbm_init(&m, caps[data[0] & 7], first, size / 4 + 1))
		abort();
	for (i = 3; i + 4 <= size && !err; i += 4) {
		err = do_op(&m, data + i);
		if (!err)
			err = sbm_check(&m);
	}
	if (err) {
		fprintf(stderr, "sbfuzz: mismatch at input byte %zu: %s\n", i, m.err);
		abort();
	}
	sbm_fini(&m);
	if (eun_shim_live_allocs) {
		fprintf(stderr, "sbfuzz: %ld allocations leaked\n", eun_shim_live_allocs);
		abort();
	}
	return 0;
}
