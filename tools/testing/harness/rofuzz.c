// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the responder's book of requests taken ahead of
 * order (eun_rx_order.c). A plain reference (the entries by slot, a scan
 * for every answer) predicts each answer, and after every operation the
 * book must hold: at most EUN_RO_SLOTS of each kind, READ ranges that
 * never meet, one held atomic per PSN, every PSN of a range found in it
 * and none next to it, eun_ro_past() leaving the book as it was, and a
 * reset leaving it empty. A mismatch or a sanitizer report aborts.
 *
 * Byte 0 picks the mode:
 * - even: a requester's stream. Byte 1 sets its size, its first PSN
 *   (often by the 2^24 wrap) and its READs' lengths; then each byte
 *   delivers one request, in any order and any number of times (a
 *   chosen byte: part of a READ already executed, as a re-request asks
 *   for it, or a QP reset and a new stream). The responder is played as
 *   rx/eun_rx_read.c plays it: at the expected PSN a request executes
 *   and the PSN moves past the READs executed ahead and releases the
 *   atomic held there; ahead of it a READ executes at once, an atomic is
 *   held; behind it a copy is replayed. Besides the book: every request
 *   executes at most once, an atomic only at its turn, atomics go in PSN
 *   order, and once the stream is delivered in full every request has
 *   executed and the book is empty.
 * - odd: a peer that talks nonsense: any PSN (invalid ones too), any
 *   length, any slot given back, 5 bytes per operation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bitmap.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/types.h>

#include "eun/eun_psn.h"
#include "eun/eun_rx_order.h"

#define RO_MAX_REQS	48
#define RO_PSN_SPACE	(EUN_PSN_MASK + 1ULL)

/* The reference book: the entries by the slot the code gave them. */
struct ref_book {
	bool ahead[EUN_RO_SLOTS];
	u32 first[EUN_RO_SLOTS];
	u32 npkts[EUN_RO_SLOTS];
	bool held[EUN_RO_SLOTS];
	u32 held_psn[EUN_RO_SLOTS];
};

/* One request of the stream: PSNs [psn, psn + npkts). */
struct ro_req {
	u32 psn, npkts;
	bool atomic;
	u32 executed;
};

static struct {
	struct eun_rx_order ro;
	struct ref_book b;
	struct ro_req req[RO_MAX_REQS];
	u32 nreq;
	u32 base, epsn;
	int last_released;	/* stream index of the latest atomic to go */
	const u8 *d;
	size_t n, pos;
} m;

static void fail(const char *what, u32 psn)
{
	fprintf(stderr, "rofuzz: input byte %zu, PSN %#x: %s\n", m.pos, psn, what);
	abort();
}

/* The next input byte, 0 once they run out. */
static u32 byte(void)
{
	return m.pos < m.n ? m.d[m.pos++] : 0;
}

static bool ref_meets(u32 a, u32 n, u32 b, u32 k)
{
	u32 d = eun_psn_dist(a, b);

	/* b inside [a, a + n), or [b, b + k) wrapping round to reach a. */
	return d < n || (d && RO_PSN_SPACE - d < k);
}

static int ref_ahead_find(u32 psn)
{
	u32 s;

	for (s = 0; s < EUN_RO_SLOTS; s++)
		if (m.b.ahead[s] && eun_psn_dist(m.b.first[s], psn) < m.b.npkts[s])
			return s;
	return -ENOENT;
}

static int ref_held_find(u32 psn)
{
	u32 s;

	for (s = 0; s < EUN_RO_SLOTS; s++)
		if (m.b.held[s] && m.b.held_psn[s] == psn)
			return s;
	return -ENOENT;
}

static u32 ref_count(const bool *used)
{
	u32 s, n = 0;

	for (s = 0; s < EUN_RO_SLOTS; s++)
		n += used[s];
	return n;
}

/* PSNs the READs in the book cover: the whole space is out of reach. */
static u64 ref_covered(void)
{
	u64 sum = 0;
	u32 s;

	for (s = 0; s < EUN_RO_SLOTS; s++)
		if (m.b.ahead[s])
			sum += m.b.npkts[s];
	return sum;
}

