// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: completion order tracking, SRQ receive slots, immediate
 * data encoding and latency statistics.
 */
#include <stdlib.h>
#include <string.h>

#include "ev_track.h"

static const char * const ev_ctrl_names[EV_CTRL_COUNT] = {
	[EV_CTRL_CREDIT]	= "credit",
	[EV_CTRL_MARK]		= "mark",
	[EV_CTRL_FIN]		= "fin",
	[EV_CTRL_FIN_ACK]	= "fin_ack",
	[EV_CTRL_ABORT]		= "abort",
};

const char *ev_ctrl_name(enum ev_ctrl c)
{
	return c > 0 && c < EV_CTRL_COUNT ? ev_ctrl_names[c] : "?";
}

uint32_t ev_imm_data(uint64_t msg)
{
	return (uint32_t)(msg & ((1u << EV_IMM_DATA_BITS) - 1));
}

uint32_t ev_imm_ctrl(enum ev_ctrl type, uint64_t value)
{
	return EV_IMM_CTRL | ((uint32_t)type << EV_IMM_CTRL_BITS) |
	       (uint32_t)(value & ((1u << EV_IMM_CTRL_BITS) - 1));
}

int ev_imm_is_ctrl(uint32_t imm)
{
	return !!(imm & EV_IMM_CTRL);
}

enum ev_ctrl ev_imm_ctrl_type(uint32_t imm)
{
	return (enum ev_ctrl)((imm >> EV_IMM_CTRL_BITS) & 7);
}

/**
 * ev_imm_widen() - recover a full number from its low @bits bits
 * @truncated: the low bits as received
 * @bits: how many bits travelled
 * @ref: a full value known to be close to the true one
 *
 * Return: the value congruent to @truncated nearest to @ref (ties go
 * forward); never below zero.
 */
uint64_t ev_imm_widen(uint32_t truncated, unsigned int bits, uint64_t ref)
{
	uint64_t mod = 1ull << bits, mask = mod - 1;
	uint64_t diff = (truncated - ref) & mask;
	int64_t delta = diff >= mod / 2 ? (int64_t)diff - (int64_t)mod :
					  (int64_t)diff;

	if (delta < 0 && (uint64_t)-delta > ref)
		return ref + diff;
	return ref + delta;
}

int ev_ring_init(struct ev_ring *r, uint32_t cap)
{
	memset(r, 0, sizeof(*r));
	r->ids = calloc(cap, sizeof(*r->ids));
	if (!r->ids)
		return -1;
	r->cap = cap;
	return 0;
}

void ev_ring_free(struct ev_ring *r)
{
	free(r->ids);
	r->ids = NULL;
}

int ev_ring_push(struct ev_ring *r, uint64_t id)
{
	if (r->count == r->cap)
		return -1;
	r->ids[(r->head + r->count) % r->cap] = id;
	r->count++;
	return 0;
}

uint64_t ev_ring_oldest(const struct ev_ring *r)
{
	return r->count ? r->ids[r->head] : UINT64_MAX;
}

/**
 * ev_ring_complete() - account one completion
 *
 * A completion is taken off the ring only when it is the oldest: in any
 * other case the run is already failed and the ring is left as it was,
 * so the report can name what was expected.
 */
enum ev_order ev_ring_complete(struct ev_ring *r, uint64_t id)
{
	uint32_t i;

	if (r->count && r->ids[r->head] == id) {
		r->head = (r->head + 1) % r->cap;
		r->count--;
		return EV_ORDER_OK;
	}
	for (i = 1; i < r->count; i++)
		if (r->ids[(r->head + i) % r->cap] == id)
			return EV_ORDER_EARLY;
	return EV_ORDER_UNKNOWN;
}

enum ev_seq ev_seq_classify(uint64_t expected, uint64_t seen)
{
	if (seen == expected)
		return EV_SEQ_OK;
	return seen > expected ? EV_SEQ_GAP : EV_SEQ_OLD;
}

const char *ev_seq_name(enum ev_seq s)
{
	static const char * const names[EV_SEQ_COUNT] = {
		[EV_SEQ_OK]	= "in order",
		[EV_SEQ_GAP]	= "missing",
		[EV_SEQ_OLD]	= "duplicate or reordered",
	};

	return s < EV_SEQ_COUNT ? names[s] : "?";
}

/* Values below EV_HIST_SUB get a bucket each; above, SUB per octave. */
static uint32_t ev_hist_index(uint64_t v)
{
	int msb;

	if (v < EV_HIST_SUB)
		return (uint32_t)v;
	msb = 63 - __builtin_clzll(v);
	return (uint32_t)((msb - EV_HIST_SUB_BITS + 1) * EV_HIST_SUB +
			  ((v >> (msb - EV_HIST_SUB_BITS)) & (EV_HIST_SUB - 1)));
}

