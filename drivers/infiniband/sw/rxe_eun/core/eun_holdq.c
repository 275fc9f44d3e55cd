// SPDX-License-Identifier: GPL-2.0
/*
 * Completion hold queue of the receiver, after Eunomia (completions held
 * until the data is in order) and IRN (receive WQEs consumed by sequence
 * number, so out-of-order SENDs find their buffer).
 *
 * The data of a tracked packet is placed as soon as it arrives; only the
 * completion waits. Keeping the completion side apart from placement keeps
 * this file free of skbs and WQEs: it sees sequence numbers and PSNs only.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/build_bug.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "eun/eun_holdq.h"

/**
 * DOC: hold queue contract
 *
 * Every SEND and WRITE-with-immediate message has a 24-bit sequence number
 * (the receive-WQE sequence number, counted from the QP's first message).
 * Its packets arrive in any order; the glue notes each one that the reorder
 * bitmap accepted (eun_holdq_note()). Messages in [head, head + capacity)
 * are held in a ring of capacity entries; a packet of a later message is
 * refused (-ERANGE) and the glue drops and NACKs it, so the sender sends it
 * again once the window has moved. A packet of a message already completed
 * (up to half the sequence space behind the head) is a duplicate.
 *
 * Per message the queue keeps its first PSN (PSN - index of any packet),
 * the highest PSN seen and, once the LAST packet is in, its length,
 * immediate data, kind and cookie. Every packet must agree with what is
 * known: the same first PSN, no PSN after a known last PSN, one last PSN,
 * and no overlap with the PSNs of the neighbouring messages. A packet that
 * disagrees is refused with -EPROTO and changes nothing.
 *
 * The head message is complete in order when its last packet is known and
 * its last PSN is before the cumulative expected PSN (every PSN before it
 * has arrived, so every packet of this and of every earlier message has).
 * eun_holdq_pop() hands it out and moves the head; the glue calls it in a
 * loop after each packet, so completions come out strictly in sequence
 * order, even when a later message finished first.
 *
 * Repeated packets are the reorder bitmap's to detect; the queue is
 * idempotent for them anyway: a repeated middle packet changes nothing, a
 * repeated last packet is answered %EUN_HQ_DUPLICATE and its fields are
 * ignored.
 */

static const char * const eun_hq_note_names[] = {
	[EUN_HQ_NOTED]		= "noted",
	[EUN_HQ_DUPLICATE]	= "duplicate",
};

static_assert(ARRAY_SIZE(eun_hq_note_names) == EUN_HQ_NOTE_COUNT, "note names");

static struct eun_holdq_ent *hq_ent(const struct eun_holdq *q, u32 seq)
{
	return &q->ent[seq & (q->cap - 1)];
}

/**
 * eun_holdq_reset() - forget every message and restart at a sequence number
 * @q: hold queue set up by eun_holdq_init()
 * @first_seq: sequence number of the next message
 *
 * For a QP reset: held completions are dropped (the QP flushes its
 * receive queue), the figures are cleared.
 *
 * Return: 0, or -EINVAL if @first_seq does not fit in 24 bits.
 */
int eun_holdq_reset(struct eun_holdq *q, u32 first_seq)
{
	if (!eun_psn_valid(first_seq))
		return -EINVAL;
	memset(q->ent, 0, q->cap * sizeof(*q->ent));
	q->head_seq = first_seq;
	memset(&q->stats, 0, sizeof(q->stats));
	return 0;
}

/**
 * eun_holdq_init() - allocate a hold queue
 * @q: hold queue to set up
 * @cap: window in messages: a power of two, 1..%EUN_HQ_MAX_CAP
 * @first_seq: sequence number of the first message (usually 0)
 *
 * The only allocation of the queue (GFP_KERNEL).
 *
 * Return: 0, -EINVAL for a bad size or sequence number, -ENOMEM.
 */