/* Where the chain of READs starting at @psn ends; @passed gets them. */
static u32 ref_past(u32 psn, bool *passed)
{
	u32 s;

	memset(passed, 0, EUN_RO_SLOTS * sizeof(*passed));
	for (s = 0; s < EUN_RO_SLOTS; s++) {
		if (!m.b.ahead[s] || passed[s] || m.b.first[s] != psn)
			continue;
		passed[s] = true;
		psn = eun_psn_add(psn, m.b.npkts[s]);
		s = -1;		/* look again from the first slot */
	}
	return psn;
}

static int ref_add_want(u32 psn, u32 npkts)
{
	u32 s;

	if (psn > EUN_PSN_MASK || !npkts || npkts >= EUN_PSN_HALF)
		return -EINVAL;
	for (s = 0; s < EUN_RO_SLOTS; s++)
		if (m.b.ahead[s] && ref_meets(m.b.first[s], m.b.npkts[s], psn, npkts))
			return -EEXIST;
	return ref_count(m.b.ahead) == EUN_RO_SLOTS ? -ENOSPC : 0;
}

/* A slot the code handed out must have been free. */
static void take_slot(int got, bool *used, u32 psn)
{
	if (got < 0 || got >= EUN_RO_SLOTS || used[got])
		fail("a slot out of range or in use handed out", psn);
	used[got] = true;
}

static int do_add(u32 psn, u32 npkts)
{
	int want = ref_add_want(psn, npkts), got;

	got = eun_ro_ahead_add(&m.ro, psn, npkts);
	if (want) {
		if (got != want)
			fail("READ ahead: wrong refusal or taken", psn);
		return got;
	}
	take_slot(got, m.b.ahead, psn);
	m.b.first[got] = psn;
	m.b.npkts[got] = npkts;
	return got;
}

static int do_hold(u32 psn)
{
	int want = 0, got;

	if (psn > EUN_PSN_MASK)
		want = -EINVAL;
	else if (ref_held_find(psn) >= 0)
		want = -EEXIST;
	else if (ref_count(m.b.held) == EUN_RO_SLOTS)
		want = -ENOSPC;
	got = eun_ro_hold(&m.ro, psn);
	if (want) {
		if (got != want)
			fail("atomic held: wrong refusal or taken", psn);
		return got;
	}
	take_slot(got, m.b.held, psn);
	m.b.held_psn[got] = psn;
	return got;
}

static void do_unhold(u32 slot)
{
	eun_ro_unhold(&m.ro, slot);
	if (slot < EUN_RO_SLOTS)
		m.b.held[slot] = false;
}

/* eun_ro_past() leaves the book alone, eun_ro_skip() forgets the chain. */
static u32 do_skip(u32 psn)
{
	struct eun_rx_order before = m.ro;
	bool passed[EUN_RO_SLOTS];
	u32 want = ref_past(psn, passed), s;

	if (eun_ro_past(&m.ro, psn) != want)
		fail("eun_ro_past() ends elsewhere", psn);
	if (memcmp(&before, &m.ro, sizeof(before)))
		fail("eun_ro_past() changed the book", psn);
	if (eun_ro_skip(&m.ro, psn) != want)
		fail("eun_ro_skip() ends elsewhere", psn);
	for (s = 0; s < EUN_RO_SLOTS; s++)
		m.b.ahead[s] &= !passed[s];
	return want;
}

static void check_probe(u32 psn)
{
	if (eun_ro_ahead_find(&m.ro, psn) != ref_ahead_find(psn))
		fail("eun_ro_ahead_find()", psn);
	if (eun_ro_held_find(&m.ro, psn) != ref_held_find(psn))
		fail("eun_ro_held_find()", psn);
}