/* Upper bound of a bucket: a percentile never under-reports. */
static uint64_t ev_hist_upper(uint32_t idx)
{
	uint32_t oct = idx / EV_HIST_SUB, sub = idx % EV_HIST_SUB;
	int shift;

	if (oct == 0)
		return idx;
	shift = (int)oct - 1;
	return (((uint64_t)(EV_HIST_SUB + sub + 1)) << shift) - 1;
}

void ev_hist_add(struct ev_hist *h, uint64_t v)
{
	uint32_t idx = ev_hist_index(v);

	if (idx >= EV_HIST_BUCKETS)
		idx = EV_HIST_BUCKETS - 1;
	h->bucket[idx]++;
	if (!h->n || v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
	h->sum += v;
	h->n++;
}

void ev_hist_merge(struct ev_hist *dst, const struct ev_hist *src)
{
	uint32_t i;

	if (!src->n)
		return;
	for (i = 0; i < EV_HIST_BUCKETS; i++)
		dst->bucket[i] += src->bucket[i];
	if (!dst->n || src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
	dst->sum += src->sum;
	dst->n += src->n;
}

/**
 * ev_hist_pct() - percentile
 * @h: histogram
 * @pct: 0..100
 *
 * Return: the upper bound of the bucket holding the sample of rank
 * ceil(pct/100 * n), clamped to the exact min and max; 0 when empty.
 */
uint64_t ev_hist_pct(const struct ev_hist *h, double pct)
{
	uint64_t rank, seen = 0, v;
	uint32_t i;

	if (!h->n)
		return 0;
	rank = (uint64_t)(pct / 100.0 * (double)h->n + 0.999999);
	if (rank < 1)
		rank = 1;
	if (rank > h->n)
		rank = h->n;
	for (i = 0; i < EV_HIST_BUCKETS; i++) {
		seen += h->bucket[i];
		if (seen >= rank)
			break;
	}
	v = ev_hist_upper(i < EV_HIST_BUCKETS ? i : EV_HIST_BUCKETS - 1);
	if (v > h->max)
		v = h->max;
	if (v < h->min)
		v = h->min;
	return v;
}

/*
 * Mean from the exact sum, not the buckets: with one message in flight
 * per QP the mean latency is the mean flow completion time, and the
 * buckets' 1/32 would bias it upwards.
 *
 * Return: the mean of the samples, 0 when empty.
 */
double ev_hist_mean(const struct ev_hist *h)
{
	return h->n ? (double)h->sum / (double)h->n : 0;
}

uint64_t ev_srq_wrid(uint32_t slot)
{
	return EV_WRID_SRQ | slot;
}

/* Return: 0 with @slot set when @wr_id names one of @nslots slots. */
int ev_srq_slot(uint64_t wr_id, uint32_t nslots, uint32_t *slot)
{
	uint64_t s = wr_id & ~EV_WRID_SRQ;

	if (!(wr_id & EV_WRID_SRQ) || s >= nslots)
		return -1;
	*slot = (uint32_t)s;
	return 0;
}

/**
 * ev_srq_size() - WQEs of an SRQ standing in for per-QP receive queues
 * @per_qp: receives each QP's own queue would hold
 * @nqps: QPs sharing the SRQ
 * @max_wr: the device's largest SRQ (max_srq_wr)
 * @size: set to @per_qp * @nqps
 *
 * No QP takes more receives at a time than its own queue would have held,
 * so their sum never runs dry whichever QPs the WQEs go to.
 *
 * Return: 0, or -1 when the sum is 0 or beyond @max_wr.
 */
int ev_srq_size(uint32_t per_qp, uint32_t nqps, uint32_t max_wr,
		uint32_t *size)
{
	uint64_t n = (uint64_t)per_qp * nqps;

	if (!n || n > max_wr)
		return -1;
	*size = (uint32_t)n;
	return 0;
}

int ev_srq_book_init(struct ev_srq_book *b, uint32_t nslots)
{
	memset(b, 0, sizeof(*b));
	b->posted = calloc(nslots ? nslots : 1, 1);
	if (!b->posted)
		return -1;
	b->nslots = nslots;
	return 0;
}

void ev_srq_book_free(struct ev_srq_book *b)
{
	free(b->posted);
	b->posted = NULL;
}

/* Return: 0, or -1 when @slot is no slot or is on the SRQ already. */
int ev_srq_book_post(struct ev_srq_book *b, uint32_t slot)
{
	if (slot >= b->nslots || b->posted[slot])
		return -1;
	b->posted[slot] = 1;
	b->outstanding++;
	return 0;
}

/* A receive completion: @slot is set but for EV_SRQ_BAD_ID. */
enum ev_srq_take ev_srq_book_take(struct ev_srq_book *b, uint64_t wr_id,
				  uint32_t *slot)
{
	if (ev_srq_slot(wr_id, b->nslots, slot))
		return EV_SRQ_BAD_ID;
	if (!b->posted[*slot])
		return EV_SRQ_TAKEN;
	b->posted[*slot] = 0;
	b->outstanding--;
	return EV_SRQ_OK;
}
