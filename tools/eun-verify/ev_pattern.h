/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: data pattern and byte checker.
 *
 * Pure code, no verbs types: built into the tool and into the unit tests.
 */
#ifndef EV_PATTERN_H
#define EV_PATTERN_H

#include <stddef.h>
#include <stdint.h>

/* Domain tags keep the streams drawn from one seed independent. */
enum ev_domain {
	EV_DOM_DATA = 1,	/* message payload bytes */
	EV_DOM_SIZE,		/* message size choice */
	EV_DOM_OP,		/* operation choice in a mix */
	EV_DOM_ATOMIC,		/* atomic operands */
	EV_DOM_ATOMIC_INIT,	/* initial value of the peer's atomic words */
	EV_DOM_ARRIVAL,		/* open-loop arrival gaps (--offered) */
};

/**
 * struct ev_mismatch - first difference found in a buffer
 * @offset: byte offset of the first differing byte
 * @expected: byte the pattern says should be there
 * @seen: byte found in the buffer
 * @count: number of differing bytes in the whole buffer
 */
struct ev_mismatch {
	size_t offset;
	uint8_t expected;
	uint8_t seen;
	size_t count;
};

uint64_t ev_mix64(uint64_t x);
uint64_t ev_key(uint64_t seed, enum ev_domain dom, uint32_t qp, uint64_t msg);
uint64_t ev_word(uint64_t key, uint64_t index);

void ev_pattern_fill(void *buf, size_t len, uint64_t seed, uint32_t qp,
		     uint64_t msg);
uint8_t ev_pattern_byte(uint64_t seed, uint32_t qp, uint64_t msg, size_t off);
int ev_pattern_check(const void *buf, size_t len, uint64_t seed, uint32_t qp,
		     uint64_t msg, struct ev_mismatch *mm);

/*
 * DOC: write_poll
 * The receiver of a plain WRITE watches the last EV_POLL_TAIL bytes of
 * the message (all of it when shorter). Once they hold the new message's
 * pattern it compares every byte before the last packet: one still old
 * means the last byte became visible before the rest of the WRITE. The
 * last packet's own bytes are left out, since one memcpy() may store
 * them in any order.
 */
#define EV_POLL_TAIL	8

enum ev_poll {
	EV_POLL_WAIT,		/* the last bytes do not hold the new data yet */
	EV_POLL_OK,		/* last bytes new, every earlier packet in */
	EV_POLL_EARLY,		/* last bytes new, an earlier byte still old */
	EV_POLL_COUNT
};

size_t ev_poll_last_pkt(size_t len, size_t mtu);
enum ev_poll ev_poll_check(const void *buf, size_t len, size_t mtu,
			   uint64_t seed, uint32_t qp, uint64_t msg,
			   struct ev_mismatch *mm);

#endif /* EV_PATTERN_H */