/* The book against the reference, and its own invariants. */
static void check_book(void)
{
	u32 s, t;

	if (eun_ro_count_ahead(&m.ro) != ref_count(m.b.ahead) ||
	    eun_ro_count_held(&m.ro) != ref_count(m.b.held))
		fail("counts", 0);
	for (s = 0; s < EUN_RO_SLOTS; s++) {
		if (m.b.ahead[s] != test_bit(s, m.ro.ahead_used) ||
		    m.b.held[s] != test_bit(s, m.ro.held_used))
			fail("slots in use", s);
		if (!m.b.ahead[s] && !m.b.held[s])
			continue;
		for (t = s + 1; t < EUN_RO_SLOTS; t++) {
			if (m.b.ahead[s] && m.b.ahead[t] &&
			    ref_meets(m.b.first[s], m.b.npkts[s], m.b.first[t], m.b.npkts[t]))
				fail("two READ ranges meet", m.b.first[t]);
			if (m.b.held[s] && m.b.held[t] && m.b.held_psn[s] == m.b.held_psn[t])
				fail("one PSN held twice", m.b.held_psn[s]);
		}
		if (m.b.ahead[s]) {
			check_probe(m.b.first[s]);
			check_probe(eun_psn_add(m.b.first[s], -1));
			check_probe(eun_psn_add(m.b.first[s], m.b.npkts[s] - 1));
			check_probe(eun_psn_add(m.b.first[s], m.b.npkts[s]));
		}
		if (m.b.held[s])
			check_probe(m.b.held_psn[s]);
	}
}

static void do_reset(void)
{
	u32 psn = byte() << 16 | byte();

	eun_ro_init(&m.ro);
	memset(&m.b, 0, sizeof(m.b));
	if (eun_ro_count_ahead(&m.ro) || eun_ro_count_held(&m.ro) ||
	    eun_ro_ahead_find(&m.ro, psn) >= 0 || eun_ro_held_find(&m.ro, psn) >= 0 ||
	    eun_ro_past(&m.ro, psn) != psn)
		fail("a reset book not empty", psn);
}

/* Nonsense: any PSN, any length, any slot; 5 bytes per operation. */
static void raw_op(void)
{
	u32 op = byte(), a = byte() << 16 | byte() << 8 | byte(), k = byte();
	u32 psn = op & 0x80 ? a | (op & 0x40) << 18 : EUN_PSN_MASK - (a & 0xff);
	u32 npkts = op & 0x20 ? EUN_PSN_HALF - k : k;

	switch (op % 8) {
	case 0:
	case 1:
		/* No book covers the whole space: "ahead" is half of it. */
		if (ref_covered() + npkts < RO_PSN_SPACE)
			do_add(psn, npkts);
		break;
	case 2:
		do_hold(psn);
		break;
	case 3:
		do_unhold(k % (2 * EUN_RO_SLOTS));
		break;
	case 4:
		do_skip(psn & EUN_PSN_MASK);
		break;
	case 5:
		if (k < 8)
			do_reset();
		break;
	default:
		check_probe(psn);
		break;
	}
}

static void new_stream(void)
{
	u32 cfg = byte(), i, psn;

	m.nreq = 1 + cfg % RO_MAX_REQS;
	m.base = cfg & 0x80 ? EUN_PSN_MASK - byte() : byte() << 16 | byte() << 8;
	for (i = 0, psn = m.base; i < m.nreq; i++) {
		u32 b = byte();

		m.req[i].psn = psn;
		m.req[i].atomic = b & 1;
		m.req[i].npkts = b & 1 ? 1 : b & 0x80 ? 1 + (b << 4) : 1 + (b >> 1) % 8;
		m.req[i].executed = 0;
		psn = eun_psn_add(psn, m.req[i].npkts);
	}
	m.epsn = m.base;
	m.last_released = -1;
}

static void execute(int k)
{
	if (m.req[k].executed++)
		fail("a request executed twice", m.req[k].psn);
}

