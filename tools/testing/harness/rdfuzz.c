// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the requester's READ response tracker: the input
 * bytes are the choices of the reference model (rdmodel.c), which checks
 * the tracker against its reference and the contract of eun_read.h after
 * every step and aborts on a mismatch; a sanitizer report aborts too.
 *
 * Input: 8 bytes seed the PRNG of the probes (random PSNs, opcodes and
 * lengths asked of the tracker between steps), then one operation per
 * byte, each followed by the choices it needs (a session's first PSN,
 * often by the 2^24 wrap, its MTU and network; a READ's size; which
 * packet the network hands over; ...):
 *   op % 16  0-5: a step as the session goes (post, deliver, re-request
 *            when due, rxe's timer); 6: post a READ or atomic; 7-9:
 *            deliver a packet on its way (out of order, copies); 10: a
 *            re-request now (rxe's timer); 11: a stray packet (any PSN,
 *            opcode and length); 12: the clock jumps 2^(op / 16 * 2) us;
 *            13: the READs out fail (stop), a new session; 14: the same
 *            after a QP reset; 15: a start tried on a copy of the tracker
 * When the input runs out the session ends.
 */
#include <stdio.h>
#include <stdlib.h>

#include <linux/types.h>

#include "rdmodel.h"
#include "rng.h"

/* Bounds one input's run time. */
#define RD_FUZZ_MAX_OPS		20000

static void new_session(u64 *no, bool reset)
{
	rdm_end_session();
	if (reset)
		rdm_forget();
	rdm_begin_session(++*no);
}

static void do_op(struct rdm_src *s, u64 *session)
{
	u32 op = rdm_below(s, 256);

	switch (op % 16) {
	case 0 ... 5:
		if (!rdm_step())
			new_session(session, false);
		break;
	case 6:
		rdm_post();
		break;
	case 7 ... 9:
		rdm_deliver();
		break;
	case 10:
		rdm_rerequest();
		break;
	case 11:
		rdm_stray();
		break;
	case 12:
		rdm_advance(1000ULL << (op / 16 * 2));
		break;
	case 13:
	case 14:
		new_session(session, op % 16 == 14);
		break;
	default:
		rdm_check_start();
		break;
	}
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct rdm_src ops = { .d = data + 8, .n = size - 8 };
	struct rdm_src gen;
	struct rng r;
	u64 seed = 0, session = 0;
	u32 i;

	if (size < 9)
		return 0;
	for (i = 0; i < 8; i++)
		seed |= (u64)data[i] << (8 * i);
	rng_seed(&r, seed);
	gen = (struct rdm_src){ .r = &r };
	rdm_init(&ops, &gen);
	rdm_begin_session(session);
	for (i = 0; i < RD_FUZZ_MAX_OPS && !rdm_src_done(&ops); i++) {
		do_op(&ops, &session);
		rdm_check();
	}
	rdm_end_session();
	return 0;
}