int eun_holdq_init(struct eun_holdq *q, u32 cap, u32 first_seq)
{
	memset(q, 0, sizeof(*q));
	if (cap == 0 || cap > EUN_HQ_MAX_CAP || (cap & (cap - 1)))
		return -EINVAL;
	if (!eun_psn_valid(first_seq))
		return -EINVAL;
	q->ent = kcalloc(cap, sizeof(*q->ent), GFP_KERNEL);
	if (!q->ent)
		return -ENOMEM;
	q->cap = cap;
	return eun_holdq_reset(q, first_seq);
}

/**
 * eun_holdq_destroy() - free a hold queue
 * @q: hold queue set up by eun_holdq_init(); may be all zero
 */
void eun_holdq_destroy(struct eun_holdq *q)
{
	kfree(q->ent);
	memset(q, 0, sizeof(*q));
}

static bool hq_pkt_valid(const struct eun_holdq_pkt *p)
{
	if (!eun_psn_valid(p->msg_seq) || !eun_psn_valid(p->psn))
		return false;
	if (p->pkt_index > EUN_HQ_MAX_INDEX)
		return false;
	return !p->is_last || (u32)p->kind < EUN_HQ_KIND_COUNT;
}

/*
 * Whether a message at distance @d from the head, spanning [@first, @hi],
 * stays clear of the PSNs of the messages right before and after it. The
 * sequence order of messages is their PSN order; a peer that breaks it
 * would make the in-order test of eun_holdq_pop() meaningless.
 */
static bool hq_fits_neighbours(const struct eun_holdq *q, u32 seq, u32 d,
			       u32 first, u32 hi)
{
	const struct eun_holdq_ent *n;

	if (d > 0) {
		n = hq_ent(q, seq - 1);
		if (n->in_use && !eun_psn_before(n->hi_psn, first))
			return false;
	}
	if (d + 1 < q->cap) {
		n = hq_ent(q, seq + 1);
		if (n->in_use && !eun_psn_before(hi, n->first_psn))
			return false;
	}
	return true;
}

/* Whether @p agrees with what @e knows; sets the new highest PSN. */
static bool hq_consistent(const struct eun_holdq_ent *e,
			  const struct eun_holdq_pkt *p, u32 first, u32 *hi)
{
	*hi = p->psn;
	if (!e->in_use)
		return true;
	if (e->first_psn != first)
		return false;
	if (e->last_known) {
		/* Nothing after the last packet; one last packet only. */
		*hi = e->hi_psn;
		return !eun_psn_after(p->psn, e->hi_psn) &&
		       (!p->is_last || p->psn == e->hi_psn);
	}
	/* A last packet cannot come before a packet already seen. */
	if (p->is_last)
		return !eun_psn_before(p->psn, e->hi_psn);
	if (eun_psn_before(p->psn, e->hi_psn))
		*hi = e->hi_psn;
	return true;
}

static void hq_record(struct eun_holdq *q, struct eun_holdq_ent *e,
		      const struct eun_holdq_pkt *p, u32 first, u32 hi)
{
	if (!e->in_use) {
		e->in_use = true;
		e->first_psn = first;
		q->stats.held++;
		if (q->stats.held > q->stats.peak)
			q->stats.peak = q->stats.held;
	}
	e->hi_psn = hi;
	if (!p->is_last)
		return;
	e->last_known = true;
	e->kind = p->kind;
	e->has_imm = p->has_imm;
	e->imm = p->imm;
	e->byte_len = p->byte_len;
	e->cookie = p->cookie;
}

static int hq_answer(struct eun_holdq *q, enum eun_hq_note n)
{
	q->stats.notes[n]++;
	return n;
}

static int hq_refuse(struct eun_holdq *q, int err)
{
	if (err == -ERANGE)
		q->stats.rejected++;
	else
		q->stats.malformed++;
	return err;
}

/*
 * What eun_holdq_note() does with @p, without doing it: an error, or the
 * answer, with (for EUN_HQ_NOTED) the entry and the PSNs to record.
 */
static int hq_judge(const struct eun_holdq *q, const struct eun_holdq_pkt *p,
		    struct eun_holdq_ent **ep, u32 *first, u32 *hi)
{
	struct eun_holdq_ent *e;
	s32 behind;
	u32 d;

	if (!hq_pkt_valid(p))
		return -EINVAL;
	behind = eun_psn_diff(q->head_seq, p->msg_seq);
	if (behind < 0)
		return EUN_HQ_DUPLICATE;
	d = behind;
	if (d >= q->cap)
		return -ERANGE;