/* The expected PSN moves past the READs ahead, releasing atomics held. */
static void drain(void)
{
	int slot, k;

	for (;;) {
		m.epsn = do_skip(m.epsn);
		slot = eun_ro_held_find(&m.ro, m.epsn);
		if (slot != ref_held_find(m.epsn))
			fail("eun_ro_held_find() at the expected PSN", m.epsn);
		if (slot < 0)
			return;
		for (k = 0; k < (int)m.nreq && m.req[k].psn != m.epsn; k++)
			;
		if (k == (int)m.nreq || !m.req[k].atomic)
			fail("an atomic held where the stream has none", m.epsn);
		if (k <= m.last_released)
			fail("atomics released out of PSN order", m.epsn);
		m.last_released = k;
		execute(k);
		do_unhold(slot);
		m.epsn = eun_psn_add(m.epsn, 1);
	}
}

/* The responder's glue for request @k, or the part of it from @psn. */
static void arrive(int k, u32 psn, u32 npkts)
{
	s32 ahead = eun_psn_diff(m.epsn, psn);
	int slot;

	if (ahead < 0)
		return;		/* a copy of one behind: rxe replays it */
	if (!ahead) {
		execute(k);
		m.epsn = eun_psn_add(psn, npkts);
		drain();
		return;
	}
	if (m.req[k].atomic) {
		do_hold(psn);
		return;
	}
	slot = eun_ro_ahead_find(&m.ro, psn);
	if (slot != ref_ahead_find(psn))
		fail("eun_ro_ahead_find() of a request", psn);
	if (slot >= 0)
		return;		/* a copy: rxe replays it */
	slot = do_add(psn, npkts);
	if (slot == -EEXIST || slot == -EINVAL)
		fail("a READ of a sound stream refused", psn);
	if (slot >= 0)
		execute(k);
}

/*
 * Every request before the expected PSN went once, after it only READs
 * (executed ahead), and no atomic is left held at the expected PSN.
 */
static void check_stream(void)
{
	u32 done = eun_psn_dist(m.base, m.epsn), i;

	for (i = 0; i < m.nreq; i++) {
		bool behind = eun_psn_dist(m.base, m.req[i].psn) < done;

		if (behind ? m.req[i].executed != 1 :
		    m.req[i].executed > (m.req[i].atomic ? 0 : 1))
			fail("a request executed out of its turn", m.req[i].psn);
	}
	if (ref_held_find(m.epsn) >= 0)
		fail("an atomic left held at the expected PSN", m.epsn);
}

static void stream_op(void)
{
	u32 op = byte(), k = op % m.nreq;
	const struct ro_req *q = &m.req[k];
	u32 part;

	if (op >= 250) {
		do_reset();
		new_stream();
		return;
	}
	if (op & 0x80 && q->executed && !q->atomic && q->npkts > 1) {
		/* A re-request: the tail of a READ already executed. */
		part = 1 + byte() % (q->npkts - 1);
		arrive(k, eun_psn_add(q->psn, part), q->npkts - part);
		return;
	}
	arrive(k, q->psn, q->npkts);
}

/* The rest comes in order: all executed, the book empty. */
static void finish_stream(void)
{
	u32 i;

	for (i = 0; i < m.nreq; i++) {
		if (m.req[i].psn != m.epsn)
			continue;
		if (m.req[i].executed)
			fail("the expected PSN stuck on an executed request", m.epsn);
		arrive(i, m.req[i].psn, m.req[i].npkts);
		check_book();
	}
	for (i = 0; i < m.nreq; i++)
		if (m.req[i].executed != 1)
			fail("a request never executed", m.req[i].psn);
	if (eun_ro_count_ahead(&m.ro) || eun_ro_count_held(&m.ro))
		fail("the book not empty after the stream", m.epsn);
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	bool raw;

	if (size < 2)
		return 0;
	memset(&m, 0, sizeof(m));
	m.d = data;
	m.n = size;
	raw = byte() & 1;
	eun_ro_init(&m.ro);
	if (!raw)
		new_stream();
	while (m.pos < m.n) {
		if (raw)
			raw_op();
		else
			stream_op();
		check_book();
		if (!raw)
			check_stream();
	}
	if (!raw)
		finish_stream();
	return 0;
}
