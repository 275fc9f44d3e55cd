/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: run configuration and the per-message plan.
 *
 * Both ends derive the operation, size and atomic operands of every message
 * from the same configuration, so nothing but the message number needs to
 * travel. Pure code, no verbs types.
 */
#ifndef EV_PLAN_H
#define EV_PLAN_H

#include <stddef.h>
#include <stdint.h>

#define EV_MAX_MSG	(1u << 20)	/* largest message: 1 MiB */
#define EV_MAX_SIZES	8		/* entries in a size list */
#define EV_MAX_QPS	1024
#define EV_MAX_DEPTH	512
#define EV_ATOMIC_WORDS	16		/* 8-byte words per QP for atomics */

enum ev_op {
	EV_OP_SEND,		/* SEND with immediate (message number) */
	EV_OP_WRITE,		/* RDMA WRITE, announced by a marker */
	EV_OP_WRITE_IMM,	/* RDMA WRITE with immediate */
	EV_OP_READ,		/* RDMA READ of data the peer prepared */
	EV_OP_CAS,		/* atomic compare-and-swap */
	EV_OP_FAA,		/* atomic fetch-and-add */
	EV_OP_AWRITE,		/* ATOMIC WRITE of 8 bytes (extended QP) */
	EV_OP_COUNT
};

#define EV_OPS_ALL	((1u << EV_OP_COUNT) - 1)
#define EV_OPS_UC	((1u << EV_OP_SEND) | (1u << EV_OP_WRITE) | \
			 (1u << EV_OP_WRITE_IMM))
#define EV_OPS_ATOMIC	((1u << EV_OP_CAS) | (1u << EV_OP_FAA) | \
			 (1u << EV_OP_AWRITE))

enum ev_size_mode {
	EV_SIZE_FIXED,		/* sizes[0] for every message */
	EV_SIZE_LIST,		/* sizes[msg % nsizes] */
	EV_SIZE_RAND,		/* seeded log-uniform in [sizes[0], sizes[1]] */
	EV_SIZE_WEBSEARCH,	/* seeded web-search flow sizes / sizes[0] */
	EV_SIZE_MODE_COUNT
};

/*
 * The web-search flow sizes reach EV_WEBSEARCH_MAX bytes, more than a
 * message may carry: they are divided by a DIV of at least
 * EV_WEBSEARCH_MIN_DIV. A DIV above EV_WEBSEARCH_MAX makes every message
 * 1 byte, as EV_WEBSEARCH_MAX does, so it is refused as a likely typo.
 */
#define EV_WEBSEARCH_MAX	30000000u
#define EV_WEBSEARCH_MIN_DIV	((EV_WEBSEARCH_MAX + EV_MAX_MSG - 1) / EV_MAX_MSG)

/**
 * struct ev_config - what both ends must agree on
 * @seed: seeds the plan (sizes, operations, atomic operands)
 * @ops: bit mask of enum ev_op; more than one bit means a mix
 * @qps: number of QPs
 * @depth: outstanding data work requests per QP
 * @uc: unreliable connected QPs instead of RC
 * @write_poll: the server watches the last bytes of each WRITE (see
 *	ev_poll_check())
 * @size_mode: enum ev_size_mode
 * @nsizes: entries used in @sizes
 * @sizes: size parameters, see enum ev_size_mode
 */
struct ev_config {
	uint64_t seed;
	uint32_t ops;
	uint32_t qps;
	uint32_t depth;
	uint32_t uc;
	uint32_t write_poll;
	uint32_t size_mode;
	uint32_t nsizes;
	uint32_t sizes[EV_MAX_SIZES];
};

/**
 * struct ev_msg_plan - one message as both ends see it
 * @op: operation
 * @size: payload bytes (8 for atomics)
 * @operand: FAA addend or CAS swap value
 * @cas_miss: CAS deliberately given a wrong compare value
 * @word: index of the atomic word targeted
 */
struct ev_msg_plan {
	enum ev_op op;
	uint32_t size;
	uint64_t operand;
	int cas_miss;
	uint32_t word;
};

/**
 * struct ev_atomic_model - expected contents of a QP's atomic words
 * @word: current value of each word
 *
 * Atomics on one QP execute in posted order at the responder, so the model
 * advanced in message order predicts every returned value and the final
 * contents.
 */
struct ev_atomic_model {
	uint64_t word[EV_ATOMIC_WORDS];
};

const char *ev_op_name(enum ev_op op);
int ev_op_parse(const char *name, uint32_t *mask);
int ev_op_notifies(enum ev_op op);
int ev_op_is_atomic(enum ev_op op);
int ev_op_uses_slot(enum ev_op op);

int ev_size_parse(const char *spec, struct ev_config *cfg, char *err,
		  size_t errlen);
uint32_t ev_size_max(const struct ev_config *cfg);
uint32_t ev_size_websearch(uint32_t div, uint64_t r);
uint32_t ev_websearch_max(uint32_t div);
double ev_websearch_mean(uint32_t div);
int ev_config_check(const struct ev_config *cfg, char *err, size_t errlen);

void ev_plan_msg(const struct ev_config *cfg, uint32_t qp, uint64_t msg,
		 struct ev_msg_plan *mp);

void ev_atomic_init(struct ev_atomic_model *am, uint64_t pattern_seed,
		    uint32_t qp);
uint64_t ev_atomic_apply(struct ev_atomic_model *am,
			 const struct ev_msg_plan *mp, uint64_t *compare);

#endif /* EV_PLAN_H */