	e = hq_ent(q, p->msg_seq);
	*first = eun_psn_add(p->psn, EUN_PSN_MASK + 1 - p->pkt_index);
	if (!hq_consistent(e, p, *first, hi) ||
	    !hq_fits_neighbours(q, p->msg_seq, d, *first, *hi))
		return -EPROTO;
	if (p->is_last && e->last_known)
		return EUN_HQ_DUPLICATE;
	*ep = e;
	return EUN_HQ_NOTED;
}

/**
 * eun_holdq_check() - whether eun_holdq_note() would take a packet
 * @q: hold queue
 * @p: the packet
 *
 * Ask before the packet's data is placed: a packet the hold queue refuses
 * must not be placed or marked either, or its message could never
 * complete and every later completion would wait behind it. Changes and
 * counts nothing.
 *
 * Return: 0 if eun_holdq_note() would take @p (noted or a duplicate), or
 * the error it would return.
 */
int eun_holdq_check(const struct eun_holdq *q, const struct eun_holdq_pkt *p)
{
	struct eun_holdq_ent *e;
	u32 first = 0, hi = 0;
	int n = hq_judge(q, p, &e, &first, &hi);

	return n < 0 ? n : 0;
}

/**
 * eun_holdq_note() - record one arriving packet of a message
 * @q: hold queue
 * @p: the packet; the completion fields are read only for the last one
 *
 * Call for every packet of a SEND or WRITE-with-immediate message that the
 * reorder bitmap accepted (in order or tracked out of order), after its
 * data was placed, and after eun_holdq_check() said yes to it before the
 * placement. Nothing changes when an error is returned.
 *
 * Return: an &enum eun_hq_note (>= 0); -ERANGE if the message lies past
 * the window (drop and NACK the packet); -EPROTO if the packet contradicts
 * what is known of its message or of the messages next to it; -EINVAL for
 * fields out of range.
 */
int eun_holdq_note(struct eun_holdq *q, const struct eun_holdq_pkt *p)
{
	struct eun_holdq_ent *e = NULL;
	u32 first = 0, hi = 0;
	int n = hq_judge(q, p, &e, &first, &hi);

	if (n < 0)
		return hq_refuse(q, n);
	if (n == EUN_HQ_NOTED)
		hq_record(q, e, p, first, hi);
	return hq_answer(q, n);
}

/**
 * eun_holdq_pop() - hand out the next completion if it is complete in order
 * @q: hold queue
 * @epsn: cumulative expected PSN: every PSN before it has arrived
 * @out: filled with the completion when true is returned
 *
 * Call in a loop until it returns false: each call releases at most the
 * head message, so completions come out in posted order.
 *
 * Return: true if the head message's last packet is known and before
 * @epsn; the head then moves to the next sequence number.
 */
bool eun_holdq_pop(struct eun_holdq *q, u32 epsn, struct eun_holdq_done *out)
{
	struct eun_holdq_ent *e = hq_ent(q, q->head_seq);

	if (!eun_psn_valid(epsn) || !e->in_use || !e->last_known)
		return false;
	if (!eun_psn_before(e->hi_psn, epsn))
		return false;
	out->msg_seq = q->head_seq;
	out->first_psn = e->first_psn;
	out->last_psn = e->hi_psn;
	out->kind = e->kind;
	out->has_imm = e->has_imm;
	out->imm = e->imm;
	out->byte_len = e->byte_len;
	out->cookie = e->cookie;
	memset(e, 0, sizeof(*e));
	q->head_seq = eun_psn_add(q->head_seq, 1);
	q->stats.held--;
	q->stats.completed++;
	return true;
}

/**
 * eun_holdq_note_name() - name of an &enum eun_hq_note, for counters
 * @n: answer of eun_holdq_note()
 *
 * Return: a static string, "?" when out of range.
 */
const char *eun_holdq_note_name(enum eun_hq_note n)
{
	return (u32)n < EUN_HQ_NOTE_COUNT ? eun_hq_note_names[n] : "?";
}
