/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: completion order tracking, SRQ receive slots, immediate
 * data encoding and latency statistics. Pure code, no verbs types.
 */
#ifndef EV_TRACK_H
#define EV_TRACK_H

#include <stddef.h>
#include <stdint.h>

/*
 * DOC: immediate data
 * Bit 31 clear: a data message; bits 0..30 are its number modulo 2^31.
 * Bit 31 set: a control message; bits 28..30 its type (enum ev_ctrl),
 * bits 0..27 a message count modulo 2^28. Receivers widen the truncated
 * value back to 64 bits against a reference they already hold
 * (ev_imm_widen()), which is exact while the true value lies within
 * half the modulus of the reference.
 */
#define EV_IMM_CTRL		0x80000000u
#define EV_IMM_DATA_BITS	31
#define EV_IMM_CTRL_BITS	28

enum ev_ctrl {
	EV_CTRL_CREDIT = 1,	/* server: client may post messages < value */
	EV_CTRL_MARK,		/* client: messages < value completed here */
	EV_CTRL_FIN,		/* client: run ended after value messages */
	EV_CTRL_FIN_ACK,	/* server: all verified, value = count */
	EV_CTRL_ABORT,		/* either: verification failed, stop */
	EV_CTRL_COUNT
};

const char *ev_ctrl_name(enum ev_ctrl c);
uint32_t ev_imm_data(uint64_t msg);
uint32_t ev_imm_ctrl(enum ev_ctrl type, uint64_t value);
int ev_imm_is_ctrl(uint32_t imm);
enum ev_ctrl ev_imm_ctrl_type(uint32_t imm);
uint64_t ev_imm_widen(uint32_t truncated, unsigned int bits, uint64_t ref);

/**
 * struct ev_ring - work requests posted and not yet completed, in order
 * @ids: identifiers in posting order
 * @cap: capacity
 * @head: index of the oldest
 * @count: entries held
 */
struct ev_ring {
	uint64_t *ids;
	uint32_t cap;
	uint32_t head;
	uint32_t count;
};

enum ev_order {
	EV_ORDER_OK,		/* completion of the oldest outstanding WR */
	EV_ORDER_EARLY,		/* of an outstanding WR, but not the oldest */
	EV_ORDER_UNKNOWN,	/* of nothing outstanding: duplicate/spurious */
	EV_ORDER_COUNT
};

int ev_ring_init(struct ev_ring *r, uint32_t cap);
void ev_ring_free(struct ev_ring *r);
int ev_ring_push(struct ev_ring *r, uint64_t id);
enum ev_order ev_ring_complete(struct ev_ring *r, uint64_t id);
uint64_t ev_ring_oldest(const struct ev_ring *r);

/*
 * DOC: shared receive queue
 * With --srq a side posts its receives to one SRQ shared by all its QPs.
 * Receive slot s (its buffer, when receives carry data) goes out with
 * wr_id EV_WRID_SRQ | s, so a completion names the buffer it filled
 * whichever QP it came on. The book tells a slot on the SRQ from one
 * already taken: a completion of a slot not on the SRQ is a duplicate,
 * and a wr_id that is no slot of ours was never posted.
 */
#define EV_WRID_SRQ		(1ull << 62)

/* wr_id: the top bit tells control sends from data messages. */
#define EV_WRID_CTRL		(1ull << 63)

/**
 * struct ev_srq_book - which receive slots of the SRQ are posted
 * @posted: per slot, 1 while on the SRQ
 * @nslots: slots
 * @outstanding: slots on the SRQ
 */
struct ev_srq_book {
	uint8_t *posted;
	uint32_t nslots;
	uint32_t outstanding;
};

enum ev_srq_take {
	EV_SRQ_OK,		/* a slot on the SRQ, taken off it now */
	EV_SRQ_BAD_ID,		/* no slot of ours: never posted */
	EV_SRQ_TAKEN,		/* a slot not on the SRQ: taken twice */
	EV_SRQ_TAKE_COUNT
};

uint64_t ev_srq_wrid(uint32_t slot);
int ev_srq_slot(uint64_t wr_id, uint32_t nslots, uint32_t *slot);
int ev_srq_size(uint32_t per_qp, uint32_t nqps, uint32_t max_wr,
		uint32_t *size);
int ev_srq_book_init(struct ev_srq_book *b, uint32_t nslots);
void ev_srq_book_free(struct ev_srq_book *b);
int ev_srq_book_post(struct ev_srq_book *b, uint32_t slot);
enum ev_srq_take ev_srq_book_take(struct ev_srq_book *b, uint64_t wr_id,
				  uint32_t *slot);

enum ev_seq {
	EV_SEQ_OK,		/* the number expected next */
	EV_SEQ_GAP,		/* later than expected: messages missing */
	EV_SEQ_OLD,		/* earlier than expected: duplicate/reordered */
	EV_SEQ_COUNT
};

enum ev_seq ev_seq_classify(uint64_t expected, uint64_t seen);
const char *ev_seq_name(enum ev_seq s);

/*
 * Latency histogram: log-linear buckets, EV_HIST_SUB per power of two,
 * so a percentile is exact to within 1/EV_HIST_SUB (about 3%) at any scale.
 */
#define EV_HIST_SUB_BITS	5
#define EV_HIST_SUB		(1 << EV_HIST_SUB_BITS)
#define EV_HIST_BUCKETS		(64 * EV_HIST_SUB)

struct ev_hist {
	uint64_t n;
	uint64_t max;
	uint64_t min;
	uint64_t sum;
	uint32_t bucket[EV_HIST_BUCKETS];
};

void ev_hist_add(struct ev_hist *h, uint64_t v);
void ev_hist_merge(struct ev_hist *dst, const struct ev_hist *src);
uint64_t ev_hist_pct(const struct ev_hist *h, double pct);
double ev_hist_mean(const struct ev_hist *h);

#endif /* EV_TRACK_H */
